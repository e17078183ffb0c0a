"""The club: what counts (counting), the players' history (stats), ratings, seasons and evenings.

Kept light (no imports here): import a module by its path, `scorekeeper.rules.club.counting`.
"""
