"""The room's taps while a large import runs (issue 23, section 5): one 20,000-game import, all or nothing,
and meanwhile a scorekeeper at each of 20 other tables tapping through the actions API (a deal, then its undo,
over and over, with 50 ms between a table's taps). Prints the taps' p50 and p99 during the import, and the
import's own time. Target: tap p99 <= 300 ms (one transaction for the whole file made taps wait up to 30 s).

Run: .venv/bin/python bench/bench_import_taps.py [GAMES]   (make bench runs it with 20,000)
"""

import json
import statistics
import sys
import threading
import time

from common import run_alone, temporary_app

from scorekeeper.store import exports
from scorekeeper import store
from scorekeeper.views.transfer import created_of

GAMES, TABLES, PAUSE, TARGET = 20_000, 20, 0.05, 0.300
HANDS = [
    {"cards": 1, "dealer": 0, "trump": "hearts", "bids": [1, 1, 0, 0], "tricks": [0, 1, 0, 0]},
    {"cards": 2, "dealer": 1, "trump": "spades", "bids": [1, 1, 0, 1], "tricks": [1, 0, 0, 1]},
]


def export(games):
    """An export of `games` short games, as a club's years of evenings would be: every six one evening."""
    rules = {"scoring": "exact", "hook": True, "deals": {"pattern": "up", "max": 2}}
    return json.dumps(
        {
            "format": "scorekeeper-games",
            "version": 1,
            "games": [
                {
                    "players": [f"Player {number % 300}", f"Player {(number + 7) % 300}", "Cy", "Di"],
                    "rules": rules,
                    "hands": HANDS[: 1 + number % 2],
                    "id": f"imported{number:06d}",
                    "evening": f"evening{number // 6:05d}",
                    "date": "2025-01-01",
                }
                for number in range(games)
            ],
        }
    )


def tables(app):
    """Start TABLES games of 7 hands; return [(game id, edit key)]."""
    client, made = app.test_client(), []
    for table in range(TABLES):
        game = {
            "players": [f"T{table} Ann", "Bob", "Cy", "Di"],
            "rules": {"scoring": "exact", "hook": True, "deals": {"pattern": "up", "max": 7}},
            "hands": [],
        }
        body = client.post("/api/games", json=game).get_json()
        made.append((body["id"], body["edit_key"]))
    return made


def tap_until(app, made, done):
    """Tap at every table in turn (deal, undo, ...) until done is set; return each tap's seconds."""
    client, taken, revisions, number = app.test_client(), [], {game_id: 1 for game_id, _key in made}, 0
    while not done.is_set():
        for game_id, key in made:
            number += 1
            action = {"action": "deal", "trump": "hearts"} if revisions[game_id] % 2 else {"action": "undo"}
            started = time.perf_counter()
            answer = client.post(
                f"/api/games/{game_id}/actions",
                headers={"Authorization": f"Bearer {key}"},
                json={"id": f"tap{number}", "revision": revisions[game_id], **action},
            )
            taken.append(time.perf_counter() - started)
            if answer.status_code != 200:
                raise RuntimeError(f"a tap was refused: {answer.status_code} {answer.get_data(as_text=True)}")
            revisions[game_id] = answer.get_json()["revision"]
            time.sleep(PAUSE / TABLES)
    return taken


def measure(games=GAMES):
    """Return (tap p50, tap p99, taps, import seconds) with the import of `games` games running meanwhile."""
    with temporary_app() as app:
        made = tables(app)
        records = exports.parse_import(export(games))  # read and checked before anything is stored, as /import does
        done, spent = threading.Event(), {}

        def run_import():
            with app.app_context():
                started = time.perf_counter()
                try:
                    stored, _skipped = store.import_games(store.get_db(), records, created_of)
                    assert len(stored) == games
                finally:
                    spent["import"] = time.perf_counter() - started
                    done.set()

        importer = threading.Thread(target=run_import)
        importer.start()
        taken = tap_until(app, made, done)
        importer.join()
    cuts = statistics.quantiles(taken, n=100)
    return cuts[49], cuts[98], len(taken), spent["import"]


def rows(games=GAMES):
    p50, p99, taps, seconds = measure(games)
    what = f"tap during a {games:,}-game import ({taps} taps, import {seconds:.0f} s)"
    return [
        (f"{what}: p50", f"{p50 * 1e3:.0f} ms", f"{TARGET * 1e3:.0f} ms", p50 / TARGET, "<= 1"),
        (f"{what}: p99", f"{p99 * 1e3:.0f} ms", f"{TARGET * 1e3:.0f} ms", p99 / TARGET, "<= 1"),
    ]


if __name__ == "__main__":
    sys.exit(run_alone(rows(int(sys.argv[1]) if len(sys.argv) > 1 else GAMES)))
