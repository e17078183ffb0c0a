"""Seating a round: how many tables of what size, and the seeded draw that spreads the players.

Every random choice comes from the event's `seed`, so the same event draws the same tables:
round n is drawn with `random.Random(f"{seed}:{n}")` (n counts from 1), and the lot that breaks
the last ties orders the players by the SHA-256 of `f"{seed}:lot:{name}"` (docs/events.md).
"""

import hashlib
import itertools
import random

MIN_TABLE = 3
# Swaps tried to keep players who met apart; the draw stops early once no two at a table have met.
REPAIR_STEPS = 4000


def table_sizes(players, size):
    """Return the seats at each table: as equal as possible, at most `size` (the rest one seat fewer), and
    never fewer than 3 at a table while there is more than one (5 players for tables of 4 sit at one)."""
    if players < 1:
        return []
    tables = -(-players // size)
    while tables > 1 and players // tables < MIN_TABLE:
        tables -= 1
    base, extra = divmod(players, tables)
    return [base + 1] * extra + [base] * (tables - extra)


def round_random(seed, number):
    """The random source of round `number` (from 1)."""
    return random.Random(f"{seed}:{number}")


def lot_key(seed, name):
    """A player's place in the drawn lot: a smaller key draws first. Each player's key depends only on the
    seed and the name, so a late player leaves everyone else's order as it was."""
    return hashlib.sha256(f"{seed}:lot:{name}".encode()).hexdigest()


def lot(seed, players):
    """Return the players in the order the lot draws them."""
    return sorted(players, key=lambda name: lot_key(seed, name))


def met_pairs(rounds_of_tables):
    """Return every pair of players who shared a table, as sorted tuples."""
    return {
        tuple(sorted(pair))
        for tables in rounds_of_tables
        for seats in tables
        for pair in itertools.combinations(seats, 2)
    }


def _clashes(table, met):
    return sum(tuple(sorted(pair)) in met for pair in itertools.combinations(table, 2))


def short_seats(rounds_of_tables):
    """How often each player sat at one of a round's smaller tables (fewer seats than its largest): {name: n}."""
    counts = {}
    for tables in rounds_of_tables:
        largest = max((len(seats) for seats in tables), default=0)
        for seats in tables:
            if len(seats) < largest:
                for name in seats:
                    counts[name] = counts.get(name, 0) + 1
    return counts


def _rows(sizes, tables):
    """The seats of `tables` (indexes), seat row by seat row across them."""
    return [table for row in range(max(sizes, default=0)) for table in tables if row < sizes[table]]


def draw(pots, sizes, rng, met=frozenset(), steps=REPAIR_STEPS, short=None):
    """Seat the players at tables of `sizes` and return the tables' seat lists.

    `pots` are groups to spread apart (Cartier's winners and runners-up): each pot is shuffled, the
    pots are dealt one after another seat row by seat row across the tables, so each table gets its
    share of every pot. With `short` ({name: times at a smaller table}: RULES.md's `rounds`), the seats of the
    smaller tables go first to those who have sat at fewer of them (the lot of the shuffle among equals).
    Then swaps within a pot (and, with `short`, between two at tables of the same size or with as many turns
    at a smaller table), kept when they do not add meetings, separate players who met before where the numbers
    allow (at most `steps` tries). Last, each table's seat order is shuffled.
    """
    order, pot_of = [], {}
    for number, pot in enumerate(pots):
        pot = list(pot)
        rng.shuffle(pot)
        order += pot
        pot_of.update((name, number) for name in pot)
    tables = [[] for _ in sizes]
    smaller = [table for table, size in enumerate(sizes) if size < max(sizes)] if short is not None else []
    if smaller:
        turns = sorted(order, key=lambda name: short.get(name, 0))  # stable: the shuffle decides among equals
        seats_short = sum(sizes[table] for table in smaller)
        chosen = set(turns[:seats_short])
        dealt = [(name, table) for name, table in zip([n for n in order if n in chosen], _rows(sizes, smaller))] + [
            (name, table)
            for name, table in zip(
                [n for n in order if n not in chosen], _rows(sizes, [t for t in range(len(sizes)) if t not in smaller])
            )
        ]
    else:
        dealt = list(zip(order, _rows(sizes, range(len(sizes)))))
    for name, table in dealt:
        tables[table].append(name)

    def may_swap(first, second, a, b):
        return short is None or len(tables[a]) == len(tables[b]) or short.get(first, 0) == short.get(second, 0)

    by_pot = [[name for name in order if pot_of[name] == number] for number in range(len(pots))]
    where = {name: index for index, table in enumerate(tables) for name in table}
    cost = sum(_clashes(table, met) for table in tables)
    for _ in range(steps if met else 0):
        if cost == 0:
            break
        first = rng.choice(order)
        second = rng.choice(by_pot[pot_of[first]])
        a, b = where[first], where[second]
        if a == b or not may_swap(first, second, a, b):
            continue
        before = _clashes(tables[a], met) + _clashes(tables[b], met)
        tables[a][tables[a].index(first)], tables[b][tables[b].index(second)] = second, first
        after = _clashes(tables[a], met) + _clashes(tables[b], met)
        if after <= before:
            where[first], where[second] = b, a
            cost += after - before
        else:
            tables[a][tables[a].index(second)], tables[b][tables[b].index(first)] = first, second
    for table in tables:
        rng.shuffle(table)
    return tables
