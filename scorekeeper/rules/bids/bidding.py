"""Bidding: turn order, the hook, announcements and blind bids.

Bids are lists by seat with None for "not bid yet"; seats run clockwise 0..n-1 and the
player left of the dealer is seat (dealer + 1) % n. `out` lists the seats not dealt in
this hand (sitting out, not arrived yet, or gone): they are skipped.
"""

from dataclasses import dataclass, fields

from ..registry import Entry, Registry
from ..said import N_, said


@dataclass(frozen=True)
class BiddingStyle(Entry):
    hook_applies: bool = True
    bids_must_sum_to_cards: bool = False
    # Every bid of a hand is entered together, on one screen.
    all_at_once: bool = False
    # A hand where anyone missed is dealt again at the same size and does not count (003).
    redeal_on_miss: bool = False
    # Its games count towards the players' ratings: a cooperative game has no winner to rank by.
    rated: bool = True


BIDDING_STYLES = Registry(
    "bidding style",
    [
        BiddingStyle(
            "sequential",
            said("In turn"),
            said("Left of the dealer first, the dealer last; the hook applies."),
            "000, 001 (Dealer), 002, 004",
            aliases=("Dealer",),
        ),
        BiddingStyle(
            "simultaneous",
            said("All at once"),
            said("Everyone declares together (fingers); no hook."),
            "001 (Everyone), 003",
            aliases=("Everyone", "fingers"),
            hook_applies=False,
            all_at_once=True,
        ),
        BiddingStyle(
            "cooperative",
            said("Cooperative"),
            said("Bids must sum to the cards; a missed hand is dealt again."),
            "003 (cooperative version)",
            hook_applies=False,
            bids_must_sum_to_cards=True,
            all_at_once=True,
            redeal_on_miss=True,
            rated=False,
        ),
    ],
)

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
    later = order[order.index(seat) + 1 :]
    return not later or bids[later[0]] is None


def forbidden_bid(cards, dealer, bids, hook=True):
    """Return the number the hook would take from the dealer, or None: the one that makes the bids sum to the
    cards; when it is out of range (the others already bid more than the cards) nothing is forbidden.

    The others' bids so far, done or not: hooked_bid asks it once they are all in (a bid's check), the habits
    and the house card of a finished or sample hand ask it directly.
    """
    if not hook:
        return None
    others = bid_so_far(bid for seat, bid in enumerate(bids) if seat != dealer)
    forbidden = cards - others
    return forbidden if 0 <= forbidden <= cards else None


def hooked_bid(cards, dealer, bids, out=(), hook=True):
    """The hook, checked here and nowhere else: the bid it forbids the dealer now, or None when the dealer is free.

    It bites once every other player dealt in has bid (the dealer's own bid, made or not, never counts), on the
    number that makes the bids add up to the cards (forbidden_bid). `hook`: the hook applies to this hand
    (hook_bites). The engine's bid, the record's load-time check and every bid screen (BidState) ask this;
    static/bidstate.js does the same offline (tests/test_bidstate_parity.py); hook_reason says it.
    """
    if any(bid is None for s, bid in enumerate(bids) if s != dealer and s not in out):
        return None
    return forbidden_bid(cards, dealer, bids, hook)


def allowed_bids(cards, seat, dealer, bids, hook=True, out=()):
    """Return the bids seat may make now: 0..cards, less the dealer's forbidden bid (hooked_bid)."""
    forbidden = hooked_bid(cards, dealer, bids, out, hook) if seat == dealer else None
    return [bid for bid in range(cards + 1) if bid != forbidden]


# What the bid screens say, by message id; the values fill the %(names)s. The offline page is sent these
# very sentences in the reader's language (text/display.py's bid_messages), so its script keeps no wording of its own.
MESSAGES = {
    "hook": N_("The dealer may not bid %(bid)s: the bids would add up to %(cards)s, the number of cards (the hook)."),
    "over": N_("over by %(by)s"),
    "under": N_("under by %(by)s"),
    "even": N_("even"),
}
# The announcement once every bid is in, large on the trump and tricks screens: "OVER by 2".
ANNOUNCEMENTS = {"over": N_("OVER by %(by)s"), "under": N_("UNDER by %(by)s"), "even": N_("EVEN")}


def say(message_id, values):
    """Say a message by its id: its sentence with the values filled in (a Said)."""
    return said(MESSAGES[message_id], **values)


def announcement_text(cards, bids):
    """The announcement in words: "OVER by 2", "UNDER by 1", "EVEN"."""
    return said(ANNOUNCEMENTS[announcement(cards, bids)], by=abs(over_under_by(cards, bids)))


# What the browser's bid scripts say, by id: the messages and the announcements ("announce_over"...).
SCRIPT_MESSAGES = MESSAGES | {f"announce_{key}": text for key, text in ANNOUNCEMENTS.items()}


def hook_reason(cards, forbidden):
    """Explain the hook to the dealer in one line."""
    return say("hook", {"bid": forbidden, "cards": cards})


def hook_bites(cards, hook=True, hook_from=1, all_at_once=False):
    """True when the hook applies to a hand of `cards`: the hook is on, the bids are made in turn (not all at once)
    and the hand has at least hook_from cards. Rules.hook_in and state_of_bids both ask this."""
    return bool(hook) and not all_at_once and cards >= hook_from


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


@dataclass(frozen=True)
class BidState:
    """Everything about whose turn it is and what they may bid, for one hand: the one source of every bid screen.

    `seat` is the seat the pad is for (the turn, or a seat changing its bid or bidding out of turn);
    `allowed` its bids; `forbidden` the bid the hook strikes out and `reason` why, as (message id, values).
    `blind`: the seat bids blind, before looking. `by` is the bids so far minus the cards (positive over), and
    `standing` says it as (message id, values); `announcement` is set once every bid is in.
    """

    cards: int
    dealer: int
    order: tuple
    bids: tuple
    turn: int | None
    may_bid: tuple
    seat: int | None
    allowed: tuple
    forbidden: int | None
    reason: tuple | None
    so_far: int
    by: int
    standing: tuple
    needed: tuple
    complete: bool
    announcement: str | None
    hook: bool
    all_at_once: bool
    blind: bool = False

    @property
    def standing_text(self):
        """The bids against the cards in words: "over by 2", "under by 1", "even"."""
        return say(self.standing[0], dict(self.standing[1]))

    @property
    def reason_text(self):
        """The reason in words, or "" when nothing is forbidden."""
        return say(self.reason[0], dict(self.reason[1])) if self.reason else ""

    def as_dict(self):
        """Return the state as plain JSON data (what the offline page is sent, and what the parity test compares)."""
        data = {}
        for field in fields(self):
            value = getattr(self, field.name)
            data[field.name] = list(value) if isinstance(value, tuple) else value
        for name in ("reason", "standing"):
            if data[name]:
                data[name] = {"id": data[name][0], "values": dict(data[name][1])}
        return data


def state_of_bids(
    cards, dealer, bids, out=(), hook=True, hook_from=1, all_at_once=False, seat=None, blind=False, tricks=None
):
    """Return the BidState of a hand from plain values (static/bidstate.js computes the same from the same names).

    hook: the hook is on for this game's bidding style; hook_from: the smallest hand it applies to.
    all_at_once: every bid is entered together (no turn, no hook). seat: the seat asking to bid (kept when it may,
    else the turn's). blind: that seat bids blind, before looking (nothing is forbidden).
    """
    bids = tuple(bids)
    order = tuple(bidding_order(dealer, len(bids), out))
    hook = hook_bites(cards, hook, hook_from, all_at_once)
    if all_at_once:
        turn = None
        open_seats = tuple(s for s in order if bids[s] is None)
    else:
        turn = next_bidder(dealer, bids, out)
        open_seats = tuple(s for s in order if may_bid(dealer, bids, s, out))
    if seat not in open_seats:
        seat, blind = turn, False
    allowed, forbidden, reason = (), None, None
    if seat is not None:
        allowed = tuple(range(cards + 1)) if blind else tuple(allowed_bids(cards, seat, dealer, bids, hook, out))
        forbidden = next((b for b in range(cards + 1) if b not in allowed), None)
        if forbidden is not None:
            reason = ("hook", (("bid", forbidden), ("cards", cards)))
    complete = all(bids[s] is not None for s in order)
    by = over_under_by(cards, bids)
    return BidState(
        cards=cards,
        dealer=dealer,
        order=order,
        bids=bids,
        turn=turn,
        may_bid=open_seats,
        seat=seat,
        allowed=allowed,
        forbidden=forbidden,
        reason=reason,
        so_far=bid_so_far(bids),
        by=by,
        standing=(announcement(cards, bids), (("by", abs(by)),) if by else ()),
        needed=tuple(tricks_needed(bids, tricks or [None] * len(bids))),
        complete=complete,
        announcement=announcement(cards, bids) if complete else None,
        hook=hook,
        all_at_once=bool(all_at_once),
        blind=bool(blind) and seat is not None,
    )


def bid_inputs(game, hand):
    """Return the plain values state_of_bids takes for a hand of a game (sent as they are to the offline page)."""
    rules = game.rules
    return {
        "cards": hand.cards,
        "dealer": hand.dealer,
        "bids": list(hand.bids),
        "out": sorted(hand.out),
        "hook": rules.hook_applies,
        "hook_from": rules.hook_from,
        "all_at_once": rules.style.all_at_once,
        "tricks": None if hand.tricks is None else list(hand.tricks),
    }


def bid_state(game, hand, seat=None, blind=False):
    """Return the BidState of a hand of a game: whose turn, what the seat may bid, the hook and why, the tally."""
    return state_of_bids(**bid_inputs(game, hand), seat=seat, blind=blind)
