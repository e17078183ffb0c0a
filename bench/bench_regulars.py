"""The regulars (issue 27): a club of 5,000 finished games and 60 regulars against the same pages with 10 games.

Targets: /players and a season's page with 5,000 games <= 2 x with 10 (ratings are kept as games finish; a
season's table is kept per results revision); one finished game's rating update < 5 ms; a full rebuild of the
ratings of 5,000 games < 10 s. Run: .venv/bin/python bench/bench_regulars.py
"""

import random
import statistics
import sys
import tempfile
import time
from pathlib import Path

from common import bench_app, best_ask_times, run_alone
from scorekeeper import rules, store
from scorekeeper.store.db import now
from scorekeeper.store.ratings import game_entry, keep_ratings

REGULARS = [f"Regular {number}" for number in range(60)]
REQUESTS = 30
REPEATS = 5


def game_record(rng, finished=True):
    """Four to six regulars, 1 card then 2, random bids and tricks (no hook), staked in euros."""
    players = rng.sample(REGULARS, rng.randint(4, 6))
    hands = []
    for cards, dealer in ((1, 0), (2, 1))[: 2 if finished else 1]:
        tricks = [0] * len(players)
        for _trick in range(cards):
            tricks[rng.randrange(len(players))] += 1
        hands.append(
            {
                "cards": cards,
                "dealer": dealer,
                "trump": "hearts",
                "tricks": tricks,
                "bids": [rng.randint(0, cards) for _seat in players],
            }
        )
    return {
        "players": players,
        "hands": hands,
        "rules": {
            "scoring": "exact",
            "hook": False,
            "deals": {"pattern": "up", "max": 2},
            "settlement": "pairwise",
            "stake": 0.1,
            "currency": "EUR",
        },
    }


def club(folder, games):
    """The real app on a club of `games` finished games (imported, then rated once), with a season over all."""
    app = bench_app(Path(folder) / f"{games}.db")
    rng = random.Random(games)
    with app.app_context():
        db = store.get_db()
        with db.atomic():
            for number in range(games):
                store.import_game(
                    db, game_record(rng), created=f"2026-{1 + number * 11 // games:02d}-01T20:00:00", rate=False
                )
        start = time.perf_counter()
        store.rebuild_ratings(db)
        rebuild = time.perf_counter() - start
        season = store.create_season(db, "All year", "2026-01-01", "2026-12-31")
    return app, season, rebuild


def update_times(app, count=30):
    """Seconds of each finished game's rating update (the newest game: rated alone)."""
    rng, times = random.Random(1), []
    with app.app_context():
        db = store.get_db()
        for _number in range(count):
            game_id, _key = store.create_game(db, game_record(rng, finished=False))
            game = rules.load(game_record(rng))
            scored = rules.score(game)
            with db.atomic():
                start = time.perf_counter()
                keep_ratings(db, game_id, game_entry(game, scored, "finished"), now())
                times.append(time.perf_counter() - start)
    return times


def rows():
    """Return this benchmark's rows for bench/run.py's table: (what, measured, against, ratio, target)."""
    with tempfile.TemporaryDirectory() as folder:
        (small, small_season, _quick), (large, large_season, rebuild) = club(folder, 10), club(folder, 5000)
        pages = [("/players", "/players"), (f"/seasons/{small_season}", f"/seasons/{large_season}")]
        asks = [
            (app.test_client(), urls[index], None, 200) for urls in pages for index, app in enumerate((small, large))
        ]
        times = best_ask_times(asks, REQUESTS, REPEATS, warmup=3)
        update = statistics.median(update_times(large))
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
        for i, name in enumerate(("/players", "a season's page"))
    ]
    return found + [
        ("a finished game's rating update", f"{update * 1e3:.2f} ms", "5 ms", update / 0.005, "<= 1"),
        ("full rebuild of 5000 games' ratings", f"{rebuild:.2f} s", "10 s", rebuild / 10, "<= 1"),
    ]


if __name__ == "__main__":
    sys.exit(run_alone(rows()))
