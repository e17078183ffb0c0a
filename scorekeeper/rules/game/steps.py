"""The step machine: which screen the table is on, and what the hand being played is.

`step(game)` names the screen: deal, bids, trump, tricks or over. Every action checks it first;
`WrongStep` says the table is on another screen, e.g. another phone moved on.
"""

from ..bids import bidding
from . import table
from .plan import next_hand
from .record import Game, RecordError, load
from .trump import TRUMP_METHODS

STEPS = ("deal", "bids", "trump", "tricks", "over")


class WrongStep(RecordError):
    """The action belongs to another screen than the one the table is on."""


def as_game(game):
    """Return the game loaded: a `Game` as it is, a record dict through `load`."""
    return game if isinstance(game, Game) else load(game)


def current_hand(game):
    """Return the hand being played (tricks missing), or None."""
    game = as_game(game)
    return game.hands[-1] if game.hands and not game.hands[-1].complete else None


def asks_trump_after_bids(game):
    """True when the trump is named after the bids (its method says so)."""
    return TRUMP_METHODS.find(as_game(game).rules.trump).asked_after_bids


def bids_all_at_once(game):
    """True when every bid of a hand is entered together (simultaneous or cooperative bidding)."""
    return as_game(game).rules.style.all_at_once


def step(game):
    """Return the screen the table is on: deal, bids, trump, tricks or over."""
    game = as_game(game)
    hand = current_hand(game)
    if hand is None:
        return "deal" if next_hand(game) else "over"
    if bidding.next_bidder(hand.dealer, hand.bids, hand.out) is not None:
        return "bids"
    if hand.trump is None and asks_trump_after_bids(game):
        return "trump"
    return "tricks"


def upcoming(game):
    """Return the next hand as the table stands (who is out, the cards, the dealer), or None."""
    game = as_game(game)
    return next_hand(game, out=table.out_for_next_hand(game.record))


def require_step(game, name):
    """Refuse an action of screen `name` when the table is on another."""
    now = step(game)
    if now != name:
        raise WrongStep("hands", f"the table is at {now}, not {name}: this game changed on another phone")


def hand_path(game):
    """The record path of the hand being played, for refusals."""
    return f"hands[{len(game.hands) - 1}]"
