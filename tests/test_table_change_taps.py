"""The table changes are actions of the registry (scorekeeper/taps/table_changes.py): the Table screen's forms and
the actions API send them through one pipeline, the edit key's only; a newcomer gets a seat link either way, a stale
change is a conflict, and an event's table leaves them to the director. A game's date and note too (taps/about.py)."""

from scorekeeper import store
from tests.event_web_helpers import short_event
from tests.game_helpers import hand_at
from tests.html_forms import submit
from tests.table_helpers import applied, change

PLAYERS = ["Ann", "Bob", "Cy", "Di"]
RULES = {"scoring": "exact", "hook": True, "deals": {"pattern": "up", "max": 3}, "first_dealer": 0}


def made(client, seat_links=False):
    answer = client.post("/api/games", json={"players": PLAYERS, "rules": RULES, "hands": []}).get_json()
    if seat_links:
        with client.application.app_context():
            store.make_seat_keys(store.get_db(), answer["id"], range(len(PLAYERS)))
    return answer["id"], answer["edit_key"]


def game(client, game_id):
    with client.application.app_context():
        return store.get_game(store.get_db(), game_id)


def tap(client, game_id, key, action, revision=None, tap_id=None, **fields):
    stored = game(client, game_id)
    body = {
        "id": tap_id or f"{action}-{stored['revision']}",
        "revision": revision or stored["revision"],
        "hand": hand_at(stored["record"]),
        "action": action,
        **fields,
    }
    return client.post(f"/api/games/{game_id}/actions", json=body, headers={"Authorization": f"Bearer {key}"})


def seat_keys(client, game_id):
    with client.application.app_context():
        return store.seat_keys(store.get_db(), game_id)


def test_an_arrival_through_the_api_lands_and_the_newcomer_gets_a_seat_link(client):
    game_id, key = made(client, seat_links=True)
    revision = game(client, game_id)["revision"]
    fields = {"revision": revision, "tap_id": "eve", "name": "Eve", "start": "number", "total": -5}
    answer = tap(client, game_id, key, "arrive", **fields)
    assert answer.status_code == 200, answer.get_json()
    assert answer.get_json()["message"] == "Eve joins with -5."
    assert game(client, game_id)["record"]["players"] == PLAYERS + ["Eve"]
    assert sorted(seat_keys(client, game_id)) == [0, 1, 2, 3, 4]
    # The same tap again (a retry) is answered as applied: nobody arrives twice.
    again = tap(client, game_id, key, "arrive", **fields)
    assert again.status_code == 200 and again.get_json()["revision"] == answer.get_json()["revision"]
    assert game(client, game_id)["record"]["players"] == PLAYERS + ["Eve"]


def test_an_arrival_from_the_table_screen_is_a_tap_with_its_seat_link(client, app):
    game_id, key = made(client, seat_links=True)
    client.get(f"/games/{game_id}/claim/{key}")
    assert "Eve joins with 0." in change(client, game_id, action="arrive", name="Eve", start="zero")
    assert applied(app, game_id) == 1 and sorted(seat_keys(client, game_id)) == [0, 1, 2, 3, 4]
    # Without seat links, a newcomer gets none.
    other_id, other_key = made(client)
    client.get(f"/games/{other_id}/claim/{other_key}")
    change(client, other_id, action="arrive", name="Eve", start="zero")
    assert seat_keys(client, other_id) == {}


def test_a_seat_phones_key_may_not_change_the_table(client):
    game_id, key = made(client, seat_links=True)
    before = game(client, game_id)
    for seat, action, fields in ((2, "leave", {"seat": 2}), (1, "arrive", {"name": "Eve"}), (0, "cut", {})):
        answer = tap(client, game_id, seat_keys(client, game_id)[seat], action, **fields)
        assert answer.status_code == 403, answer.get_json()
    assert game(client, game_id)["revision"] == before["revision"]


def test_a_table_change_made_on_an_older_revision_is_a_conflict(client):
    game_id, key = made(client)
    first = game(client, game_id)["revision"]
    assert tap(client, game_id, key, "sit_out", seat=2).status_code == 200
    stale = tap(client, game_id, key, "leave", revision=first, seat=1)
    assert stale.status_code == 409, stale.get_json()
    assert "another phone has acted since" in stale.get_json()["error"]
    assert game(client, game_id)["record"]["table"] == {"sitting_out": [2]}


def test_the_engine_says_what_is_wrong_with_a_change_as_the_form_does(client):
    game_id, key = made(client)
    for action, fields, said in (
        ("arrive", {}, "Enter the newcomer's name."),
        ("arrive", {"name": "bob"}, "Bob is already at the table"),
        ("leave", {"seat": 9}, "There is no seat 9 at this table."),
        ("resize", {"position": 2}, "Enter the number of cards."),
    ):
        answer = tap(client, game_id, key, action, **fields)
        assert answer.status_code == 422 and said in answer.get_json()["error"], answer.get_json()
    malformed = tap(client, game_id, key, "arrive", name="Eve", start="highest")
    assert malformed.status_code == 422 and malformed.get_json()["field"] == "start"


def test_an_events_table_is_changed_by_the_director_only_through_the_api_too(client):
    director = short_event(client)
    client.get(director.created["url"])
    table = director.act("start")["tables"][0]
    before = game(client, table["game"])
    answer = tap(client, table["game"], table["edit_key"], "arrive", name="Mallory")
    assert answer.status_code == 422 and "is the event's" in answer.get_json()["error"], answer.get_json()
    assert game(client, table["game"])["revision"] == before["revision"]


def test_the_date_and_note_through_the_api_as_the_sheets_form_sets_them(client, app):
    game_id, key = made(client, seat_links=True)
    refused = tap(client, game_id, seat_keys(client, game_id)[1], "about", date="2026-11-20")
    assert refused.status_code == 403
    first = game(client, game_id)["revision"]
    answer = tap(client, game_id, key, "about", date="2026-11-20", note="Birthday at Ann's")
    assert answer.status_code == 200 and answer.get_json()["message"].startswith("Date and note: Nov 20, 2026")
    assert game(client, game_id)["record"]["note"] == "Birthday at Ann's"
    bad = tap(client, game_id, key, "about", date="2026-13-01")
    assert bad.status_code == 422 and "is not a day of the calendar" in bad.get_json()["error"]
    stale = tap(client, game_id, key, "about", revision=first, note="Another note")
    assert stale.status_code == 409 and game(client, game_id)["record"]["note"] == "Birthday at Ann's"
    # The sheet's form is the same tap: applied once under an id, as every tap is.
    client.get(f"/games/{game_id}/claim/{key}")
    submit(client, f"/games/{game_id}/sheet", {"date": "", "note": "Two tables"}, action=f"/games/{game_id}/about")
    assert applied(app, game_id) == 2 and game(client, game_id)["record"]["note"] == "Two tables"
