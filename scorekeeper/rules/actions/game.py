"""Actions on the game as a whole: settle up another way, play again at the same table."""

import copy

from ..results import SETTLEMENTS
from ..steps import as_game
from .outcome import changed, done


def again(game):
    """Return the record of a new game at the same table, the first dealer passed left."""
    game = as_game(game)
    record = copy.deepcopy(game.record)
    record["hands"] = []
    record.setdefault("rules", {})["first_dealer"] = (game.rules.first_dealer + 1) % len(game.players)
    return done(record)


def settle_by(game, method, stake, payouts=None):
    """Settle up by `method` at `stake`; a sliding scale's `payouts`, or None for its default (1, 2, 3... stakes)."""
    game = as_game(game)
    entry = changed(SETTLEMENTS.find, method)
    record = copy.deepcopy(game.record)
    chosen = record.setdefault("rules", {})
    chosen["settlement"], chosen["stake"] = entry.id, stake
    if entry.takes_payouts and payouts:
        chosen["payouts"] = list(payouts)
    else:
        chosen.pop("payouts", None)
    return done(record, f"Settling up by {entry.name}, stake {stake:.2f}.", "settlement",
                {"settlement": entry.id, "stake": stake, "payouts": chosen.get("payouts")})
