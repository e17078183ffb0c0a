"""The players' list and the home page with 1,000 stored games against the same pages with 10.

Targets: /players with 1,000 games <= 2 x with 10 (results are stored with each game, never rescored);
the home page, which pages its lists, <= 2 x as well. Run: .venv/bin/python bench/bench_players.py
"""

import sys
import tempfile
from pathlib import Path

from common import bench_app, best_ask_times, run_alone
from scorekeeper import store

NAMES = ["Ann", "Bob", "Cy", "Di", "Ed", "Flo", "Gus", "Hal"]
FINISHED = [
    {"cards": 1, "dealer": 0, "trump": "hearts", "bids": [1, 1, 0, 0], "tricks": [0, 1, 0, 0]},
    {"cards": 2, "dealer": 1, "trump": "spades", "bids": [1, 1, 0, 1], "tricks": [1, 0, 0, 1]},
]
REQUESTS = 50
REPEATS = 5


def game_record(number):
    """Return game `number`: four of the eight names, finished except one game in five."""
    players = [NAMES[(number + step) % len(NAMES)] for step in (0, 1, 3, 6)]
    hands = FINISHED if number % 5 else FINISHED[:1]
    return {
        "players": players,
        "rules": {
            "scoring": "exact",
            "hook": True,
            "deals": {"pattern": "up", "max": 2},
            "settlement": "pairwise",
            "stake": 1,
        },
        "hands": [dict(h) for h in hands],
    }


def stored_app(folder, games):
    """The real app on a database of `games` stored games."""
    app = bench_app(Path(folder) / f"{games}.db")
    with app.app_context():
        db = store.get_db()
        with db.atomic():
            for number in range(games):
                store.create_game(db, game_record(number))
    return app


def rows():
    """Return this benchmark's rows for bench/run.py's table: (what, measured, against, ratio, target).
    The 10-game and the 1,000-game pages take turns, so that the machine's ups and downs meet both alike."""
    urls = ("/players", "/")
    with tempfile.TemporaryDirectory() as folder:
        small, large = stored_app(folder, 10), stored_app(folder, 1000)
        asks = [(app.test_client(), url, None, 200) for url in urls for app in (small, large)]
        times = best_ask_times(asks, REQUESTS, REPEATS, warmup=5)
        store.close(small)
        store.close(large)
    return [
        (
            f"{url} with 1000 games / 10",
            f"{times[2 * i + 1] * 1e3:.2f} ms",
            f"{times[2 * i] * 1e3:.2f} ms",
            times[2 * i + 1] / times[2 * i],
            "<= 2",
        )
        for i, url in enumerate(urls)
    ]


if __name__ == "__main__":
    sys.exit(run_alone(rows()))
