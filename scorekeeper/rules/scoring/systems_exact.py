"""The exact and basic systems and the rule book's (003) variations on them: a made bid scores 10 (or 5) plus the
bid or the tricks, and a miss scores nothing, the tricks, or a penalty. Highest wins in every one.

One family of the scoring systems' registry (rules/scoring/systems.py gathers the families in the order people
read them), kept in a module of its own so no module of the registry outgrows the project's size bound.
"""

from ..registry import Option
from ..said import said
from .system_entry import Example, System, by_result, tricks_taken, zero


def _ten_times(bid, took, seat, hand, options):
    if options["zero_five"] and bid == 0:
        return 5 if took == 0 else -5
    if took == bid:
        return 10 * bid
    return -10 * bid if options["penalty"] else 0


def _double_whammy(bid, took, seat, hand, options):
    if took != bid:
        return took
    if hand.number < options["from_hand"]:
        return took + 10
    return 10 if bid == 0 else 15 if bid == 1 else 11 * bid


def _reduced_zero(bid, took, seat, hand, options):
    if took == bid:
        return 5 if bid == 0 else 10 + bid
    return took if options["base"] == "basic" else 0


E = Example
S = System

EXACT_AND_BASIC = [
    S(
        id="exact",
        name=said("Exact"),
        description=said("Made: 10 + bid. Missed: nothing."),
        source="002, 003, 004",
        aliases=("Exact scoring", "Standard", "Prospect", "Big-D", "pagat"),
        points=by_result(lambda b, t, d, c: 10 + b, zero),
        examples=(E([2, 0, 1], [2, 1, 0], 3, [12, 0, 0], "002: 10 plus the bid; a miss scores nothing"),),
    ),
    S(
        id="basic",
        name=said("Basic"),
        description=said("1 a trick, and 10 more for a made bid."),
        source="003, 001 (Tricks)",
        aliases=("Tricks", "Basic scoring"),
        points=by_result(lambda b, t, d, c: t + 10, tricks_taken),
        examples=(E([2, 1, 1], [2, 0, 1], 3, [12, 0, 11]),),
    ),
    S(
        id="basic5",
        name=said("Variant basic"),
        description=said("1 a trick, and 5 more for a made bid."),
        source="003",
        aliases=("Variant basic scoring",),
        points=by_result(lambda b, t, d, c: t + 5, tricks_taken),
        examples=(E([2, 1, 1], [2, 0, 1], 3, [7, 0, 6]),),
    ),
    S(
        id="exact_penalty",
        name=said("Exact with penalty"),
        description=said("Made: 10 + bid. Missed: minus the bid."),
        source="003 (Hassenpfeffer)",
        aliases=("Hassenpfeffer",),
        points=by_result(lambda b, t, d, c: 10 + b, lambda b, t, d, c: -b),
        examples=(E([3, 0, 1], [1, 1, 1], 3, [-3, 0, 11], "003: missing a 3 bid scores -3, missing a zero bid 0"),),
    ),
    S(
        id="ten_times",
        name=said("10 times exact"),
        description=said("Made: 10 x bid. Missed: nothing."),
        source="003",
        aliases=("10 times exact scoring",),
        options=(
            Option("penalty", bool, False, said("a missed bid scores -10 x bid"), label=said("penalty")),
            Option("zero_five", bool, False, said("a zero bid scores +5 made, -5 missed"), label=said("zero bid ±5")),
        ),
        points=_ten_times,
        examples=(
            E([4, 0, 0], [4, 0, 0], 4, [40, 0, 0], "003: a bid of 4 made is worth 40"),
            E(
                [4, 0, 1],
                [2, 1, 1],
                4,
                [-40, -5, 10],
                "003: -40 for the missed 4, -5 for a lost zero",
                options={"penalty": True, "zero_five": True},
            ),
        ),
    ),
    S(
        id="double_whammy",
        name=said("Double whammy"),
        description=said("As basic, but a made 1 is 15, a made 2 is 22, then 11 a trick."),
        source="003",
        options=(Option("from_hand", int, 1, said("play basic before this hand number"), label=said("from hand")),),
        points=_double_whammy,
        examples=(
            E([1, 2, 3, 4], [1, 2, 3, 4], 10, [15, 22, 33, 44], "003: 15, 22, then multiples of 11"),
            E([1, 0, 0], [1, 0, 0], 1, [11, 10, 10], "before hand 2 it is basic", options={"from_hand": 2}),
        ),
    ),
    S(
        id="penalty_under_zero_over",
        name=said("Penalty under, zero over"),
        description=said("Made: 10 + bid. Over: nothing. Under: minus the bid."),
        source="003",
        points=by_result(lambda b, t, d, c: 10 + b, zero, lambda b, t, d, c: -b),
        examples=(E([3, 0, 2], [1, 2, 0], 3, [-3, 0, -2]),),
    ),
    S(
        id="cypriot",
        name=said("Exact with penalty, multiples of 5"),
        description=said("Made: 10 + 5 x bid. Missed: -5 x bid (a zero bid: -10)."),
        source="003 (Cypriot)",
        aliases=("Cypriot", "Biskauer"),
        points=by_result(lambda b, t, d, c: 10 + 5 * b, lambda b, t, d, c: -5 * b if b else -10),
        examples=(E([3, 0, 5], [1, 1, 5], 7, [-15, -10, 35], "003: -15, -10, and 35 for a made 5"),),
    ),
    S(
        id="set_penalty",
        name=said("Exact with set penalty"),
        description=said("Made: 10 + bid. Over: 1 a trick. Under: -10."),
        source="003",
        points=by_result(lambda b, t, d, c: 10 + b, tricks_taken, lambda b, t, d, c: -10),
        examples=(E([4, 4, 4], [4, 5, 3], 12, [14, 5, -10], "003: bid 4 and take 4, 5, 3"),),
    ),
    S(
        id="progressive_penalty",
        name=said("Exact with progressive penalty"),
        description=said("Made: 10 + bid. Missed: minus (bid + 10 a trick off)."),
        source="003",
        points=by_result(lambda b, t, d, c: 10 + b, lambda b, t, d, c: -(b + 10 * d)),
        examples=(
            E([4, 4, 4, 4, 4], [4, 3, 5, 2, 6], 24, [14, -14, -14, -24, -24], "003: bid 4 and take 4, 3 or 5, 2 or 6"),
        ),
    ),
    S(
        id="reduced_zero",
        name=said("Reduced zero bid"),
        description=said("As basic (or exact), but a made zero bid scores 5."),
        source="003",
        options=(
            Option(
                "base",
                str,
                "basic",
                said("the system a zero bid reduces"),
                ("basic", "exact"),
                label=said("based on"),
                choice_labels={"basic": said("basic"), "exact": said("exact")},
            ),
        ),
        points=_reduced_zero,
        examples=(
            E([0, 1, 1], [0, 1, 2], 3, [5, 11, 2]),
            E([0, 1, 1], [0, 1, 2], 3, [5, 11, 0], "on exact", options={"base": "exact"}),
        ),
    ),
    S(
        id="adjusted_zero",
        name=said("Adjusted zero bid"),
        description=said("As basic, but a made zero bid scores 5 + the cards."),
        source="003",
        points=by_result(lambda b, t, d, c: 5 + c if b == 0 else t + 10, tricks_taken),
        examples=(E([0, 1, 0], [0, 1, 0], 1, [6, 11, 6], "003: in the first round a zero is worth 6, a one 11"),),
    ),
    S(
        id="progressive",
        name=said("Progressive"),
        description=said("Made: 10 + bid squared. Missed: 1 a trick."),
        source="003",
        points=by_result(lambda b, t, d, c: 10 + b * b, tricks_taken),
        examples=(E([4, 0, 1], [4, 1, 0], 5, [26, 1, 0], "003: a made 4 is 10 plus 16"),),
    ),
    S(
        id="montreal",
        name=said("Simplified / Montreal progressive"),
        description=said("Made: 10 + 2 a trick. Missed: nothing."),
        source="003",
        aliases=("Montreal", "Simplified progressive"),
        points=by_result(lambda b, t, d, c: 10 + 2 * t, zero),
        examples=(E([3, 0, 1], [3, 1, 0], 4, [16, 0, 0]),),
    ),
]
