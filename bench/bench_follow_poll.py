"""Time a follower's poll that finds nothing new (304) against a bare Flask "hello" app, in-process.

Prints both times and the ratio; the target is a ratio of at most 1.5.
Run: .venv/bin/python bench/bench_follow_poll.py
"""

import sys

from bench_sheet_page import game_record
from common import bare_hello, best_mean_times, run_alone, temporary_app
from scorekeeper import store

REQUESTS = 1000
REPEATS = 7


def best_time(client, url, headers, status):
    """Return the best mean seconds per GET of url over REPEATS runs of REQUESTS requests."""
    return best_mean_times(client, [url], REQUESTS, REPEATS, warmup=100, headers=headers, status=status)[0]


def rows():
    """The 304 poll against a bare hello route, for bench/run.py's table."""
    with temporary_app() as app:
        with app.app_context():
            game_id, _key = store.create_game(store.get_db(), game_record())
        client = app.test_client()
        poll = f"/games/{game_id}/revision"
        asks = {"If-None-Match": client.get(poll).headers["ETag"]}  # as follow.js asks
        hello = best_time(bare_hello(), "/hello", asks, 200)
        unchanged = best_time(client, poll, asks, 304)
    return [("follower's poll answered 304 (against a bare Flask app)", unchanged, unchanged / hello, 1.5)]


if __name__ == "__main__":
    sys.exit(run_alone(rows()))
