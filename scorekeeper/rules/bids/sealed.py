"""Bids sealed until the reveal: with bids all at once, each player may bid from their own phone.

A sealed bid is kept outside the record (the caller stores its value); the record's hand only
names the seats that have bid, under the extra key `sealed`, so everyone sees who has bid and
undo takes a seal back like any action. The reveal puts every bid in at once (`bids_at_once`).
"""

import copy

from . import bidding
from ..actions import Outcome, WrongStep, bids_at_once, current_hand, step
from ..game.record import RecordError, load
from ..said import said


def _loaded(game):
    return load(game) if isinstance(game, dict) else game


def sealed_seats(game):
    """Return the seats of the current hand that have bid in secret and are not yet revealed."""
    game = _loaded(game)
    hand = current_hand(game)
    if hand is None:
        return []
    raw = game.record["hands"][-1]
    return [seat for seat in raw.get("sealed") or [] if hand.bids[seat] is None]


def waiting_for(game):
    """Return the seats, in bidding order, whose sealed bid the reveal still waits for."""
    game = _loaded(game)
    hand = current_hand(game)
    if hand is None or not game.rules.style.all_at_once:
        return []
    sealed = set(sealed_seats(game))
    order = bidding.bidding_order(hand.dealer, len(hand.bids), hand.out)
    return [seat for seat in order if hand.bids[seat] is None and seat not in sealed]


def seal(game, seat, amount, blind=False):
    """Mark `seat` as having bid in secret; the caller keeps `amount`. Checked as the reveal will check it."""
    game = _loaded(game)
    hand = current_hand(game)
    if hand is None or step(game) != "bids":
        raise WrongStep("hands", said("the bids are closed: this game changed on another phone"))
    path = f"hands[{len(game.hands) - 1}]"
    if not game.rules.style.all_at_once:
        raise RecordError(f"{path}.bids", said("Bids are made one at a time in this game, in bidding order."))
    if seat not in bidding.bidding_order(hand.dealer, len(hand.bids), hand.out):
        raise RecordError(f"{path}.bids[{seat}]", said("%(name)s is not dealt in this hand.", name=game.players[seat]))
    if not isinstance(amount, int) or isinstance(amount, bool) or not 0 <= amount <= hand.cards:
        raise RecordError(f"{path}.bids[{seat}]", said("A bid is 0 to %(cards)s.", cards=hand.cards))
    record = copy.deepcopy(game.record)
    raw = record["hands"][-1]
    raw["sealed"] = sorted(set(raw.get("sealed") or []) | {seat})
    return Outcome(
        record,
        load(record),
        said("%(name)s has bid.", name=game.players[seat]),
        ("sealed", {"hand": len(game.hands) - 1, "seat": seat}),
    )


def reveal(game, sealed, entered=None, blind=()):
    """Reveal the sealed bids together: `sealed` {seat: (bid, blind)} as kept, `entered` {seat: bid} typed in.

    A bid entered by the scorekeeper wins over a sealed one; a seat with neither is named.
    """
    game = _loaded(game)
    hand = current_hand(game)
    if hand is None:
        raise WrongStep("hands", said("no hand is being bid: this game changed on another phone"))
    marked = set(sealed_seats(game))
    bids = {seat: value[0] for seat, value in sealed.items() if seat in marked}
    bids.update(entered or {})
    blinds = {seat for seat, value in sealed.items() if seat in marked and value[1]} | set(blind)
    return bids_at_once(game, bids, sorted(blinds))
