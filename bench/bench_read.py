"""Time what a follower's phone asks for, against a bare "hello" route in the same process.

The read-only link /games/<id> of the 7-player, 25-hand game (tests/games/seven_players_25_hands.json)
has a target of at most 2 x hello; the revision poll followers send every few seconds at most 1.5 x.
Run: .venv/bin/python bench/bench_read.py
"""

import sys

from common import GAME, best_mean_times, run_alone, temporary_app
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
        hello, page, poll = best_mean_times(client, ["/hello", f"/games/{game_id}", f"/games/{game_id}/revision"],
                                            REQUESTS, REPEATS)
    return [("hello route", hello, 1.0, None),
            ("read-only /games/<id>, 7 x 25", page, page / hello, 2.0),
            ("revision poll", poll, poll / hello, 1.5)]


if __name__ == "__main__":
    sys.exit(run_alone(rows()))
