"""A whole export must not hurt everyone (issue "Serving a room", item 4): the real server, streaming.

`serve` runs in a subprocess on a database of thousands of small games; its peak memory (VmHWM in
/proc) grows by a few MB while it sends /export/games.json or .csv, however many games there are.
Before, it built the whole document in memory: hundreds of MB for a file of 40.
"""

import json
import os
import subprocess
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path

import pytest

from scorekeeper import store
from tests.server_helpers import free_port, wait_until_up

ROOT = Path(__file__).resolve().parent.parent
MB = 1024 * 1024
GROWTH_LIMIT = 50 * MB  # the old code grew by ~9 times the file: over 130 MB for these 15 MB


def game_record(number, hands=16, players=6):
    names = [f"Player {number}-{seat}" for seat in range(players)]
    deals = [
        {
            "cards": cards,
            "dealer": (cards - 1) % players,
            "trump": "hearts",
            "bids": [0] * players,
            "tricks": [cards] + [0] * (players - 1),
        }
        for cards in range(1, hands + 1)
    ]
    return {
        "players": names,
        "rules": {"scoring": "exact", "deals": {"pattern": "custom", "sizes": list(range(1, hands + 1)), "decks": 2}},
        "hands": deals,
    }


def fill(path, games):
    """Store `games` small finished games: a few made by the store, the rest copies of their rows."""
    store.migrate(path)
    db = store.connect(path)
    try:
        with db.atomic():
            made = [store.create_game(db, game_record(number))[0] for number in range(10)]
            for copy in range(1, games // len(made)):
                db.execute(
                    "insert into games (id, edit_key, record, revision, status, created, updated) "
                    "select id || '_' || ?, edit_key, record, revision, status, created, updated "
                    "from games where id in (select value from json_each(?))",
                    [copy, json.dumps(made)],
                )
                db.execute(
                    "insert into events (game_id, seq, revision, kind, payload, change, undone, created) "
                    "select game_id || '_' || ?, seq, revision, kind, payload, change, undone, created "
                    "from events where game_id in (select value from json_each(?))",
                    [copy, json.dumps(made)],
                )
    finally:
        db.close()


def peak_rss(pid):
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmHWM:"):
            return int(line.split()[1]) * 1024
    raise AssertionError("no VmHWM in /proc")


OWNER = {"Authorization": "Bearer export memory owner"}  # exporting every game is the instance owner's


def fetch(url):
    """Read a response in pieces, as a browser saving a download does; return its size."""
    with urllib.request.urlopen(urllib.request.Request(url, headers=OWNER), timeout=120) as response:
        size = 0
        while chunk := response.read(256 * 1024):
            size += len(chunk)
        return size


class Server:
    def __init__(self, database):
        self.port = free_port()
        env = dict(os.environ, SCOREKEEPER_DB=str(database), SCOREKEEPER_INSTANCE=str(Path(database).parent))
        (Path(database).parent / "config.py").write_text(f"OWNER_PASSWORD = {OWNER['Authorization'][7:]!r}\n")
        self.process = subprocess.Popen(
            [sys.executable, "-m", "scorekeeper", "serve", "--host", "127.0.0.1", "--port", str(self.port)],
            cwd=ROOT,
            env=env,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        wait_until_up(self.process, self.url("/"))

    def url(self, path):
        return f"http://127.0.0.1:{self.port}{path}"

    def growth(self, path):
        """Return (peak memory growth while sending path, bytes sent)."""
        fetch(self.url("/players"))  # the pages a visit loads anyway: their imports are not the export's
        before = peak_rss(self.process.pid)
        size = fetch(self.url(path))
        return peak_rss(self.process.pid) - before, size

    def close(self):
        self.process.terminate()
        self.process.wait(timeout=10)


@pytest.fixture(scope="module")
def databases(tmp_path_factory):
    """A club of 1,000 games and one of 2,000, filled once for the module."""
    folder = tmp_path_factory.mktemp("exports")
    for games in (1000, 2000):
        fill(folder / f"{games}.db", games)
    return {games: folder / f"{games}.db" for games in (1000, 2000)}


@pytest.mark.parametrize("path", ["/export/games.json", "/export/games.csv"])
def test_an_export_of_thousands_of_games_grows_the_server_by_a_few_mb(databases, path):
    grown = {}
    for games, database in databases.items():
        server = Server(database)  # a server of its own for each: its high-water mark is this export's
        try:
            grown[games] = server.growth(path)
        finally:
            server.close()
    (small, small_size), (large, large_size) = grown[1000], grown[2000]
    assert large_size > 1.9 * small_size and (path.endswith(".csv") or small_size > 12 * MB)
    assert small < GROWTH_LIMIT, f"{small / MB:.0f} MB for a file of {small_size / MB:.0f} MB"
    assert large < GROWTH_LIMIT, f"{large / MB:.0f} MB for a file of {large_size / MB:.0f} MB"
    assert large < small + 10 * MB  # twice the games: no more memory


def test_a_third_export_at_once_is_told_to_try_again(databases):
    server = Server(databases[1000])
    try:
        # Two slow readers hold both slots: they ask, read the head and wait (the server's send buffer fills).
        readers = [
            urllib.request.urlopen(urllib.request.Request(server.url("/export/games.json"), headers=OWNER), timeout=60)
            for _ in range(2)
        ]
        try:
            for reader in readers:
                assert reader.read(100).startswith(b"{")
            with pytest.raises(urllib.error.HTTPError) as refused:
                urllib.request.urlopen(
                    urllib.request.Request(server.url("/export/games.csv"), headers=OWNER), timeout=60
                )
            assert refused.value.code == 503 and refused.value.headers["Retry-After"] == "5"
            assert b"try again" in refused.value.read()
            assert urllib.request.urlopen(server.url("/"), timeout=60).status == 200  # the rest of the site
        finally:
            for reader in readers:
                reader.close()
        deadline = time.monotonic() + 30
        while True:  # the slots come back once the readers are gone
            try:
                assert fetch(server.url("/export/games.csv")) > 0
                break
            except urllib.error.HTTPError as error:
                assert error.code == 503 and time.monotonic() < deadline
                time.sleep(0.5)
    finally:
        server.close()
