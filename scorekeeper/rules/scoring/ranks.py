"""The ranks of a game: each player's place, who wins and who comes last (ties share a place)."""

# The scored game's key naming the last player where a modifier names them (RULES.md).
LOSER_KEY = "ultimate_loser"


def standing_key(total, lowest_wins, tie_break=0):
    """Return a sort key that puts the best standing first."""
    return (total if lowest_wins else -total, -tie_break)


def ranks(totals, lowest_wins=False, tie_breaks=None):
    """Return each seat's place, 1 for the best; equal standings share a place (1, 1, 3)."""
    keys = [
        standing_key(total, lowest_wins, tie_breaks[seat] if tie_breaks else 0) for seat, total in enumerate(totals)
    ]
    return [1 + sum(other < key for other in keys) for key in keys]


def in_rank_order(places):
    """Return the seats best first (seat order among equals), for standings read top to bottom."""
    return sorted(range(len(places)), key=lambda seat: (places[seat], seat))


def winners(totals, lowest_wins=False, tie_breaks=None):
    """Return the seats in first place: a tie names them all."""
    return [seat for seat, place in enumerate(ranks(totals, lowest_wins, tie_breaks)) if place == 1]


def losers(totals, lowest_wins=False, tie_breaks=None):
    """Return the seats in last place (the Ultimate Loser, 003)."""
    places = ranks(totals, lowest_wins, tie_breaks)
    return [seat for seat, place in enumerate(places) if place == max(places)]


PENALTY, BONUS = "penalty", "bonus"


def adjustment_kind(points, lowest_wins=False):
    """Say whether a hand's adjustment of points is a bonus (it helps the player to win) or a penalty."""
    return BONUS if (points < 0 if lowest_wins else points > 0) else PENALTY


def top_tie(names, totals, lowest_wins=False, tie_breaks=None, tie_break=None):
    """Return the players level on total at the top, who is first after the tie-break and the tie-break's
    values by those players ({"players", "winner", "by", "values"}); None when one total is best."""
    keys = [standing_key(total, lowest_wins) for total in totals]
    level = [seat for seat, key in enumerate(keys) if key == min(keys)]
    if len(level) < 2:
        return None
    first = winners(totals, lowest_wins, tie_breaks)
    tie = {"players": [names[seat] for seat in level], "winner": [names[seat] for seat in first]}
    if tie_breaks is not None and tie_break:
        tie.update(by=tie_break, values=[_tidy_number(tie_breaks[seat]) for seat in level])
    return tie


def _tidy_number(number):
    return int(number) if isinstance(number, float) and number.is_integer() else number
