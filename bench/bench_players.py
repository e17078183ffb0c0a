"""The players' list and the home page with 1,000 stored games against the same pages with 10.

Targets: /players with 1,000 games <= 2 x with 10 (results are stored with each game, never rescored);
the home page, which pages its lists, <= 2 x as well. Run: .venv/bin/python bench/bench_players.py
"""

import sys
import tempfile
from pathlib import Path

from common import bench_app, best_mean_times, run_alone
from scorekeeper import store

NAMES = ["Ann", "Bob", "Cy", "Di", "Ed", "Flo", "Gus", "Hal"]
FINISHED = [{"cards": 1, "dealer": 0, "trump": "hearts", "bids": [1, 1, 0, 0], "tricks": [0, 1, 0, 0]},
            {"cards": 2, "dealer": 1, "trump": "spades", "bids": [1, 1, 0, 1], "tricks": [1, 0, 0, 1]}]
REQUESTS = 50
REPEATS = 5


def game_record(number):
    """Return game `number`: four of the eight names, finished except one game in five."""
    players = [NAMES[(number + step) % len(NAMES)] for step in (0, 1, 3, 6)]
    hands = FINISHED if number % 5 else FINISHED[:1]
    return {"players": players, "rules": {"scoring": "exact", "hook": True, "deals": {"pattern": "up", "max": 2},
                                          "settlement": "pairwise", "stake": 1}, "hands": [dict(h) for h in hands]}


def measure(folder, games):
    app = bench_app(Path(folder) / f"{games}.db")
    with app.app_context():
        db = store.get_db()
        with db.atomic():
            for number in range(games):
                store.create_game(db, game_record(number))
    client = app.test_client()
    times = {url: best_mean_times(client, [url], REQUESTS, REPEATS, warmup=5)[0] for url in ("/players", "/")}
    store.close(app)
    return times


def rows():
    """Return this benchmark's rows for bench/run.py's table: (what, measured, against, ratio, target)."""
    with tempfile.TemporaryDirectory() as folder:
        small, large = measure(folder, 10), measure(folder, 1000)
    return [(f"{url} with 1000 games / 10", f"{large[url] * 1e3:.2f} ms", f"{small[url] * 1e3:.2f} ms",
             large[url] / small[url], "<= 2") for url in ("/players", "/")]


if __name__ == "__main__":
    sys.exit(run_alone(rows()))
