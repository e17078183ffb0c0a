"""Money: the settlements registry, the fewest payments, each pair's amount in a pairwise game, the ledger between
regulars, amounts typed in a currency, the currencies' decimals and SEPA transfers.

Kept light (no imports here): import a module by its path, `scorekeeper.rules.money.settlement`.
"""
