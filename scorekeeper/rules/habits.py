"""Bidding habits: how a player's bids fared, by hand size, from scored games (docs/rule-decisions.md).

Pure: `seat_habits` counts one scored game's finished hands by seat and hand size (the store keeps these
counts with each game's results, so a player's page adds up stored rows and never rescores a game);
`by_hand_size` turns a player's summed counts into the percentages the page shows.
"""

from .bidding import forbidden_bid

# What is counted for a seat in hands of one size.
FIELDS = ("hands", "made", "over", "under", "zero_bids", "zero_made", "hooked", "hook_missed", "hook_cost")


def seat_habits(scored, hook=True):
    """Return {seat: {cards: {field: count}}} over the scored game's finished hands the seat was dealt into.

    made / over / under: tricks equal to, more than, fewer than the bid. zero_bids / zero_made: bids of 0, and
    those made. As dealer where the hook forbade a bid (`hook`: the game's hook applies): hooked counts those
    hands, hook_missed those the dealer then missed, hook_cost those where the dealer missed by taking exactly
    the forbidden number (the bid the hook took away would have been made).
    """
    counts = {}
    for hand in scored["hands"]:
        if hand["scores"] is None:
            continue
        forbidden = forbidden_bid(hand["cards"], hand["dealer"], hand["bids"], hook)
        for seat, bid in enumerate(hand["bids"]):
            if bid is None or seat in hand["out"]:
                continue
            took = hand["tricks"][seat]
            row = counts.setdefault(seat, {}).setdefault(hand["cards"], dict.fromkeys(FIELDS, 0))
            row["hands"] += 1
            row["made" if took == bid else "over" if took > bid else "under"] += 1
            if bid == 0:
                row["zero_bids"] += 1
                row["zero_made"] += took == 0
            if seat == hand["dealer"] and forbidden is not None:
                row["hooked"] += 1
                row["hook_missed"] += took != bid
                row["hook_cost"] += took != bid and took == forbidden
    return counts


def _percent(part, whole):
    return round(100 * part / whole, 1) if whole else None


def by_hand_size(rows):
    """Return a player's habits from summed counts ([{cards, field: count}], any order).

    {"sizes": [{cards, hands, made_pct, over_pct, under_pct}] by hand size, and the totals of every field}."""
    sizes = sorted(rows, key=lambda row: row["cards"])
    totals = {field: sum(row[field] or 0 for row in sizes) for field in FIELDS}
    return {"sizes": [{"cards": row["cards"], "hands": row["hands"],
                       **{f"{field}_pct": _percent(row[field], row["hands"]) for field in ("made", "over", "under")}}
                      for row in sizes if row["hands"]],
            **totals}
