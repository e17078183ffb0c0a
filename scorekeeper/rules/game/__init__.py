"""The game: the record and its rules, the checks and limits every record keeps, names and numbers as people type
them, the plan of hands and their deal patterns, the trump, the table's arrivals and leavings, the step machine
and the history's changes.

Kept light (no imports here): import a module by its path, `scorekeeper.rules.game.record`.
"""
