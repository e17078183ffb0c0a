"""The money between regulars (issue 42): a club of twelve regulars (as the organiser's) with 5,000 finished games
with a stake and a payment every fifty games, against the same with 10 games: /money (each person's balance, the
first page of pairs, the plan with its Paid buttons), the API's balances, the first view of /money after a new
payment (the book kept before carried forward: store/money_book.py) and after an undo (the book worked out from the
start: no target, for the record), and /money's size.

Target: each at most 2 x its time with 10 games; /money at most 40 KB. Run: .venv/bin/python bench/bench_money.py
"""

import random
import sys
import tempfile
import time
from pathlib import Path

from bench_regulars import game_record as regulars_game
from common import bench_app, best_ask_times, run_alone
from scorekeeper import store

REQUESTS = 20
REPEATS = 5
OWNER_KEY = "bench-owner-key-0123456789"
REGULARS = [f"Regular {number}" for number in range(12)]  # a club of twelve, as the organiser's


def game_record(rng):
    """bench_regulars' game, four to six of the club's twelve at the table."""
    record = regulars_game(rng)
    record["players"] = rng.sample(REGULARS, len(record["players"]))
    return record


def club(folder, games):
    """The real app on a club of `games` finished staked games, with a payment every fifty games."""
    app = bench_app(Path(folder) / f"money-{games}.db")
    app.config["OWNER_KEY"] = OWNER_KEY
    rng = random.Random(games)
    with app.app_context():
        db = store.get_db()
        with db.atomic():
            for number in range(games):
                created = f"2026-{1 + number * 11 // games:02d}-{1 + number % 28:02d}T20:{number % 60:02d}:00"
                store.import_game(db, game_record(rng), created=created, rate=False)
                if number % 50 == 49:
                    payer, payee = rng.sample(REGULARS, 2)
                    store.record_payment(db, payer, payee, rng.randint(10, 500), "EUR", created[:10])
    return app


def rows():
    """Return this benchmark's rows for bench/run.py's table: (what, measured, against, ratio, target)."""
    with tempfile.TemporaryDirectory() as folder:
        small, large = club(folder, 10), club(folder, 5000)
        bearer = {"Authorization": f"Bearer {OWNER_KEY}"}
        pages = [("/money", None), ("/api/money/balances", bearer)]
        asks = [(app.test_client(), url, headers, 200) for url, headers in pages for app in (small, large)]
        times = best_ask_times(asks, REQUESTS, REPEATS, warmup=3)
        after, undone = [], []  # a payment's first view (carried forward), an undo's (worked out from the start)
        for app in (small, large):
            client = app.test_client()
            best = {"paid": float("inf"), "undone": float("inf")}
            for _repeat in range(REPEATS):
                for kind in ("paid", "undone"):
                    with app.app_context():
                        db = store.get_db()
                        if kind == "paid":
                            payment = store.record_payment(db, REGULARS[0], REGULARS[1], 7, "EUR", "2026-12-07")
                        else:
                            store.undo_payment(db, payment)
                    start = time.perf_counter()
                    assert client.get("/money").status_code == 200
                    best[kind] = min(best[kind], time.perf_counter() - start)
            after.append(best["paid"])
            undone.append(best["undone"])
        size = len(large.test_client().get("/money").data)
        store.close(small)
        store.close(large)
    found = [
        (
            f"{name} with 5000 games / 10",
            f"{times[2 * i + 1] * 1e3:.2f} ms",
            f"{times[2 * i] * 1e3:.2f} ms",
            times[2 * i + 1] / times[2 * i],
            "<= 2",
        )
        for i, name in enumerate(("/money", "/api/money/balances"))
    ]
    return found + [
        (
            "/money after a payment, 5000 games / 10",
            f"{after[1] * 1e3:.2f} ms",
            f"{after[0] * 1e3:.2f} ms",
            after[1] / after[0],
            "<= 2",
        ),
        (
            "/money after an undo (from the start), 5000 / 10",
            f"{undone[1] * 1e3:.2f} ms",
            f"{undone[0] * 1e3:.2f} ms",
            undone[1] / undone[0],
            "",
        ),
        ("/money's bytes with 5000 games", f"{size / 1024:.1f} KB", "40 KB", size / 40960, "<= 1"),
    ]


if __name__ == "__main__":
    sys.exit(run_alone(rows()))
