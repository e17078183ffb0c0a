"""Rescore a 25-hand, 7-player game under every system; print the time per system.

Target: far below a millisecond per system. Run: python bench/bench_engine.py
"""

import sys

from common import GAME, best_call_time, run_alone
from scorekeeper import rules


def rows():
    """Return this benchmark's rows for bench/run.py's table: (what, measured, against, ratio, target)."""
    game = rules.load(GAME.read_text())
    budget = 1e-3
    rows = []
    for system in rules.SYSTEMS:
        rows.append((system.id, best_call_time(lambda: rules.score(game, system=system))))
    load = best_call_time(lambda: rules.load(GAME.read_text()))
    worst_id, worst = max(rows, key=lambda row: row[1])
    return [(f"rescore 7p 25h, worst system ({worst_id})", f"{worst * 1e6:.1f} us", "1 ms", worst / budget, "<= 1"),
            ("load + validate the record", f"{load * 1e6:.1f} us", "1 ms", load / budget, "")]


if __name__ == "__main__":
    sys.exit(run_alone(rows()))
