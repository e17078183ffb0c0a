"""Rescore a 25-hand, 7-player game under every system; print the time per system.

Target: far below a millisecond per system. Run: python bench/bench_engine.py
"""

import sys
import timeit
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from scorekeeper import rules  # noqa: E402

GAME = ROOT / "tests" / "games" / "seven_players_25_hands.json"


def main():
    game = rules.load(GAME.read_text())
    budget = 1e-3
    rows = []
    for system in rules.SYSTEMS:
        runs, seconds = timeit.Timer(lambda: rules.score(game, system=system)).autorange()
        best = min(timeit.repeat(lambda: rules.score(game, system=system), number=runs, repeat=3)) / runs
        rows.append((system.id, best))
    load_runs, _ = timeit.Timer(lambda: rules.load(GAME.read_text())).autorange()
    load = min(timeit.repeat(lambda: rules.load(GAME.read_text()), number=load_runs, repeat=3)) / load_runs
    print(f"rescoring a {len(game.players)}-player, {len(game.hands)}-hand game")
    print(f"{'system':<26} {'us':>8} {'of 1 ms':>8}")
    for system_id, seconds in rows:
        print(f"{system_id:<26} {seconds * 1e6:8.1f} {seconds / budget:8.2f}")
    worst = max(seconds for _, seconds in rows)
    print(f"worst system: {worst * 1e6:.1f} us = {worst / budget:.2f} of the 1 ms budget")
    print(f"load + validate the record: {load * 1e6:.1f} us")


if __name__ == "__main__":
    main()
