"""Bidding: turn order, the hook, announcements and blind bids.

Bids are lists by seat with None for "not bid yet"; seats run clockwise 0..n-1 and the
player left of the dealer is seat (dealer + 1) % n. `out` lists the seats not dealt in
this hand (sitting out, not arrived yet, or gone): they are skipped.
"""

from dataclasses import dataclass

from .registry import Entry, Registry


@dataclass(frozen=True)
class BiddingStyle(Entry):
    hook_applies: bool = True
    bids_must_sum_to_cards: bool = False
    # Every bid of a hand is entered together, on one screen.
    all_at_once: bool = False
    # A hand where anyone missed is dealt again at the same size and does not count (003).
    redeal_on_miss: bool = False


BIDDING_STYLES = Registry("bidding style", [
    BiddingStyle("sequential", "In turn", "Left of the dealer first, the dealer last; the hook applies.",
                 "000, 001 (Dealer), 002, 004", aliases=("Dealer",)),
    BiddingStyle("simultaneous", "All at once", "Everyone declares together (fingers); no hook.",
                 "001 (Everyone), 003", aliases=("Everyone", "fingers"), hook_applies=False,
                 all_at_once=True),
    BiddingStyle("cooperative", "Cooperative", "Bids must sum to the cards; a missed hand is dealt again.",
                 "003 (cooperative version)", hook_applies=False, bids_must_sum_to_cards=True,
                 all_at_once=True, redeal_on_miss=True),
])

BLIND_MARGIN = 20


def bidding_order(dealer, players, out=()):
    """Return the seats in bidding order: left of the dealer first, the dealer last."""
    seats = ((dealer + offset) % players for offset in range(1, players + 1))
    return [seat for seat in seats if seat not in out]


def bid_so_far(bids):
    """Return the sum of the bids made so far."""
    return sum(bid for bid in bids if bid is not None)


def next_bidder(dealer, bids, out=()):
    """Return the seat whose turn it is to bid, or None when everyone has bid."""
    for seat in bidding_order(dealer, len(bids), out):
        if bids[seat] is None:
            return seat
    return None


def may_bid(dealer, bids, seat, out=()):
    """True when seat may bid now: it has not bid, or it changes its bid before the next player bids (000, 002, 004)."""
    if bids[seat] is None:
        return True
    order = bidding_order(dealer, len(bids), out)
    later = order[order.index(seat) + 1:]
    return not later or bids[later[0]] is None


def forbidden_bid(cards, dealer, bids, hook=True):
    """Return the bid the hook forbids the dealer, or None when the dealer is free.

    The forbidden number makes the bids sum to the cards; when it is out of range
    (the others already bid more than the cards) nothing is forbidden.
    """
    if not hook:
        return None
    others = bid_so_far(bid for seat, bid in enumerate(bids) if seat != dealer)
    forbidden = cards - others
    return forbidden if 0 <= forbidden <= cards else None


def allowed_bids(cards, seat, dealer, bids, hook=True, out=()):
    """Return the bids seat may make now: 0..cards, less the dealer's forbidden bid.

    The hook only bites once every other player has bid; until then the dealer is free.
    """
    forbidden = None
    if seat == dealer and all(bid is not None for s, bid in enumerate(bids) if s != dealer and s not in out):
        forbidden = forbidden_bid(cards, dealer, bids, hook)
    return [bid for bid in range(cards + 1) if bid != forbidden]


def hook_reason(cards, forbidden):
    """Explain the hook to the dealer in one line."""
    return (f"The dealer may not bid {forbidden}: the bids would add up to {cards}, "
            f"the number of cards (the hook).")


def over_under_by(cards, bids):
    """Return the bids so far minus the cards: positive is over, negative under."""
    return bid_so_far(bids) - cards


def announcement(cards, bids):
    """Return 'over', 'under' or 'even' for the bids against the cards."""
    difference = over_under_by(cards, bids)
    return "over" if difference > 0 else "under" if difference < 0 else "even"


def tricks_needed(bids, tricks):
    """Return, by seat, the tricks each player still needs to make the bid (never negative)."""
    return [None if bid is None else max(bid - (took or 0), 0) for bid, took in zip(bids, tricks)]


def blind_eligible(totals_before, lowest_wins=False, margin=BLIND_MARGIN):
    """Return the seats that may bid blind: `margin` or more points behind the leader (003 Prospect)."""
    if not totals_before:
        return []
    leader = min(totals_before) if lowest_wins else max(totals_before)
    behind = [(total - leader) if lowest_wins else (leader - total) for total in totals_before]
    return [seat for seat, gap in enumerate(behind) if gap >= margin]


def dealer_blind_bid(cards, dealer, bids, blind_bid, hook=True):
    """Return the dealer's bid after a blind bid: one more when the hook forbids it (003).

    When one more would exceed the cards, the dealer goes one fewer instead.
    """
    if blind_bid != forbidden_bid(cards, dealer, bids, hook):
        return blind_bid
    return blind_bid + 1 if blind_bid < cards else blind_bid - 1


def trump_namer(dealer, bids, out=()):
    """Return the highest bidder, the first in bidding order on a tie (000, 003 Cartier)."""
    best = None
    for seat in bidding_order(dealer, len(bids), out):
        if bids[seat] is not None and (best is None or bids[seat] > bids[best]):
            best = seat
    return best
