"""The money between regulars (RULES.md, "Ratings, seasons and the money between regulars"): every finished
staked game's settlement adds to a running balance between each pair of players, across evenings; a payment
recorded takes from it; the open balances are settled by the fewest payments, as within a game.

Amounts are whole cents, players their keys (rules.ratings.player_key); one currency at a time."""

from .settlement import POT
from .payments import fewest_payments


def game_flows(settlement):
    """The (payer, payee, cents) of one game's settlement between players (the pot's share stays in the game)."""
    return [(payment["from"], payment["to"], round(payment["amount"] * 100)) for payment in settlement["payments"]
            if payment["from"] != POT and payment["to"] != POT and payment["amount"]]


def pair_balances(flows):
    """Return {(a, b): cents} over (payer, payee, cents) flows, each pair once with a < b: positive, a owes b;
    negative, b owes a. A payment made is a flow the other way."""
    pairs = {}
    for payer, payee, cents in flows:
        if payer == payee:
            continue
        pair = (payer, payee) if payer < payee else (payee, payer)
        pairs[pair] = pairs.get(pair, 0) + (cents if payer < payee else -cents)
    return {pair: cents for pair, cents in pairs.items() if cents}


def owed(flows):
    """Return who owes whom now, pair by pair: [(debtor, creditor, cents)], the largest first."""
    lines = [(a, b, cents) if cents > 0 else (b, a, -cents) for (a, b), cents in pair_balances(flows).items()]
    return sorted(lines, key=lambda line: (-line[2], line[0], line[1]))


def settle_all(flows):
    """Return the fewest payments [(payer, payee, cents)] that settle every open balance."""
    nets = {}
    for payer, payee, cents in flows:
        nets[payer] = nets.get(payer, 0) - cents
        nets[payee] = nets.get(payee, 0) + cents
    parties = sorted(key for key, cents in nets.items() if cents)
    # fewest_payments reads a negative balance as one to pay, a positive one as one to collect.
    return [(parties[payer], parties[payee], cents)
            for payer, payee, cents in fewest_payments([nets[key] for key in parties])]
