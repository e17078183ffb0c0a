"""The actions a tap applies, each `apply(tap, **values)` as the registry declares it (registry.py): the values
are the body's, their types checked; what they must be in this game (a seat that exists, a legal bid) and the
stale-tap policy are checked here, the rules by the engine. Each returns the engine's outcome, or None when the game
already holds what was asked; undo is the store's (history, not the engine) and answers itself."""

from scorekeeper import rules, store
from scorekeeper.text.words import _
from scorekeeper.text import history
from .answers import answer
from .body import seat_of
from .conflicts import Conflict
from .sealed import sealed_bid


def deal(tap, cards=None, trump=None):
    return rules.actions.deal(tap.loaded, cards, trump)


def bid(tap, seat=None, bid=None, blind=None):
    loaded = tap.loaded
    seat = seat_of(tap.body, loaded)
    blind = bool(blind)
    if rules.actions.bids_all_at_once(loaded):
        return sealed_bid(loaded, seat, bid, blind)
    hand = rules.actions.current_hand(loaded)
    if hand is not None and hand.bids[seat] is not None:
        if hand.bids[seat] == bid:
            return None
        if tap.stale:
            raise Conflict(
                _(
                    "%(name)s's bid is already %(bid)s (entered on another phone); this tap said %(tapped)s.",
                    name=loaded.players[seat],
                    bid=hand.bids[seat],
                    tapped=bid,
                ),
                "bid",
            )
    return rules.actions.bid(loaded, seat, bid, blind)


def trump(tap, trump=None):
    return rules.actions.name_trump(tap.loaded, trump)


def tricks(tap, tricks=None, penalties=None):
    return rules.actions.record_tricks(tap.loaded, tricks, [dict(entry) for entry in penalties or []])


def correct(tap, number=None, bids=None, tricks=None, trump=None, drop_penalties=None, penalties=None):
    """A finished hand recorded again (rules.actions.correct_hand); only on the game as the tap saw it."""
    number = tap.hand  # `number`, when sent, is the hand (registry.read)
    if tap.stale:
        # A correction overwrites a whole hand: drawn on an older game it could undo another phone's change.
        raise Conflict(
            _(
                "A correction of hand %(number)s is made on the game as it stands, and another phone has acted since.",
                number=number,
            ),
            "number",
        )
    added = [dict(entry) for entry in penalties or []]
    return rules.actions.correct_hand(
        tap.loaded,
        number,
        bids,
        tricks,
        trump=trump,
        drop_penalties=drop_penalties or (),
        added_penalty=added[0] if added else None,
    )


def undo(tap):
    """Take back the last action (the store's history): answered at once, (status, body)."""
    if tap.stale:
        raise Conflict(_("Undo takes back the last action, and another phone has acted since."))
    loaded = tap.loaded
    _revision, undone = store.undo_action(
        tap.db, tap.game_id, tap.id, tap.game["revision"], tap.digest, tapped=tap.tapped
    )
    return 200, answer(
        tap.db, tap.game_id, history.undone_text(undone, loaded.players, loaded.rules.system.lowest_wins)
    )


def own_turn(tap):
    """A seat phone bids in its turn (or before the reveal when all bid at once); the roles let only its own bid in."""
    loaded, seat = tap.loaded, tap.seat
    hand = rules.actions.current_hand(loaded)
    if hand is None or rules.step(loaded) != "bids":
        raise Conflict(_("The bids are closed: wait for the next deal."), "seat")
    if rules.actions.bids_all_at_once(loaded):
        return
    turn = rules.bid_state(loaded, hand).turn
    if turn != seat:
        raise Conflict(
            _("It is %(turn)s's turn to bid, not %(name)s's.", turn=loaded.players[turn], name=loaded.players[seat]),
            "seat",
        )
