"""The scoring systems of RULES.md, each declared once as data plus one small function.

A system's `points(bid, took, seat, hand, options)` returns what one player scores in one
hand, before modifiers and penalties. Most systems only look at bid, took and cards; the
few that need more (the running totals, the trump namer, the game's largest hand) find it
on `hand`, a HandView.
"""

import math
from dataclasses import dataclass, field
from collections.abc import Callable

from . import formula
from ..bids.bidding import bidding_order, trump_namer
from ..registry import Entry, Option, Registry
from ..said import N_, said


@dataclass(frozen=True)
class HandView:
    """Everything a system may look at to score one hand."""

    cards: int
    bids: list
    tricks: list
    dealer: int = 0
    trump: str | None = None
    number: int = 1
    full_deal: bool = False
    totals_before: list = None
    max_cards: int = 0

    @property
    def players(self):
        """The number of players dealt in."""
        return sum(bid is not None for bid in self.bids)


@dataclass(frozen=True)
class Example:
    """A worked example: a hand and what each seat scores in it under a system."""

    bids: list
    tricks: list
    cards: int
    expected: list
    note: str = ""
    options: dict = field(default_factory=dict)
    dealer: int | None = None
    trump: str | None = None
    number: int = 1
    full_deal: bool = False
    totals_before: list | None = None
    max_cards: int = 0

    def hand(self):
        players = len(self.bids)
        return HandView(self.cards, self.bids, self.tricks,
                        players - 1 if self.dealer is None else self.dealer, self.trump, self.number,
                        self.full_deal, self.totals_before or [0] * players, self.max_cards or self.cards)


@dataclass(frozen=True)
class System(Entry):
    lowest_wins: bool = False
    points: Callable = None
    examples: tuple = ()
    # "made_bids": a tie on total goes to the larger sum of made bids (scratch, 003).
    tie_break: str | None = None
    # The lost points stay on the table as a pot that feeds the bonus (each scored hand shows it).
    has_pot: bool = False
    # A house formula compiles its options (bind) and refuses a plan it cannot score (check): rules/scoring/formula.py.
    bind: Callable = None
    check: Callable = None
    # The table types the formula itself (its options are expressions): the setup page previews it live.
    typed_formula: bool = False
    # Scores use the game's largest hand M: stored at creation (deals.max) so M never moves as the game grows.
    uses_largest_hand: bool = False
    # A hand's points hang on more than the player's own bid, tricks and the hand (the running totals, the
    # others' bids): the most a player can still score is not known in advance (rules/scoring/chase.py says only the gap).
    open_ended: bool = False

    def for_options(self, options):
        """Return the system that scores with these resolved options (itself, unless it compiles them)."""
        return self.bind(self, options) if self.bind else self

    def score(self, hand, options=None):
        """Return the points of every seat in the hand, before modifiers and penalties.

        A seat not dealt in (its bid is None) scores 0.
        """
        return self.points_by_seat(hand, self.resolve_options(options))

    def points_by_seat(self, hand, options):
        """Score with options already resolved (the hot path of a whole game)."""
        points = self.points
        return [0 if bid is None else points(bid, took, seat, hand, options)
                for seat, (bid, took) in enumerate(zip(hand.bids, hand.tricks))]


def by_result(made, more, fewer=None):
    """Build a points function from what a made bid, an overtrick and an undertrick score.

    Each is a function of (bid, took, d, cards); `fewer` defaults to `more`.
    """
    fewer = fewer or more

    def points(bid, took, seat, hand, options):
        d = abs(took - bid)
        rule = made if d == 0 else more if took > bid else fewer
        return rule(bid, took, d, hand.cards)

    return points


def zero(*_):
    return 0


def tricks_taken(bid, took, d, cards):
    return took


def minus_d(bid, took, d, cards):
    return -d


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


def _binary_nil(bid, took, seat, hand, options):
    if bid == 0 and hand.cards > hand.players:
        return 20 if took == 0 else -10
    return 10 if took == bid else 0


def _binary_halving(bid, took, seat, hand, options):
    if took == bid:
        return 8
    total = hand.totals_before[seat]
    return math.ceil(total / 2) - total


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
    earlier = order[:order.index(seat)]
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

SYSTEMS = Registry(said("scoring system"), [
    S(id="exact", name=said("Exact"),
      description=said("Made: 10 + bid. Missed: nothing."), source="002, 003, 004",
      aliases=("Exact scoring", "Standard", "Prospect", "Big-D", "pagat"),
      points=by_result(lambda b, t, d, c: 10 + b, zero),
      examples=(E([2, 0, 1], [2, 1, 0], 3, [12, 0, 0], "002: 10 plus the bid; a miss scores nothing"),)),
    S(id="basic", name=said("Basic"),
      description=said("1 a trick, and 10 more for a made bid."), source="003, 001 (Tricks)",
      aliases=("Tricks", "Basic scoring"),
      points=by_result(lambda b, t, d, c: t + 10, tricks_taken),
      examples=(E([2, 1, 1], [2, 0, 1], 3, [12, 0, 11]),)),
    S(id="basic5", name=said("Variant basic"),
      description=said("1 a trick, and 5 more for a made bid."), source="003",
      aliases=("Variant basic scoring",),
      points=by_result(lambda b, t, d, c: t + 5, tricks_taken),
      examples=(E([2, 1, 1], [2, 0, 1], 3, [7, 0, 6]),)),
    S(id="exact_penalty", name=said("Exact with penalty"),
      description=said("Made: 10 + bid. Missed: minus the bid."), source="003 (Hassenpfeffer)",
      aliases=("Hassenpfeffer",),
      points=by_result(lambda b, t, d, c: 10 + b, lambda b, t, d, c: -b),
      examples=(E([3, 0, 1], [1, 1, 1], 3, [-3, 0, 11], "003: missing a 3 bid scores -3, missing a zero bid 0"),)),
    S(id="ten_times", name=said("10 times exact"), description=said("Made: 10 x bid. Missed: nothing."),
      source="003", aliases=("10 times exact scoring",),
      options=(Option("penalty", bool, False, said("a missed bid scores -10 x bid"),
                      label=said("penalty")),
               Option("zero_five", bool, False, said("a zero bid scores +5 made, -5 missed"),
                      label=said("zero bid ±5"))),
      points=_ten_times,
      examples=(E([4, 0, 0], [4, 0, 0], 4, [40, 0, 0], "003: a bid of 4 made is worth 40"),
                E([4, 0, 1], [2, 1, 1], 4, [-40, -5, 10], "003: -40 for the missed 4, -5 for a lost zero",
                  options={"penalty": True, "zero_five": True}))),
    S(id="double_whammy", name=said("Double whammy"),
      description=said("As basic, but a made 1 is 15, a made 2 is 22, then 11 a trick."),
      source="003", options=(Option("from_hand", int, 1, said("play basic before this hand number"),
                                    label=said("from hand")),),
      points=_double_whammy,
      examples=(E([1, 2, 3, 4], [1, 2, 3, 4], 10, [15, 22, 33, 44], "003: 15, 22, then multiples of 11"),
                E([1, 0, 0], [1, 0, 0], 1, [11, 10, 10], "before hand 2 it is basic",
                  options={"from_hand": 2}))),
    S(id="penalty_under_zero_over", name=said("Penalty under, zero over"),
      description=said("Made: 10 + bid. Over: nothing. Under: minus the bid."),
      source="003", points=by_result(lambda b, t, d, c: 10 + b, zero, lambda b, t, d, c: -b),
      examples=(E([3, 0, 2], [1, 2, 0], 3, [-3, 0, -2]),)),
    S(id="cypriot", name=said("Exact with penalty, multiples of 5"),
      description=said("Made: 10 + 5 x bid. Missed: -5 x bid (a zero bid: -10)."),
      source="003 (Cypriot)", aliases=("Cypriot", "Biskauer"),
      points=by_result(lambda b, t, d, c: 10 + 5 * b, lambda b, t, d, c: -5 * b if b else -10),
      examples=(E([3, 0, 5], [1, 1, 5], 7, [-15, -10, 35], "003: -15, -10, and 35 for a made 5"),)),
    S(id="set_penalty", name=said("Exact with set penalty"),
      description=said("Made: 10 + bid. Over: 1 a trick. Under: -10."), source="003",
      points=by_result(lambda b, t, d, c: 10 + b, tricks_taken, lambda b, t, d, c: -10),
      examples=(E([4, 4, 4], [4, 5, 3], 12, [14, 5, -10], "003: bid 4 and take 4, 5, 3"),)),
    S(id="progressive_penalty", name=said("Exact with progressive penalty"),
      description=said("Made: 10 + bid. Missed: minus (bid + 10 a trick off)."),
      source="003", points=by_result(lambda b, t, d, c: 10 + b, lambda b, t, d, c: -(b + 10 * d)),
      examples=(E([4, 4, 4, 4, 4], [4, 3, 5, 2, 6], 24, [14, -14, -14, -24, -24],
                  "003: bid 4 and take 4, 3 or 5, 2 or 6"),)),
    S(id="reduced_zero", name=said("Reduced zero bid"),
      description=said("As basic (or exact), but a made zero bid scores 5."), source="003",
      options=(Option("base", str, "basic", said("the system a zero bid reduces"), ("basic", "exact"),
                      label=said("based on"),
                      choice_labels={"basic": said("basic"), "exact": said("exact")}),),
      points=_reduced_zero,
      examples=(E([0, 1, 1], [0, 1, 2], 3, [5, 11, 2]),
                E([0, 1, 1], [0, 1, 2], 3, [5, 11, 0], "on exact", options={"base": "exact"}))),
    S(id="adjusted_zero", name=said("Adjusted zero bid"),
      description=said("As basic, but a made zero bid scores 5 + the cards."), source="003",
      points=by_result(lambda b, t, d, c: 5 + c if b == 0 else t + 10, tricks_taken),
      examples=(E([0, 1, 0], [0, 1, 0], 1, [6, 11, 6], "003: in the first round a zero is worth 6, a one 11"),)),
    S(id="progressive", name=said("Progressive"),
      description=said("Made: 10 + bid squared. Missed: 1 a trick."), source="003",
      points=by_result(lambda b, t, d, c: 10 + b * b, tricks_taken),
      examples=(E([4, 0, 1], [4, 1, 0], 5, [26, 1, 0], "003: a made 4 is 10 plus 16"),)),
    S(id="montreal", name=said("Simplified / Montreal progressive"),
      description=said("Made: 10 + 2 a trick. Missed: nothing."), source="003",
      aliases=("Montreal", "Simplified progressive"),
      points=by_result(lambda b, t, d, c: 10 + 2 * t, zero),
      examples=(E([3, 0, 1], [3, 1, 0], 4, [16, 0, 0]),)),
    S(id="negative", name=said("Negative (golf)"),
      description=said("Lowest wins. Made: 0. Missed: 1 + 2 + … for each trick off."), source="003",
      aliases=("Golf", "Negative scoring"), lowest_wins=True,
      points=by_result(zero, lambda b, t, d, c: d * (d + 1) // 2),
      examples=(E([0, 1, 4], [3, 1, 0], 4, [6, 0, 10], "003: 3 overtricks cost 1 + 2 + 3 = 6"),)),
    S(id="simplified_negative", name=said("Simplified negative"),
      description=said("Lowest wins. Missed: the square of the tricks off."), source="003",
      lowest_wins=True, points=by_result(zero, lambda b, t, d, c: d * d),
      examples=(E([0, 1, 4], [3, 1, 0], 4, [9, 0, 16]),)),
    S(id="variant_negative", name=said("Variant negative"),
      description=said("Lowest wins. Missed: the number of cards."), source="003",
      lowest_wins=True, points=by_result(zero, lambda b, t, d, c: c),
      examples=(E([0, 1, 4], [3, 1, 1], 5, [5, 0, 5], "003: every unsuccessful player scores 5 in a 5-trick round"),)),
    S(id="trick", name=said("Trick scoring"),
      description=said("Made: the bid (a zero bid: 1/2). Missed: minus the tricks off."), source="003",
      points=by_result(lambda b, t, d, c: b if b else 0.5, minus_d),
      examples=(E([3, 2, 0], [2, 3, 0], 5, [-1, -1, 0.5], "003: 3 taking 2 and 2 taking 3 both lose 1"),)),
    S(id="binary", name=said("Binary"), description=said("Made: 10. Missed: nothing."), source="003",
      points=by_result(lambda *_: 10, zero),
      examples=(E([3, 0, 1], [3, 1, 0], 4, [10, 0, 0]),)),
    S(id="binary_nil", name=said("Binary with nil rule"),
      description=said("Made: 10. A zero bid when there are more cards than players: +20 or -10."),
      source="003", aliases=("Nil",), points=_binary_nil,
      examples=(E([0, 2, 1], [0, 3, 1], 4, [20, 0, 10], "4 cards, 3 players: the nil bid made scores 20"),
                E([0, 2, 1], [1, 2, 1], 4, [-10, 10, 10], "the nil bid missed costs 10"))),
    S(id="binary_halving", name=said("Binary with increasing penalty"),
      description=said("Made: 8. Missed: your running total is halved, rounding up."),
      source="003", points=_binary_halving, open_ended=True,
      examples=(E([1, 0, 0], [1, 1, 0], 2, [8, -7, 8], "a total of 15 halves to 8", totals_before=[0, 15, 0]),)),
    S(id="scratch", name=said("Scratch / quick"),
      description=said("A miss is a scratch. Fewest scratches wins; a tie goes to the larger sum of made "
                               "bids."),
      source="003", aliases=("Quick", "Scratch scoring", "Blob", "Blackout"), lowest_wins=True, tie_break="made_bids",
      points=by_result(zero, lambda *_: 1),
      examples=(E([1, 0, 2], [1, 1, 1], 3, [0, 1, 1]),)),
    S(id="adjusted_exact", name=said("Adjusted exact"),
      description=said("Made: the bid + the cards. Missed: nothing."), source="003",
      points=by_result(lambda b, t, d, c: b + c, zero),
      examples=(E([2, 0, 1], [2, 0, 3], 5, [7, 5, 0]),)),
    S(id="get_fred", name=said("Get Fred"),
      description=said("Made: 10 + bid (option: bid squared). Missed: minus the tricks off."),
      source="003, 001 (Regular, Squared)", aliases=("Regular", "Get Fred scoring"),
      option_aliases=((N_("Squared"), {"squared": True}), (N_("Oy Vey"), {"squared": True})),
      options=(Option("squared", bool, False, said("a made bid scores 10 + bid squared (Oy Vey, 001 "
                                                           "Squared)"), label=said("squared")),),
      points=_get_fred,
      examples=(E([3, 1, 0], [1, 3, 0], 4, [-2, -2, 10], "001: bid 3 take 1, or bid 1 take 3: -2"),
                E([3, 1, 0], [3, 1, 0], 4, [19, 11, 10], "001 Squared: 10 + 9", options={"squared": True}))),
    S(id="novacastrian", name=said("Novacastrian"),
      description=said("Made: the bid. Took more: minus the tricks. Took fewer: minus the bid."), source="003",
      points=by_result(lambda b, t, d, c: b, lambda b, t, d, c: -t, lambda b, t, d, c: -b),
      examples=(E([1, 3, 0], [3, 1, 0], 4, [-3, -3, 0]),)),
    S(id="gentleman", name=said("Gentleman"),
      description=said("Made: 10 x bid (a zero bid: 5). Over: 1 a trick. Under: -10 a trick off."),
      source="003",
      points=by_result(lambda b, t, d, c: 10 * b if b else 5, tricks_taken, lambda b, t, d, c: -10 * d),
      examples=(E([2, 0, 3], [2, 1, 1], 4, [20, 1, -20]),)),
    S(id="variable_bonus", name=said("Variable bonus"),
      description=said("1 a trick, plus (M + 1 - cards) for a made bid; M is the game's largest hand."),
      source="003", points=_variable_bonus, uses_largest_hand=True,
      examples=(E([1, 0, 0], [1, 0, 0], 1, [9, 8, 8], "003: with M = 8 the 1-card bonus is 8", max_cards=8),
                E([3, 5, 0], [3, 5, 0], 8, [4, 6, 1], "003: the 8-card bonus is 1", max_cards=8))),
    S(id="penalty", name=said("Penalty scoring"),
      description=said("Made: 10 + 5 a trick. Missed: -10, and -15 for each further trick off."), source="003",
      points=by_result(lambda b, t, d, c: 10 + 5 * t, lambda b, t, d, c: -(10 + 15 * (d - 1))),
      examples=(E([2, 0, 3], [2, 1, 1], 4, [20, -10, -25]),)),
    S(id="basas", name=said("Basas"),
      description=said("Made: bid squared + 10. Missed: -3 a trick off. When every card is dealt a zero bid "
                               "is +35 or -10."),
      source="003 (Basas)", points=_basas,
      examples=(E([2, 0, 1], [2, 0, 3], 5, [14, 10, -6]),
                E([0, 0, 6, 5], [0, 1, 6, 6], 13, [35, -10, 46, -3], "13 cards to 4 players: every card dealt",
                  full_deal=True))),
    S(id="stackpot", name=said("Stackpot"),
      description=said("Made: the bid x (1 + bonus). Missed: minus the cards. The pot feeds the bonus."),
      source="003 (Hell Club)", points=_stackpot, has_pot=True, open_ended=True,
      examples=(E([3, 0, 5], [3, 1, 5], 9, [9, -9, 15], "003: a pot of 20 over 9 tricks makes 3 a trick",
                  totals_before=[-10, -5, -5]),)),
    S(id="okenuff", name=said("Al Okenuff's"),
      description=said("Made: 5 + 1 + 2 + … (5 a trick from the fifth), +15 from a bid of 5. Missed: -5 a "
                               "trick off."),
      source="000", aliases=("Okenuff",), points=_okenuff, open_ended=True,
      examples=(E([4, 2, 7, 1], [4, 2, 7, 0], 13, [15, 8, 45, -5], "000: made 4, 2 and 7 score 15, 8 and 45"),
                E([0, 1, 2, 0], [2, 1, 0, 1], 4, [-10, 6, -10, -5], "000: a zero bid taking 2 scores -10"),
                E([2, 2, 5, 6], [2, 3, 5, 3], 13, [8, -5, 35, -25], "000: the trump namer's 6 after a 5, set by 3"))),
    S(id="exact_slam", name=said("Exact with slam bonus"),
      description=said("As exact; above 5 cards a made bid of all but one adds 25, of all adds 50."),
      source="004", aliases=("Slam",), points=_exact_slam,
      examples=(E([5, 0, 0, 1], [5, 0, 0, 1], 6, [40, 10, 10, 11], "004: small slam, 10 + 5 + 25"),
                E([6, 0, 0, 0], [6, 0, 0, 0], 6, [66, 10, 10, 10], "004: grand slam, 10 + 6 + 50"))),
    S(id="formula", name=said("House formula"),
      description=said("The table's own rule: what a made bid, taking more and taking fewer score, "
      "as expressions over bid, tricks, off, cards, players and hand."), source="house rules (RULES.md: House formula)",
      aliases=("House rules", "Custom"), options=formula.OPTIONS, points=formula.points, bind=formula.bind,
      check=formula.check, typed_formula=True,
      examples=(E([2, 0, 3], [2, 1, 1], 4, [14, -2, -4], "Boerenbridge: 10 + 2 a trick, -2 a trick off",
                  options={"made": "10 + 2*tricks", "over": "-2*off"}),
                E([0, 1, 2], [0, 3, 0], 3, [15, -20, -20], "a zero-bid bonus; -10 over, -10 a trick under",
                  options={"made": "10 + bid + (5 if bid == 0 else 0)", "over": "-20", "under": "-10*off"}))),
])
