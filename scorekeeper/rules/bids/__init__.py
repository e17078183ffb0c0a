"""Bidding: turn order, the hook and blind bids (bidding), bids sealed until the reveal (sealed) and a player's
bidding habits by hand size (habits).

Kept light (no imports here): import a module by its path, `scorekeeper.rules.bids.bidding`.
"""
