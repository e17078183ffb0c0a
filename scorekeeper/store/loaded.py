"""Loaded games, kept in the one cache (scorekeeper/cache/kept.py) under the generation and revision they were read at.

A revision never changes once written within a generation, so an entry is never stale; a restore, an import
or a delete starts a new generation (generation.py), and what was kept before is not found again.
"""

from scorekeeper.cache import kept
from scorekeeper import rules
from . import generation
from .games import DamagedGame, get_game, get_game_head

LOADED = "loaded"
# What changes without a new revision, read fresh with every head: the entry keeps the row as loaded.
HEAD_FIELDS = ("status", "next_game", "generation")


def _key(db, game_id, generation_number, revision):
    return kept.Key(db.path, generation_number or 0, game_id, str(revision), kind=LOADED)


def remember(db, game, loaded, scored=None, entry=None):
    """Keep the game as loaded (and scored) at its generation and revision (or the `entry` holding them); return
    the entry."""
    entry = entry or [game, loaded, scored]
    kept.put(_key(db, game["id"], game.get("generation"), game["revision"]), entry, kept.cost_of_loaded(loaded))
    return entry


def loaded_at(db, game_id, revision, generation_number=None):
    """Return the loaded game at `revision` (of the generation given, else the database's now) if it is kept, else
    None (nothing is loaded)."""
    if generation_number is None:
        generation_number = generation.current(db)
    entry = kept.get(_key(db, game_id, generation_number, revision))
    return None if entry is None else entry[1]


def _cached(db, game_id):
    """Return the cache entry of the game at its current revision, loading it on a miss; or None."""
    head = get_game_head(db, game_id)
    if head is None:
        return None
    entry = _entry(db, game_id, head)
    # Abandoning or restoring a game changes its status, moving on its next game, not its revision: read fresh.
    if (
        entry is not None
        and entry[0]["revision"] == head["revision"]
        and any(entry[0].get(name) != head[name] for name in HEAD_FIELDS)
    ):
        entry = [dict(entry[0], **{name: head[name] for name in HEAD_FIELDS}), *entry[1:]]
    return entry


def _entry(db, game_id, head):
    entry = getattr(db, "written", {}).get((game_id, head["revision"]))
    if entry is not None:  # written by this connection's open transaction: not in the shared cache yet
        return entry
    entry = kept.get(_key(db, game_id, head["generation"], head["revision"]))
    if entry is not None:
        return entry
    game = get_game(db, game_id)  # with the generation it was read in: kept under what it is
    if game is None:
        return None
    try:
        loaded = rules.load(game["record"], trusted=True)
    except rules.RecordError as error:  # stored by an older version that allowed it: say which game
        raise DamagedGame(game_id, error) from None
    return remember(db, game, loaded)


def load_game(db, game_id):
    """Return (game, loaded) at the game's current revision, or None. Treat both as read-only."""
    entry = _cached(db, game_id)
    return None if entry is None else (dict(entry[0]), entry[1])


def scored_game(db, game_id):
    """Return (game, loaded, scored) at the game's current revision, or None. Treat them as read-only."""
    entry = _cached(db, game_id)
    if entry is None:
        return None
    if entry[2] is None:
        entry[2] = rules.score(entry[1])
    return dict(entry[0]), entry[1], entry[2]
