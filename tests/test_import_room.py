"""A large import does not stop the room (issue 23, section 5): it is written a chunk at a time, the other
tables' taps going in between, and stays all or nothing: a failure midway, or a process killed midway, leaves
nothing of it. (How long the taps wait during a 20,000-game import: bench/bench_import_taps.py.)"""

import fcntl
import functools
import json
import os
import re
import sqlite3
import subprocess
import threading

from scorekeeper import create_app, store
from scorekeeper.store import imports, ratings
from tests.game_helpers import HANDS, create, record
from tests.money_helpers import said
from tests.owner_helpers import OWNER_KEY, owner_client
from tests.transfer_helpers import count_games, upload

GAMES = 150


def export(games=GAMES):
    """A file of `games` games, every five of them one evening."""
    return json.dumps(
        {
            "format": "scorekeeper-games",
            "version": 1,
            "games": [
                dict(
                    record(players=[f"Imported {number}", "Bob", "Cy", "Di"], hands=HANDS[: 1 + number % 2]),
                    id=f"imported{number:04d}",
                    evening=f"evening{number // 5:03d}",
                )
                for number in range(games)
            ],
        }
    )


def _stored(app):
    with app.app_context():
        db = store.get_db()
        return {
            table: db.execute(f"select count(*) from {table}").fetchone()[0]
            for table in ("games", "events", "evenings", "player_results", "pending_imports")
        }


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
        tap = app.test_client().post(
            f"/api/games/{game_id}/actions",
            headers={"Authorization": f"Bearer {key}"},
            json={"id": "deal-1", "revision": 1, "hand": 1, "action": "deal", "trump": "hearts"},
        )
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
            db.execute(
                "insert into pending_imports (game_id, import_id, pid, created) "
                "select id, 'killed', ?, created from games",
                [dead_pid.pid],
            )
    store.close(app)
    again = _restarted(app)
    try:
        assert _stored(again) == {"games": 0, "events": 0, "evenings": 0, "player_results": 0, "pending_imports": 0}
    finally:
        store.close(again)


# ---- counting nowhere till the end, rated once (issue 40: imports that are all or nothing, and fast) ----------


def views(app):
    """What every view of the club's record says: the ratings, the players' list and Bob's page, the season's
    table, and /money's balances and pairs (each asked afresh, by the owner)."""
    client = owner_client(app)
    with app.app_context():
        db = store.get_db()
        ratings = [tuple(row) for row in db.execute("select key, name, mu, sigma, games from ratings order by key")]
        season = db.execute("select id from seasons").fetchone()[0]
    money = client.get("/money").get_data(as_text=True)
    return {
        "ratings": ratings,
        "players": client.get("/api/players").get_json(),
        "bob": client.get("/api/players/Bob").get_json(),
        "season": client.get(f"/api/seasons/{season}").get_json(),
        "players page": re.sub(r'name="csrf_token"[^>]*', "", client.get("/players").get_data(as_text=True)),
        "balances": said(money, "balances"),
        "pairs": said(money, "pairs"),
    }


def a_club(app):
    """Two finished games with a stake among Ann, Bob, Cy and Di, and a season holding every day."""
    for _ in range(2):
        create(owner_client(app), record(), claim=False)
    with app.app_context():
        store.create_season(store.get_db(), "All", "2000-01-01", "2100-12-31")


def test_a_failed_import_leaves_every_view_as_it_was(app, client, monkeypatch):
    a_club(app)
    before = views(app)
    assert before["ratings"] and before["balances"]
    real, written = imports.import_game, []

    def failing(*args, **kwargs):
        if len(written) == 70:
            raise sqlite3.OperationalError("database or disk is full")
        written.append(args[1])
        return real(*args, **kwargs)

    monkeypatch.setattr(imports, "CHUNK", 20)
    monkeypatch.setattr(imports, "import_game", failing)
    app.config["PROPAGATE_EXCEPTIONS"] = False
    assert upload(client, export()).status_code == 507
    assert views(app) == before


def test_the_games_of_an_import_in_progress_count_nowhere(app, client, monkeypatch):
    a_club(app)
    before, seen = views(app), []

    def between():  # after the first chunk: every view as before; later chunks, not asked again
        if not seen:
            seen.append(views(app))

    monkeypatch.setattr(imports, "CHUNK", 20)
    monkeypatch.setattr(store, "import_games", functools.partial(store.import_games, between=between))
    assert upload(client, export(60)).status_code == 302
    assert seen == [before]
    after = views(app)
    assert after["bob"] != before["bob"] and len(after["ratings"]) == len(before["ratings"]) + 30  # the finished half
    assert after["balances"] != before["balances"]
    with app.app_context():  # the games rated once at the end are rated as a rebuild rates them
        store.rebuild_ratings(store.get_db())
    assert views(app) == after


def test_a_file_out_of_order_is_rated_once_as_a_rebuild_rates_it(app, client, monkeypatch):
    a_club(app)
    document = json.loads(export(300))
    for number, entry in enumerate(document["games"]):  # the newest first: each game sorts before the last
        entry["played_on"] = f"2026-{1 + (299 - number) // 28:02d}-{1 + (299 - number) % 28:02d}"
    replays = []
    real = ratings.replay_from
    monkeypatch.setattr(
        ratings, "replay_from", lambda *args, **kwargs: replays.append(args[1:]) or real(*args, **kwargs)
    )
    assert upload(client, json.dumps(document)).status_code == 302
    assert len(replays) == 1
    imported = views(app)
    with app.app_context():
        store.rebuild_ratings(store.get_db())
    assert views(app) == imported


def _killed_import(app, pid, lock):
    """Mark every game pending, as an import of process `pid` killed before its last step leaves them; with its
    lock file beside the database when `lock` (let go: the kernel lets it go with the process)."""
    with app.app_context():
        db = store.get_db()
        with db.atomic():
            db.execute(
                "insert into pending_imports (game_id, import_id, pid, created) "
                "select id, 'killed', ?, created from games",
                [pid],
            )
    if lock:
        open(app.config["DATABASE"] + "-import-killed.lock", "w").close()
    store.close(app)


def _restarted(app):
    again = create_app(
        {
            "TESTING": True,
            "DATABASE": app.config["DATABASE"],
            "SECRET_KEY": "s",
            "OWNER_KEY": OWNER_KEY,
            "RATELIMIT_ENABLED": False,
        }
    )
    discarding = again.extensions["scorekeeper.discarding"]
    if discarding is not None:  # the server answers at once; the games are taken out in the background
        discarding.join(60)
    return again


def test_a_killed_import_whose_pid_came_back_is_taken_out_at_the_next_start(app, client, tmp_path):
    assert upload(client, export(30)).status_code == 302
    _killed_import(app, os.getpid(), lock=True)  # PID 1 in a container: the same pid, alive, another process
    again = _restarted(app)
    try:
        assert _stored(again) == {"games": 0, "events": 0, "evenings": 0, "player_results": 0, "pending_imports": 0}
        assert not os.path.exists(app.config["DATABASE"] + "-import-killed.lock")
    finally:
        store.close(again)


def test_an_import_still_holding_its_lock_is_left_alone_by_a_start(app, client):
    assert upload(client, export(10)).status_code == 302
    _killed_import(app, 999999, lock=True)
    with open(app.config["DATABASE"] + "-import-killed.lock") as held:
        fcntl.flock(held, fcntl.LOCK_EX)  # another worker's import, still writing
        again = _restarted(app)
        try:
            assert again.extensions["scorekeeper.discarding"] is None
            assert _stored(again)["pending_imports"] == 10
        finally:
            store.close(again)


def test_the_api_etag_changes_after_a_restore(app, client, tmp_path):
    game_id, key = create(app.test_client(), record(hands=HANDS[:1]), claim=False)
    store.backup(app.config["DATABASE"], str(tmp_path / "backup.db"))
    bearer = {"Authorization": f"Bearer {key}"}
    assert app.test_client().post(f"/api/games/{game_id}/hands", json=HANDS[1], headers=bearer).status_code == 201
    first = app.test_client().get(f"/api/games/{game_id}")
    store.restore(app.config["DATABASE"], str(tmp_path / "backup.db"))
    other = dict(HANDS[1], tricks=[1, 0, 1, 0])  # the same revision, other content
    assert app.test_client().post(f"/api/games/{game_id}/hands", json=other, headers=bearer).status_code == 201
    again = app.test_client().get(f"/api/games/{game_id}", headers={"If-None-Match": first.headers["ETag"]})
    assert again.status_code == 200 and again.headers["ETag"] != first.headers["ETag"]
    assert again.get_json() != first.get_json()
