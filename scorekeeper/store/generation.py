"""The database's generation: one number in the database, bumped whenever its games may go back in time.

A revision names a game's state only within one generation: a restore brings back older revisions under the
same numbers, and deleting a game lets an older export be imported under its id. So whatever is kept of a
game (scorekeeper/cache/kept.py) is keyed by the generation too, read in the same statement as the game's head (one
snapshot: a second process never pairs a new generation with an old row, or the reverse), and a write checks it
with the revision. A restore (above the generation it replaces), a delete and a migration of an existing
database bump it; an import keeps a game's id only when no game has it, so an id that named a game before was
freed by a delete, which bumped it. Taps and abandoning do not (their revision or status says it).
"""

# A scalar subquery for the head's select: the generation of the same snapshot as the row.
COLUMN = "(select number from generation)"


def current(db):
    """The database's generation now (in the caller's transaction when it holds one)."""
    return db.execute(f"select {COLUMN}").fetchone()[0] or 0


def bump(db):
    """Start a new generation (inside the write that made older pages and loaded games untrue)."""
    db.execute("update generation set number = number + 1")


def at_least(db, number):
    """Make the generation greater than `number` (a restored copy: above the generation it replaces)."""
    db.execute("update generation set number = max(number, ?) + 1", [number])
