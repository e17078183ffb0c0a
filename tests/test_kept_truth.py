"""The one cache never lies (issue 23, section 4): through the real server (`serve`, one process and
`--workers 2`), a follower's page and poll always match the stored game, after a restore, a delete and an
older export imported under the same id, and while the game is abandoned and restored under readers; a tap after
a restore, through either process, is worked out on the restored game and never lost.

Each check compares the server's answers with what a fresh app (its own, empty cache) says of the database.
"""

import contextlib
import gzip
import json
import re
import threading
import urllib.error
import urllib.request

import pytest

from scorekeeper import cli, create_app, store
from scorekeeper.cache import kept
from tests.game_helpers import hand_at
from tests.owner_helpers import owner_client
from tests.server_helpers import start_server, start_workers, stop, wait_until_up
from tests.transfer_helpers import upload

PLAYERS = ["Ann", "Bob", "Cy", "Di"]
RULES = {"scoring": "exact", "deals": {"pattern": "up", "max": 5}}


@contextlib.contextmanager
def serving(tmp_path, workers):
    """Yield (base URL, database path) of `serve` with that many processes on a fresh database."""
    if workers == 1:
        database = tmp_path / "room.db"
        server, base = start_server(tmp_path, database, "instance")
        try:
            wait_until_up(server, base)
            yield base, database
        finally:
            server.terminate()
            errors = server.communicate(timeout=30)[1]
        assert "Traceback" not in errors, errors
    else:
        server, base, _seen = start_workers(tmp_path)
        try:
            yield base, tmp_path / "room.db"
        finally:
            stop(server)


def api(base, method, path, body=None, key=None):
    request = urllib.request.Request(
        base + path,
        method=method,
        headers={"Content-Type": "application/json"},
        data=None if body is None else json.dumps(body).encode(),
    )
    if key:
        request.add_header("Authorization", f"Bearer {key}")
    with urllib.request.urlopen(request, timeout=30) as response:
        return json.loads(response.read())


def followers_page(base, game_id, language="en"):
    """The page a follower's phone gets (gzipped, as phones ask), each time on a new connection."""
    request = urllib.request.Request(
        f"{base}/games/{game_id}", headers={"Accept-Encoding": "gzip", "Accept-Language": language}
    )
    with urllib.request.urlopen(request, timeout=30) as response:
        body = response.read()
        return gzip.decompress(body).decode() if response.headers.get("Content-Encoding") == "gzip" else body.decode()


def poll(base, game_id, tag):
    """The follower's poll with the tag its page holds: (status, the tag the server gives)."""
    request = urllib.request.Request(f"{base}/games/{game_id}/revision", headers={"If-None-Match": f'"{tag}"'})
    try:
        with urllib.request.urlopen(request, timeout=30) as response:
            return response.status, response.headers["ETag"].strip('"')
    except urllib.error.HTTPError as error:
        return error.code, (error.headers["ETag"] or "").strip('"')


def page_tag(page):
    return re.search(r'data-revision="([^"]+)"', page)[1]


class Truth:
    """What a fresh app says of the database: the game's follow tag, and its follower's page at the server's
    address (rendered with nothing kept)."""

    def __init__(self, database, base):
        self.app = create_app({"DATABASE": str(database), "SECRET_KEY": "k", "SERVER_NAME": None})
        self.base = base

    def tag(self, game_id):
        db = store.connect(self.app.config["DATABASE"])
        try:
            return store.follow_tag(store.get_game_head(db, game_id))
        finally:
            db.close()

    def page(self, game_id, language="en"):
        kept.KEPT.clear()
        response = self.app.test_client().get(
            f"/games/{game_id}", base_url=self.base, headers={"Accept-Language": language}
        )
        return response.get_data(as_text=True)

    def close(self):
        store.close(self.app)


def assert_followers_see_the_stored_game(base, truth, game_id, old_tags=(), asks=6):
    """Every follower's page (asked several times: with two processes, both answer) and poll match the game as
    stored; a phone holding an older page is told to reload."""
    tag, page = truth.tag(game_id), truth.page(game_id)
    for _ in range(asks):
        seen = followers_page(base, game_id)
        assert page_tag(seen) == tag
        assert seen == page
        assert poll(base, game_id, tag) == (304, tag)
        for old in old_tags:
            if old != tag:
                assert poll(base, game_id, old) == (200, tag)


def tap(base, game, answer, body, number):
    """One tap through the actions API; return its answer (the game as the server stored it)."""
    record = api(base, "GET", f"/api/games/{game['id']}/export", key=game["edit_key"])
    return api(
        base,
        "POST",
        f"/api/games/{game['id']}/actions",
        dict(body, id=f"tap-{number}", revision=answer["revision"], hand=hand_at(record)),
        game["edit_key"],
    )


@pytest.mark.parametrize("workers", [1, 2])
def test_a_restore_while_serving_gives_followers_the_restored_game_and_loses_no_tap(tmp_path, monkeypatch, workers):
    with serving(tmp_path, workers) as (base, database):
        truth = Truth(database, base)
        try:
            game = api(base, "POST", "/api/games", {"players": PLAYERS, "rules": RULES, "hands": []})
            answer = tap(base, game, {"revision": 1}, {"action": "deal", "trump": "hearts"}, 0)
            monkeypatch.setenv("SCOREKEEPER_DB", str(database))
            assert cli.main(["backup", str(tmp_path / "backup.db")]) == 0
            # After the backup the table bids 0, 0, 0, 0 (revisions 3 to 6), each page read by both processes.
            seen_tags = []
            for seat in (1, 2, 3, 0):
                answer = tap(base, game, answer, {"action": "bid", "seat": seat, "bid": 0}, f"before-{seat}")
                assert_followers_see_the_stored_game(base, truth, game["id"], asks=4)
                seen_tags.append(truth.tag(game["id"]))
            assert cli.main(["restore", str(tmp_path / "backup.db")]) == 0  # the server runs on meanwhile
            assert_followers_see_the_stored_game(base, truth, game["id"], seen_tags)
            # The restored game is at revision 2 again; the table now bids 1, 0, 0, 1: revisions 3 to 6 once more,
            # other bids. Each tap on a new connection: with two processes, both work taps out.
            answer = {"revision": 2}
            bids = {1: 1, 2: 0, 3: 0, 0: 1}
            for seat, bid in bids.items():
                answer = tap(base, game, answer, {"action": "bid", "seat": seat, "bid": bid}, f"after-{seat}")
                assert_followers_see_the_stored_game(base, truth, game["id"], seen_tags)
            assert answer["revision"] == 6
            db = store.connect(database)
            try:
                stored = store.get_game(db, game["id"])
            finally:
                db.close()
            assert stored["revision"] == 6
            assert stored["record"]["hands"][-1]["bids"] == [1, 1, 0, 0]  # every acknowledged bid, none of before
            assert answer["game"]["hands"][-1]["bids"] == [1, 1, 0, 0]
        finally:
            truth.close()


def test_a_game_deleted_and_imported_again_from_an_older_export_is_what_followers_see(tmp_path, monkeypatch):
    with serving(tmp_path, 1) as (base, database):
        truth = Truth(database, base)
        try:
            game = api(base, "POST", "/api/games", {"players": PLAYERS, "rules": RULES, "hands": []})
            answer = tap(base, game, {"revision": 1}, {"action": "deal", "trump": "hearts"}, 0)
            monkeypatch.setenv("SCOREKEEPER_DB", str(database))
            assert cli.main(["export", str(tmp_path / "older.json"), "--with-keys"]) == 0
            seen_tags = []
            for seat in (1, 2):
                answer = tap(base, game, answer, {"action": "bid", "seat": seat, "bid": 0}, f"before-{seat}")
                assert_followers_see_the_stored_game(base, truth, game["id"], asks=3)
                seen_tags.append(truth.tag(game["id"]))
            db = store.connect(database)
            try:
                store.delete_game(db, game["id"])  # as the scorekeeper's Delete does, in another process
            finally:
                db.close()
            assert upload(owner_client(truth.app), (tmp_path / "older.json").read_bytes()).status_code == 302
            # The older export comes back under the same id at revision 2; the table bids again: revision 3 anew.
            answer = tap(base, game, {"revision": 2}, {"action": "bid", "seat": 1, "bid": 1}, "again-1")
            assert answer["revision"] == 3 and answer["game"]["hands"][-1]["bids"] == [None, 1, None, None]
            assert_followers_see_the_stored_game(base, truth, game["id"], seen_tags)
        finally:
            truth.close()


def test_abandoning_and_restoring_while_followers_read_never_keeps_a_page_under_the_other_status(tmp_path):
    with serving(tmp_path, 1) as (base, database):
        truth = Truth(database, base)
        try:
            game = api(base, "POST", "/api/games", {"players": PLAYERS, "rules": RULES, "hands": []})
            tap(base, game, {"revision": 1}, {"action": "deal", "trump": "hearts"}, 0)
            done, failures = threading.Event(), []

            def follower():
                try:
                    while not done.is_set():
                        followers_page(base, game["id"])
                except Exception as error:  # noqa: BLE001 - any failure is what this test reports
                    failures.append(error)

            readers = [threading.Thread(target=follower) for _ in range(4)]
            for reader in readers:
                reader.start()
            db = store.connect(database)
            try:
                for _ in range(60):  # bounded: 120 status changes under four readers
                    store.abandon_game(db, game["id"])
                    store.restore_game(db, game["id"])
                done.set()
                for reader in readers:
                    reader.join(timeout=60)
                assert not failures
                assert_followers_see_the_stored_game(base, truth, game["id"], ["2+abandoned"])
                assert "This game is abandoned" not in followers_page(base, game["id"])
                store.abandon_game(db, game["id"])
                assert_followers_see_the_stored_game(base, truth, game["id"], ["2"])
                assert "This game is abandoned" in followers_page(base, game["id"])
            finally:
                db.close()
        finally:
            truth.close()


def test_many_spellings_of_a_language_keep_one_copy_of_the_page_each(app, client):
    game_id = client.post("/api/games", json={"players": PLAYERS, "rules": RULES, "hands": []}).get_json()["id"]
    follower = app.test_client()
    kept.KEPT.clear()
    german = (
        [f"de-DE,de;q=0.9,en;q=0.{n % 9}{n}" for n in range(25)]
        + [f"de-{region}" for region in ("AT", "CH", "BE", "LU", "LI", "IT")]
        + [f"x-{n},de" for n in range(19)]
    )
    for header in german:
        response = follower.get(f"/games/{game_id}", headers={"Accept-Encoding": "gzip", "Accept-Language": header})
        assert '<html lang="de">' in gzip.decompress(response.get_data()).decode(), header
    assert kept.copies(game_id, "answer") == 1  # 50 spellings of German, one page (there were 51 copies)
    assert kept.copies(game_id, "gzip") == 1 and kept.copies(game_id, "sheet") == 1
    response = follower.get(f"/games/{game_id}", headers={"Accept-Encoding": "gzip", "Accept-Language": "en-GB"})
    assert '<html lang="en">' in gzip.decompress(response.get_data()).decode()
    assert kept.copies(game_id, "answer") == 2


def test_the_one_cache_is_bounded_in_bytes_whatever_it_holds():
    cache = kept.Kept(10_000)
    for number in range(100):
        cache.put(kept.Key("db", 0, f"game{number}", "1", "en", "follower", "answer"), b"x" * 700)
    assert cache.size <= 10_000 and len(cache) == 14
    assert cache.get(kept.Key("db", 0, "game99", "1", "en", "follower", "answer")) == b"x" * 700
    assert cache.get(kept.Key("db", 0, "game0", "1", "en", "follower", "answer")) is None  # the oldest went first
    cache.put(kept.Key("db", 0, "huge", "1"), b"x" * 20_000)  # more than the whole: not kept, nothing dropped
    assert len(cache) == 14
