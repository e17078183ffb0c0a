"""What the benchmarks share: the paths, the 7-player game, the real app on a temporary database with a bare
"hello" route to measure against, the timing loops, and printing a benchmark's rows when it runs alone."""

import sys
import tempfile
import time
import timeit
from contextlib import contextmanager
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
for folder in (ROOT, ROOT / "bench"):  # the package of this checkout, and run.py's table
    if str(folder) not in sys.path:
        sys.path.insert(0, str(folder))

from scorekeeper import create_app, store  # noqa: E402

GAME = ROOT / "tests" / "games" / "seven_players_25_hands.json"
PLAYERS = ["Ann", "Bob", "Cy", "Di", "Ed", "Flo", "Gus"]
SEVEN_BY_25 = [1, 2, 3, 4, 5, 6, 7] * 3 + [6, 5, 4, 3]  # 1 up to 7, three times, and down to 3: 25 hands


def seven_player_record():
    """A 7-player game of 25 hands, exact scoring with the hook, no hand played yet."""
    return {
        "players": list(PLAYERS),
        "rules": {"scoring": "exact", "hook": True, "deals": {"pattern": "custom", "sizes": list(SEVEN_BY_25)}},
        "hands": [],
    }


def bench_app(database):
    """The real app on a database file, with a bare /hello route: what a page's time is measured against."""
    app = create_app({"DATABASE": str(database), "SECRET_KEY": "bench"})
    app.add_url_rule("/hello", "hello", lambda: "hello")
    return app


@contextmanager
def temporary_app():
    """The app of bench_app on a database in a temporary folder, closed and removed afterwards."""
    with tempfile.TemporaryDirectory() as folder:
        app = bench_app(Path(folder) / "bench.db")
        try:
            yield app
        finally:
            store.close(app)


def bare_hello():
    """A test client of a bare Flask app whose one route answers "hello": what this app's pages cost against
    Flask itself (a route inside this app would pay this app's own hooks too)."""
    from flask import Flask

    bare = Flask("hello")
    bare.add_url_rule("/hello", "hello", lambda: "hello")
    return bare.test_client()


def best_mean_times(client, urls, requests, repeats, warmup=20, headers=None, status=200):
    """Return each url's best mean seconds per GET over `repeats` runs of `requests`, the urls taking turns
    (as timeit does, so a burst of load elsewhere hits them alike); each answers `status` while warming up."""
    return best_ask_times([(client, url, headers, status) for url in urls], requests, repeats, warmup)


def best_ask_times(asks, requests, repeats, warmup=20, clock=time.perf_counter):
    """best_mean_times for asks of their own: (client, url, headers, status expected) each; `clock` measures
    (time.process_time: this process's CPU only, where other processes' load would swing the wall clock)."""
    for client, url, headers, status in asks:
        for _ in range(warmup):
            assert client.get(url, headers=headers).status_code == status, url
    best = [float("inf")] * len(asks)
    for _ in range(repeats):
        for number, (client, url, headers, _status) in enumerate(asks):
            start = clock()
            for _ in range(requests):
                client.get(url, headers=headers)
            best[number] = min(best[number], (clock() - start) / requests)
    return best


def best_call_time(function):
    """Return the best seconds per call of function: timeit's autorange, then the least of three repeats."""
    runs, _ = timeit.Timer(function).autorange()
    return min(timeit.repeat(function, number=runs, repeat=3)) / runs


def run_alone(rows):
    """Print rows as bench/run.py's table; return 1 when a target was missed, else 0 (for sys.exit)."""
    from run import print_table

    print_table(rows)
    missed = False
    for row in rows:
        ratio, target = (row[2], row[3]) if len(row) == 4 else (row[3], row[4])
        if isinstance(target, (int, float)):
            missed |= ratio > target
        elif isinstance(ratio, float) and str(target).startswith("<="):
            missed |= ratio > float(target[2:])
        elif ratio == "MISSED":
            missed = True
    return 1 if missed else 0
