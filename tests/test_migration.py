"""m003: a database written by the old store (a full record copy in every event) is converted without losing
an entry; History, undo and the players' pages then work from the actions and the stored results."""

import json
import shutil
import sqlite3
from pathlib import Path

import pytest

from scorekeeper import create_app, store
from tests.game_helpers import HANDS, record


def old_database(path):
    """Write a database as the store did before m003: m001 and m002, each event holding the whole record."""
    db = store.connect(path)
    db.enable_wal()
    store.migrations.apply(db, stop_before="m003_actions_and_results")
    start = record(hands=[])
    dealt = record(hands=[HANDS[0] | {"tricks": None}])
    dealt["hands"][0].pop("tricks")
    one = record(hands=HANDS[:1])
    fixed = record(hands=[HANDS[0] | {"tricks": [1, 0, 0, 0]}])
    two = record(hands=HANDS)
    # create, deal, tricks, a hand that was undone, the undo, an edit, the second hand again.
    log = [
        ("create", {}, start, 0),
        ("deal", {"cards": 1, "dealer": 0}, dealt, 0),
        ("tricks", {"hand": 0, "tricks": [0, 1, 0, 0]}, one, 0),
        ("hand", {"hand": 1}, two, 1),
        ("undo", {"undid": 4, "kind": "hand"}, one, 0),
        ("edit", {"hand": 0, "before": HANDS[0], "after": fixed["hands"][0]}, fixed, 0),
    ]
    with db.atomic():
        db["games"].insert(
            {
                "id": "g1",
                "edit_key": "key",
                "record": json.dumps(log[-1][2]),
                "revision": len(log),
                "status": "playing",
                "created": "2024-05-01T20:00:00+00:00",
                "updated": "2024-05-01T21:00:00+00:00",
            }
        )
        for seq, (kind, payload, rec, undone) in enumerate(log, start=1):
            db["events"].insert(
                {
                    "game_id": "g1",
                    "seq": seq,
                    "revision": seq,
                    "kind": kind,
                    "payload": json.dumps(payload),
                    "record": json.dumps(rec),
                    "undone": undone,
                    "created": "2024-05-01T20:00:00+00:00",
                }
            )
        db["evenings"].insert({"id": "e1", "created": "2024-05-01T20:00:00+00:00"})
        db["evening_games"].insert({"game_id": "g1", "evening_id": "e1", "position": 1})
    db.close()
    return [rec for _kind, _payload, rec, _undone in log]


def test_an_old_database_is_converted_without_losing_an_entry(tmp_path):
    path = tmp_path / "old.db"
    records = old_database(path)
    app = create_app({"TESTING": True, "DATABASE": str(path), "SECRET_KEY": "test"})
    try:
        with app.app_context():
            db = store.get_db()
            assert "m003_actions_and_results" in {m.name for m in store.migrations.applied(db)}
            assert "record" not in db["events"].columns_dict
            log = store.history(db, "g1", records=True)
            # Every entry is kept, and replaying the actions gives back every record the old log held.
            assert [e["kind"] for e in log] == ["create", "deal", "tricks", "hand", "undo", "edit"]
            assert [e["undone"] for e in log] == [0, 0, 0, 1, 0, 0]
            assert [e["record"] for e in log] == records
            assert log[1]["change"]["hands"] == {"at": 0, "before": [], "after": [records[1]["hands"][0]]}
            # The results were stored on the way: the players' pages have them.
            assert db.execute("select status from games").fetchone()[0] == "playing"
            assert [row["made"] for row in store.player_results(db, "ann")] == [1]
            # Undo reads the actions: the edit is taken back.
            store.undo(db, "g1", 6)
            assert store.get_game(db, "g1")["record"] == records[2]
        client = app.test_client()
        players = client.get("/players").get_data(as_text=True)
        assert '<a href="/players/Ann">Ann</a>' in players
        history = client.get("/games/g1/history").get_data(as_text=True)
        assert "hand 1 corrected: Ann&#39;s tricks 0 → 1, Bob&#39;s tricks 1 → 0" in history
        assert "undid #4 (hand)" in history and "undid #6 (edit)" in history
    finally:
        store.close(app)


def test_the_new_log_keeps_one_hand_per_action_not_the_game(client, app):
    from tests.game_helpers import create, post_hand

    game_id, key = create(client, record(hands=[]))
    for hand in HANDS:
        post_hand(client, game_id, key, hand)
    with app.app_context():
        db = store.get_db()
        changes = [e["change"] for e in store.history(db, game_id)]
    assert changes[1] == {"hands": {"at": 0, "before": [], "after": [HANDS[0]]}}
    assert changes[2] == {"hands": {"at": 1, "before": [], "after": [HANDS[1]]}}
    assert "players" not in changes[2].get("after", {})
    raw = sqlite3.connect(app.config["DATABASE"])
    try:
        texts = [row[0] for row in raw.execute("select change from events where game_id = ? order by seq", [game_id])]
    finally:
        raw.close()
    assert "Ann" in texts[0] and "Ann" not in texts[2]  # only the creation names the players


# ---- a database of every past schema version, made by the code of its day (tests/fixtures/databases) ----

FIXTURES = Path(__file__).parent / "fixtures" / "databases"
VERSIONS = sorted((path.stem for path in FIXTURES.glob("*.sqlite")), key=lambda stem: int(stem[1:].split("_")[0]))


def test_there_is_a_fixture_of_every_schema_version():
    """The newest fixture has every schema step: a new step needs a fixture of the version before it."""
    applied = []
    for name in VERSIONS:
        raw = sqlite3.connect(FIXTURES / f"{name}.sqlite")
        try:
            # The schema steps only: from v4 the file also records the backfills, in a set of their own.
            applied.append(
                [
                    row[0]
                    for row in raw.execute(
                        "select name from _sqlite_migrations where migration_set = 'scorekeeper' order by id"
                    )
                ]
            )
        finally:
            raw.close()
    assert [steps[-1] for steps in applied] == [
        "m001_games_and_events",
        "m002_evenings_and_players",
        "m020_action_ids",
        "m030_tournaments",
        "m041_next_game",
        "m042_evening_date_and_note",
        "m043_player_habits",
        "m043_player_habits",
        "m051_applied_action_digest",
        "m052_generation",
        "m053_pending_imports",
        "m080_regulars",
        "m080_regulars",
        "m090_payee_holder_and_bic",
        "m091_evenings_by_day",
        "m101_members_and_recognised",
        "m111_money_revision",
        "m121_the_day_a_game_counts_on",
        "m151_results_number",
    ]
    assert applied[-1] == [m.name for m in store.migrations._migrations]


@pytest.mark.parametrize("version", VERSIONS)
def test_a_database_of_every_past_version_is_upgraded_without_losing_anything(version, tmp_path):
    path = tmp_path / "scorekeeper.db"
    shutil.copyfile(FIXTURES / f"{version}.sqlite", path)
    expected = json.loads((FIXTURES / f"{version}.json").read_text())
    app = create_app({"TESTING": True, "DATABASE": str(path), "SECRET_KEY": "test"})
    try:
        with app.app_context():
            db = store.get_db()
            assert not store.migrations.pending(db)
            assert store.count_games(db) == len(expected["games"])
            for game in expected["games"]:
                stored = store.get_game(db, game["id"])
                assert stored["record"] == game["record"] and stored["edit_key"] == game["edit_key"]
                assert stored["revision"] == game["revision"] and stored["created"] == game["created"]
                log = store.history(db, game["id"], records=True)
                assert [e["kind"] for e in log] == game["kinds"] and [e["undone"] for e in log] == game["undone"]
                assert log[-1]["record"] == game["record"]  # the actions replay to the record
                _game, _loaded, scored = store.scored_game(db, game["id"])
                assert scored["totals"] == game["totals"]
                evening = store.evening_of(db, game["id"])
                assert evening and evening == (game["evening"] or evening)
                assert store.get_evening(db, evening)["games"]
            one, two, three = (game["id"] for game in expected["games"])
            if expected["games"][1]["evening"]:  # from v2 the table's second game is in the first one's evening
                assert store.evening_of(db, two) == store.evening_of(db, one)
            names = {name for game in expected["games"] for name in game["record"]["players"]}
            assert {p["name"] for p in store.list_players(db)} == names
            assert {row["key"]: row["played"] for row in store.player_summaries(db)}["ann"] == 2
            assert [row["total"] for row in store.player_results(db, "Ann")] != []
            if "seat_keys" in expected:
                assert {str(s): k for s, k in store.seat_keys(db, two).items()} == expected["seat_keys"]
                assert {a: store.applied_action(db, two, a) for a in expected["applied"]} == expected["applied"]
                assert store.sealed_bids(db, two, 1) == {0: (1, False)}
            # History and undo still work: the last hand of the first game is taken back, then entered again.
            revision = store.get_game(db, one)["revision"]
            store.undo(db, one, revision)
            assert store.get_game(db, one)["record"]["hands"] == expected["games"][0]["record"]["hands"][:1]
            store.append_entry(db, one, "hand", {"hand": 1}, expected["games"][0]["record"], revision + 1)
            assert store.scored_game(db, one)[2]["totals"] == expected["games"][0]["totals"]
            with pytest.raises(store.NothingToUndo):
                store.undo(db, three, 1)
        client = app.test_client()
        history = client.get(f"/games/{one}/history")
        assert history.status_code == 200 and "undid #5 (hand)" in history.get_data(as_text=True)
        players = client.get("/players").get_data(as_text=True)
        assert all(f">{name}</a>" in players for name in ("Ann", "Bob", "Eve", "Gus"))
        assert client.get("/").status_code == 200
    finally:
        store.close(app)


def test_every_schema_step_works_with_its_own_code_not_todays_engine():
    """A schema step names none of today's engine, writers or stats: only a backfill may (see migrations.py)."""
    import ast
    import importlib
    import inspect
    import textwrap

    module = importlib.import_module("scorekeeper.store.migrations")  # store.migrations is the Migrations set

    today = {
        "rules",
        "stats",
        "store_results",
        "append_entry",
        "_write",
        "repair",
        "status",
        "diff",
        "log",
        "results",
        "games",
        "evenings",
        "seats",
    }
    for step in module.migrations._migrations:
        tree = ast.parse(textwrap.dedent(inspect.getsource(step.fn)))
        used = {node.id for node in ast.walk(tree) if isinstance(node, ast.Name)}
        used |= {node.attr for node in ast.walk(tree) if isinstance(node, ast.Attribute)}
        used |= {node.module or "" for node in ast.walk(tree) if isinstance(node, ast.ImportFrom)}
        assert not used & today, step.name
    # Nor does the module: it imports nothing of the store or the engine, so no import circle runs through it.
    tree = ast.parse(inspect.getsource(module))
    assert not [
        node.module
        for node in ast.walk(tree)
        if isinstance(node, ast.ImportFrom) and (node.level or (node.module or "").startswith("scorekeeper"))
    ]
    backfills = importlib.import_module("scorekeeper.store.backfills")
    assert [m.name for m in backfills.backfills._migrations] == [
        "b003_results",
        "b010_repairs",
        "b043_habits",
        "b053_player_keys",
        "b080_ratings",
        "b090_event_tables_move_no_money",
        "b091_money_by_pairs",
        "b092_penalty_reasons",
        "b093_what_counts",
        "b094_one_name_key",
        "b161_habits_from_hook_from",
    ]


def test_a_database_repaired_before_the_backfills_existed_is_not_noted_twice(tmp_path):
    """A database of the m020 version whose m010 noted a record it could not repair: the upgrade adds no note."""
    path = tmp_path / "scorekeeper.db"
    shutil.copyfile(FIXTURES / "v3_m020.sqlite", path)
    raw = sqlite3.connect(path)
    with raw:
        raw.execute(
            "insert into games (id, edit_key, record, revision, status, created, updated) values "
            "('bad1', 'k', '{\"players\": \"nobody\"}', 1, 'playing', '2025-01-01', '2025-01-01')"
        )
        raw.execute(
            "insert into repairs (game_id, problem, repaired, created) values ('bad1', 'players', 0, '2025-01-02')"
        )
    raw.close()
    store.migrate(path)
    store.migrate(path)
    db = store.connect(path)
    try:
        assert db.execute("select game_id, created from repairs").fetchall() == [("bad1", "2025-01-02")]
        assert {m.name for m in store.migrations.applied(db)} >= {"m010_limits", "m020_action_ids"}
    finally:
        db.close()
