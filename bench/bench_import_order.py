"""An import of 5,000 games whose dates run backwards (issue 40): each game sorts before every game already in, so
rating each as it was written replayed the club once per game (O(n^2): a 20,000-game import ran past an hour).
The import now rates the file once, after its last chunk. Prints the import's time, alone on the machine (and its
CPU time, which the machine's other load does not decide), and checks the ratings equal a full rebuild's; then the
same file in date order (the plain import). Target: 10 s each (issue 42: the organiser's 5,000 games took 58 s).

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

GAMES, TARGET = 5_000, 10.0


def export(games, backwards=True):
    """`games` finished games among 300 regulars, the newest first (played_on running backwards a day a game), or
    the oldest first."""
    rules = {"scoring": "exact", "hook": True, "deals": {"pattern": "up", "max": 2}, "stake": 0.1}
    first = datetime.date(2010, 1, 1)
    return json.dumps(
        {
            "format": "scorekeeper-games",
            "version": 1,
            "games": [
                {
                    "players": [f"Player {number % 300}", f"Player {(number + 7) % 300}", "Cy", "Di"],
                    "hands": HANDS,
                    "rules": rules,
                    "played_on": (first + datetime.timedelta(days=games - number)).isoformat(),
                    "id": f"imported{number:06d}",
                    "date": "2025-01-01",
                }
                for number in (range(games) if backwards else reversed(range(games)))
            ],
        }
    )


def measure(games=GAMES, backwards=True):
    """Return the import's seconds and CPU seconds; check its ratings against a rebuild's."""
    with temporary_app() as app, app.app_context():
        db = store.get_db()
        records = exports.parse_import(export(games, backwards))
        started, cpu = time.perf_counter(), time.process_time()
        stored, _skipped = store.import_games(db, records, created_of)
        seconds, cpu = time.perf_counter() - started, time.process_time() - cpu
        assert len(stored) == games
        rated = store.player_ratings(db)
        store.rebuild_ratings(db)
        if store.player_ratings(db) != rated:
            raise RuntimeError("the ratings of the import differ from a rebuild's")
    return seconds, cpu


def rows(games=GAMES):
    found = []
    for backwards, what in ((True, "dates backwards (rated once, then as a rebuild)"), (False, "in date order")):
        seconds, cpu = measure(games, backwards)
        found.append(
            (
                f"a {games:,}-game import, {what}",
                f"{seconds:.1f} s (CPU {cpu:.1f} s)",
                f"{TARGET:.0f} s",
                seconds / TARGET,
                "<= 1",
            )
        )
    return found


if __name__ == "__main__":
    sys.exit(run_alone(rows(int(sys.argv[1]) if len(sys.argv) > 1 else GAMES)))
