"""Settling up in money: the settlements registry (who pays whom at the end of a game), to the cent."""

from dataclasses import dataclass
from fractions import Fraction
from collections.abc import Callable

from .payments import closest_sum, payments_between
from ..scoring.ranks import ranks
from ..registry import Entry, Registry
from ..said import nsaid, said

POT = "pot"


def to_money(amount):
    """Return an exact money amount as a float rounded to cents."""
    return round(float(amount), 2)


def _exact(number):
    """Return a number as an exact int or Fraction (floats such as 0.5 are exact in binary)."""
    return Fraction(number) if isinstance(number, float) else number


# Each method returns (net by seat, pot), in cents, exact: rounding comes once, at the end.
def _pairwise(totals, cents_per_point, lowest_wins, places, payouts):
    totals = [_exact(total) for total in totals]
    n, whole = len(totals), sum(totals)
    rate = -cents_per_point if lowest_wins else cents_per_point
    return [rate * (n * total - whole) for total in totals], 0


def default_payouts(players, stake):
    """Return what each place pays the winner by default: 1, 2, 3 ... stakes from second place on."""
    return [stake * place for place in range(1, players)]


def _prospect(totals, cents_per_point, lowest_wins, places, payouts):
    stake = Fraction(cents_per_point) / 100
    scale = [0] + [Fraction(str(amount)) * 100 for amount in (payouts or default_payouts(len(totals), stake))]
    if len(scale) < len(totals):
        raise ValueError(
            nsaid(
                "the sliding scale needs an amount for the %(num)d losing place",
                "the sliding scale needs an amount for each of the %(num)d losing places",
                len(totals) - 1,
            )
        )
    owed = []
    for place in places:
        tied = places.count(place)
        # Tied players share their places: each pays the average of those places' amounts.
        owed.append(Fraction(sum(scale[place - 1 : place - 1 + tied]), tied))
    first = [seat for seat, place in enumerate(places) if place == 1]
    pool = sum(owed)
    return [pool / len(first) - owed[seat] if seat in first else -owed[seat] for seat in range(len(totals))], 0


def _stackpot(totals, cents_per_point, lowest_wins, places, payouts):
    # Points are money in the winner's direction: a game rescored under a lowest-wins system pays the best.
    sign = -1 if lowest_wins else 1
    net = [sign * cents_per_point * _exact(total) for total in totals]
    return net, -sum(net)


def _nothing(totals, cents_per_point, lowest_wins, places, payouts):
    return [0] * len(totals), 0


@dataclass(frozen=True)
class Settlement(Entry):
    nets: Callable = None
    # Money left on the table is a party of its own, "the pot", in the payments.
    has_pot: bool = False
    # Each losing place pays its own amount: the sliding scale of `rules.payouts`.
    takes_payouts: bool = False
    # Money changes hands: a stake is asked for and the payments are shown (all but "play for the glory").
    moves_money: bool = True
    # Points are paid out as money, which only reads right where the highest total wins.
    needs_highest_wins: bool = False
    # Every pair of players settles between themselves (pairwise): the money between regulars keeps each pair's
    # amount (rules/money/pairs.py), not the fewest payments that settle the game.
    pairs_settle: bool = False


SETTLEMENTS = Registry(
    said("settlement"),
    [
        Settlement(
            "none",
            said("None"),
            said("Play for the glory; nobody pays."),
            "house rules",
            nets=_nothing,
            moves_money=False,
        ),
        Settlement(
            "pairwise",
            said("Pairwise"),
            said("Every pair settles the difference of their totals times the stake."),
            "000",
            aliases=("difference",),
            nets=_pairwise,
            pairs_settle=True,
        ),
        Settlement(
            "prospect",
            said("Prospect sliding scale"),
            said("The losers pay the winner by rank; last place pays most."),
            "003 (Prospect)",
            aliases=("sliding scale",),
            nets=_prospect,
            takes_payouts=True,
        ),
        Settlement(
            "stackpot",
            said("Stackpot"),
            said("Points are money: losses go to the pot, gains come out of it; what is left stays on the table."),
            "003 (Stackpot)",
            nets=_stackpot,
            has_pot=True,
            needs_highest_wins=True,
        ),
    ],
)


def _round_cents(amounts, players=None):
    """Round exact amounts of cents to whole cents that add up to their rounded sum.

    Each amount is rounded down or up, so every one is within a cent of exact, with the least squared
    error in cents. The first `players` amounts that are equal stay equal (tied players pay the same)
    where such a rounding adds up; where none does (three tied at +41 2/3 and five at -25), tied
    players differ by a cent rather than any amount moving further: +42, +42, +41 and -25 each.
    """
    players = len(amounts) if players is None else players
    groups = {}
    for index, amount in enumerate(amounts):
        groups.setdefault(amount if index < players else ("apart", index), []).append(index)
    target = round(sum(amounts))
    for members in (list(groups.values()), [[index] for index in range(len(amounts))]):
        chosen = closest_sum([amounts[group[0]] for group in members], [len(group) for group in members], target)
        if chosen is not None:
            cents = [0] * len(amounts)
            for group, value in zip(members, chosen):
                for index in group:
                    cents[index] = value
            return cents
    # Unreachable while the amounts sum to whole cents (every settlement's do: the pot takes the rest).
    raise ValueError("no rounding to cents adds up")


def settle(method, names, totals, stake=0, lowest_wins=False, tie_breaks=None, payouts=None):
    """Return the settlement: net money by seat, the pot where there is one, and the payments."""
    entry = SETTLEMENTS.find(method)
    stake = Fraction(str(stake or 0))
    cents_per_point = stake * 100
    if cents_per_point.denominator == 1:
        cents_per_point = int(cents_per_point)  # the usual case: whole cents, integer arithmetic
    places = ranks(totals, lowest_wins, tie_breaks)
    nets, pot = entry.nets(totals, cents_per_point, lowest_wins, places, payouts)
    has_pot = entry.has_pot
    cents = _round_cents(list(nets) + ([pot] if has_pot else []), len(names))
    parties = list(names) + ([POT] if has_pot else [])
    result = {
        "method": entry.id,
        "stake": to_money(stake),
        "net": [c / 100 for c in cents[: len(names)]],
        "payments": payments_between(parties, cents),
    }
    if has_pot:
        result["pot"] = cents[-1] / 100
    return result
