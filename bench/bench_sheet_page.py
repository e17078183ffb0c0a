"""Time the sheet page of a 7-player, 25-hand game against a bare "hello" route, in-process.

Prints both times and the ratio; the target is a ratio of at most 3.
Run: .venv/bin/python bench/bench_sheet_page.py
"""

import sys

from common import best_mean_times, run_alone, seven_player_record, temporary_app
from scorekeeper import rules, store

REQUESTS = 200
REPEATS = 7


def game_record():
    """Return a finished 7-player game of 25 hands (1 up to 7 and down, twice over), hook respected."""
    record = seven_player_record()
    game = rules.load(record)
    while (upcoming := rules.next_hand(game)) is not None:
        cards, dealer = upcoming["cards"], upcoming["dealer"]
        bids = [None] * 7
        for seat in rules.bidding_order(dealer, 7):
            bids[seat] = rules.allowed_bids(cards, seat, dealer, bids)[(seat + cards) % 2]
        tricks = [0] * 7
        for trick in range(cards):
            tricks[(dealer + 1 + trick) % 7] += 1
        record["hands"].append({"cards": cards, "dealer": dealer, "trump": "hearts", "bids": bids, "tricks": tricks})
        game = rules.load(record)
    return record


def rows():
    """Return this benchmark's rows for bench/run.py's table: (what, measured, against, ratio, target)."""
    with temporary_app() as app:
        with app.app_context():
            game_id, edit_key = store.create_game(store.get_db(), game_record())
        client = app.test_client()
        client.get(f"/games/{game_id}/claim/{edit_key}")  # the scorekeeper's view, with its buttons
        hello, sheet = best_mean_times(client, ["/hello", f"/games/{game_id}/sheet"], REQUESTS, REPEATS)
    return [
        (
            "sheet page 7p 25h / bare hello route",
            f"{sheet * 1e3:.3f} ms",
            f"{hello * 1e3:.3f} ms",
            sheet / hello,
            "<= 3",
        )
    ]


if __name__ == "__main__":
    sys.exit(run_alone(rows()))
