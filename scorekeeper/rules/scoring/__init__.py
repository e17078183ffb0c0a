"""Scoring: the systems registry (systems), modifiers and penalties, house formulas, scoring a whole game (scored),
the ranks, which system a table plays, the last hands (chase), the presets and the house-rules card.

Kept light (no imports here): import a module by its path, `scorekeeper.rules.scoring.systems`.
"""
