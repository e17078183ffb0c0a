"""The database tells the truth (16.8): an emptied database is refused, a game whose stored record is not
JSON is named while everything else is exported, and the instance folder and marker are private."""

import csv
import io
import json
import os
import sqlite3
import stat
import subprocess
import sys

from scorekeeper import create_app, store
from tests.game_helpers import HANDS, create, record
from tests.server_helpers import ROOT, call, start_server, wait_until_up

DAMAGED = "X-Scorekeeper-Damaged-Games"


def test_serve_refuses_an_emptied_database_instead_of_starting_empty(tmp_path):
    instance = tmp_path / "instance"
    env_db = instance / "scorekeeper.db"
    server, base = start_server(tmp_path, env_db, "instance")
    try:
        wait_until_up(server, base)
        for _ in range(3):
            assert call("POST", f"{base}/api/games", record())[0] == 201
    finally:
        server.terminate()
        server.communicate(timeout=10)
    assert (instance / "scorekeeper.db.created").exists()
    for suffix in ("", "-wal", "-shm"):  # the file emptied, as a full disk or a bad copy leaves it
        (instance / f"scorekeeper.db{suffix}").unlink(missing_ok=True)
    (instance / "scorekeeper.db").touch()
    again = subprocess.run(
        [sys.executable, "-m", "scorekeeper", "serve", "--host", "127.0.0.1", "--port", "1"],
        cwd=ROOT,
        env=dict(os.environ, SCOREKEEPER_INSTANCE=str(instance), SCOREKEEPER_DB=str(env_db)),
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert again.returncode == 2
    assert again.stderr.count("\n") == 1 and "damaged" in again.stderr and "empty" in again.stderr
    assert "restore" in again.stderr
    assert env_db.stat().st_size == 0  # nothing was written to it: the games can still be restored


def test_restore_replaces_an_emptied_database(tmp_path, monkeypatch, capsys):
    from scorekeeper import cli

    path = tmp_path / "scorekeeper.db"
    app = create_app({"DATABASE": str(path), "SECRET_KEY": "e"})
    try:
        game_id, _key = create(app.test_client(), record())
    finally:
        store.close(app)
    store.backup(path, tmp_path / "backup.db")
    path.write_bytes(b"")
    monkeypatch.setenv("SCOREKEEPER_DB", str(path))
    assert cli.main(["restore", str(tmp_path / "backup.db")]) == 0
    db = store.connect(path)
    try:
        assert store.get_game(db, game_id)["record"] == record()
    finally:
        db.close()


def break_record(app, game_id):
    """Overwrite a stored record with text that is not JSON, behind the store's back (a new revision: the
    process's cache keeps what each revision held)."""
    raw = sqlite3.connect(app.config["DATABASE"])
    try:
        with raw:
            raw.execute(
                "update games set record = ?, revision = revision + 1 where id = ?", ['{"players": ["Ann", ', game_id]
            )
    finally:
        raw.close()


def test_a_record_that_is_not_json_is_named_and_everything_else_exported(app, client, tmp_path):
    good, _key = create(client, record())
    bad, _key = create(client, record(players=["Eve", "Fay", "Gus", "Hal"]))
    other, _key = create(client, record(hands=HANDS[:1]))
    break_record(app, bad)

    api = client.get(f"/api/games/{bad}")
    assert api.status_code == 500 and bad in api.get_json()["error"] and "not JSON" in api.get_json()["error"]
    assert client.get("/").status_code == 200  # the home page still lists the games and offers the export
    page = client.get(f"/games/{bad}", follow_redirects=True)
    assert page.status_code == 500 and bad in page.get_data(as_text=True)
    assert "export the other games" in page.get_data(as_text=True)

    exported = client.get("/export/games.json")
    assert exported.status_code == 200 and exported.headers[DAMAGED] == bad
    document = exported.get_json()
    assert [game["id"] for game in document["games"]] == [good, other]
    assert document["damaged"][0]["id"] == bad and "not JSON" in document["damaged"][0]["problem"]

    sheet = client.get("/export/games.csv")
    assert sheet.status_code == 200 and sheet.headers[DAMAGED] == bad
    rows = list(csv.DictReader(io.StringIO(sheet.get_data(as_text=True).lstrip("\ufeff"))))
    assert {row["game"] for row in rows} == {good, other} and len(rows) == 4 * 3  # 3 hands played, by 4 players
    assert client.get(f"/games/{good}/export.csv").status_code == 200
    assert bad in client.get(f"/games/{bad}/export.csv").get_data(as_text=True)

    # The export is what the damaged-game page recommends: it imports into a fresh installation whole.
    fresh = create_app(
        {"TESTING": True, "DATABASE": str(tmp_path / "fresh.db"), "SECRET_KEY": "f", "WTF_CSRF_ENABLED": False}
    )
    try:
        with fresh.app_context():
            from scorekeeper.store import exports
            from scorekeeper.views.transfer import import_games

            import_games(store.get_db(), exports.parse_import(exported.data))
            assert store.count_games(store.get_db()) == 2
    finally:
        store.close(fresh)


def test_the_command_line_export_names_the_game_it_leaves_out(app, client, tmp_path, monkeypatch, capsys):
    from scorekeeper import cli

    good, _key = create(client, record())
    bad, _key = create(client, record(players=["Eve", "Fay", "Gus", "Hal"]))
    break_record(app, bad)
    monkeypatch.setenv("SCOREKEEPER_DB", app.config["DATABASE"])
    assert cli.main(["export", str(tmp_path / "all.json")]) == 0
    assert [game["id"] for game in json.loads((tmp_path / "all.json").read_text())["games"]] == [good]
    assert f"left out game {bad}" in capsys.readouterr().err


def mode(path):
    return stat.S_IMODE(os.stat(path).st_mode)


def test_serve_keeps_the_instance_folder_and_the_marker_private(tmp_path):
    instance = tmp_path / "instance"
    server, base = start_server(tmp_path, instance / "scorekeeper.db", "instance")
    try:
        wait_until_up(server, base)
    finally:
        server.terminate()
        server.communicate(timeout=10)
    assert mode(instance) == 0o700
    for name in ("scorekeeper.db", "scorekeeper.db.created", "secret_key"):
        assert mode(instance / name) == 0o600, name


def test_an_instance_made_by_an_older_version_is_made_private(tmp_path, monkeypatch):
    instance = tmp_path / "instance"
    instance.mkdir(mode=0o755)
    os.chmod(instance, 0o755)
    monkeypatch.setenv("SCOREKEEPER_INSTANCE", str(instance))
    app = create_app({"SECRET_KEY": "o", "DATABASE": str(instance / "scorekeeper.db")})
    store.close(app)
    marker = instance / "scorekeeper.db.created"
    os.chmod(marker, 0o644)
    os.chmod(instance, 0o755)
    app = create_app({"SECRET_KEY": "o", "DATABASE": str(instance / "scorekeeper.db")})
    store.close(app)
    assert mode(instance) == 0o700 and mode(marker) == 0o600
