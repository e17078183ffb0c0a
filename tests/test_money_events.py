"""An event's tables move no money (issue 40; RULES.md "Event money"): a WPOHL event's tables took the Prospect
preset's stake and settled money among their players, onto the regulars' money page. Now a table's game carries
no stake whatever its rules' preset; its game-over page, settle-up, API, evening and /money show no debts, its
settle-up cannot be given a stake (the hostile reading's F-14), and the event's own money (fee, pot) stays."""

import random
import re

from scorekeeper import store
from scorekeeper.store import backfills
from tests.event_helpers import play_table
from tests.event_web_helpers import Director, Tap
from tests.game_helpers import create, hand_at
from tests.money_helpers import said, totals_game

STAKED = {
    "scoring": "exact",
    "deals": {"pattern": "custom", "sizes": [2, 1]},
    "stake": 1,
    "settlement": "pairwise",
    "currency": "EUR",
}
EIGHT = [f"P{n}" for n in range(1, 9)]


def test_a_wpohl_event_seats_its_tables_without_the_prospect_stake(client):
    director = Director(client, {"name": "WPOHL", "format": "wpohl", "seed": "w", "players": EIGHT + ["P9", "P10"]})
    tables = director.act("start")["tables"]
    for table in tables:
        game = client.get(f"/api/games/{table['game']}/export").get_json()
        assert "blind" in game["rules"]["modifiers"]  # the format's rules stand
        assert not {"stake", "settlement", "payouts", "currency"} & set(game["rules"]), game["rules"]


def test_an_event_tables_game_shows_no_debts_anywhere_and_the_events_money_stays(client):
    director = Director(
        client,
        {
            "name": "Cup",
            "format": "rounds",
            "seed": "cup",
            "players": EIGHT,
            "rules": STAKED,
            "options": {"rounds": 1},
            "money": {"entry_fee": 5, "split": [60, 40]},
        },
    )
    tables = director.act("start")["tables"]
    rng = random.Random(4)
    for table in tables:
        start = client.get(f"/api/games/{table['game']}/export").get_json()
        play_table(table["seats"], None, rng, start=start, tap=Tap(client, table["game"], table["edit_key"]))
    for table in tables:
        game_id = table["game"]
        scored = client.get(f"/api/games/{game_id}").get_json()
        assert scored["finished"] and scored["settlement"]["payments"] == []
        assert set(scored["settlement"]["net"]) == {0}
        settle = client.get(f"/games/{game_id}/settle").get_data(as_text=True)
        assert "An event&#39;s table moves no money" in settle and " pays " not in settle
        assert "Change how we settle" not in settle
        over = client.get(f"/games/{game_id}/over").get_data(as_text=True)
        assert " pays " not in over
        evening = client.get(re.search(r'href="(/evenings/[^"]+)"', settle)[1]).get_data(as_text=True)
        assert " pays " not in evening
        # The settle-up form cannot give the table a stake, nor can any other write (the actions API).
        refused = client.post(f"/games/{game_id}/settle", data={"settlement": "pairwise", "stake": "1"})
        assert refused.status_code == 403
    money = client.get("/money").get_data(as_text=True)
    assert "No game with a stake has finished yet." in money
    results = client.get(f"/events/{director.id}/results").get_data(as_text=True)
    assert "Pot: 40.00" in results  # 8 entrants × 5: the event's own money is untouched


def test_an_event_file_whose_games_carry_a_stake_is_stored_without_it(client):
    director = Director(
        client,
        {"name": "Cup", "format": "rounds", "seed": "cup", "players": EIGHT, "rules": STAKED, "options": {"rounds": 1}},
    )
    tables = director.act("start")["tables"]
    rng = random.Random(5)
    for table in tables:
        start = client.get(f"/api/games/{table['game']}/export").get_json()
        play_table(table["seats"], None, rng, start=start, tap=Tap(client, table["game"], table["edit_key"]))
    exported = client.get(f"/api/events/{director.id}/export").get_json()
    for rnd in exported["rounds"]:
        for table in rnd["tables"]:
            table["record"]["rules"].update(stake=2, settlement="pairwise", currency="EUR")  # an older file
    imported = client.post("/api/events/import", json=exported)
    assert imported.status_code == 201, imported.get_json()
    again = client.get(f"/api/events/{imported.get_json()['id']}/export").get_json()
    for rnd in again["rounds"]:
        for table in rnd["tables"]:
            assert "stake" not in table["record"]["rules"]
    assert "No game with a stake has finished yet." in client.get("/money").get_data(as_text=True)


def test_a_table_stored_with_a_stake_before_is_settled_by_none_in_its_history(client, app):
    # An event played before this version: its table's game kept the stake and moved money onto /money.
    game_id, key = create(client, totals_game(["Ann", "Bob", "Cy"], [20, 10, 15], 1))
    create(client, totals_game(["Ann", "Bob"], [12, 10], 1))  # a game of the regulars: its money stays
    director = Director(client, {"name": "Old cup", "format": "rounds", "seed": "s", "players": EIGHT})
    assert "Cy owes Ann" in client.get("/money").get_data(as_text=True)
    with app.app_context():
        db = store.get_db()
        with db.atomic():
            db.execute(
                "insert into tournament_games (game_id, tournament_id, round, table_index) values (?, ?, 0, 0)",
                [game_id, director.id],
            )
        revision = store.get_game(db, game_id)["revision"]
        with db.atomic():
            backfills.b090_event_tables_move_no_money(db)
        game = store.get_game(db, game_id)
        assert game["revision"] == revision + 1 and game["record"]["rules"]["stake"] == 0
        assert game["record"]["rules"]["settlement"] == "none"
        assert [entry["kind"] for entry in store.history(db, game_id)][-1] == "settlement"
        assert db.execute("select count(*) from game_money where game_id = ?", [game_id]).fetchone()[0] == 0
    page = client.get("/money").get_data(as_text=True)
    assert said(page, "owed") == ["Bob owes Ann €2.00"]
    # Its table cannot take the stake back by undoing that entry: the write is refused, in words.
    tap = Tap(client, game_id, key)
    body = {"id": "undo-1", "revision": tap.revision, "hand": hand_at(tap.game), "action": "undo"}
    undone = client.post(f"/api/games/{game_id}/actions", json=body, headers={"Authorization": f"Bearer {key}"})
    assert undone.status_code in (409, 422), undone.get_data(as_text=True)
    assert "its money is the event's" in undone.get_data(as_text=True)
