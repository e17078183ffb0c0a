"""Simultaneous writers through real servers: every write waits its turn, none fails (BEGIN IMMEDIATE)."""

from scorekeeper import store
from tests.game_helpers import HANDS, record
from tests.server_helpers import at_once, call, two_servers

CLIENTS = 8
GAMES_EACH = 3


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
    outcomes = []
    at_once(CLIENTS, lambda number: play(base_urls, number, outcomes))
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
            assert [e["kind"] for e in store.history(db, game_id)] == ["create", "hand", "hand"]


def test_two_server_processes_share_one_database(tmp_path):
    database = tmp_path / "shared.db"
    with two_servers(tmp_path, database) as bases:
        outcomes = run_clients(bases)
    db = store.connect(database)
    try:
        assert_every_game_recorded(outcomes, {row[0] for row in db.execute("select id from games")})
        assert db.execute("select count(*) from events").fetchone()[0] == CLIENTS * GAMES_EACH * 3
    finally:
        db.close()
