"""Time the scorekeeper's bids and tricks screens of a 7-player game with the offline screens' parts kept once per
language, scoring system and largest bid (web/offline_page.py `offline_part`), against the same screens making them
on every page, in-process (CPU time of this process).

The target: the kept screens take at most 0.8 times as long.
Run: .venv/bin/python bench/bench_hand_page.py
"""

import sys
import time

from common import best_ask_times, run_alone, seven_player_record, temporary_app
from scorekeeper import store

REQUESTS = 100
REPEATS = 7


class NeverKept(dict):
    """The parts' keep with nothing in it, ever: each page makes them afresh, as before they were kept."""

    def get(self, key, default=None):
        return default

    def __setitem__(self, key, value):
        pass


def screens(app, hands):
    """A client holding the edit key of a 7-player game at the screen `hands` leaves it on; its address."""
    record = seven_player_record()
    record["hands"] = hands
    with app.app_context():
        game_id, edit_key = store.create_game(store.get_db(), record)
    client = app.test_client()
    client.get(f"/games/{game_id}/claim/{edit_key}")
    return client, f"/games/{game_id}"


def rows():
    """Return this benchmark's rows for bench/run.py's table: (what, measured, against, ratio, target)."""
    found = []
    bids = [None] * 7
    for name, hands, screen in (
        ("bids screen", [{"cards": 1, "dealer": 0, "trump": "hearts", "bids": bids}], "/bids"),
        ("tricks screen", [{"cards": 1, "dealer": 0, "trump": "hearts", "bids": [0, 1, 0, 0, 0, 0, 1]}], "/tricks"),
    ):
        with temporary_app() as kept, temporary_app() as afresh:
            afresh.extensions["offline_parts"] = NeverKept()
            asks = [
                (client, address + screen, None, 200)
                for client, address in (screens(kept, hands), screens(afresh, hands))
            ]
            with_parts, without = best_ask_times(asks, REQUESTS, REPEATS, clock=time.process_time)
        found.append(
            (
                f"{name} 7p: offline parts kept / made on each page",
                f"{with_parts * 1e3:.3f} ms",
                f"{without * 1e3:.3f} ms",
                with_parts / without,
                "<= 0.8",
            )
        )
    return found


if __name__ == "__main__":
    sys.exit(run_alone(rows()))
