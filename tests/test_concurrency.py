"""Simultaneous writers through real servers: every write waits its turn, none fails (BEGIN IMMEDIATE)."""

import json
import os
import subprocess
import sys
import threading
import time
import urllib.error
import urllib.request
from pathlib import Path

from scorekeeper import store
from tests.game_helpers import HANDS, record
from tests.test_serve import free_port

ROOT = Path(__file__).resolve().parent.parent
CLIENTS = 8
GAMES_EACH = 3


def call(method, url, body=None, key=None):
    """Send one JSON request; return (status, body as JSON)."""
    request = urllib.request.Request(url, method=method, data=None if body is None else json.dumps(body).encode(),
                                     headers={"Content-Type": "application/json"})
    if key:
        request.add_header("Authorization", f"Bearer {key}")
    try:
        with urllib.request.urlopen(request, timeout=30) as response:
            return response.status, json.loads(response.read())
    except urllib.error.HTTPError as error:
        return error.code, error.read().decode()


def play(base_urls, client, outcomes):
    """Create GAMES_EACH games and record both hands of each, alternating between the servers."""
    for number in range(GAMES_EACH):
        base = base_urls[(client + number) % len(base_urls)]
        status, body = call("POST", f"{base}/api/games", record(hands=[]))
        outcomes.append(("create", status, body))
        if status != 201:
            continue
        for hand in HANDS:
            base = base_urls[(client + number + 1) % len(base_urls)]
            outcomes.append(("hand", *call("POST", f"{base}/api/games/{body['id']}/hands", hand, body["edit_key"])))
        outcomes.append(("read", *call("GET", f"{base}/api/games/{body['id']}")))


def run_clients(base_urls):
    """Start CLIENTS threads at the same moment; return every (what, status, body) they saw."""
    outcomes, start = [], threading.Barrier(CLIENTS)

    def client(number):
        start.wait()
        play(base_urls, number, outcomes)
    threads = [threading.Thread(target=client, args=(n,)) for n in range(CLIENTS)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return outcomes


def assert_every_game_recorded(outcomes, db_games):
    refused = [(what, status, body) for what, status, body in outcomes if status not in (200, 201)]
    assert refused == []
    created = [body["id"] for what, _status, body in outcomes if what == "create"]
    assert len(created) == CLIENTS * GAMES_EACH
    finals = [body for what, _status, body in outcomes if what == "read"]
    assert all(game["totals"] == [11, 11, 20, 21] and game["finished"] for game in finals)
    assert set(created) <= db_games


def test_eight_clients_create_and_record_at_once(app, live_server):
    outcomes = run_clients([live_server])
    with app.app_context():
        db = store.get_db()
        games = {row[0] for row in db.execute("select id from games")}
        assert_every_game_recorded(outcomes, games)
        # Every game's log: the creation and two hands, in order, none lost.
        for game_id in games:
            assert [e["kind"] for e in store.events(db, game_id)] == ["create", "hand", "hand"]


def start_server(tmp_path, database, name):
    port = free_port()
    env = dict(os.environ, SCOREKEEPER_INSTANCE=str(tmp_path / name), SCOREKEEPER_DB=str(database))
    server = subprocess.Popen([sys.executable, "-m", "scorekeeper", "serve", "--host", "127.0.0.1", "--port",
                               str(port)], cwd=ROOT, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                              text=True)
    return server, f"http://127.0.0.1:{port}"


def wait_until_up(server, base):
    deadline = time.monotonic() + 30
    while True:
        try:
            with urllib.request.urlopen(f"{base}/", timeout=2):
                return
        except OSError:
            assert server.poll() is None, f"the server stopped: {server.communicate()[1]}"
            assert time.monotonic() < deadline, f"{base} did not answer"
            time.sleep(0.1)


def test_two_server_processes_share_one_database(tmp_path):
    database = tmp_path / "shared.db"
    servers = [start_server(tmp_path, database, name) for name in ("one", "two")]
    try:
        for server, base in servers:
            wait_until_up(server, base)
        outcomes = run_clients([base for _server, base in servers])
    finally:
        for server, _base in servers:
            server.terminate()
        errors = [server.communicate(timeout=10)[1] for server, _base in servers]
    assert not [text for text in errors if "Traceback" in text]
    db = store.connect(database)
    try:
        assert_every_game_recorded(outcomes, {row[0] for row in db.execute("select id from games")})
        assert db.execute("select count(*) from events").fetchone()[0] == CLIENTS * GAMES_EACH * 3
    finally:
        db.close()
