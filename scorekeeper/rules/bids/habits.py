"""Bidding habits: how a player's bids fared, by hand size, from scored games (docs/rule-decisions.md).

Pure: `seat_habits` counts one scored game's finished hands by seat and hand size (the store keeps these
counts with each game's results, so a player's page adds up stored rows and never rescores a game);
`by_hand_size` turns a player's summed counts into the percentages the page shows.
"""

from functools import lru_cache

from .bidding import forbidden_bid, hook_bites

# What is counted for a seat in hands of one size.
FIELDS = ("hands", "made", "over", "under", "zero_bids", "zero_made", "hooked", "hook_missed", "hook_cost")


def seat_habits(scored, hook_from=1):
    """Return {seat: {cards: {field: count}}} over the scored game's finished hands the seat was dealt into.

    made / over / under: tricks equal to, more than, fewer than the bid. zero_bids / zero_made: bids of 0, and
    those made. As dealer where the hook forbade a bid (`hook_from`: the smallest hand the game's hook applies to,
    Rules.hooked_from; None when it applies to none): hooked counts those hands, hook_missed those the dealer
    then missed, hook_cost those where the dealer missed by taking exactly the forbidden number (the bid the hook
    took away would have been made).
    """
    totals = {}
    for hand in scored["hands"]:
        if hand["scores"] is not None:
            hook = hook_bites(hand["cards"], hook_from is not None, hook_from or 1)
            for key, amount in _hand_counts(
                hand["cards"], hand["dealer"], tuple(hand["bids"]), tuple(hand["tricks"]), tuple(hand["out"]), hook
            ):
                totals[key] = totals.get(key, 0) + amount
    counts = {}
    for (seat, cards, field), amount in totals.items():
        counts.setdefault(seat, {}).setdefault(cards, dict.fromkeys(FIELDS, 0))[field] = amount
    return counts


@lru_cache(maxsize=4096)
def _hand_counts(cards, dealer, bids, tricks, out, hook):
    """One finished hand's counts, ((seat, cards, field), amount) each, kept by the hand's content: every write
    of a game stores its habits again, and a tap on a long game then counts only the hand it changed."""
    found = []
    forbidden = forbidden_bid(cards, dealer, list(bids), hook)
    for seat, bid in enumerate(bids):
        if bid is None or seat in out:
            continue
        took = tricks[seat]
        fields = [("hands", 1), ("made" if took == bid else "over" if took > bid else "under", 1)]
        if bid == 0:
            fields += [("zero_bids", 1), ("zero_made", int(took == 0))]
        if seat == dealer and forbidden is not None:
            missed = took != bid
            fields += [("hooked", 1), ("hook_missed", int(missed)), ("hook_cost", int(missed and took == forbidden))]
        found += [((seat, cards, field), amount) for field, amount in fields]
    return tuple(found)


def _percent(part, whole):
    return round(100 * part / whole, 1) if whole else None


def by_hand_size(rows):
    """Return a player's habits from summed counts ([{cards, field: count}], any order).

    {"sizes": [{cards, hands, made_pct, over_pct, under_pct}] by hand size, and the totals of every field}."""
    sizes = sorted(rows, key=lambda row: row["cards"])
    totals = {field: sum(row[field] or 0 for row in sizes) for field in FIELDS}
    return {
        "sizes": [
            {
                "cards": row["cards"],
                "hands": row["hands"],
                **{f"{field}_pct": _percent(row[field], row["hands"]) for field in ("made", "over", "under")},
            }
            for row in sizes
            if row["hands"]
        ],
        **totals,
    }
