"""A large import does not stop the room (issue 23, section 5): it is written a chunk at a time, the other
tables' taps going in between, and stays all or nothing: a failure midway, or a process killed midway, leaves
nothing of it. (How long the taps wait during a 20,000-game import: bench/bench_import_taps.py.)"""

import functools
import json
import sqlite3
import subprocess
import threading

from scorekeeper import create_app, store
from scorekeeper.store import imports
from tests.conftest import OWNER_KEY
from tests.game_helpers import HANDS, create, record
from tests.test_transfer import count_games, upload

GAMES = 150


def export(games=GAMES):
    """A file of `games` games, every five of them one evening."""
    return json.dumps({"format": "scorekeeper-games", "version": 1, "games": [
        dict(record(players=[f"Imported {number}", "Bob", "Cy", "Di"], hands=HANDS[:1 + number % 2]),
             id=f"imported{number:04d}", evening=f"evening{number // 5:03d}") for number in range(games)]})


def _stored(app):
    with app.app_context():
        db = store.get_db()
        return {table: db.execute(f"select count(*) from {table}").fetchone()[0]
                for table in ("games", "events", "evenings", "player_results", "pending_imports")}


def test_a_tap_from_another_table_lands_while_an_import_is_in_progress(app, client, monkeypatch):
    game_id, key = create(app.test_client(), record(hands=[], deals={"pattern": "up", "max": 5}), claim=False)
    midway, tapped, answers = threading.Event(), threading.Event(), {}

    def between():  # after each chunk: the first time, let the other table tap before the next chunk
        if not midway.is_set():
            midway.set()
            assert tapped.wait(30)

    monkeypatch.setattr(imports, "CHUNK", 20)
    monkeypatch.setattr(store, "import_games", functools.partial(store.import_games, between=between))
    importer = threading.Thread(target=lambda: answers.setdefault("import", upload(client, export())))
    importer.start()
    try:
        assert midway.wait(60)
        tap = app.test_client().post(f"/api/games/{game_id}/actions", headers={"Authorization": f"Bearer {key}"},
                                     json={"id": "deal-1", "revision": 1, "hand": 1, "action": "deal", "trump": "hearts"})
        assert tap.status_code == 200 and tap.get_json()["revision"] == 2
        # Meanwhile the import's games are not listed yet: all of them appear at once, or none.
        home = app.test_client().get("/").get_data(as_text=True)
        assert "Imported 0" not in home
    finally:
        tapped.set()
        importer.join(120)
    assert answers["import"].status_code == 302
    assert "Imported 150 games." in client.get("/").get_data(as_text=True)
    assert count_games(app) == GAMES + 1
    assert _stored(app)["pending_imports"] == 0


def test_a_failure_midway_leaves_nothing_of_the_import(app, client, monkeypatch):
    create(app.test_client(), record(), claim=False)
    before = _stored(app)
    written = []

    def failing(*args, **kwargs):
        if len(written) == 70:  # three chunks of 20 are committed by now
            raise sqlite3.OperationalError("database or disk is full")
        written.append(args[1])
        return real(*args, **kwargs)

    real = imports.import_game
    monkeypatch.setattr(imports, "CHUNK", 20)
    monkeypatch.setattr(imports, "import_game", failing)
    app.config["PROPAGATE_EXCEPTIONS"] = False  # answer as the server does
    response = upload(client, export())
    assert response.status_code == 507 and "The disk is full" in response.get_data(as_text=True)
    assert _stored(app) == before
    assert "Imported 3" not in client.get("/players").get_data(as_text=True)


def test_an_import_whose_process_was_killed_midway_is_taken_out_at_the_next_start(app, client, tmp_path):
    assert upload(client, export(30)).status_code == 302
    dead_pid = subprocess.Popen(["true"])  # a process that has ended: its pid is nobody's
    dead_pid.wait()
    with app.app_context():
        db = store.get_db()
        with db.atomic():  # as a process killed before its last step leaves it
            db.execute("insert into pending_imports (game_id, import_id, pid, created) "
                       "select id, 'killed', ?, created from games", [dead_pid.pid])
    store.close(app)
    again = create_app({"TESTING": True, "DATABASE": app.config["DATABASE"], "SECRET_KEY": "s",
                        "OWNER_KEY": OWNER_KEY, "RATELIMIT_ENABLED": False})
    try:
        assert _stored(again) == {"games": 0, "events": 0, "evenings": 0, "player_results": 0, "pending_imports": 0}
    finally:
        store.close(again)
