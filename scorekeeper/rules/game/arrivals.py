"""Late arrivals on the sheet: from which hand each newcomer plays, and what their column shows before it."""

from .table import table_state


def newcomer_starts(game):
    """Return {seat: (hand index, starting total)} for each late arrival: the index of the first hand they play
    (or of the next deal, while they wait for it)."""
    starts = {seat: (index, total) for index, hand in enumerate(game.hands) for seat, total in hand.joins}
    for join in table_state(game.record)["joining"]:
        starts.setdefault(join["seat"], (len(game.hands), join["total"]))
    return starts


def before_arrival(starts, index, seat):
    """Return None when seat has arrived by hand `index`; else their starting total on the last hand before
    they play, and "" on earlier ones (no running total yet)."""
    if seat not in starts or index >= starts[seat][0]:
        return None
    return starts[seat][1] if index == starts[seat][0] - 1 else ""
