"""A regular's page and the player API (issue 42's speed): a club of twelve regulars (as the organiser's, as
bench_money.py's) with 5,000 finished staked games, rated, against the same with 10 games. One regular's page
`/players/<name>` and `/api/players/<name>` (each taking turns with its 10-game twin), their first view after a new
game (worked out again: for the record), and the bytes each sends at 5,000 games: the regular sat at about two
games in five, some 2,000 games.

Target: each at most 2 x its time with 10 games. Run: .venv/bin/python bench/bench_player_page.py
"""

import random
import sys
import tempfile
import time
from pathlib import Path
from urllib.parse import quote

from bench_money import game_record
from common import bench_app, best_ask_times, run_alone
from scorekeeper import store

REQUESTS = 20
REPEATS = 5
PLAYER = "Regular 0"


def club(folder, games):
    """The real app on a club of `games` finished staked games of twelve regulars, rated once."""
    app = bench_app(Path(folder) / f"player-{games}.db")
    rng = random.Random(games)
    with app.app_context():
        db = store.get_db()
        with db.atomic():
            for number in range(games):
                created = f"2026-{1 + number * 11 // games:02d}-{1 + number % 28:02d}T20:{number % 60:02d}:00"
                store.import_game(db, game_record(rng), created=created, rate=False)
        store.rebuild_ratings(db)
        played = db.execute("select games from player_summary where name = ?", [PLAYER]).fetchone()[0]
    return app, played


def first_view(app, url):
    """The best seconds of the page's first view after a new finished game (its kept answer worked out again)."""
    client, rng, best = app.test_client(), random.Random(7), float("inf")
    for _repeat in range(REPEATS):
        with app.app_context():
            store.import_game(store.get_db(), game_record(rng), created="2026-12-07T20:00:00")
        start = time.perf_counter()
        assert client.get(url).status_code == 200
        best = min(best, time.perf_counter() - start)
    return best


def rows():
    """Return this benchmark's rows for bench/run.py's table: (what, measured, against, ratio, target)."""
    with tempfile.TemporaryDirectory() as folder:
        (small, _few), (large, played) = club(folder, 10), club(folder, 5000)
        urls = [f"/players/{quote(PLAYER)}", f"/api/players/{quote(PLAYER)}"]
        asks = [(app.test_client(), url, None, 200) for url in urls for app in (small, large)]
        times = best_ask_times(asks, REQUESTS, REPEATS, warmup=3)
        first = [first_view(app, url) for url in urls for app in (small, large)]
        sizes = [len(large.test_client().get(url).data) for url in urls]
        store.close(small)
        store.close(large)
    found = []
    for number, (name, size) in enumerate(zip((f"a regular's page ({played} games)", "/api/players/<name>"), sizes)):
        found.append(
            (
                f"{name} with 5000 games / 10",
                f"{times[2 * number + 1] * 1e3:.2f} ms",
                f"{times[2 * number] * 1e3:.2f} ms",
                times[2 * number + 1] / times[2 * number],
                "<= 2",
            )
        )
        found.append(
            (
                f"{name.split(' (')[0]}: first view after a game, 5000 / 10 (for the record)",
                f"{first[2 * number + 1] * 1e3:.1f} ms",
                f"{first[2 * number] * 1e3:.1f} ms",
                first[2 * number + 1] / first[2 * number],
                "",
            )
        )
        found.append((f"{name.split(' (')[0]}: bytes with 5000 games", f"{size / 1024:.1f} KB", "", "", ""))
    return found


if __name__ == "__main__":
    sys.exit(run_alone(rows()))
