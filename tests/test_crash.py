"""A real server killed with SIGKILL in the middle of writes keeps every write it acknowledged (issue 10)."""

import http.client
import json
import os
import random
import signal
import sqlite3
import subprocess
import sys
import threading
import time
from pathlib import Path

from tests.game_helpers import record
from tests.server_helpers import free_port, wait_until_up

ROOT = Path(__file__).resolve().parent.parent
KILLS = 10


def start(env, port):
    server = subprocess.Popen(
        [sys.executable, "-m", "scorekeeper", "serve", "--host", "127.0.0.1", "--port", str(port)],
        cwd=ROOT,
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
    )
    wait_until_up(server, port)
    return server


def post(port, path, body, key=None):
    """POST JSON; return (status, body) or raise OSError when the server is gone."""
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
    try:
        headers = {"Content-Type": "application/json"}
        if key:
            headers["Authorization"] = f"Bearer {key}"
        connection.request("POST", path, json.dumps(body), headers)
        response = connection.getresponse()
        return response.status, json.loads(response.read())
    finally:
        connection.close()


HAND = {"cards": 1, "dealer": 0, "bids": [0, 0, 0, 1], "tricks": [0, 0, 0, 1]}


def writer(port, acknowledged, stop):
    """Create games and append hands until the server goes away; note each acknowledged write."""
    game = None
    while not stop.is_set():
        try:
            if game is None or acknowledged[game[0]] >= 40:
                status, body = post(
                    port, "/api/games", record(hands=[], hook=False, deals={"pattern": "custom", "sizes": [1] * 40})
                )
                assert status == 201, body
                game = (body["id"], body["edit_key"])
                acknowledged[game[0]] = 0
            else:
                hand = dict(HAND, dealer=acknowledged[game[0]] % 4)
                status, body = post(port, f"/api/games/{game[0]}/hands", hand, game[1])
                assert status == 201, body
                acknowledged[game[0]] = body["number"]
        except (OSError, http.client.HTTPException):
            return


def test_sigkill_during_writes_loses_no_acknowledged_write(tmp_path):
    env = dict(os.environ, SCOREKEEPER_INSTANCE=str(tmp_path), SCOREKEEPER_DB=str(tmp_path / "games.db"))
    acknowledged = {}
    chance = random.Random(10)
    for _kill in range(KILLS):
        port = free_port()
        server = start(env, port)
        stop = threading.Event()
        threads = [threading.Thread(target=writer, args=(port, acknowledged, stop)) for _ in range(3)]
        for thread in threads:
            thread.start()
        time.sleep(chance.uniform(0.2, 0.6))
        server.send_signal(signal.SIGKILL)
        server.wait(timeout=10)
        server.stderr.close()
        stop.set()
        for thread in threads:
            thread.join(timeout=20)
    assert sum(acknowledged.values()) + len(acknowledged) >= KILLS  # writes really were under way
    db = sqlite3.connect(tmp_path / "games.db")
    try:
        assert db.execute("PRAGMA integrity_check").fetchall() == [("ok",)]
        stored = {
            game_id: len(json.loads(text)["hands"]) for game_id, text in db.execute("select id, record from games")
        }
        for game_id, hands in acknowledged.items():
            assert stored.get(game_id, -1) >= hands, (
                f"game {game_id}: {hands} hands acknowledged, {stored.get(game_id)} stored"
            )
        events = dict(db.execute("select game_id, count(*) from events group by game_id").fetchall())
        assert all(events[game_id] == hands + 1 for game_id, hands in stored.items())  # each write logged once
    finally:
        db.close()


def test_concurrent_writers_lose_no_update(tmp_path):
    """Eight phones append hands to one game at once through a real server: each hand is stored once."""
    env = dict(os.environ, SCOREKEEPER_INSTANCE=str(tmp_path), SCOREKEEPER_DB=str(tmp_path / "games.db"))
    port = free_port()
    server = start(env, port)
    try:
        status, body = post(
            port, "/api/games", record(hands=[], hook=False, deals={"pattern": "custom", "sizes": [1] * 400})
        )
        assert status == 201
        game_id, key = body["id"], body["edit_key"]
        numbers, refused = [], []

        def append():
            for _ in range(10):
                status, answer = post(port, f"/api/games/{game_id}/hands", HAND, key)
                (numbers if status == 201 else refused).append(answer.get("number") or answer["error"])

        threads = [threading.Thread(target=append) for _ in range(8)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join(timeout=60)
        assert all("changed meanwhile" in message for message in refused)
        assert sorted(numbers) == list(range(1, len(numbers) + 1))  # no number acknowledged twice
        connection = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
        connection.request("GET", f"/api/games/{game_id}/export")
        stored = json.loads(connection.getresponse().read())
        connection.close()
        assert len(stored["hands"]) == len(numbers)
    finally:
        server.terminate()
        server.wait(timeout=10)
        server.stderr.close()
