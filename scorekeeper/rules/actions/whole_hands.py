"""Hands taken whole rather than screen by screen: a finished hand appended at once (the JSON API's), and the
deals the plan makes once each hand at hand is played out (what the offline page deals without a connection)."""

import copy

from ..bids import bidding
from ..game import limits, unknown_keys
from ..game.plan import next_hand
from ..game.record import RecordError, load
from ..game.steps import WrongStep, as_game, current_hand, step, upcoming
from .hand import deal
from .outcome import done

AHEAD = 4  # the deals the offline page knows past the hand at hand: the table plays on this many without a connection


def append_hand(game, hand):
    """Append a finished hand (cards, dealer, bids, tricks... as a record holds it), checked as the record's others.

    Paths name the record's fields (`hands[3].tricks`); `WrongStep` when a hand is being played or the game is over."""
    game = as_game(game)
    where = f"hands[{len(game.hands)}]"
    if not isinstance(hand, dict):
        raise RecordError(where, "a hand must be a JSON object")
    if hand.get("tricks") is None:
        raise RecordError(f"{where}.tricks", "the hand must be finished: tricks are missing")
    try:
        unknown_keys.check_unknown(hand, "hand", where)  # bounded, as a new game's keys this app does not know are
    except limits.LimitError as error:
        raise RecordError(error.path, error.message) from None
    if current_hand(game) is not None:
        raise WrongStep("hands", "a hand is in progress on the table; finish it there first")
    if next_hand(game) is None:
        raise WrongStep("hands", "the game is over: every planned hand is recorded")
    record = dict(game.record, hands=[*game.record.get("hands", []), copy.deepcopy(hand)])
    return done(record, kind="hand", payload={"hand": len(game.hands)}, before=game)


def _played(game):
    """The game with its hand at hand finished (any bids and tricks: the plan does not look at them)."""
    record = copy.deepcopy(game.record)
    raw = record["hands"][-1]
    out = set(raw.get("out") or [])
    order = bidding.bidding_order(raw["dealer"], len(game.players), out)
    raw["bids"] = [None if s in out else 0 for s in range(len(game.players))]
    raw["tricks"] = [raw["cards"] if s == order[0] else count for s, count in enumerate(raw["bids"])]
    raw["trump"] = raw.get("trump") or "none"
    return load(record, trusted=True)


def deals_ahead(game, count=AHEAD):
    """The next `count` deals after the hand at hand (or the coming one), each as the plan goes on once the one
    before is played: dicts of number, cards, dealer, trump and who is out.

    None are known when the next deal depends on how a hand went (a missed cooperative hand is dealt again)."""
    game = as_game(game)
    if game.rules.style.redeal_on_miss:
        return []
    ahead = []
    while len(ahead) < count:
        if current_hand(game) is None:
            if step(game) != "deal" or upcoming(game) is None:
                break
            game = deal(game, None, "none").game
        game = _played(game)
        coming = upcoming(game) if step(game) == "deal" else None
        if coming is None:
            break
        ahead.append(coming)
    return ahead
