"""The plan of hands: the hands done, the next hand to deal, and changes to the hands still to come."""

import copy

from . import patterns
from .table import table_state
from .trump import fixed_trump
from ..said import said


def completed_hands(game):
    """Return how many planned hands are done; a missed cooperative hand does not count (003).
    Counted once for a Game (it never changes): a tap asks several times."""
    if "_completed" not in game.__dict__:
        redeal = game.rules.style.redeal_on_miss
        game.__dict__["_completed"] = sum(
            1 for hand in game.hands if hand.complete and (not redeal or hand.bids == hand.tricks)
        )
    return game.__dict__["_completed"]


def next_hand(game, out=()):
    """Return the next hand: cards, dealer and any trump the method fixes; None when the game is over.

    `out` lists the seats not dealt in. The planned size is kept, but never more than the
    deck allows for the players dealt in; the deal passes left to the next player dealt in.
    """
    plan = game.plan()
    done = completed_hands(game)
    n = len(game.players)
    if done >= len(plan) or n - len(set(out)) < 2:
        return None
    dealt_in = n - len(set(out))
    cards = min(plan[done], patterns.largest_hand(dealt_in, game.rules.decks, full_deal=True))
    dealer = game.hands[-1].dealer + 1 if game.hands else game.rules.first_dealer
    dealer = next((dealer + step) % n for step in range(n) if (dealer + step) % n not in out)
    return {
        "number": len(game.hands) + 1,
        "cards": cards,
        "dealer": dealer,
        "out": sorted(set(out)),
        "trump": fixed_trump(game.rules.trump, len(game.hands), game.full_deal(cards, dealt_in)),
    }


# cap and decks answer a plan the deck cannot deal (undealable): cap the hands still to come, or add a deck.
PLAN_CHANGES = ("insert", "resize", "skip", "cut", "cap", "decks")
MAX_DECKS = 4


def undealable(game):
    """Say whether the hands still to come are larger than the deck allows the players at the table; else None.

    Returns {"sizes": those hands, "limit": the largest hand the deck allows, "players", "decks", and
    "more_decks": the fewest decks that deal every hand, or None when even 4 do not}. A late arrival keeps the
    plan made for fewer players (deals.players), so the plan and the deals would disagree without a choice.
    """
    players = len(game.players) - len(table_state(game.record)["left"])
    decks = game.rules.decks
    limit = patterns.largest_hand(players, decks, full_deal=True)
    plan = game.plan()
    to_come = plan[completed_hands(game) :]
    larger = [size for size in to_come if size > limit]
    if not larger:
        return None
    more = next(
        (
            count
            for count in range(decks + 1, MAX_DECKS + 1)
            if patterns.largest_hand(players, count, full_deal=True) >= max(larger)
        ),
        None,
    )
    return {"sizes": to_come, "limit": limit, "players": players, "decks": decks, "more_decks": more}


def changed_deals(game, change, position=None, cards=None):
    """Return the record's new `deals` after a change to the plan of hands still to come.

    change: "insert" a hand of `cards` before plan position `position`, "resize" that hand,
    "skip" it, or "cut" the game short after the hands played. Hands already played stay
    as they were; the plan becomes a custom list (the pattern it came from is kept in
    `deals.from_pattern`). Raises ValueError saying what to fix.
    """
    plan = game.plan()
    done = completed_hands(game)
    deals = dict(game.record.get("rules", {}).get("deals") or {})
    if change == "cut":  # after the hand in play, or after the last one played
        playing = 1 if game.hands and game.hands[-1].tricks is None else 0
        if done + playing == 0:
            raise ValueError(said("no hand has been played yet: nothing to cut the game short to"))
        deals["hands"] = done + playing
        return deals
    if change in ("cap", "decks"):
        return _answer_undealable(game, change, deals, plan, done)
    if change not in PLAN_CHANGES:
        raise ValueError(
            said("unknown change %(change)s (known: %(known)s)", change=repr(change), known=", ".join(PLAN_CHANGES))
        )
    if position is None or not done <= position <= len(plan) - (change != "insert"):
        raise ValueError(
            said(
                "only hands still to come can change: choose a hand from %(first)d to %(last)d",
                first=done + 1,
                last=len(plan) + (change == "insert"),
            )
        )
    sizes = list(plan)
    if change in ("insert", "resize"):
        limit = patterns.largest_hand(len(game.players), game.rules.decks, full_deal=True)
        if not isinstance(cards, int) or not 1 <= cards <= limit:
            raise ValueError(said("a hand needs 1 to %(limit)d cards", limit=limit))
        if change == "insert":
            sizes.insert(position, cards)
        else:
            sizes[position] = cards
    else:
        if len(sizes) == 1:
            raise ValueError(said("the game's only hand cannot be skipped"))
        del sizes[position]
    deals.setdefault("from_pattern", deals.get("pattern", "down-up"))
    deals.update(pattern="custom", sizes=sizes)
    deals.pop("hands", None)
    return deals


def _answer_undealable(game, change, deals, plan, done):
    """The deals after the table's choice for a plan the deck cannot deal: more decks, or the hands capped."""
    trouble = undealable(game)
    if trouble is None:
        raise ValueError(said("the deck deals every hand still to come: nothing to change"))
    if change == "decks":
        if trouble["more_decks"] is None:
            raise ValueError(said("even %(most)d decks cannot deal these hands: cap them instead", most=MAX_DECKS))
        deals["decks"] = trouble["more_decks"]
        if patterns.PATTERNS.find(game.rules.pattern).takes_max:
            deals.setdefault("max", max(plan))  # N stays the plan's: an N left out would grow with the decks
        return deals
    deals.setdefault("from_pattern", deals.get("pattern", "down-up"))
    deals.update(pattern="custom", sizes=plan[:done] + [min(size, trouble["limit"]) for size in plan[done:]])
    deals.pop("hands", None)
    return deals


def completed_rules(record, game):
    """Return the record as it is stored at creation: the rules completed with what must not move later.

    A system scored by the game's largest hand (variable bonus) keeps the planned largest hand in
    `deals.max`, so M stays what the table was told when hands are cut or the game grows. `game` is
    the record loaded. Records stored without it keep today's reading (the largest hand recorded).
    """
    deals = (record.get("rules") or {}).get("deals") or {}
    if not game.rules.system.uses_largest_hand or deals.get("max") is not None:
        return record
    completed = copy.deepcopy(record)
    completed.setdefault("rules", {}).setdefault("deals", {})["max"] = max(game.plan())
    return completed
