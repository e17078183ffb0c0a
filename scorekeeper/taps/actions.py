"""Which engine action a tap names, and its values read from the body: the engine's outcome, or None when the
game already holds what was asked. Undo is the store's (history, not the engine): scorekeeper/taps/__init__.py."""

from scorekeeper import rules
from scorekeeper.text.words import _
from .body import need, optional, penalties, seat_of, whole
from .conflicts import Conflict
from .sealed import reveal, sealed_bid


def deal(tap):
    cards = optional(tap.body, "cards", whole, "a whole number of cards")
    trump = optional(tap.body, "trump", lambda v: v in rules.TRUMPS, "one of " + ", ".join(rules.TRUMPS))
    return rules.actions.deal(tap.loaded, cards, trump)


def bid(tap):
    body, loaded = tap.body, tap.loaded
    seat = seat_of(body, loaded)
    amount = need(body, "bid", whole, "a whole number")
    blind = bool(body.get("blind"))
    if rules.actions.bids_all_at_once(loaded):
        return sealed_bid(loaded, seat, amount, blind)
    hand = rules.actions.current_hand(loaded)
    if hand is not None and hand.bids[seat] is not None:
        if hand.bids[seat] == amount:
            return None
        if tap.stale:
            raise Conflict(_("%(name)s's bid is already %(bid)s (entered on another phone); this tap said "
                             "%(tapped)s.", name=loaded.players[seat], bid=hand.bids[seat], tapped=amount), "bid")
    return rules.actions.bid(loaded, seat, amount, blind)


def trump(tap):
    named = need(tap.body, "trump", lambda v: v in rules.TRUMPS, "one of " + ", ".join(rules.TRUMPS))
    return rules.actions.name_trump(tap.loaded, named)


def tricks(tap):
    body = tap.body
    took = need(body, "tricks", lambda v: isinstance(v, list) and all(t is None or whole(t) for t in v),
                "a list of trick counts by seat (null: as bid)")
    return rules.actions.record_tricks(tap.loaded, took, penalties(body))


def correct(tap):
    """A finished hand recorded again (rules.actions.correct_hand); only on the game as the tap saw it."""
    body = tap.body
    number = body.get("number", tap.hand)
    counts = lambda v: isinstance(v, list) and all(c is None or whole(c) for c in v)  # noqa: E731
    bids = need(body, "bids", counts, "a list of bids by seat")
    took = need(body, "tricks", counts, "a list of trick counts by seat (null: as recorded)")
    named = optional(body, "trump", lambda v: v in rules.TRUMPS, "one of " + ", ".join(rules.TRUMPS))
    dropped = optional(body, "drop_penalties", lambda v: isinstance(v, list) and all(whole(i) for i in v),
                       "a list of the recorded penalties' indices to drop")
    if tap.stale:
        # A correction overwrites a whole hand: drawn on an older game it could undo another phone's change.
        raise Conflict(_("A correction of hand %(number)s is made on the game as it stands, and another phone "
                         "has acted since.", number=number), "number")
    added = penalties(body)
    return rules.actions.correct_hand(tap.loaded, number, bids, took, trump=named, drop_penalties=dropped or (),
                                      added_penalty=added[0] if added else None)


# The actions the engine applies, by the name a client sends.
ENGINE_ACTIONS = {"deal": deal, "bid": bid, "trump": trump, "tricks": tricks, "reveal": reveal, "correct": correct}


def worked_out(tap):
    """The engine's outcome of an action other than undo on the game the tap meets (None: the game holds what was
    asked already)."""
    if tap.seat is not None:
        own_turn(tap)
    return ENGINE_ACTIONS[tap.action](tap)


def own_turn(tap):
    """A seat phone bids in its turn (or before the reveal when all bid at once); roles.py let only its own bid in."""
    loaded, seat = tap.loaded, tap.seat
    hand = rules.actions.current_hand(loaded)
    if hand is None or rules.step(loaded) != "bids":
        raise Conflict(_("The bids are closed: wait for the next deal."), "seat")
    if rules.actions.bids_all_at_once(loaded):
        return
    turn = rules.bid_state(loaded, hand).turn
    if turn != seat:
        raise Conflict(_("It is %(turn)s's turn to bid, not %(name)s's.", turn=loaded.players[turn],
                         name=loaded.players[seat]), "seat")
