"""What a scoring system is, as data: the System entry, the HandView it scores, its worked Examples, and
by_result, which builds most systems' points from what a made bid, an overtrick and an undertrick score.

It lives apart from the systems themselves (rules/scoring/systems.py and its families) so that those modules hold
only declarations, and the code that scores a hand (scored.py, chase.py, which.py) imports only what it needs.

A system's `points(bid, took, seat, hand, options)` returns what one player scores in one
hand, before modifiers and penalties. Most systems only look at bid, took and cards; the
few that need more (the running totals, the trump namer, the game's largest hand) find it
on `hand`, a HandView.
"""

from dataclasses import dataclass, field
from collections.abc import Callable

from ..registry import Entry


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
        return HandView(
            self.cards,
            self.bids,
            self.tricks,
            players - 1 if self.dealer is None else self.dealer,
            self.trump,
            self.number,
            self.full_deal,
            self.totals_before or [0] * players,
            self.max_cards or self.cards,
        )


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
        return [
            0 if bid is None else points(bid, took, seat, hand, options)
            for seat, (bid, took) in enumerate(zip(hand.bids, hand.tricks))
        ]


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
