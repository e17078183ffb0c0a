"""Corrections: a finished hand recorded again, every later hand rescored."""

import copy

from ..game.record import RecordError
from ..game.steps import as_game
from .hand import with_default_points
from ..said import said
from .outcome import done


def correct_hand(game, number, bids, tricks, trump=None, drop_penalties=(), added_penalty=None):
    """Correct finished hand `number` (1 for the first); every later hand is rescored.

    `bids` and `tricks` are by seat (a None trick count keeps the recorded one); `trump` None
    removes it; `drop_penalties` lists the indices of recorded penalties to drop.
    """
    game = as_game(game)
    if not isinstance(number, int) or not 1 <= number <= len(game.hands) or not game.hands[number - 1].complete:
        raise RecordError("hands", said("There is no finished hand %(number)s to correct.", number=number))
    n = len(game.players)
    path = f"hands[{number - 1}]"
    for name, values in (("bids", bids), ("tricks", tricks)):
        if not isinstance(values, (list, tuple)) or len(values) != n:
            raise RecordError(
                f"{path}.{name}", said("must list one number for each of the %(count)s players, by seat", count=n)
            )
    record = copy.deepcopy(game.record)
    raw = game.record["hands"][number - 1]
    new = record["hands"][number - 1]
    out = set(raw.get("out") or [])
    new["bids"] = [None if s in out else bids[s] for s in range(n)]
    new["tricks"] = [None if s in out else tricks[s] if tricks[s] is not None else raw["tricks"][s] for s in range(n)]
    if trump:
        new["trump"] = trump
    else:
        new.pop("trump", None)
    kept = [p for i, p in enumerate(raw.get("penalties") or []) if i not in set(drop_penalties)]
    added_penalty = with_default_points(added_penalty, game)
    kept += [added_penalty] if added_penalty else []
    if kept or "penalties" in new:
        new["penalties"] = kept
    return done(
        record,
        said("Hand %(number)s corrected; the totals after it are rescored.", number=number),
        "edit",
        {"hand": number - 1, "before": copy.deepcopy(raw), "after": copy.deepcopy(new)},
    )
