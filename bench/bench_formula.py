"""A house formula against the built-in system it equals, and the load-time check of a new formula.

Targets: scoring with a formula at most 3 times Montreal's time (the same rule, written in Python);
checking a new formula over every legal hand of a 25-hand, 7-player plan below 50 ms, once per
formula and plan (then cached). Run: python bench/bench_formula.py
"""

import json
import sys

from common import GAME, run_alone
from common import best_call_time as best
from scorekeeper import rules
from scorekeeper.rules.scoring import formula

MONTREAL_AS_FORMULA = {"made": "10 + 2*tricks", "over": "0"}


def rows():
    """A house formula against the same rule built in, and its first check, for bench/run.py's table."""
    game = rules.load(GAME.read_text())
    builtin = best(lambda: rules.score(game, system="montreal"))
    house = best(lambda: rules.score(game, system="formula", options=MONTREAL_AS_FORMULA))
    record = json.loads(GAME.read_text())
    record["rules"].update(
        scoring="formula", options={"made": "hand + players + bid/(cards + 1)", "over": "-(off + hand)/players"}
    )

    def first_check():
        formula._check.cache_clear()
        formula.house_rule.cache_clear()
        rules.load(record)

    check = best(first_check) - best(lambda: rules.load(GAME.read_text()))
    return [
        (
            f"formula: Montreal as a formula / built in, {len(game.players)}p {len(game.hands)}h",
            f"{house * 1e6:.0f} us",
            f"{builtin * 1e6:.0f} us",
            house / builtin,
            "<= 3",
        ),
        ("formula: first check over the whole plan", f"{check * 1e3:.1f} ms", "50 ms", check / 0.05, "<= 1"),
    ]


if __name__ == "__main__":
    sys.exit(run_alone(rows()))
