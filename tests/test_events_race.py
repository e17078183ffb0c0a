"""A room that cannot be stuck (issue 43, security review F-3): the director confirms a round while a table undoes
its last hand, for real (threads on one server, then two server processes on one database). Whichever writes
first, the other is refused in words and the event stays one the director can act on; and an event that cannot be
scored (a confirmed table reopened) still lets the director approve a correction or take the last draw back."""

import pytest

from scorekeeper import store
from scorekeeper.views.events.actions import run_action
from scorekeeper.web.event_room import Room
from tests.event_web_helpers import Tap, play_short_round, short_event
from tests.game_helpers import hand_at
from tests.server_helpers import at_once, call, two_servers

TRIALS = 4


def finished_round(client):
    """A short event whose round 1 is played to the end, not yet confirmed: (director, tables)."""
    director = short_event(client)
    tables = director.act("start")["tables"]
    play_short_round(client, tables)
    return director, tables


def undo_body(client, table, trial):
    game = client.get(f"/api/games/{table['game']}/export").get_json()
    revision = client.get(f"/games/{table['game']}/revision").get_json()["revision"]
    return {"id": f"race-{trial}", "revision": revision, "hand": hand_at(game), "action": "undo"}


def race(client, bases, trial):
    """Confirm round 1 and undo table 1's last hand at the same moment, each through its own server; return
    (the director's answer, the table's answer, the event as the API reads it after)."""
    director, tables = finished_round(client)
    body = undo_body(client, tables[0], trial)
    confirm, undo = at_once(
        2,
        lambda n: (
            call("POST", f"{bases[0]}/api/events/{director.id}/actions", {"action": "start"}, director.key)
            if n == 0
            else call("POST", f"{bases[-1]}/api/games/{tables[0]['game']}/actions", body, tables[0]["edit_key"])
        ),
    )
    return director, tables, confirm, undo


def check_never_stuck(client, director, tables, confirm, undo):
    """One of the two writes won and the other was refused in words; the event can be scored, and the director
    can carry on from it."""
    scored = client.get(f"/api/events/{director.id}")
    assert scored.status_code == 200, scored.get_json()
    rounds = scored.get_json()["rounds"]
    if confirm[0] == 200:
        # The round was confirmed first: the table's undo met the lock, and round 2 is seated.
        assert undo[0] == 422 and "its tables are locked" in undo[1]
        assert len(rounds) == 2 and rounds[0]["complete"]
    else:
        # The undo came first: the confirmation was refused, saying which table wrote (it read the round finished)
        # or that the round is still being played (it read it after the undo); nothing was seated.
        assert (
            confirm[0] == 409
            and "round 1, table 1" in confirm[1]
            and "try again" in confirm[1]
            or confirm[0] == 422
            and "Round 1 is still being played: table 1" in confirm[1]
        ), confirm
        assert undo[0] == 200 and len(rounds) == 1 and not rounds[0]["complete"]
        # The table enters its hand again and the director confirms: the room goes on.
        tap = Tap(client, tables[0]["game"], tables[0]["edit_key"])
        hand = client.get(f"/api/games/{tables[0]['game']}/export").get_json()["hands"][-1]
        tap("tricks", tricks=[int(seat == hand["bids"].index(max(hand["bids"]))) for seat in range(4)])
        assert len(director.act("start")["tables"]) == 1


def test_a_confirm_racing_an_undo_on_one_server_never_leaves_the_event_stuck(client, live_server):
    for trial in range(TRIALS):
        check_never_stuck(client, *race(client, [live_server], trial))


def test_a_confirm_racing_an_undo_on_two_server_processes_never_leaves_the_event_stuck(client, app, tmp_path):
    with two_servers(tmp_path, app.config["DATABASE"]) as bases:
        for trial in range(TRIALS):
            check_never_stuck(client, *race(client, bases, trial))


def test_a_confirm_after_a_table_wrote_is_refused_saying_which_table(client, app):
    """The confirmation is worked out from the games the director's page read: when a table writes in between,
    the confirmation is refused and nothing is stored."""
    director, tables = finished_round(client)
    client.get(director.created["url"])
    page = client.get(f"/events/{director.id}").get_data(as_text=True)
    assert "Confirm round 2" in page
    with app.test_request_context():
        room = Room(store.get_event(store.get_db(), director.id))
        Tap(client, tables[1]["game"], tables[1]["edit_key"])("undo")
        with pytest.raises(store.TablesMoved) as moved:
            run_action(room, "start", {})
    assert moved.value.tables == [(1, 2)]
    assert len(director.export()["rounds"]) == 1


def stuck_event(client, app):
    """An event left as the race left it before: round 2 confirmed while table 1 of round 1 has its last hand
    undone and is locked (made here by opening the table, undoing, and closing it again in the store)."""
    director, tables = finished_round(client)
    director.act("start")
    director.act("approve", round=1, table=1)
    Tap(client, tables[0]["game"], tables[0]["edit_key"])("undo")
    with app.app_context():
        db = store.get_db()
        row = store.get_event(db, director.id)
        record = dict(row["record"])
        del record["unlocked"]
        store.update_event(db, director.id, record, row["revision"], None)
    assert client.get(f"/api/events/{director.id}").status_code == 409
    return director, tables


def test_an_event_that_cannot_be_scored_lets_the_director_approve_and_the_table_mend_it(client, app):
    director, tables = stuck_event(client, app)
    client.get(director.created["url"])
    page = client.get(f"/events/{director.id}")
    assert page.status_code == 200
    html = page.get_data(as_text=True)
    assert "This event cannot be scored as it stands" in html and 'value="approve"' in html
    # Other actions wait, saying how out; approving the table opens it, and the table enters its hand again.
    refused = director.act("withdraw", status=422, player="P1")
    assert "approve a correction at that table, or take the last draw back" in refused["error"]
    director.act("approve", round=1, table=1)
    tap = Tap(client, tables[0]["game"], tables[0]["edit_key"])
    hand = client.get(f"/api/games/{tables[0]['game']}/export").get_json()["hands"][-1]
    tap("tricks", tricks=[int(seat == 0) for seat in range(len(hand["bids"]))])
    assert client.get(f"/api/events/{director.id}").status_code == 200
    director.act("decide", round=1, table=1, choice="stand")
    assert director.scored()["rounds"][0]["complete"]


def test_an_event_that_cannot_be_scored_lets_the_director_take_the_last_draw_back(client, app):
    director, tables = stuck_event(client, app)
    final = director.export()["rounds"][1]["tables"][0]["game"]
    answer = director.act("reopen")
    assert answer["message"] == "The draw of round 2 is taken back: its cards are void."
    # Round 1 is the last round again: its table is no longer locked and finishes; the final is drawn afresh.
    tap = Tap(client, tables[0]["game"], tables[0]["edit_key"])
    hand = client.get(f"/api/games/{tables[0]['game']}/export").get_json()["hands"][-1]
    tap("tricks", tricks=[int(seat == 0) for seat in range(len(hand["bids"]))])
    assert director.scored()["rounds"][0]["complete"]
    assert director.act("start")["tables"][0]["game"] != final
    assert "This card is void" in client.get(f"/games/{final}").get_data(as_text=True)
