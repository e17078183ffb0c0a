"""Time what a follower's phone asks for, against a bare Flask "hello" app in the same process.

The baseline is a Flask app of one route, not a route inside this app: this app's own per-request work
(its hooks, its session, its headers) is part of what a follower's request costs.

The read-only link /games/<id> of the 7-player, 25-hand game (tests/games/seven_players_25_hands.json)
has a target of at most 2 x hello; the revision poll followers send every 700 ms (If-None-Match: a 304 while nothing changed) at most 1.5 x.
Run: .venv/bin/python bench/bench_read.py
"""

import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from flask import Flask  # noqa: E402

from scorekeeper import create_app, rules, store  # noqa: E402

GAME = ROOT / "tests" / "games" / "seven_players_25_hands.json"
REQUESTS = 300
REPEATS = 7


def best_times(asks):
    """Return each ask's best mean seconds per GET over REPEATS runs, the asks taking turns.

    asks: (client, url, headers, status expected)."""
    for client, url, headers, status in asks:
        for _ in range(20):
            assert client.get(url, headers=headers).status_code == status, url
    best = [float("inf")] * len(asks)
    for _ in range(REPEATS):
        for number, (client, url, headers, _status) in enumerate(asks):
            start = time.perf_counter()
            for _ in range(REQUESTS):
                client.get(url, headers=headers)
            best[number] = min(best[number], (time.perf_counter() - start) / REQUESTS)
    return best


def bare_hello():
    """A test client of a bare Flask app with one route answering "hello"."""
    bare = Flask("hello")
    bare.add_url_rule("/hello", "hello", lambda: "hello")
    return bare.test_client()


def rows():
    """Return (what, ms, ratio to hello, target) for the read-only game page and the revision poll."""
    with tempfile.TemporaryDirectory() as folder:
        app = create_app({"DATABASE": str(Path(folder) / "bench.db"), "SECRET_KEY": "bench"})
        record = rules.dump(rules.load(GAME.read_text()))
        with app.app_context():
            game_id, _key = store.create_game(store.get_db(), record)
        client = app.test_client()  # no edit cookie: the read-only link
        hello, page, poll = best_times([(bare_hello(), "/hello", {}, 200),
                                        (client, f"/games/{game_id}", {"Accept-Encoding": "gzip"}, 200),
                                        (client, f"/games/{game_id}/revision", {"If-None-Match": '"1"'}, 304)])
        store.close(app)
    return [("bare Flask hello app", hello, 1.0, None),
            ("read-only /games/<id>, 7 x 25, gzip", page, page / hello, 2.0),
            ("revision poll answered 304", poll, poll / hello, 1.5)]


def main():
    failed = False
    for what, seconds, ratio, target in rows():
        verdict = "" if target is None else f"target <= {target:g}: {'ok' if ratio <= target else 'MISSED'}"
        failed |= target is not None and ratio > target
        print(f"{what:<34} {seconds * 1e3:8.3f} ms  {ratio:6.2f} x hello  {verdict}")
    return 1 if failed else 0


if __name__ == "__main__":
    main()
