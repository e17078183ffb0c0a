"""Loaded games, kept per revision in the process: a revision never changes once written."""

import threading
from collections import OrderedDict

from .. import rules
from .games import DamagedGame, get_game, get_game_head

# (database, game id, revision) -> [game row, loaded Game, scored or None]. A revision never
# changes once written, so an entry is never stale; the oldest go first.
_LOADED = OrderedDict()
_LOADED_LOCK = threading.Lock()
LOADED_CACHE_SIZE = 512  # a room of 200 tables and more, each game at its current revision


def remember(db, game, loaded, scored=None, entry=None):
    """Keep the game as loaded (and scored) at its revision (or the `entry` holding them); return the entry."""
    entry = entry or [game, loaded, scored]
    with _LOADED_LOCK:
        _LOADED[(db.path, game["id"], game["revision"])] = entry
        while len(_LOADED) > LOADED_CACHE_SIZE:
            _LOADED.popitem(last=False)
    return entry


def loaded_at(db, game_id, revision):
    """Return the loaded game at `revision` if it is in the cache, else None (nothing is loaded)."""
    with _LOADED_LOCK:
        entry = _LOADED.get((db.path, game_id, revision))
    return None if entry is None else entry[1]


def _cached(db, game_id):
    """Return the cache entry of the game at its current revision, loading it on a miss; or None."""
    head = get_game_head(db, game_id)
    if head is None:
        return None
    entry = _entry(db, game_id, head)
    # Abandoning or restoring a game changes its status, not its revision: the status is always read fresh.
    if entry is not None and entry[0]["status"] != head["status"]:
        entry = [dict(entry[0], status=head["status"]), *entry[1:]]
    return entry


def _entry(db, game_id, head):
    entry = getattr(db, "written", {}).get((game_id, head["revision"]))
    if entry is not None:  # written by this connection's open transaction: not in the shared cache yet
        return entry
    key = (db.path, game_id, head["revision"])
    with _LOADED_LOCK:
        entry = _LOADED.get(key)
        if entry is not None:
            _LOADED.move_to_end(key)
            return entry
    game = get_game(db, game_id)
    if game is None:
        return None
    try:
        loaded = rules.load(game["record"], trusted=True)
    except rules.RecordError as error:  # stored by an older version that allowed it: say which game
        raise DamagedGame(game_id, str(error)) from None
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
