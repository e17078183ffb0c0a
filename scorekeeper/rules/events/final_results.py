"""Final results (RULES.md): every entrant ranked by the last round reached, the final table first in its
places (the champion first), then those out after the round before it, and so on; within one round by the
place at their table, then the total, then bids made, then the lot."""

from ..ranks import standing_key


def final_results(scored_rounds, entrants, champion, lot, lowest_wins):
    """Return [{"player", "round_reached", "place"}] in the final order once there is a champion, else None."""
    if champion is None:
        return None
    reached = {}
    for rnd in scored_rounds:
        for table in rnd["tables"]:
            for seat, name in enumerate(table["seats"]):
                reached[name] = (rnd["number"], table, seat)

    def key(name):
        number, table, seat = reached[name]
        place, total, made = table["places"][seat], table["totals"][seat], table["bids_made"][seat]
        return (-number, name != champion, place, standing_key(total, lowest_wins), -made, lot[name])
    order = sorted((name for name in entrants if name in reached), key=key)
    return [{"player": name, "round_reached": reached[name][0], "place": place}
            for place, name in enumerate(order, start=1)]
