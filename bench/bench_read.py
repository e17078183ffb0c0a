"""Time what a follower's phone asks for, against a bare Flask "hello" app in the same process.

The baseline is a Flask app of one route, not a route inside this app: this app's own per-request work
(its hooks, its session, its headers) is part of what a follower's request costs.

The read-only link /games/<id> of the 7-player, 25-hand game (tests/games/seven_players_25_hands.json)
has a target of at most 2 x hello; the revision poll followers send every 700 ms (If-None-Match: a 304 while nothing changed) at most 1.5 x.
Run: .venv/bin/python bench/bench_read.py
"""

import sys

from common import GAME, bare_hello, best_ask_times, run_alone, temporary_app
from scorekeeper import rules, store

REQUESTS = 300
REPEATS = 7


def rows():
    """Return (what, ms, ratio to hello, target) for the read-only game page and the revision poll."""
    with temporary_app() as app:
        record = rules.dump(rules.load(GAME.read_text()))
        with app.app_context():
            game_id, _key = store.create_game(store.get_db(), record)
        client = app.test_client()  # no edit cookie: the read-only link
        hello, page, poll = best_ask_times(
            [
                (bare_hello(), "/hello", {}, 200),
                (client, f"/games/{game_id}", {"Accept-Encoding": "gzip"}, 200),
                (client, f"/games/{game_id}/revision", {"If-None-Match": '"1"'}, 304),
            ],
            REQUESTS,
            REPEATS,
        )
    return [
        ("bare Flask hello app", hello, 1.0, None),
        ("read-only /games/<id>, 7 x 25, gzip", page, page / hello, 2.0),
        ("revision poll answered 304", poll, poll / hello, 1.5),
    ]


if __name__ == "__main__":
    sys.exit(run_alone(rows()))
