"""Time the sheet page of a 7-player, 25-hand game against a bare "hello" route, in-process.

Prints both times and the ratio; the target is a ratio of at most 3.
Run: .venv/bin/python bench/bench_sheet_page.py
"""

import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from scorekeeper import create_app, rules, store  # noqa: E402

PLAYERS = ["Ann", "Bob", "Cy", "Di", "Ed", "Flo", "Gus"]
REQUESTS = 200
REPEATS = 7


def game_record():
    """Return a finished 7-player game of 25 hands (1 up to 7 and down, twice over), hook respected."""
    record = {"players": PLAYERS, "rules": {"scoring": "exact", "hook": True,
                                            "deals": {"pattern": "custom", "sizes": [1, 2, 3, 4, 5, 6, 7] * 3
                                                      + [6, 5, 4, 3]}}, "hands": []}
    game = rules.load(record)
    while (upcoming := rules.next_hand(game)) is not None:
        cards, dealer = upcoming["cards"], upcoming["dealer"]
        bids = [None] * 7
        for seat in rules.bidding_order(dealer, 7):
            bids[seat] = rules.allowed_bids(cards, seat, dealer, bids)[(seat + cards) % 2]
        tricks = [0] * 7
        for trick in range(cards):
            tricks[(dealer + 1 + trick) % 7] += 1
        record["hands"].append({"cards": cards, "dealer": dealer, "trump": "hearts", "bids": bids,
                                "tricks": tricks})
        game = rules.load(record)
    return record


def per_request(client, url):
    """Return the mean seconds per GET of url over REQUESTS requests."""
    start = time.perf_counter()
    for _ in range(REQUESTS):
        client.get(url)
    return (time.perf_counter() - start) / REQUESTS


def best_times(client, urls):
    """Return each url's best mean over REPEATS runs, the urls taking turns (as timeit does)."""
    for url in urls:
        for _ in range(20):
            assert client.get(url).status_code == 200
    best = {url: float("inf") for url in urls}
    for _ in range(REPEATS):
        for url in urls:
            best[url] = min(best[url], per_request(client, url))
    return [best[url] for url in urls]


def rows():
    """Return this benchmark's rows for bench/run.py's table: (what, measured, against, ratio, target)."""
    with tempfile.TemporaryDirectory() as folder:
        app = create_app({"DATABASE": str(Path(folder) / "bench.db"), "SECRET_KEY": "bench"})
        app.add_url_rule("/hello", "hello", lambda: "hello")
        with app.app_context():
            game_id, edit_key = store.create_game(store.get_db(), game_record())
        client = app.test_client()
        client.get(f"/games/{game_id}/claim/{edit_key}")  # the scorekeeper's view, with its buttons
        hello, sheet = best_times(client, ["/hello", f"/games/{game_id}/sheet"])
    return [("sheet page 7p 25h / bare hello route", f"{sheet * 1e3:.3f} ms", f"{hello * 1e3:.3f} ms",
             sheet / hello, "<= 3")]


def main():
    from run import print_table
    print_table(rows())


if __name__ == "__main__":
    main()
