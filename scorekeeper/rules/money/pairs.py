"""What each pair of a pairwise game settles, in whole cents (RULES.md, "Who wins, and settling up": every pair
settles the difference of their totals × stake; a player's net is the sum over the others).

The exact amount of a pair may hold a fraction of a cent (half points at an odd stake); each pair is rounded
down or up so that every player's pairs add up to their net in the game's settlement, which is itself within a
cent of exact (`settlement._round_cents`). Where no such rounding exists (it can when several nets were rounded
the same way), the fewest pairs move a cent further, so the pairs always add up to the game as it settled.
"""

from collections import deque
from fractions import Fraction
from math import ceil, floor


def _exact(number):
    return Fraction(number)  # floats such as 0.5 are exact in binary; ints and Fractions stay as they are


def pair_cents(totals, cents_per_point, lowest_wins, nets, seats=None):
    """Return {(i, j): cents} for the seats i < j taking part (`seats`, every seat by default): what j pays i
    (negative: what i pays j), each pair's amount within a cent of exact where it can be, each seat's pairs adding
    up to its net in `nets` (whole cents by seat)."""
    seats = sorted(range(len(totals)) if seats is None else seats)
    rate = _exact(cents_per_point) * (-1 if lowest_wins else 1)
    exact = {(i, j): rate * (_exact(totals[i]) - _exact(totals[j])) for i in seats for j in seats if i < j}
    amounts = {pair: floor(value) for pair, value in exact.items()}
    # What each seat still has to gain (+) or give (-) for its pairs to add up to its net.
    need = {seat: nets[seat] for seat in seats}
    for (i, j), cents in amounts.items():
        need[i] -= cents
        need[j] += cents
    if sum(need.values()):
        raise ValueError("the nets do not add up to zero")  # a settlement's always do
    slack = 0  # how far beyond floor..ceil a pair may move: 0 first, more only when nothing else adds up
    while any(need.values()):
        if not _move_a_cent(exact, amounts, need, slack):
            slack += 1  # with room enough every giver reaches every taker directly: this ends
    return amounts


def _move_a_cent(exact, amounts, need, slack):
    """Move one cent from a seat that must give to one that must gain, along the shortest chain of pairs that can
    still move within their bounds (floor - slack .. ceil + slack); return False when no chain can."""
    low = {pair: floor(value) - slack for pair, value in exact.items()}
    high = {pair: ceil(value) + slack for pair, value in exact.items()}
    # An arc giver -> taker: raising (i, j) moves a cent from j to i, lowering it from i to j.
    arcs = {}
    for (i, j), cents in amounts.items():
        if cents < high[(i, j)]:
            arcs.setdefault(j, []).append((i, (i, j), +1))
        if cents > low[(i, j)]:
            arcs.setdefault(i, []).append((j, (i, j), -1))
    for start in sorted(seat for seat, value in need.items() if value < 0):
        came = {start: None}
        queue = deque([start])
        while queue:
            seat = queue.popleft()
            if need[seat] > 0:
                need[seat] -= 1
                need[start] += 1
                while came[seat] is not None:
                    before, pair, step = came[seat]
                    amounts[pair] += step
                    seat = before
                return True
            for nxt, pair, step in arcs.get(seat, ()):
                if nxt not in came:
                    came[nxt] = (seat, pair, step)
                    queue.append(nxt)
    return False
