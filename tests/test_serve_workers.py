"""`serve --workers 2`: two gunicorn processes on one SQLite file, and no tap is lost between them."""

import json
import threading
import urllib.error
import urllib.request

import pytest
from werkzeug.test import Client

from scorekeeper import store
from scorekeeper.serving.server import TrustedProxy
from tests.game_helpers import hand_at
from tests.server_helpers import start_workers, stop

PLAYERS = ["Ann", "Bob", "Cy", "Di"]
TABLES = 6
TAPS_EACH = 15


def call(base, method, path, body=None, key=None, extra=None):
    headers = {"Content-Type": "application/json", **(extra or {})}
    if key:
        headers["Authorization"] = f"Bearer {key}"
    request = urllib.request.Request(
        base + path, method=method, headers=headers, data=None if body is None else json.dumps(body).encode()
    )
    with urllib.request.urlopen(request, timeout=30) as response:
        return json.loads(response.read())


def next_action(answer):
    """Deal, everyone bids 0 in turn, the first bidder takes every trick."""
    step, hand = answer["step"], (answer["game"]["hands"] or [None])[-1]
    if step == "deal":
        return {"action": "deal", "trump": "hearts"}
    order = [(hand["dealer"] + 1 + i) % len(PLAYERS) for i in range(len(PLAYERS))]
    if step == "bids":
        return {"action": "bid", "seat": next(s for s in order if hand["bids"][s] is None), "bid": 0}
    return {"action": "tricks", "tricks": [hand["cards"] if s == order[0] else 0 for s in range(len(PLAYERS))]}


def test_two_workers_share_one_database_without_losing_a_tap(tmp_path):
    database = tmp_path / "room.db"
    server, base, seen = start_workers(tmp_path)
    try:
        assert "2 processes, each with 4 threads and at most 2000 open connections" in seen
        # Without --proxy a client's X-Forwarded-Proto is not believed, as under waitress: the links stay http.
        games = [
            call(
                base,
                "POST",
                "/api/games",
                {"players": PLAYERS, "rules": {"scoring": "exact"}, "hands": []},
                extra={"X-Forwarded-Proto": "https"},
            )
            for _ in range(TABLES)
        ]
        assert all(game["url"].startswith(f"{base}/games/") for game in games)
        failures = []

        def scorekeeper(game):
            try:
                answer = {"revision": 1, "step": "deal", "game": {"hands": []}}
                for number in range(TAPS_EACH):  # each tap on a new connection: the kernel spreads them
                    body = dict(
                        next_action(answer),
                        id=f"tap-{number}",
                        revision=answer["revision"],
                        hand=hand_at(answer["game"]),
                    )
                    answer = call(base, "POST", f"/api/games/{game['id']}/actions", body, game["edit_key"])
            except Exception as error:  # noqa: BLE001 - any failure is what this test reports
                failures.append(error)

        threads = [threading.Thread(target=scorekeeper, args=(game,)) for game in games]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join(timeout=120)
        assert not failures
    finally:
        stop(server)
    db = store.connect(database)
    try:
        revisions = [db.execute("select revision from games where id = ?", [g["id"]]).fetchone()[0] for g in games]
        assert revisions == [1 + TAPS_EACH] * TABLES
        assert db.execute("select count(*) from events where kind != 'create'").fetchone()[0] == TABLES * TAPS_EACH
    finally:
        db.close()


def test_behind_the_proxy_the_workers_believe_its_headers_and_only_for_allowed_names(tmp_path):
    server, base, seen = start_workers(tmp_path, "--proxy", "--allowed-host", "scores.example.org")
    record = {"players": PLAYERS, "rules": {"scoring": "exact"}, "hands": []}
    try:
        assert "behind the TLS proxy at 127.0.0.1" in seen
        game = call(
            base,
            "POST",
            "/api/games",
            record,
            extra={"X-Forwarded-Proto": "https", "X-Forwarded-Host": "scores.example.org"},
        )
        assert game["url"].startswith("https://scores.example.org/games/")
        with pytest.raises(urllib.error.HTTPError) as refused:
            call(base, "POST", "/api/games", record, extra={"X-Forwarded-Host": "evil.example"})
        refused.value.close()
        assert refused.value.code == 400
    finally:
        stop(server)


def test_headers_from_an_address_that_is_not_the_proxy_are_dropped():
    seen = {}

    def app(environ, start_response):
        seen.update(environ)
        start_response("200 OK", [])
        return [b""]

    guarded = TrustedProxy(app, "10.0.0.2")
    forged = {
        "HTTP_X_FORWARDED_PROTO": "https",
        "HTTP_X_FORWARDED_HOST": "evil.example",
        "HTTP_X_FORWARDED_FOR": "1.2.3.4",
    }
    Client(guarded).get(
        "/",
        headers={"X-Forwarded-" + name[17:].title(): value for name, value in forged.items()},
        environ_base={"REMOTE_ADDR": "10.0.0.9"},
    )
    assert seen["wsgi.url_scheme"] == "http" and seen["REMOTE_ADDR"] == "10.0.0.9"
    assert not [name for name in seen if name.startswith("HTTP_X_FORWARDED_")]
    Client(guarded).get(
        "/",
        headers={"X-Forwarded-Proto": "https", "X-Forwarded-For": "1.2.3.4"},
        environ_base={"REMOTE_ADDR": "10.0.0.2"},
    )
    assert seen["wsgi.url_scheme"] == "https" and seen["REMOTE_ADDR"] == "1.2.3.4"
