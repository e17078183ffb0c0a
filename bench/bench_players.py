"""The players' list and the home page with 1,000 stored games against the same pages with 10.

Targets: /players with 1,000 games <= 2 x with 10 (results are stored with each game, never rescored);
the home page, which pages its lists, <= 2 x as well. Run: .venv/bin/python bench/bench_players.py
"""

import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(ROOT))

from scorekeeper import create_app, store  # noqa: E402

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


def timed(client, url):
    for _ in range(5):
        assert client.get(url).status_code == 200, url
    best = float("inf")
    for _ in range(REPEATS):
        start = time.perf_counter()
        for _ in range(REQUESTS):
            client.get(url)
        best = min(best, (time.perf_counter() - start) / REQUESTS)
    return best


def measure(folder, games):
    app = create_app({"DATABASE": str(Path(folder) / f"{games}.db"), "SECRET_KEY": "bench"})
    with app.app_context():
        db = store.get_db()
        with db.atomic():
            for number in range(games):
                store.create_game(db, game_record(number))
    client = app.test_client()
    times = {url: timed(client, url) for url in ("/players", "/")}
    store.close(app)
    return times


def rows():
    """Return this benchmark's rows for bench/run.py's table: (what, measured, against, ratio, target)."""
    with tempfile.TemporaryDirectory() as folder:
        small, large = measure(folder, 10), measure(folder, 1000)
    return [(f"{url} with 1000 games / 10", f"{large[url] * 1e3:.2f} ms", f"{small[url] * 1e3:.2f} ms",
             large[url] / small[url], "<= 2") for url in ("/players", "/")]


def main():
    from run import print_table
    print_table(rows())


if __name__ == "__main__":
    main()
