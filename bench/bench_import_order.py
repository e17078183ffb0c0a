"""An import of 5,000 games whose dates run backwards (issue 40): each game sorts before every game already in, so
rating each as it was written replayed the club once per game (O(n^2): a 20,000-game import ran past an hour).
The import now rates the file once, after its last chunk. Prints the import's time, alone on the machine, and
checks the ratings equal a full rebuild's. Target: 15 s (a 20,000-game file within a minute).

Run: .venv/bin/python bench/bench_import_order.py [GAMES]   (make bench runs it with 5,000)
"""

import datetime
import json
import sys
import time

from bench_import_taps import HANDS
from common import run_alone, temporary_app

from scorekeeper import store
from scorekeeper.store import exports
from scorekeeper.views.transfer import created_of

GAMES, TARGET = 5_000, 15.0


def export(games):
    """`games` finished games among 300 regulars, the newest first (played_on running backwards a day a game)."""
    rules = {"scoring": "exact", "hook": True, "deals": {"pattern": "up", "max": 2}, "stake": 0.1}
    first = datetime.date(2010, 1, 1)
    return json.dumps({"format": "scorekeeper-games", "version": 1, "games": [
        {"players": [f"Player {number % 300}", f"Player {(number + 7) % 300}", "Cy", "Di"], "hands": HANDS,
         "rules": rules, "played_on": (first + datetime.timedelta(days=games - number)).isoformat(),
         "id": f"imported{number:06d}", "date": "2025-01-01"} for number in range(games)]})


def measure(games=GAMES):
    """Return the import's seconds; check its ratings against a rebuild's."""
    with temporary_app() as app, app.app_context():
        db = store.get_db()
        records = exports.parse_import(export(games))
        started = time.perf_counter()
        stored, _skipped = store.import_games(db, records, created_of)
        seconds = time.perf_counter() - started
        assert len(stored) == games
        rated = store.player_ratings(db)
        store.rebuild_ratings(db)
        if store.player_ratings(db) != rated:
            raise RuntimeError("the ratings of the import differ from a rebuild's")
    return seconds


def rows(games=GAMES):
    seconds = measure(games)
    return [(f"a {games:,}-game import, dates backwards (rated once, then as a rebuild)", f"{seconds:.1f} s",
             f"{TARGET:.0f} s", seconds / TARGET, "<= 1")]


if __name__ == "__main__":
    sys.exit(run_alone(rows(int(sys.argv[1]) if len(sys.argv) > 1 else GAMES)))
