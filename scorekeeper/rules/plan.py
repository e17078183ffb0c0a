"""The plan of hands: the hands done, the next hand to deal, and changes to the hands still to come."""

import copy

from . import patterns
from .trump import fixed_trump


def completed_hands(game):
    """Return how many planned hands are done; a missed cooperative hand does not count (003)."""
    redeal = game.rules.style.redeal_on_miss
    return sum(1 for hand in game.hands if hand.complete and
               (not redeal or hand.bids == hand.tricks))


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
    return {"number": len(game.hands) + 1, "cards": cards, "dealer": dealer, "out": sorted(set(out)),
            "trump": fixed_trump(game.rules.trump, len(game.hands), game.full_deal(cards, dealt_in))}


PLAN_CHANGES = ("insert", "resize", "skip", "cut")


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
    if change == "cut":
        if done == 0:
            raise ValueError("no hand has been played yet: nothing to cut the game short to")
        deals["hands"] = done
        return deals
    if change not in PLAN_CHANGES:
        raise ValueError(f"unknown change {change!r} (known: {', '.join(PLAN_CHANGES)})")
    if position is None or not done <= position <= len(plan) - (change != "insert"):
        raise ValueError(f"only hands still to come can change: choose a hand from {done + 1} to "
                         f"{len(plan) + (change == 'insert')}")
    sizes = list(plan)
    if change in ("insert", "resize"):
        limit = patterns.largest_hand(len(game.players), game.rules.decks, full_deal=True)
        if not isinstance(cards, int) or not 1 <= cards <= limit:
            raise ValueError(f"a hand needs 1 to {limit} cards")
        if change == "insert":
            sizes.insert(position, cards)
        else:
            sizes[position] = cards
    else:
        if len(sizes) == 1:
            raise ValueError("the game's only hand cannot be skipped")
        del sizes[position]
    deals.setdefault("from_pattern", deals.get("pattern", "down-up"))
    deals.update(pattern="custom", sizes=sizes)
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
