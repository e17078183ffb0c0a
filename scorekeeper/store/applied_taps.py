"""Taps applied once: the actions API's and the seat phones' action ids, each remembered with the revision it
made (table `applied_actions`; issue 11).

A client's action id is applied once (`apply_once`): the check for an applied id and the write are ONE
transaction (`with db.atomic():` around both): BEGIN IMMEDIATE takes the write lock before the check, so a
second copy of the same action (a phone's retry while the first is in flight, or another process) waits for
the first to commit and then finds its id applied.
"""

import sqlite3

from . import generation
from .loaded import load_game
from .db import now
from .games import StaleRevision
from .log import append_prepared, prepare, undo_last
from .results import STORED_COLUMNS, stored_results


class ActionSeen(Exception):
    """A client's action id was applied before; `revision` is the revision it made, `digest` what its body said."""

    def __init__(self, revision, digest=None):
        super().__init__(revision)
        self.revision, self.digest = revision, digest


def apply_once(db, game_id, action_id, write, seen, tries):
    """Apply a client's action once, under the write lock: `seen((revision, digest))` answers an id applied
    before; else `write(game, loaded)` writes and answers, tried again on the new state (up to `tries` times)
    when another phone wrote between its read and its write. None when every try was overtaken."""
    for _attempt in range(tries):
        with db.atomic():
            found = applied_tap(db, game_id, action_id)
            if found is not None:
                return seen(found)
            game, loaded = load_game(db, game_id)
            try:
                return write(game, loaded)
            except ActionSeen as again:
                return seen((again.revision, again.digest))
            except StaleRevision:
                continue
    return None


def applied_action(db, game_id, action_id):
    """Return the revision that the client's action id made, or None when it was never applied."""
    found = applied_tap(db, game_id, action_id)
    return found[0] if found else None


def applied_tap(db, game_id, action_id):
    """Return (revision, digest of its body) of an applied action id (digest None before m051), or None."""
    row = db.execute(
        "select revision, digest from applied_actions where game_id = ? and action_id = ?", [game_id, action_id]
    ).fetchone()
    return tuple(row) if row else None


def claim_action(db, game_id, action_id, revision, digest=None):
    """Remember the action id with the revision its write makes (every write makes the next one) and the digest
    of its body; ActionSeen when it was applied before."""
    try:
        db.execute(
            "insert into applied_actions (game_id, action_id, revision, created, digest) values (?, ?, ?, ?, ?)",
            [game_id, action_id, revision, now(), digest],
        )
    except sqlite3.IntegrityError:
        raise ActionSeen(*applied_tap(db, game_id, action_id)) from None
    return revision


def append_action(
    db,
    game_id,
    action_id,
    kind,
    payload,
    record,
    revision,
    loaded=None,
    generation_number=None,
    digest=None,
    tapped=None,
):
    """append_entry, remembering the client's action id in the same transaction; ActionSeen if it was.

    loaded: the engine's load of record, so the store does not load it again; generation_number: as append_entry;
    tapped: when the phone made the tap (UTC), kept as the entry's time within bounds (log.entry_time)."""
    prepared = prepare(db, game_id, record, revision, loaded, generation_number)
    with db.atomic():
        claim_action(db, game_id, action_id, revision + 1, digest)
        return append_prepared(db, game_id, kind, payload, record, revision, prepared, tapped=tapped)


def append_action_ahead(
    db,
    game_id,
    action_id,
    kind,
    payload,
    record,
    revision,
    loaded=None,
    generation_number=None,
    digest=None,
    tapped=None,
):
    """append_action for a write worked out before the write lock, on the game at `revision`, in a transaction of
    its own: return the game as written (game, loaded, scored), or None, writing nothing, when the action id
    was applied or the game is no longer at `revision` (the caller works the action out again, under the lock).

    The engine's work (loading, scoring, the results) is done before the lock is taken; under it, one read
    checks the id and the revision (in the generation the game was read in), then the write's few statements, so
    simultaneous writers wait less."""
    prepared = prepare(db, game_id, record, revision, loaded, generation_number)
    with db.atomic():
        # One read: the game's revision, whether the id was applied, whether it plays an event's table, and the
        # results stored (compared in the write). An event's table is checked for the director's lock in the
        # write (a RecordError, rolled back: the caller's path under the lock answers the refusal).
        found = db.execute(
            "select revision, exists (select 1 from applied_actions where game_id = :game "
            "and action_id = :action), exists (select 1 from tournament_games where game_id = :game), "
            f"{generation.COLUMN}, {STORED_COLUMNS} from games where id = :game",
            {"game": game_id, "action": action_id},
        ).fetchone()
        if found is None or (found[0], found[1], found[3]) != (revision, 0, prepared.generation):
            return None
        claim_action(db, game_id, action_id, revision + 1, digest)  # checked just now, under the lock: not applied
        prepared = prepared._replace(stored=stored_results(found[4:]))
        written = db.written[
            (
                game_id,
                append_prepared(
                    db, game_id, kind, payload, record, revision, prepared, free=not found[2], tapped=tapped
                ),
            )
        ]
    return tuple(written)


def undo_action(db, game_id, action_id, revision, digest=None, tapped=None):
    """undo_last, remembering the client's action id in the same transaction; ActionSeen if it was.

    Return (the new revision, the event undone)."""
    with db.atomic():
        claim_action(db, game_id, action_id, revision + 1, digest)
        return undo_last(db, game_id, revision, tapped=tapped)


def remember_action(db, game_id, action_id, revision, digest=None):
    """Remember an action id that needed no write (it asked for what the game already holds)."""
    with db.atomic():
        return claim_action(db, game_id, action_id, revision, digest)
