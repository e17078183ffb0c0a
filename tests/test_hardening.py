"""Issue 10: what one hostile request did to the site, each now refused with a 4xx naming the field;
the headers, the secrets, the rendering limits, damaged storage, backups and the full export."""

import json
import os
import re
import sqlite3
import stat
import threading

import pytest

from scorekeeper import cli, create_app, store
from scorekeeper.cache import kept
from scorekeeper.printing import render
from tests.game_helpers import HANDS, create, record
from tests.html_forms import form_data
from tests.owner_helpers import owner_client
from tests.transfer_helpers import upload


@pytest.mark.parametrize(
    "text, field",
    [
        ('{"players": ["Ann", "Bob"], "rules": {"stake": 1e999}}', "rules.stake"),
        ('{"players": ["Ann", "Bob"], "rules": {"stake": Infinity}}', "rules.stake"),
        ('{"players": ["Ann", "Bob"], "rules": {"stake": NaN}}', "rules.stake"),
        (
            '{"players": ["Ann", "Bob"], "hands": [{"cards": 1, "dealer": 0, "bids": [0, 1], "tricks": [0, 1], '
            '"penalties": 7}]}',
            "hands[0].penalties",
        ),
        ('{"players": ["Ann", "B\\ud800"]}', "players[1]"),
        ('{"players": ["Ann", "Bob"], "table": {"joining": [{"seat": 1, "total": 1e400}]}}', "table.joining[0].total"),
        ('{"players": ["Ann", "' + "x" * 500 + '"]}', "players[1]"),
    ],
)
def test_the_api_refuses_what_once_broke_pages_for_everyone(client, text, field):
    response = client.post("/api/games", data=text, content_type="application/json")
    assert response.status_code == 422 and response.get_json()["field"] == field
    for page in ("/players", "/players/Ann", "/export/games.csv", "/export/games.json", "/"):
        assert client.get(page).status_code in (200, 404)


def test_deep_nesting_and_bad_import_meta_get_a_4xx(client):
    response = client.post("/api/games", data="[" * 100_000, content_type="application/json")
    assert response.status_code == 400 and "nested too deeply" in response.get_json()["error"]
    response = upload(client, b"[" * 100_000)
    assert response.status_code == 400 and "nested too deeply" in response.get_data(as_text=True)
    response = upload(client, json.dumps([dict(record(), evening=[1])]).encode())
    assert response.status_code == 400 and "games[0].evening: must be an id" in response.get_data(as_text=True)


def test_a_huge_move_index_on_setup_is_ignored(app, client):
    def seats(response):
        fields = dict(form_data(response.get_data(as_text=True), action=None)[1])
        return [fields[f"player_{seat}"] for seat in range(3)]

    token = re.search(
        r'name="csrf_token" type="hidden" value="([^"]+)"', client.get("/games/new").get_data(as_text=True)
    )[1]
    table = {"csrf_token": token, "player_0": "Ann", "player_1": "Bob", "player_2": "Cy"}
    response = client.post("/games/new", data={**table, "move": "9" * 5000})
    # The setup page comes back with the names where they were typed, and no game is started.
    assert response.status_code == 200 and seats(response) == ["Ann", "Bob", "Cy"]
    with app.app_context():
        assert store.get_db().execute("select count(*) from games").fetchone()[0] == 0
    # The same button with a real seat still moves that player up.
    assert seats(client.post("/games/new", data={**table, "move": "2"})) == ["Ann", "Cy", "Bob"]


def test_every_page_carries_the_security_headers(client):
    game_id, _key = create(client, record())
    for url in ("/", f"/games/{game_id}", "/sheets/", "/api/games/nope", "/nowhere"):
        headers = client.get(url).headers
        assert "script-src 'self'" in headers["Content-Security-Policy"]
        assert "frame-ancestors 'none'" in headers["Content-Security-Policy"]
        assert headers["X-Content-Type-Options"] == "nosniff" and headers["Referrer-Policy"] == "same-origin"
    for url in ("/", "/games/new", "/sheets/", f"/games/{game_id}/sheet", f"/games/{game_id}/settle"):
        assert not re.search(r"<script(?![^>]*\bsrc=)", client.get(url).get_data(as_text=True)), url


def test_bidi_controls_in_a_name_are_not_put_on_the_page(client):
    game_id, _key = create(client, record(players=["Ann", "\u202eBob", "Cy", "Di"]))
    page = client.get(f"/games/{game_id}/sheet").get_data(as_text=True)
    assert "\u202e" not in page and "Bob" in page


def test_the_sheet_cache_is_keyed_without_the_host(app, client):
    app.config["TRUSTED_HOSTS"] = [
        *app.config["TRUSTED_HOSTS"],
        ".example",
    ]  # every hostN.example below is one of this server's names
    game_id, key = create(client, record())
    kept.KEPT.clear()
    for number in range(40):
        host = f"host{number}.example"
        client.set_cookie(f"edit_{game_id}", key, domain=host)
        page = client.get(f"/games/{game_id}/sheet", base_url=f"http://{host}").get_data(as_text=True)
        assert f"http://host{number}.example/games/{game_id}" in page  # each phone's own share links
    assert kept.copies(game_id, "sheet") == 1


def test_a_third_pdf_at_once_is_told_to_try_again(client, stranger):
    game_id, _key = create(client, record())
    kept.KEPT.clear()
    for _ in range(2):
        assert render.RENDER_SLOTS.acquire(timeout=1)
    try:
        response = stranger.get(f"/games/{game_id}/sheet.pdf")  # anyone's queue (the owner's has its own)
        assert response.status_code == 503 and response.headers["Retry-After"] == "5"
        assert "busy" in response.get_data(as_text=True)
    finally:
        render.RENDER_SLOTS.release()
        render.RENDER_SLOTS.release()
    assert client.get(f"/games/{game_id}/sheet.pdf").status_code == 200


def test_a_blank_sheet_beyond_its_size_is_refused_with_the_limit(client):
    response = client.get("/sheets/blank.pdf?players=4&pattern=custom&copies=20&sizes=" + ",".join(["5"] * 60))
    assert response.status_code == 400 and "at most 1000 rows" in response.get_data(as_text=True)


def test_secret_key_and_database_are_private(tmp_path, monkeypatch):
    monkeypatch.setenv("SCOREKEEPER_INSTANCE", str(tmp_path))
    monkeypatch.delenv("SCOREKEEPER_DB", raising=False)
    app = create_app()
    try:
        for name in ("secret_key", "scorekeeper.db"):
            assert stat.S_IMODE(os.stat(tmp_path / name).st_mode) == 0o600, name
    finally:
        app.extensions["scorekeeper.keeper"].close()


def test_behind_a_tls_proxy_cookies_are_secure_and_links_https(tmp_path):
    # What waitress hands the app from the trusted proxy: https, the public name (tests/test_deploy_security.py
    # runs the real nginx in front of the real server).
    app = create_app(
        {"TESTING": True, "DATABASE": str(tmp_path / "p.db"), "SECRET_KEY": "p", "ALLOWED_HOSTS": ["cards.example"]},
        proxy=True,
    )
    try:
        client = app.test_client()
        response = client.post("/api/games", json=record(), base_url="https://cards.example")
        assert response.get_json()["url"].startswith("https://cards.example/games/")
        claimed = client.get(response.get_json()["url"], base_url="https://cards.example")
        assert all("Secure" in c and "SameSite=Lax" in c for c in claimed.headers.getlist("Set-Cookie"))
        assert claimed.headers["Strict-Transport-Security"] == "max-age=31536000"
        assert "Strict-Transport-Security" not in client.get("/", base_url="http://cards.example").headers
    finally:
        app.extensions["scorekeeper.keeper"].close()


def test_api_links_use_the_configured_server_name_and_refuse_another_host(tmp_path):
    app = create_app(
        {"TESTING": True, "DATABASE": str(tmp_path / "s.db"), "SECRET_KEY": "s", "SERVER_NAME": "cards.example:5000"}
    )
    try:
        client = app.test_client()
        refused = client.post(
            "/api/games", json=record(), headers={"Host": "evil.example"}, base_url="http://cards.example:5000"
        )
        assert refused.status_code == 400 and "--allowed-host" in refused.get_json()["error"]
        body = client.post("/api/games", json=record(), base_url="http://cards.example:5000").get_json()
        assert body["url"].startswith("http://cards.example:5000/games/")
    finally:
        app.extensions["scorekeeper.keeper"].close()


# ---- damaged storage ------------------------------------------------------------------------


def test_a_database_deleted_under_the_server_gets_the_truth_not_an_empty_site(tmp_path):
    path = tmp_path / "gone.db"
    app = create_app({"DATABASE": str(path), "SECRET_KEY": "g"})
    try:
        client = app.test_client()
        create(client, record())
        for suffix in ("", "-wal", "-shm"):
            (tmp_path / f"gone.db{suffix}").unlink(missing_ok=True)
        response = client.get("/")
        page = response.get_data(as_text=True)
        assert response.status_code == 500 and "database file is missing" in page and "restore" in page
        assert "Everything recorded before this is safe" not in page
        assert not path.exists()  # not silently recreated empty
    finally:
        app.extensions["scorekeeper.keeper"].close()
    with pytest.raises(store.StorageError, match="missing, but it existed"):
        create_app({"DATABASE": str(path), "SECRET_KEY": "g"})


def test_serve_refuses_a_corrupt_database_in_one_line(tmp_path, monkeypatch, capsys):
    path = tmp_path / "bad.db"
    path.write_bytes(b"this is not a database" * 100)
    monkeypatch.setenv("SCOREKEEPER_DB", str(path))
    monkeypatch.setenv("SCOREKEEPER_INSTANCE", str(tmp_path))
    assert cli.main(["serve", "--host", "127.0.0.1", "--port", "1"]) == 2
    error = capsys.readouterr().err
    assert error.count("\n") == 1 and "damaged" in error and "restore" in error


def test_storage_failures_are_named(app):
    from scorekeeper.web.error_pages import failure_message

    assert "read-only" in failure_message(sqlite3.OperationalError("attempt to write a readonly database"))
    assert "disk is full" in failure_message(sqlite3.OperationalError("database or disk is full"))
    assert "damaged" in failure_message(sqlite3.DatabaseError("database disk image is malformed"))


# ---- backups, restores and the full export ----------------------------------------------------


def pages(client, game_ids, evening_ids):
    urls = ["/", "/players", "/players/Ann", "/export/games.csv"]
    urls += [f"/games/{g}{tail}" for g in game_ids for tail in ("", "/history", "/over", "/settle", "/compare")]
    urls += [f"/evenings/{e}" for e in evening_ids]
    return {url: re.sub(r'name="csrf_token"[^>]*>', "", client.get(url).get_data(as_text=True)) for url in urls}


def play(app):
    client = app.test_client()
    first, key = create(client, record(hands=HANDS[:1]))
    client.post(f"/api/games/{first}/hands", json=HANDS[1], headers={"Authorization": f"Bearer {key}"})
    second, _ = create(client, record(players=["Ann", "Eve", "Fay", "Gus"]))
    with app.app_context():
        evenings = {store.evening_of(store.get_db(), g) for g in (first, second)}
    return [first, second], evenings


def test_backup_and_restore_into_a_fresh_instance_keeps_every_page(tmp_path, monkeypatch):
    source = create_app({"DATABASE": str(tmp_path / "a.db"), "SECRET_KEY": "k"})
    fresh = None
    try:
        games, evenings = play(source)
        before = pages(owner_client(source), games, evenings)
        monkeypatch.setenv("SCOREKEEPER_DB", str(tmp_path / "a.db"))
        assert cli.main(["backup", str(tmp_path / "backup.db")]) == 0  # the server is running meanwhile
        monkeypatch.setenv("SCOREKEEPER_DB", str(tmp_path / "b.db"))
        assert cli.main(["restore", str(tmp_path / "backup.db")]) == 0
        fresh = create_app({"DATABASE": str(tmp_path / "b.db"), "SECRET_KEY": "k"})
        assert pages(owner_client(fresh), games, evenings) == before
    finally:
        source.extensions["scorekeeper.keeper"].close()
        if fresh is not None:
            fresh.extensions["scorekeeper.keeper"].close()


def test_restore_refuses_a_bad_backup_and_keeps_the_database(tmp_path, monkeypatch, capsys):
    app = create_app({"DATABASE": str(tmp_path / "a.db"), "SECRET_KEY": "k"})
    try:
        games, _ = play(app)
        monkeypatch.setenv("SCOREKEEPER_DB", str(tmp_path / "a.db"))
        (tmp_path / "junk.db").write_bytes(b"SQLite format 3\x00" + b"\x01" * 5000)
        other = sqlite3.connect(tmp_path / "other.db")
        other.execute("create table notes (text)")
        other.commit()
        other.close()
        for bad in ("junk.db", "other.db", "missing.db"):
            assert cli.main(["restore", str(tmp_path / bad)]) == 2
            assert "Nothing was changed" in capsys.readouterr().err or bad == "missing.db"
        assert app.test_client().get(f"/games/{games[0]}").status_code == 200
    finally:
        app.extensions["scorekeeper.keeper"].close()


def test_export_then_import_into_an_empty_instance_gives_the_same_games_at_the_same_links(tmp_path, monkeypatch):
    source = create_app({"DATABASE": str(tmp_path / "a.db"), "SECRET_KEY": "k"})
    target = create_app({"DATABASE": str(tmp_path / "b.db"), "SECRET_KEY": "k"})
    try:
        games, evenings = play(source)
        before = pages(owner_client(source), games, evenings)
        document = owner_client(source).get("/export/games.json").data
        assert b"edit_key" not in document
        monkeypatch.setenv("SCOREKEEPER_DB", str(tmp_path / "a.db"))
        assert cli.main(["export", str(tmp_path / "keys.json"), "--with-keys"]) == 0
        with_keys = json.loads((tmp_path / "keys.json").read_text())
        assert all(game["edit_key"] for game in with_keys["games"])
        phone = owner_client(target)
        assert upload(phone, (tmp_path / "keys.json").read_bytes()).status_code == 302
        assert pages(owner_client(target), games, evenings) == before
        key = with_keys["games"][1]["edit_key"]
        assert phone.get(f"/games/{games[1]}/claim/{key}").status_code == 302  # the same edit link works
    finally:
        source.extensions["scorekeeper.keeper"].close()
        target.extensions["scorekeeper.keeper"].close()


def test_the_migration_repairs_stored_records_beyond_the_limits(tmp_path):
    path = str(tmp_path / "old.db")
    db = store.connect(path)
    store.migrations.apply(db, stop_before="m010_limits")
    bad = dict(record(stake=1), rules=dict(record()["rules"], stake=float("inf")))
    db["games"].insert(
        {
            "id": "bad1",
            "edit_key": "k",
            "record": json.dumps(bad),
            "revision": 1,
            "status": "finished",
            "created": "2025-01-01",
            "updated": "2025-01-01",
        }
    )
    long_name = record(players=["Ann", "B" * 500, "Cy", "Di"], modifiers=["no_trump_doubles", "no_trump_doubles"])
    db["games"].insert(
        {
            "id": "bad3",
            "edit_key": "k",
            "record": json.dumps(long_name),
            "revision": 1,
            "status": "finished",
            "created": "2025-01-01",
            "updated": "2025-01-01",
        }
    )
    db["games"].insert(
        {
            "id": "bad2",
            "edit_key": "k",
            "record": '{"players": "nobody"}',
            "revision": 1,
            "status": "playing",
            "created": "2025-01-01",
            "updated": "2025-01-01",
        }
    )
    db.close()
    store.migrate(path)
    db = store.connect(path)
    try:
        repaired = json.loads(db.execute("select record from games where id = 'bad1'").fetchone()[0])
        assert repaired["rules"]["stake"] == 0
        notes = db.execute("select game_id, problem, repaired from repairs order by game_id").fetchall()
        assert notes[0][0] == "bad1" and "rules.stake" in notes[0][1] and notes[0][2] == 1
        assert notes[1][0] == "bad2" and notes[1][2] == 0  # reported, left as it was
        assert notes[2][0] == "bad3" and notes[2][2] == 1
        fixed = json.loads(db.execute("select record from games where id = 'bad3'").fetchone()[0])
        assert fixed["players"][1] == "B" * 40 and fixed["rules"]["modifiers"] == ["no_trump_doubles"]
        assert db.execute("select kind from events where game_id = 'bad3' order by seq desc").fetchone()[0] == "repair"
    finally:
        db.close()


def test_renders_run_two_at_a_time_at_most(client):
    """Eight PDFs at once: two render, the others are told to try again (never a queue that starves the site)."""
    game_ids = [create(client, record(players=[f"P{i}", "Bob", "Cy", "Di"]))[0] for i in range(8)]
    kept.KEPT.clear()
    statuses = []
    app = client.application

    def fetch(game_id):
        statuses.append(app.test_client().get(f"/games/{game_id}/sheet.pdf").status_code)

    threads = [threading.Thread(target=fetch, args=(game_id,)) for game_id in game_ids]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert set(statuses) <= {200, 503} and statuses.count(200) >= 2


def test_bidi_controls_in_a_name_are_not_printed_on_the_sheet(client, tmp_path):
    from tests.pdf_reading import text

    game_id, _key = create(client, record(players=["Ann", "\u202eBob\u202c", "Cy", "Di"]))
    printed = text(client.get(f"/games/{game_id}/sheet.pdf").data, tmp_path)
    assert "Bob" in printed and "\u202e" not in printed and "\u202c" not in printed


def test_a_stored_record_this_version_refuses_gets_a_page_that_says_so(app, client):
    game_id, _key = create(client, record())
    with app.app_context():
        db = store.get_db()
        with db.atomic():
            db.execute(
                "update games set record = ?, revision = revision + 1 where id = ?",
                [json.dumps(record(players=["Ann", "Ann", "Cy", "Di"])), game_id],
            )
    response = client.get(f"/games/{game_id}/over")
    page = response.get_data(as_text=True)
    assert response.status_code == 500 and "players[1]" in page and "Nothing was changed" in page


def test_an_edit_key_with_any_characters_is_refused_not_a_crash(client):
    game_id, _key = create(client, record(), claim=False)
    assert client.get(f"/games/{game_id}/claim/ключ").status_code == 403
    client.set_cookie(f"edit_{game_id}", "ключ")
    assert client.get(f"/games/{game_id}").status_code == 200  # read-only
    response = client.post(f"/api/games/{game_id}/hands", json=HANDS[0], headers={"Authorization": "Bearer é"})
    assert response.status_code in (401, 403)
