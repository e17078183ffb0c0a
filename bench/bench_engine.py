"""Rescore a 25-hand, 7-player game under every system; print the time per system. Load its record after its
last hand knowing the game before it (`rules.load(record, known=game)`, as an action does) against from scratch.

Target: far below a millisecond per system. Run: python bench/bench_engine.py
"""

import json
import sys

from common import GAME, best_call_time, run_alone
from scorekeeper import rules


def rows():
    """Return this benchmark's rows for bench/run.py's table: (what, measured, against, ratio, target)."""
    game = rules.load(GAME.read_text())
    budget = 1e-3
    rows = []
    for system in rules.SYSTEMS:
        rows.append((system.id, best_call_time(lambda system=system: rules.score(game, system=system))))
    load = best_call_time(lambda: rules.load(GAME.read_text()))
    record = json.loads(GAME.read_text())
    before = rules.load(dict(record, hands=record["hands"][:-1]))
    knowing = best_call_time(lambda: rules.load(record, known=before))
    scratch = best_call_time(lambda: rules.load(record))
    worst_id, worst = max(rows, key=lambda row: row[1])
    return [
        (f"rescore 7p 25h, worst system ({worst_id})", f"{worst * 1e6:.1f} us", "1 ms", worst / budget, "<= 1"),
        ("load + validate the record", f"{load * 1e6:.1f} us", "1 ms", load / budget, ""),
        (
            "load after the last hand, knowing the game before / from scratch",
            f"{knowing * 1e6:.1f} us",
            f"{scratch * 1e6:.1f} us",
            knowing / scratch,
            "",
        ),
    ]


if __name__ == "__main__":
    sys.exit(run_alone(rows()))
