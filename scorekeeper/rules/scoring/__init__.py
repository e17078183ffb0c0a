"""Scoring: the systems registry (systems, gathered from its families systems_exact, systems_golf_binary and
systems_clubs; what a system is: system_entry), modifiers and penalties, house formulas, scoring a whole game (scored),
the ranks, which system a table plays, the last hands (chase), the presets and the house-rules card.

Kept light (no imports here): import a module by its path, `scorekeeper.rules.scoring.systems`.
"""
