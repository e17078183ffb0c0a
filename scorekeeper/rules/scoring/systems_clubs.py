"""The named clubs' and sites' systems and the house formula: Adjusted exact, Get Fred, Novacastrian, Gentleman,
Variable bonus, Penalty scoring, Basas, Stackpot (the Hell Club's pot), Al Okenuff's (000), Exact with slam bonus
(004) and the table's own formula. Most look past one bid and its tricks: the running totals, the trump namer, the
game's largest hand, a full deal.

One family of the scoring systems' registry (rules/scoring/systems.py gathers the families in the order people
read them), kept in a module of its own so no module of the registry outgrows the project's size bound.
"""

from . import formula
from ..bids.bidding import bidding_order, trump_namer
from ..registry import Option
from ..said import N_, said
from .system_entry import Example, System, by_result, tricks_taken, zero


def _get_fred(bid, took, seat, hand, options):
    if took == bid:
        return 10 + (bid * bid if options["squared"] else bid)
    return -abs(took - bid)


def _variable_bonus(bid, took, seat, hand, options):
    return took + (hand.max_cards + 1 - hand.cards) if took == bid else took


def _basas(bid, took, seat, hand, options):
    if bid == 0 and hand.full_deal:
        return 35 if took == 0 else -10
    return bid * bid + 10 if took == bid else -3 * abs(took - bid)


def stackpot_pot(totals):
    """Return the pot: minus the sum of every total, when that is positive (003)."""
    return max(-sum(totals), 0)


def _stackpot(bid, took, seat, hand, options):
    if took != bid:
        return -hand.cards
    bonus = stackpot_pot(hand.totals_before) // hand.cards
    return bid * (1 + bonus)


def okenuff_made(bid):
    """Al Okenuff's score for a made bid: 5, plus 1 + 2 + ... counting 5 from the fifth trick, plus 15 from 5 (000)."""
    return 5 + sum(min(i, 5) for i in range(1, bid + 1)) + (15 if bid >= 5 else 0)


def okenuff_extra_penalty(seat, hand):
    """True when the trump namer bid 6 or more after an earlier bid of 5 or more (000)."""
    out = [s for s, bid in enumerate(hand.bids) if bid is None]
    if seat != trump_namer(hand.dealer, hand.bids, out) or hand.bids[seat] < 6:
        return False
    order = bidding_order(hand.dealer, len(hand.bids), out)
    earlier = order[: order.index(seat)]
    return any(hand.bids[other] >= 5 for other in earlier)


def _okenuff(bid, took, seat, hand, options):
    if took == bid:
        return okenuff_made(bid)
    d = abs(took - bid)
    if took < bid and okenuff_extra_penalty(seat, hand):
        return -5 * d - 5 * (d - 1)
    return -5 * d


def _exact_slam(bid, took, seat, hand, options):
    if took != bid:
        return 0
    bonus = 0
    if hand.cards > 5:
        bonus = 50 if bid == hand.cards else 25 if bid == hand.cards - 1 else 0
    return 10 + bid + bonus


E = Example
S = System

CLUBS_AND_HOUSE = [
    S(
        id="adjusted_exact",
        name=said("Adjusted exact"),
        description=said("Made: the bid + the cards. Missed: nothing."),
        source="003",
        points=by_result(lambda b, t, d, c: b + c, zero),
        examples=(E([2, 0, 1], [2, 0, 3], 5, [7, 5, 0]),),
    ),
    S(
        id="get_fred",
        name=said("Get Fred"),
        description=said("Made: 10 + bid (option: bid squared). Missed: minus the tricks off."),
        source="003, 001 (Regular, Squared)",
        aliases=("Regular", "Get Fred scoring"),
        option_aliases=((N_("Squared"), {"squared": True}), (N_("Oy Vey"), {"squared": True})),
        options=(
            Option(
                "squared",
                bool,
                False,
                said("a made bid scores 10 + bid squared (Oy Vey, 001 Squared)"),
                label=said("squared"),
            ),
        ),
        points=_get_fred,
        examples=(
            E([3, 1, 0], [1, 3, 0], 4, [-2, -2, 10], "001: bid 3 take 1, or bid 1 take 3: -2"),
            E([3, 1, 0], [3, 1, 0], 4, [19, 11, 10], "001 Squared: 10 + 9", options={"squared": True}),
        ),
    ),
    S(
        id="novacastrian",
        name=said("Novacastrian"),
        description=said("Made: the bid. Took more: minus the tricks. Took fewer: minus the bid."),
        source="003",
        points=by_result(lambda b, t, d, c: b, lambda b, t, d, c: -t, lambda b, t, d, c: -b),
        examples=(E([1, 3, 0], [3, 1, 0], 4, [-3, -3, 0]),),
    ),
    S(
        id="gentleman",
        name=said("Gentleman"),
        description=said("Made: 10 x bid (a zero bid: 5). Over: 1 a trick. Under: -10 a trick off."),
        source="003",
        points=by_result(lambda b, t, d, c: 10 * b if b else 5, tricks_taken, lambda b, t, d, c: -10 * d),
        examples=(E([2, 0, 3], [2, 1, 1], 4, [20, 1, -20]),),
    ),
    S(
        id="variable_bonus",
        name=said("Variable bonus"),
        description=said("1 a trick, plus (M + 1 - cards) for a made bid; M is the game's largest hand."),
        source="003",
        points=_variable_bonus,
        uses_largest_hand=True,
        examples=(
            E([1, 0, 0], [1, 0, 0], 1, [9, 8, 8], "003: with M = 8 the 1-card bonus is 8", max_cards=8),
            E([3, 5, 0], [3, 5, 0], 8, [4, 6, 1], "003: the 8-card bonus is 1", max_cards=8),
        ),
    ),
    S(
        id="penalty",
        name=said("Penalty scoring"),
        description=said("Made: 10 + 5 a trick. Missed: -10, and -15 for each further trick off."),
        source="003",
        points=by_result(lambda b, t, d, c: 10 + 5 * t, lambda b, t, d, c: -(10 + 15 * (d - 1))),
        examples=(E([2, 0, 3], [2, 1, 1], 4, [20, -10, -25]),),
    ),
    S(
        id="basas",
        name=said("Basas"),
        description=said(
            "Made: bid squared + 10. Missed: -3 a trick off. When every card is dealt a zero bid is +35 or -10."
        ),
        source="003 (Basas)",
        points=_basas,
        examples=(
            E([2, 0, 1], [2, 0, 3], 5, [14, 10, -6]),
            E(
                [0, 0, 6, 5],
                [0, 1, 6, 6],
                13,
                [35, -10, 46, -3],
                "13 cards to 4 players: every card dealt",
                full_deal=True,
            ),
        ),
    ),
    S(
        id="stackpot",
        name=said("Stackpot"),
        description=said("Made: the bid x (1 + bonus). Missed: minus the cards. The pot feeds the bonus."),
        source="003 (Hell Club)",
        points=_stackpot,
        has_pot=True,
        open_ended=True,
        examples=(
            E(
                [3, 0, 5],
                [3, 1, 5],
                9,
                [9, -9, 15],
                "003: a pot of 20 over 9 tricks makes 3 a trick",
                totals_before=[-10, -5, -5],
            ),
        ),
    ),
    S(
        id="okenuff",
        name=said("Al Okenuff's"),
        description=said(
            "Made: 5 + 1 + 2 + … (5 a trick from the fifth), +15 from a bid of 5. Missed: -5 a trick off."
        ),
        source="000",
        aliases=("Okenuff",),
        points=_okenuff,
        open_ended=True,
        examples=(
            E([4, 2, 7, 1], [4, 2, 7, 0], 13, [15, 8, 45, -5], "000: made 4, 2 and 7 score 15, 8 and 45"),
            E([0, 1, 2, 0], [2, 1, 0, 1], 4, [-10, 6, -10, -5], "000: a zero bid taking 2 scores -10"),
            E([2, 2, 5, 6], [2, 3, 5, 3], 13, [8, -5, 35, -25], "000: the trump namer's 6 after a 5, set by 3"),
        ),
    ),
    S(
        id="exact_slam",
        name=said("Exact with slam bonus"),
        description=said("As exact; above 5 cards a made bid of all but one adds 25, of all adds 50."),
        source="004",
        aliases=("Slam",),
        points=_exact_slam,
        examples=(
            E([5, 0, 0, 1], [5, 0, 0, 1], 6, [40, 10, 10, 11], "004: small slam, 10 + 5 + 25"),
            E([6, 0, 0, 0], [6, 0, 0, 0], 6, [66, 10, 10, 10], "004: grand slam, 10 + 6 + 50"),
        ),
    ),
    S(
        id="formula",
        name=said("House formula"),
        description=said(
            "The table's own rule: what a made bid, taking more and taking fewer score, "
            "as expressions over bid, tricks, off, cards, players and hand."
        ),
        source="house rules (RULES.md: House formula)",
        aliases=("House rules", "Custom"),
        options=formula.OPTIONS,
        points=formula.points,
        bind=formula.bind,
        check=formula.check,
        typed_formula=True,
        examples=(
            E(
                [2, 0, 3],
                [2, 1, 1],
                4,
                [14, -2, -4],
                "Boerenbridge: 10 + 2 a trick, -2 a trick off",
                options={"made": "10 + 2*tricks", "over": "-2*off"},
            ),
            E(
                [0, 1, 2],
                [0, 3, 0],
                3,
                [15, -20, -20],
                "a zero-bid bonus; -10 over, -10 a trick under",
                options={"made": "10 + bid + (5 if bid == 0 else 0)", "over": "-20", "under": "-10*off"},
            ),
        ),
    ),
]
