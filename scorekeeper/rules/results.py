"""Who wins, the ranks, and settling up in money."""

import functools
import math
from dataclasses import dataclass
from fractions import Fraction
from typing import Callable

from babel.lists import format_list

from . import words
from .registry import Entry, Registry
from .words import N_, _, lazy_gettext, ngettext

POT = "pot"
# The scored game's key naming the last player where a modifier names them (RULES.md).
LOSER_KEY = "ultimate_loser"
# Beyond this many players with money to move, the exact search is too slow; settle greedily.
EXACT_PAYMENT_LIMIT = 14


def standing_key(total, lowest_wins, tie_break=0):
    """Return a sort key that puts the best standing first."""
    return (total if lowest_wins else -total, -tie_break)


def ranks(totals, lowest_wins=False, tie_breaks=None):
    """Return each seat's place, 1 for the best; equal standings share a place (1, 1, 3)."""
    keys = [standing_key(total, lowest_wins, tie_breaks[seat] if tie_breaks else 0)
            for seat, total in enumerate(totals)]
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
        raise ValueError(ngettext("the sliding scale needs an amount for the %(num)d losing place",
                                  "the sliding scale needs an amount for each of the %(num)d losing places",
                                  len(totals) - 1))
    owed = []
    for place in places:
        tied = places.count(place)
        # Tied players share their places: each pays the average of those places' amounts.
        owed.append(Fraction(sum(scale[place - 1:place - 1 + tied]), tied))
    first = [seat for seat, place in enumerate(places) if place == 1]
    pool = sum(owed)
    return [pool / len(first) - owed[seat] if seat in first else -owed[seat]
            for seat in range(len(totals))], 0


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


SETTLEMENTS = Registry(lazy_gettext("settlement"), [
    Settlement("none", lazy_gettext("None"),
               lazy_gettext("Play for the glory; nobody pays."), "house rules", nets=_nothing,
               moves_money=False),
    Settlement("pairwise", lazy_gettext("Pairwise"),
               lazy_gettext("Every pair settles the difference of their totals times the stake."),
               "000", aliases=("difference",), nets=_pairwise),
    Settlement("prospect", lazy_gettext("Prospect sliding scale"),
               lazy_gettext("The losers pay the winner by rank; last place pays most."),
               "003 (Prospect)", aliases=("sliding scale",), nets=_prospect,
               takes_payouts=True),
    Settlement("stackpot", lazy_gettext("Stackpot"),
               lazy_gettext("Points are money: losses go to the pot, gains come out of it; "
               "what is left stays on the table."), "003 (Stackpot)", nets=_stackpot, has_pot=True,
               needs_highest_wins=True),
])


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
        chosen = _closest_sum([amounts[group[0]] for group in members], [len(group) for group in members], target)
        if chosen is not None:
            cents = [0] * len(amounts)
            for group, value in zip(members, chosen):
                for index in group:
                    cents[index] = value
            return cents
    # Unreachable while the amounts sum to whole cents (every settlement's do: the pot takes the rest).
    raise ValueError("no rounding to cents adds up")


def _closest_sum(exact, sizes, target):
    """Return whole cents per group, each its exact amount rounded down or up, whose sum (each times its
    group's size) is target, with the least squared error; None if none."""
    best = {0: (0, ())}  # the sum so far -> (squared error, choices)
    for amount, size in zip(exact, sizes):
        low, high = math.floor(amount), math.ceil(amount)
        step = {}
        for total, (error, choices) in best.items():
            for value in range(low, high + 1):
                key, cost = total + size * value, error + size * (value - amount) ** 2
                if key not in step or cost < step[key][0]:
                    step[key] = (cost, choices + (value,))
        best = step
    found = best.get(target)
    return list(found[1]) if found else None


def _zero_sum_groups(balances):
    """Split the balances into the most groups that each sum to zero (exact, by subsets)."""
    n = len(balances)
    full = (1 << n) - 1
    sums = [0] * (full + 1)
    best = [0] * (full + 1)
    came_from = [0] * (full + 1)
    for mask in range(1, full + 1):
        low = mask & -mask
        sums[mask] = sums[mask ^ low] + balances[low.bit_length() - 1]
        top, top_bit, bits = -1, 0, mask
        while bits:
            bit = bits & -bits
            bits ^= bit
            if best[mask ^ bit] > top:
                top, top_bit = best[mask ^ bit], bit
        best[mask] = top + (sums[mask] == 0)
        came_from[mask] = top_bit
    groups, current, mask = [], [], full
    while mask:
        bit = came_from[mask]
        current.append(bit.bit_length() - 1)
        mask ^= bit
        if sums[mask] == 0:
            groups.append(current)
            current = []
    return groups


def _settle_group(parties, cents):
    """Largest debtor pays largest creditor until the group is square: at most k - 1 payments."""
    payments = []
    balance = {party: cents[party] for party in parties}
    while True:
        debtor = min(balance, key=balance.get)
        creditor = max(balance, key=balance.get)
        if balance[debtor] >= 0 or balance[creditor] <= 0:
            return payments
        amount = min(-balance[debtor], balance[creditor])
        payments.append((debtor, creditor, amount))
        balance[debtor] += amount
        balance[creditor] -= amount


def fewest_payments(cents):
    """Return (payer, payee, cents) transfers that settle every balance, as few as can be."""
    return list(_fewest_payments(tuple(cents)))


@functools.lru_cache(maxsize=512)
def _fewest_payments(cents):
    parties = [i for i, amount in enumerate(cents) if amount]
    if 3 < len(parties) <= EXACT_PAYMENT_LIMIT:
        groups = [[parties[i] for i in group] for group in _zero_sum_groups([cents[p] for p in parties])]
    else:
        groups = [parties] if parties else []
    payments = []
    for group in groups:
        payments.extend(_settle_group(group, cents))
    return tuple(payments)


def payments_between(parties, cents):
    """Return the fewest payments settling balances in cents, as [{from, to, amount}] in money."""
    return [{"from": parties[payer], "to": parties[payee], "amount": amount / 100}
            for payer, payee, amount in fewest_payments(cents)]


def party_name(party, start=False):
    """Name a side of a payment as players say it: a name, or the pot."""
    if party == POT:
        return _("The pot") if start else _("the pot")
    return party


def payment_text(payment, currency=""):
    """Say a payment: 'Bob pays Ann 2.50', 'Di pays the pot 3.00' (the amount in the game's currency)."""
    amount = words.money(payment["amount"], currency)
    if payment["from"] == POT:
        return _("The pot pays %(payee)s %(amount)s", payee=payment["to"], amount=amount)
    if payment["to"] == POT:
        return _("%(payer)s pays the pot %(amount)s", payer=payment["from"], amount=amount)
    return _("%(payer)s pays %(payee)s %(amount)s", payer=payment["from"], payee=payment["to"], amount=amount)


def standing_text(scored):
    """Say who won, or who leads a game still being played: 'Leading after 3 of 13 hands: Di'."""
    who = names_text(scored["winner"])
    if scored["finished"]:
        return ngettext("Winner: %(names)s", "Winners: %(names)s", len(scored["winner"]), names=who)
    played = sum(hand["scores"] is not None for hand in scored["hands"])
    return ngettext("Leading after %(played)d of %(num)d hand: %(names)s",
                    "Leading after %(played)d of %(num)d hands: %(names)s", scored["planned_hands"],
                    played=played, names=who)


PENALTY, BONUS = "penalty", "bonus"
# How a penalty's reason is said in a sentence, by the penalty's id (modifiers.PENALTIES); a reason of the
# table's own is said as typed.
REASON_WORDS = {"revoke": N_("revoke"), "revoke_redeal": N_("revoke, dealt again"), "renege": N_("renege"),
                "false_accusation": N_("false accusation"), "other": N_("other"), "bonus": N_("bonus")}


def adjustment_kind(points, lowest_wins=False):
    """Say whether a hand's adjustment of points is a bonus (it helps the player to win) or a penalty."""
    return BONUS if (points < 0 if lowest_wins else points > 0) else PENALTY


# How a system's tie-break is said: "Cy wins on the tie-break: 9 bids made to Di's 7".
TIE_BREAK_WORDS = {"made_bids": N_("bids made")}


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


def names_text(names):
    """Say names as a list in a sentence: 'Ann', 'Ann and Bob', 'Ann, Bob and Cy'."""
    # English as the app always said it, without the serial comma (CLDR's en_001); other languages their own way.
    return format_list(list(names), locale="en_001" if words.locale() == "en" else words.locale())


def tie_text(scored):
    """Say how a finished game's tie at the top ended, or None: 'Cy wins on the tie-break: 9 bids made to
    Di's 7', 'Ann and Bob share first place'."""
    tie = scored.get("tie")
    if not tie or not scored["finished"]:
        return None
    first, level = tie["winner"], tie["players"]
    if "by" not in tie or len(first) == len(level):
        return _("%(names)s share first place", names=names_text(first))
    values = dict(zip(level, tie["values"]))
    behind = names_text(_("%(name)s's %(value)s", name=name, value=words.number(values[name]))
                        for name in level if name not in first)
    what = _(TIE_BREAK_WORDS.get(tie["by"], tie["by"]))
    value = words.number(values[first[0]])
    if len(first) == 1:
        return _("%(name)s wins on the tie-break: %(value)s %(what)s to %(behind)s",
                 name=first[0], value=value, what=what, behind=behind)
    return _("%(names)s share first place on the tie-break: %(value)s %(what)s each to %(behind)s",
             names=names_text(first), value=value, what=what, behind=behind)


def penalty_text(players, hand, penalty):
    """Say a penalty or bonus of a scored hand: 'hand 2: Cy revoke -20', 'hand 3: Ann bonus +10'."""
    points = penalty["points"]
    shown = ("+" if penalty.get("kind") == BONUS and points > 0 else "") + words.number(points)
    reason = penalty["reason"]
    return _("hand %(number)s: %(name)s %(reason)s %(points)s", number=hand["number"], name=players[penalty["seat"]],
             reason=_(REASON_WORDS[reason]) if reason in REASON_WORDS else reason, points=shown)


def pot_text(settlement, currency=""):
    """Say the money left on the table, or None where the settlement has no pot: 'left in the pot: 3.00'."""
    if "pot" not in settlement:
        return None
    return _("left in the pot: %(amount)s", amount=words.money(settlement["pot"], currency))


def loser_text(scored):
    """Say who is the Ultimate Loser, or None where no modifier names one: 'Ultimate Loser: Bob'."""
    if LOSER_KEY not in scored:
        return None
    return _("Ultimate Loser: %(names)s", names=names_text(scored[LOSER_KEY]))


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
    result = {"method": entry.id, "stake": to_money(stake), "net": [c / 100 for c in cents[:len(names)]],
              "payments": payments_between(parties, cents)}
    if has_pot:
        result["pot"] = cents[-1] / 100
    return result
