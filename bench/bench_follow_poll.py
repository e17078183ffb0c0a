"""Time a follower's poll that finds nothing new (304) against a bare Flask "hello" app, in-process.

Prints both times and the ratio; the target is a ratio of at most 1.5.
Run: .venv/bin/python bench/bench_follow_poll.py
"""

import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from bench_read import bare_hello  # noqa: E402
from bench_sheet_page import game_record  # noqa: E402
from scorekeeper import create_app, store  # noqa: E402

REQUESTS = 1000
REPEATS = 7


def best_time(client, url, headers, status):
    """Return the best mean seconds per GET of url over REPEATS runs of REQUESTS requests."""
    for _ in range(100):
        assert client.get(url, headers=headers).status_code == status
    best = float("inf")
    for _ in range(REPEATS):
        start = time.perf_counter()
        for _ in range(REQUESTS):
            client.get(url, headers=headers)
        best = min(best, (time.perf_counter() - start) / REQUESTS)
    return best


def rows():
    """The 304 poll against a bare hello route, for bench/run.py's table."""
    with tempfile.TemporaryDirectory() as folder:
        app = create_app({"DATABASE": str(Path(folder) / "bench.db"), "SECRET_KEY": "bench"})
        with app.app_context():
            game_id, _key = store.create_game(store.get_db(), game_record())
        client = app.test_client()
        poll = f"/games/{game_id}/revision"
        asks = {"If-None-Match": client.get(poll).headers["ETag"]}  # as follow.js asks
        hello = best_time(bare_hello(), "/hello", asks, 200)
        unchanged = best_time(client, poll, asks, 304)
    return [("follower's poll answered 304 (against a bare Flask app)", unchanged, unchanged / hello, 1.5)]


def main():
    from run import print_table
    found = rows()
    print_table(found)
    return 0 if found[0][2] <= 1.5 else 1


if __name__ == "__main__":
    sys.exit(main())
