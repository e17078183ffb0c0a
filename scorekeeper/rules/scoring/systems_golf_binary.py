"""The golf systems (negative: lowest wins), trick scoring, the binary systems and scratch: the rule book's (003)
systems where a made bid earns a flat amount (10, 8, the bid, or nothing when lowest wins) and what counts is the
miss: its tricks off, a halved total, a scratch.

One family of the scoring systems' registry (rules/scoring/systems.py gathers the families in the order people
read them), kept in a module of its own so no module of the registry outgrows the project's size bound.
"""

import math

from ..said import said
from .system_entry import Example, System, by_result, minus_d, zero


def _binary_nil(bid, took, seat, hand, options):
    if bid == 0 and hand.cards > hand.players:
        return 20 if took == 0 else -10
    return 10 if took == bid else 0


def _binary_halving(bid, took, seat, hand, options):
    if took == bid:
        return 8
    total = hand.totals_before[seat]
    return math.ceil(total / 2) - total


E = Example
S = System

GOLF_AND_BINARY = [
    S(
        id="negative",
        name=said("Negative (golf)"),
        description=said("Lowest wins. Made: 0. Missed: 1 + 2 + … for each trick off."),
        source="003",
        aliases=("Golf", "Negative scoring"),
        lowest_wins=True,
        points=by_result(zero, lambda b, t, d, c: d * (d + 1) // 2),
        examples=(E([0, 1, 4], [3, 1, 0], 4, [6, 0, 10], "003: 3 overtricks cost 1 + 2 + 3 = 6"),),
    ),
    S(
        id="simplified_negative",
        name=said("Simplified negative"),
        description=said("Lowest wins. Missed: the square of the tricks off."),
        source="003",
        lowest_wins=True,
        points=by_result(zero, lambda b, t, d, c: d * d),
        examples=(E([0, 1, 4], [3, 1, 0], 4, [9, 0, 16]),),
    ),
    S(
        id="variant_negative",
        name=said("Variant negative"),
        description=said("Lowest wins. Missed: the number of cards."),
        source="003",
        lowest_wins=True,
        points=by_result(zero, lambda b, t, d, c: c),
        examples=(E([0, 1, 4], [3, 1, 1], 5, [5, 0, 5], "003: every unsuccessful player scores 5 in a 5-trick round"),),
    ),
    S(
        id="trick",
        name=said("Trick scoring"),
        description=said("Made: the bid (a zero bid: 1/2). Missed: minus the tricks off."),
        source="003",
        points=by_result(lambda b, t, d, c: b if b else 0.5, minus_d),
        examples=(E([3, 2, 0], [2, 3, 0], 5, [-1, -1, 0.5], "003: 3 taking 2 and 2 taking 3 both lose 1"),),
    ),
    S(
        id="binary",
        name=said("Binary"),
        description=said("Made: 10. Missed: nothing."),
        source="003",
        points=by_result(lambda *_: 10, zero),
        examples=(E([3, 0, 1], [3, 1, 0], 4, [10, 0, 0]),),
    ),
    S(
        id="binary_nil",
        name=said("Binary with nil rule"),
        description=said("Made: 10. A zero bid when there are more cards than players: +20 or -10."),
        source="003",
        aliases=("Nil",),
        points=_binary_nil,
        examples=(
            E([0, 2, 1], [0, 3, 1], 4, [20, 0, 10], "4 cards, 3 players: the nil bid made scores 20"),
            E([0, 2, 1], [1, 2, 1], 4, [-10, 10, 10], "the nil bid missed costs 10"),
        ),
    ),
    S(
        id="binary_halving",
        name=said("Binary with increasing penalty"),
        description=said("Made: 8. Missed: your running total is halved, rounding up."),
        source="003",
        points=_binary_halving,
        open_ended=True,
        examples=(E([1, 0, 0], [1, 1, 0], 2, [8, -7, 8], "a total of 15 halves to 8", totals_before=[0, 15, 0]),),
    ),
    S(
        id="scratch",
        name=said("Scratch / quick"),
        description=said("A miss is a scratch. Fewest scratches wins; a tie goes to the larger sum of made bids."),
        source="003",
        aliases=("Quick", "Scratch scoring", "Blob", "Blackout"),
        lowest_wins=True,
        tie_break="made_bids",
        points=by_result(zero, lambda *_: 1),
        examples=(E([1, 0, 2], [1, 1, 1], 3, [0, 1, 1]),),
    ),
]
