"""The write path: a game stored is changed by actions and undone through its history.

A game row holds the current record and a revision number; every action appends an entry with
what it changed (rules.game.changes.diff), so History reads the actions (store/log_reads.py) and undo applies the
last live action's change backwards. Every write goes through `_write`, in one BEGIN IMMEDIATE transaction
with the game's results, its evening and the roster. A game comes into the store by store/new_games.py.
"""

import json
from datetime import datetime, UTC
from typing import NamedTuple

from .. import rules
from scorekeeper.rules.club import counting
from scorekeeper.rules.game.changes import apply, diff
from scorekeeper.rules.said import nsaid
from . import generation
from .loaded import loaded_at, remember
from .db import dumps, now
from .evenings import remember_players, touch_evening
from .games import StaleRevision, UnknownGame, parse_record, status
from .money import counted_here, keep_money, refuse_money_at_event
from .ratings import game_entry, keep_ratings
from .results import Results, results_of, store_results
from scorekeeper.store.events import refuse_locked


# A game's history holds at most this many entries (its revision counts them). The largest game the record's
# limits allow, 1,000 hands of 30 players played tap by tap, makes 33,000 (a deal, 30 bids, the trump and the
# tricks a hand), so a table never meets it, corrections and undos included; a script tapping a game for ever
# does. At the bound the game stays as it is (sheet, totals, History, settle-up) and refuses more changes, saying
# so: the table plays on in a new game (docs/decisions/0034-a-games-history-is-bounded.md).
MAX_HISTORY = 50_000


class NothingToUndo(Exception):
    """Only the game's creation is left."""


def refuse_full(revision):
    """Raise RecordError when a game at this revision holds MAX_HISTORY entries already."""
    if revision >= MAX_HISTORY:
        raise rules.RecordError(
            "",
            nsaid(
                "This game has recorded %(num)d change, the most one game keeps, so nothing more can be recorded in it. "
                "Its sheet, totals and History stay as they are: to play on, start a new game for the table.",
                "This game has recorded %(num)d changes, the most one game keeps, so nothing more can be recorded in it. "
                "Its sheet, totals and History stay as they are: to play on, start a new game for the table.",
                MAX_HISTORY,
            ),
        )


def _current(db, game_id, revision, known=None):
    """Return the stored record at revision (inside the write's transaction), or raise.

    known: the game at that revision as loaded (the cache's), whose record spares parsing the stored one."""
    row = db.execute(f"select {'null' if known else 'record'}, revision from games where id = ?", [game_id]).fetchone()
    if row is None:
        raise UnknownGame(game_id)
    if row[1] != revision:
        raise StaleRevision(game_id)
    return known.record if known else parse_record(game_id, row[0])


def entry_time(db, game_id, tapped, when):
    """The time an entry is kept with: when the phone made the tap (`tapped`, UTC; a tap queued offline is sent
    later), never later than the server's clock (`when`) nor earlier than the game's previous entry, so History
    stays in order whatever the phone's clock says; `when` when no tap time was sent."""
    if tapped is None:
        return when
    row = db.execute("select created from events where game_id = ? order by seq desc limit 1", [game_id]).fetchone()
    moment = min(datetime.fromisoformat(tapped), datetime.fromisoformat(when))
    try:
        previous = datetime.fromisoformat(row[0]) if row else None
    except ValueError:  # an imported entry's time the store did not write
        previous = None
    if previous is not None and previous.tzinfo and previous > moment:
        moment = previous
    return moment.astimezone(UTC).isoformat(timespec="seconds")


def _write(
    db,
    game_id,
    revision,
    kind,
    payload,
    before,
    record,
    loaded,
    scored,
    undone_seq=None,
    prepared=None,
    generation_number=None,
    free=False,
    tapped=None,
):
    """Store record as the game at revision + 1 with the entry that made it, in the caller's transaction; the
    revision is of the generation given (the prepared write's, else the one now).

    A tap runs the few statements it needs: the game (its row comes back for the cache), the event, the
    evening's date, and the players' roster and results only when they changed. prepared: the Prepared of
    this write, whose texts and results are worked out already (the write lock is held here). free: the caller
    read under this lock that the game plays no event's table (else a locked table is refused here). tapped: when
    the phone made the tap, kept as the entry's time (entry_time)."""
    if kind != "repair":  # the server's own repair of a stored record is never refused
        refuse_full(revision)
    if not free:  # a confirmed round's table changes only with the director's approval, its seats only by them
        refuse_locked(db, game_id, payload.get("kind") if kind == "undo" else kind, before, record)
    refuse_money_at_event(db, game_id, loaded)
    text, when = loaded.text if loaded.record is record else dumps(record), now()
    if generation_number is None:
        generation_number = prepared.generation if prepared else generation.current(db)
    # The conditional update proves nobody wrote in between (BEGIN IMMEDIATE holds the lock), nor restored or
    # imported the game at the same revision under it.
    cursor = db.conn.execute(
        "update games set record = ?, revision = revision + 1, status = ?, updated = ? "
        f"where id = ? and revision = ? and {generation.COLUMN} = ? returning *",
        [text, prepared.status if prepared else status(loaded), when, game_id, revision, generation_number],
    )
    row = cursor.fetchone()
    if row is None:
        if db.execute("select 1 from games where id = ?", [game_id]).fetchone() is None:
            raise UnknownGame(game_id)
        raise StaleRevision(game_id)
    game = dict(zip([column[0] for column in cursor.description], row), record=record, generation=generation_number)
    if undone_seq is not None:
        db.execute("update events set undone = 1 where game_id = ? and seq = ?", [game_id, undone_seq])
    db.execute(
        "insert into events (game_id, seq, revision, kind, payload, change, undone, created) "
        "select ?, coalesce(max(seq), 0) + 1, ?, ?, ?, ?, 0, ? from events where game_id = ?",
        [
            game_id,
            revision + 1,
            kind,
            dumps(payload),
            prepared.change if prepared and prepared.change else dumps(diff(before, record)),
            entry_time(db, game_id, tapped, when),
            game_id,
        ],
    )
    touch_evening(db, game_id, when)
    if before.get("players") != record["players"]:
        remember_players(db, record["players"], when)  # a late arrival joins the roster too
    counted = None if prepared else counted_here(db, game_id, loaded, scored, game["status"])
    was_finished = store_results(
        db,
        game_id,
        scored,
        game["created"],
        loaded.rules.hooked_from,
        prepared.results if prepared else None,
        prepared.stored if prepared else None,
        counted=counted,
        finished_at=when,
    )
    if scored["finished"] or was_finished:  # a tap of a game in play writes no rating or money row
        counted = counted or counted_here(db, game_id, loaded, scored, game["status"])
        keep_ratings(db, game_id, game_entry(loaded, scored, game["status"], counted), when)
        keep_money(db, game_id, loaded, scored, game["status"], counted)
    # The next action starts from this game as loaded and scored here: in this transaction at once
    # (an answer given before the commit), in every other once it is committed.
    entry = db.written[(game_id, revision + 1)] = [game, loaded, scored]
    db.after_commit.append(lambda: remember(db, game, loaded, scored, entry))
    return revision + 1


def append_entry(db, game_id, kind, payload, record, revision, loaded=None, generation_number=None):
    """Validate record (unless `loaded` is the engine's load of it), then store it with the entry that made it.

    generation_number: the database's generation the game at revision was read in (game["generation"]); a
    write on a game read before a restore or import is then refused as stale."""
    prepared = prepare(db, game_id, record, revision, loaded, generation_number)
    with db.atomic():
        return append_prepared(db, game_id, kind, payload, record, revision, prepared)


class Prepared(NamedTuple):
    """A write's engine work, done before its transaction: the game at the revision written on (when loaded
    already, else None), the new record loaded and scored, its status, its results, and the change between
    them as stored (None when the game before is not loaded: worked out in the transaction); and, once read in
    the write's transaction, the results stored."""

    known: rules.Game | None
    loaded: rules.Game
    scored: dict
    status: str
    results: Results
    change: str | None
    stored: tuple | None = None
    generation: int = 0  # the database's generation of the revision written on


def prepare(db, game_id, record, revision, loaded=None, generation_number=None):
    """The engine's work for a write (load, score, the results, the change), done before its transaction when
    the caller holds none, so the write lock is held for the statements alone: a Prepared."""
    if generation_number is None:
        generation_number = generation.current(db)
    # The game at `revision`, when loaded already, vouches for the hands the record shares with it.
    known = loaded_at(db, game_id, revision, generation_number)
    if loaded is None:
        loaded = rules.load(record, known=known)
    scored = rules.score(loaded)
    results = results_of(scored, loaded.rules.hooked_from, counting.counted(loaded, scored))
    return Prepared(
        known,
        loaded,
        scored,
        status(loaded),
        results,
        dumps(diff(known.record, record)) if known else None,
        generation=generation_number,
    )


def append_prepared(db, game_id, kind, payload, record, revision, prepared, free=False, tapped=None):
    """Store a prepared write in the caller's transaction (free, tapped: see _write)."""
    # The game at `revision` as loaded is the record before; _write's conditional update proves it still stands.
    before = prepared.known.record if prepared.known else _current(db, game_id, revision)
    return _write(
        db,
        game_id,
        revision,
        kind,
        payload,
        before,
        record,
        prepared.loaded,
        prepared.scored,
        prepared=prepared,
        free=free,
        tapped=tapped,
    )


def undo(db, game_id, revision):
    """Return the game to its state before its last action not yet undone; return the new revision."""
    return undo_last(db, game_id, revision)[0]


def undo_last(db, game_id, revision, tapped=None):
    """Undo as `undo` does; return (the new revision, the event undone: seq, kind, payload); tapped: see _write."""
    with db.atomic():
        generation_number = generation.current(db)
        known = loaded_at(db, game_id, revision, generation_number)
        before = _current(db, game_id, revision, known)
        # The record is always the state after the last live action, so its change taken back is the undo.
        row = db.execute(
            "select seq, kind, change, payload from events where game_id = ? and kind != 'undo' "
            "and undone = 0 order by seq desc limit 1",
            [game_id],
        ).fetchone()
        if row is None or row[1] == "create":
            raise NothingToUndo(game_id)
        last_seq, last_kind, change, payload = row
        change = json.loads(change)
        record = apply(before, change, forward=False)
        # A state this game was in, validated then; the hands it shares with the game now are known already.
        loaded = rules.load(record, trusted=True, known=known)
        new_revision = _write(
            db,
            game_id,
            revision,
            "undo",
            {"undid": last_seq, "kind": last_kind},
            before,
            record,
            loaded,
            rules.score(loaded),
            undone_seq=last_seq,
            generation_number=generation_number,
            tapped=tapped,
        )
        return new_revision, {"seq": last_seq, "kind": last_kind, "payload": json.loads(payload), "change": change}


def repair(db, game_id, problem, record):
    """Store a repaired record (see migration m010) as the game's next revision, with a `repair` event."""
    loaded = rules.load(record)
    revision, text = db.execute("select revision, record from games where id = ?", [game_id]).fetchone()
    before = json.loads(text)
    with db.atomic():  # free: a locked event table is repaired too (the lock guards the tables' own changes)
        return _write(
            db,
            game_id,
            revision,
            "repair",
            {"problem": problem},
            before,
            record,
            loaded,
            rules.score(loaded),
            free=True,
        )
