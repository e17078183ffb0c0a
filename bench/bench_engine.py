"""Rescore a 25-hand, 7-player game under every system; print the time per system.

Target: far below a millisecond per system. Run: python bench/bench_engine.py
"""

import sys
import timeit
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

from scorekeeper import rules  # noqa: E402

GAME = ROOT / "tests" / "games" / "seven_players_25_hands.json"


def rows():
    """Return this benchmark's rows for bench/run.py's table: (what, measured, against, ratio, target)."""
    game = rules.load(GAME.read_text())
    budget = 1e-3
    rows = []
    for system in rules.SYSTEMS:
        runs, seconds = timeit.Timer(lambda: rules.score(game, system=system)).autorange()
        best = min(timeit.repeat(lambda: rules.score(game, system=system), number=runs, repeat=3)) / runs
        rows.append((system.id, best))
    load_runs, _ = timeit.Timer(lambda: rules.load(GAME.read_text())).autorange()
    load = min(timeit.repeat(lambda: rules.load(GAME.read_text()), number=load_runs, repeat=3)) / load_runs
    worst_id, worst = max(rows, key=lambda row: row[1])
    return [(f"rescore 7p 25h, worst system ({worst_id})", f"{worst * 1e6:.1f} us", "1 ms", worst / budget, "<= 1"),
            ("load + validate the record", f"{load * 1e6:.1f} us", "1 ms", load / budget, "")]


def main():
    from run import print_table
    print_table(rows())


if __name__ == "__main__":
    main()
