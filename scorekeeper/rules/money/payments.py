"""The fewest payments that settle who owes whom: exact up to EXACT_PAYMENT_LIMIT players, greedy beyond."""

import functools
import math

# Beyond this many players with money to move, the exact search is too slow; settle greedily.
EXACT_PAYMENT_LIMIT = 14


def closest_sum(exact, sizes, target):
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


def _settle_group(parties, cents, prefer=None):
    """Largest debtor pays largest creditor until the group is square: at most k - 1 payments (each one squares a
    debtor or a creditor, whoever pays whom). With `prefer` ({(payer, payee): weight}), a debtor pays a creditor
    of the greatest weight first (less the weight of the pair the other way), the largest debtor and creditor
    among equals."""
    payments = []
    balance = {party: cents[party] for party in parties}
    while True:
        debtor = min(balance, key=balance.get)
        creditor = max(balance, key=balance.get)
        if balance[debtor] >= 0 or balance[creditor] <= 0:
            return payments
        if prefer:
            *_order, debtor, creditor = max(
                (
                    prefer.get((payer, payee), 0) - prefer.get((payee, payer), 0),
                    -balance[payer],
                    balance[payee],
                    payer,
                    payee,
                )
                for payer in balance
                if balance[payer] < 0
                for payee in balance
                if balance[payee] > 0
            )
        amount = min(-balance[debtor], balance[creditor])
        payments.append((debtor, creditor, amount))
        balance[debtor] += amount
        balance[creditor] -= amount


def fewest_payments(cents, prefer=None):
    """Return (payer, payee, cents) transfers that settle every balance, as few as can be. `prefer`:
    {(payer, payee): weight} of the pairs to use first where the number of payments stays the fewest (the money
    between regulars: a debtor pays whom they owe)."""
    if prefer:
        return list(_plan(tuple(cents), prefer))
    return list(_fewest_payments(tuple(cents)))


@functools.lru_cache(maxsize=512)
def _fewest_payments(cents):
    return _plan(cents)


@functools.lru_cache(maxsize=512)
def _groups(cents):
    """The parties (indexes) split into the most groups that each sum to zero; one group beyond the exact limit."""
    parties = [i for i, amount in enumerate(cents) if amount]
    if 3 < len(parties) <= EXACT_PAYMENT_LIMIT:
        return [[parties[i] for i in group] for group in _zero_sum_groups([cents[p] for p in parties])]
    return [parties] if parties else []


def _plan(cents, prefer=None):
    payments = []
    for group in _groups(cents):
        payments.extend(_settle_group(group, cents, prefer))
    return tuple(payments)


def payments_between(parties, cents):
    """Return the fewest payments settling balances in cents, as [{from, to, amount}] in money."""
    return [
        {"from": parties[payer], "to": parties[payee], "amount": amount / 100}
        for payer, payee, amount in fewest_payments(cents)
    ]
