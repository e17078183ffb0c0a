"""Which system do we play? Find every system (with options) and preset that scores a table's remembered hands.

An example is one player's hand: BID/TRICKS=POINTS, or BID/TRICKS@CARDS=POINTS. Systems are tried
with every value of their true/false and choice options; a made bid is scored with the player's seat
dealing last in a hand where everyone else bid and took nothing, before modifiers and penalties.
When nothing fits, `guess` proposes the house formula with the fewest terms that fits every example.
"""

import itertools
import re
from dataclasses import dataclass
from fractions import Fraction

from . import formula
from ..game import numbers
from ..game.patterns import is_full_deal
from .presets import PRESETS
from .system_entry import HandView
from .systems import SYSTEMS
from ..said import Separated, said

EXAMPLE = re.compile(r"\s*(\d+)\s*/\s*(\d+)\s*(?:@\s*(\d+))?\s*=\s*([-+]?\d+(?:\.\d+)?)\s*", re.ASCII)
DEFAULT_CARDS = 10
DEFAULT_PLAYERS = 4


@dataclass(frozen=True)
class Remembered:
    """One player's hand as the table remembers it."""

    bid: int
    tricks: int
    cards: int
    points: float

    def __str__(self):
        return f"{self.bid}/{self.tricks}@{self.cards}={self.points:g}"


def parse_example(text, cards=None):
    """Return a Remembered from 'BID/TRICKS=POINTS' or 'BID/TRICKS@CARDS=POINTS', or raise ValueError saying why."""
    match = EXAMPLE.fullmatch(str(text))
    if not match:
        raise ValueError(
            said("%(text)s is not BID/TRICKS=POINTS (e.g. 2/2=12, or 3/1@7=-2 for a hand of 7 cards)", text=repr(text))
        )
    try:  # bounded: a 400-digit number of points is a typing accident, not a score
        bid, tricks = numbers.parse_whole(match[1]), numbers.parse_whole(match[2])
        size = numbers.parse_whole(match[3]) if match[3] else cards or max(DEFAULT_CARDS, bid, tricks)
        points = float(numbers.parse_decimal(match[4]))
    except numbers.NumberError as error:
        shown = repr(text) if len(text) <= 40 else repr(text[:40]) + "…"
        raise ValueError(said("%(text)s: one of its numbers %(problem)s", text=shown, problem=error)) from None
    if size < 1 or size > 52:
        raise ValueError(said("%(text)s: a hand has 1 to 52 cards", text=repr(text)))
    if bid > size or tricks > size:
        raise ValueError(
            said(
                "%(text)s: a bid or a count of tricks cannot be more than the %(cards)s cards",
                text=repr(text),
                cards=size,
            )
        )
    return Remembered(bid, tricks, size, points)


@dataclass(frozen=True)
class Match:
    system: str
    options: dict
    name: str
    preset: str | None = None

    def as_json(self):
        return {"system": self.system, "options": self.options, "name": self.name}


def _hand(example, players):
    bids = [example.bid] + [0] * (players - 1)
    tricks = [example.tricks] + [0] * (players - 1)
    tricks[1] = example.cards - example.tricks  # the others took the rest
    return HandView(
        example.cards,
        bids,
        tricks,
        dealer=players - 1,
        number=1,
        full_deal=is_full_deal(example.cards, players, 1),
        totals_before=[0] * players,
        max_cards=example.cards,
    )


def _option_sets(system):
    """Every combination of a system's true/false and choice options (others at their defaults)."""
    varied = [
        (o.id, (False, True) if o.type is bool else o.choices) for o in system.options if o.type is bool or o.choices
    ]
    for values in itertools.product(*(choices for _name, choices in varied)):
        yield dict(zip((name for name, _ in varied), values))


def _name(system, options):
    for alias, aliased in system.option_aliases:
        if aliased == options:
            return Separated((system.name, f" ({alias})"), "")
    shown = [key if value is True else f"{key} {value}" for key, value in options.items() if value is not False]
    return Separated((system.name, f" ({', '.join(shown)})"), "") if shown else system.name


def _commonness(source):
    """How many of the seed documents cite it: the more, the more tables play it."""
    return len(re.findall(r"\b00[0-4]\b", source))


def candidates():
    """Every (system, options, name, preset id) to try, most common first."""
    found = []
    for system in SYSTEMS:
        if system.bind:  # a house formula is tried through the presets and the guess
            continue
        for options in _option_sets(system):
            changed = {
                key: value
                for key, value in options.items()
                if value != next(o.default for o in system.options if o.id == key)
            }
            found.append((_commonness(system.source), system, changed, _name(system, changed), None))
    for preset in PRESETS:
        if preset.rules.get("options") and SYSTEMS.find(preset.rules["scoring"]).bind:
            found.append(
                (1, SYSTEMS.find(preset.rules["scoring"]), dict(preset.rules["options"]), preset.name, preset.id)
            )
    found.sort(key=lambda entry: -entry[0])
    return [entry[1:] for entry in found]


def scores(system, options, example, players=DEFAULT_PLAYERS):
    """What seat 0 scores in the example's hand under the system, or None when it cannot be scored."""
    resolved = system.resolve_options(options)
    try:
        return system.for_options(resolved).points_by_seat(_hand(example, players), resolved)[0]
    except (ValueError, ZeroDivisionError):
        return None


def which(examples, players=DEFAULT_PLAYERS):
    """Return every Match whose scores are exactly the examples' points, most common first."""
    matches = []
    for system, options, name, preset in candidates():
        if all(_same(scores(system, options, example, players), example.points) for example in examples):
            matches.append(Match(system.id, options, name, preset))
    return matches


def _same(score, points):
    return score is not None and abs(score - points) < 1e-9


# ---- the guess: the house formula with the fewest terms --------------------------------------

MADE_TERMS = (("1", lambda e: 1), ("bid", lambda e: e.bid), ("cards", lambda e: e.cards), ("bid²", lambda e: e.bid**2))
MISSED_TERMS = (
    ("1", lambda e: 1),
    ("off", lambda e: abs(e.tricks - e.bid)),
    ("bid", lambda e: e.bid),
    ("tricks", lambda e: e.tricks),
    ("cards", lambda e: e.cards),
    ("off²", lambda e: abs(e.tricks - e.bid) ** 2),
)
MAX_TERMS = 3


def _solve(rows, values):
    """Exact least-terms fit: the coefficients solving rows·x = values, or None when they do not fit."""
    size = len(rows[0]) if rows else 0
    matrix = [[Fraction(v) for v in row] + [Fraction(str(value))] for row, value in zip(rows, values)]
    pivots = []
    row_index = 0
    for column in range(size):
        pivot = next((r for r in range(row_index, len(matrix)) if matrix[r][column] != 0), None)
        if pivot is None:
            continue
        matrix[row_index], matrix[pivot] = matrix[pivot], matrix[row_index]
        lead = matrix[row_index][column]
        matrix[row_index] = [v / lead for v in matrix[row_index]]
        for r in range(len(matrix)):
            if r != row_index and matrix[r][column] != 0:
                factor = matrix[r][column]
                matrix[r] = [a - factor * b for a, b in zip(matrix[r], matrix[row_index])]
        pivots.append(column)
        row_index += 1
    if any(all(v == 0 for v in row[:-1]) and row[-1] != 0 for row in matrix):
        return None
    if len(pivots) < size:
        return None  # a term the examples cannot tell apart: a simpler formula will do
    solution = [Fraction(0)] * size
    for r, column in enumerate(pivots):
        solution[column] = matrix[r][-1]
    return solution


def _number(fraction):
    return str(fraction.numerator) if fraction.denominator == 1 else f"{float(fraction):g}"


def _expression(terms, coefficients):
    parts = []
    for (name, _power), coefficient in zip(terms, coefficients):
        if coefficient == 0:
            continue
        size = abs(coefficient)
        text = _number(size) if name == "1" else name if size == 1 else f"{_number(size)}*{name}"
        parts.append((name != "1", coefficient < 0, text))
    if not parts:
        return "0"
    parts.sort(key=lambda part: part[0])  # the constant first, as tables say it
    _, negative, first = parts[0]
    text = ("-" if negative else "") + first
    for _, negative, part in parts[1:]:
        text += f" {'-' if negative else '+'} {part}"
    return text


def _fit(examples, terms):
    """The expression with the fewest terms (whole coefficients preferred) giving every example's points.

    Returns (expression, (fractional, terms)) or None; the second part ranks fits, smaller is simpler.
    """
    if not examples:
        return None
    if all(e.points == 0 for e in examples):
        return "0", (False, 0)
    fractional = None
    for count in range(1, MAX_TERMS + 1):
        for chosen in itertools.combinations(terms, count):
            rows = [[value(e) for _, value in chosen] for e in examples]
            solution = _solve(rows, [e.points for e in examples])
            if solution is None or any(c == 0 for c in solution):
                continue
            if all(c.denominator == 1 for c in solution):
                return _expression(chosen, solution), (False, count)
            fractional = fractional or (_expression(chosen, solution), (True, count))
        if fractional:
            return fractional
    return None


def guess(examples):
    """Return the simplest house formula's options fitting every example, or None when none is found.

    Made and missed bids are fitted apart; taking more and taking fewer share one expression unless
    two simpler ones fit better.
    """
    made = [e for e in examples if e.bid == e.tricks]
    over = [e for e in examples if e.tricks > e.bid]
    under = [e for e in examples if e.tricks < e.bid]
    made_fit = _fit(made, MADE_TERMS) if made else (formula.OPTIONS[0].default, (False, 0))
    if made_fit is None:
        return None
    options = {"made": made_fit[0]}
    shared = _fit(over + under, MISSED_TERMS) if over or under else ("0", (False, 0))
    apart = [_fit(over, MISSED_TERMS), _fit(under, MISSED_TERMS)] if over and under else None
    if (
        apart
        and None not in apart
        and (shared is None or (apart[0][1][0] or apart[1][1][0], apart[0][1][1] + apart[1][1][1]) < shared[1])
    ):
        options.update(over=apart[0][0], under=apart[1][0])
    elif shared is not None:
        options["over"] = shared[0]
    else:
        return None
    return options
