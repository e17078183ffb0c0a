"""A large import in short steps, all or nothing, while the room plays on (issue 23, section 5).

One transaction for a whole file held the write lock for as long as it took: 90,000 games in 56 seconds, every
other table's tap waiting up to 30 s. Here the engine's work (load, score, results) is done before any lock,
and the games are written a chunk at a time, each chunk a short transaction the other tables' taps queue
between. Until the last chunk is in, the import's games are named in `pending_imports`: hidden from the lists
of games, out of the club's record (store/club.py CLUB_RECORD: no rating, season, player's page or money sees
them), and taken out again, every one, if the import fails midway; a process that died during an import (its
lock file free, below) has its games taken out in the background when the next one starts. The last step, one
transaction, forgets the names and rates the file once: then every game of the file counts at once.
"""

import contextlib
import fcntl
import json
import os
import time
from typing import NamedTuple

from .. import rules
from ..rules.club import counting
from .club_import import evening_began, link_next_games, restore
from .db import new_id, now
from .evenings import evening_of
from .export_keys import META_KEYS  # what an export keeps beside each record: one list both ways
from .new_games import import_game
from .ratings import rate_games
from .removal import delete_game, game_tables
from .results import results_of

CHUNK = 20  # games a transaction: some tens of milliseconds of statements, so a tap waits no longer
YIELD_EVERY = 10  # games of engine work between two offers of the interpreter to a tap's thread (about 2 ms): a
# sleep(0) after each game cost a 5,000-game import seconds on a loaded machine (each a trip through the scheduler)
CHECKPOINT_EVERY = 5  # chunks at most between two checkpoints of the WAL by the import's own connection (each
WAL_PAGES = 500  # syncs the file, some 11 ms), and as many as fill about this many pages of it: half SQLite's own
# threshold (1,000), so a tap's commit still never meets a checkpoint of the import's pages


class Ready(NamedTuple):
    """One exported game, the engine's work done: its record, loaded, results, and the export's keys."""

    entry: dict
    record: dict
    loaded: rules.Game
    results: object
    scored: dict = None
    counted: object = None


def ready(entries):
    """Do the engine's work for every game of the file (no lock held): a Ready each."""
    out = []
    for number, entry in enumerate(entries):
        if number % YIELD_EVERY == 0:  # let a tap's thread have the interpreter now, not at the next forced switch
            time.sleep(0)
        record = {key: value for key, value in entry.items() if key not in META_KEYS}
        loaded = rules.load(record)
        scored = rules.score(loaded)
        counted = counting.counted(loaded, scored, abandoned=entry.get("abandoned") is True)
        out.append(Ready(entry, record, loaded, results_of(scored, loaded.rules.hooked_from, counted), scored, counted))
    return out


def _already_here(db, entry, record):
    """True when the game is stored here already: the same id holding the same record (imported before); None
    when no game has its id (the id is free); else False."""
    if not entry.get("id"):
        return False
    row = db.execute("select record from games where id = ?", [entry["id"]]).fetchone()
    if row is None:
        return None
    try:
        return json.loads(row[0]) == record
    except ValueError:  # a damaged stored record is not this one
        return False


def import_games(db, entries, created_of, chunk=CHUNK, between=None, club=None):
    """Store the exported games, at their ids when free; evenings stay together. All or nothing.

    created_of(entry): the date the game keeps, or None. between(): called after each chunk (tests use it).
    club: the file's club record (store/club_checks.Club, checked), written in the last step with the rating.
    Return the (id, edit key) of each game stored, and how many were skipped as already here."""
    # Written in the order the games were set up (the file's is the order they finished, for the ratings), so the
    # games and evenings lie here as they lay where they were exported: a page that orders what began in the same
    # second by when it was stored shows them alike (decision 0039). A game without a date comes last, as now.
    prepared = [
        item
        for _key, item in sorted(
            ((created_of(item.entry) is None, created_of(item.entry) or "", index), item)
            for index, item in enumerate(ready(entries))
        )
    ]
    import_id, pid, made, evenings, skipped = new_id(9), os.getpid(), [], {}, 0
    games = {}  # the file's game ids: where each is here
    # A version 2 file says each evening's date and note once, in its evenings (the games' copies are for readers
    # of version 1).
    sections = {item["id"]: item for item in club.evenings} if club else {}
    abouts = {evening_id: (item.get("date"), item.get("note")) for evening_id, item in sections.items()}
    joined = {}  # each evening this import started: its games here in the order they joined it
    roster_before = {key for (key,) in db.execute("select key from players")} if club and club.players else set()
    held = _hold(db, import_id)  # before the first row: a row seen by a restart always has its lock
    every, since = 1, 0  # chunks between checkpoints (the first after one chunk, to learn their size), since one
    try:
        for start in range(0, len(prepared), chunk):
            with db.atomic():
                pending = []
                for item in prepared[start : start + chunk]:
                    here = _already_here(db, item.entry, item.record)
                    if here:
                        games[item.entry["id"]] = item.entry["id"]
                        skipped += 1
                        continue
                    evening = item.entry.get("evening")
                    # rate=False: a pending game counts nowhere (store/club.py CLUB_RECORD); the whole file is
                    # rated once, at the last step (rating each game as written replayed the club once per game
                    # of a file out of order). Its money rows are written; the kept book leaves them out till then.
                    game_id, edit_key = import_game(
                        db,
                        item.record,
                        created_of(item.entry),
                        evening_id=evenings.get(evening),
                        new_evening_id=evening if evening and evening not in evenings else None,
                        game_id=item.entry.get("id"),
                        edit_key=item.entry.get("edit_key"),
                        history=item.entry.get("history"),
                        loaded=item.loaded,
                        results=item.results,
                        scored=item.scored,
                        counted=item.counted,
                        recognised=item.entry.get("recognised") is not False,
                        abandoned=item.entry.get("abandoned") is True,
                        rate=False,
                        about=abouts.get(evening, (item.entry.get("evening_date"), item.entry.get("evening_note"))),
                        updated=item.entry.get("updated"),
                        finished=item.entry.get("finished"),
                        id_free=here is None,
                    )
                    pending.append((game_id, import_id, pid, now()))
                    if evening:
                        if evening not in evenings:
                            evenings[evening] = evening_of(db, game_id)
                            if evening in sections:  # its times, as the file says, in this short transaction
                                evening_began(db, sections[evening], evenings[evening])
                        joined.setdefault(evenings[evening], []).append(game_id)
                    if item.entry.get("id"):
                        games[item.entry["id"]] = game_id
                    made.append((game_id, edit_key))
                db.conn.executemany(
                    "insert into pending_imports (game_id, import_id, pid, created) values (?, ?, ?, ?)", pending
                )  # in the chunk's transaction: its games are never seen unnamed
            # The import's own connection moves the WAL into the file, so no tap's commit meets a checkpoint of
            # the import's pages (the commit that crosses SQLite's threshold does it, with the lock held).
            since += 1
            if since >= every:
                pages = db.execute("PRAGMA wal_checkpoint(PASSIVE)").fetchone()[1]
                every, since = max(1, min(CHECKPOINT_EVERY, WAL_PAGES * since // max(pages, 1))), 0
            if between is not None:
                between()
        with db.atomic():  # the last step: every game of the file counts at once, rated once
            db.execute("delete from pending_imports where import_id = ?", [import_id])
            ids = [game_id for game_id, _key in made]
            link_next_games(db, [item.entry for item in prepared], games, set(ids))
            if club:
                restore(db, club, games, evenings, joined, roster_before)
            rate_games(
                db,
                ids,
                {
                    game_id: item.entry.get("finished")
                    for item in prepared
                    if (game_id := games.get(item.entry.get("id"))) and item.entry.get("finished")
                },
            )
            _money_changed(db, ids)
    except BaseException:
        discard(db, import_id)
        raise
    finally:
        _let_go(held)
    return made, skipped


def _money_changed(db, ids):
    """Tell /money's kept book (store/money_book.py) that the games' money counts now, as m111's triggers say a
    change: at the earliest moment of them, so the book is worked out again from there."""
    earliest = None
    for start in range(0, len(ids), 500):
        part = ids[start : start + 500]
        row = db.execute(
            f"select min(created) from games where id in ({', '.join('?' * len(part))}) "
            "and exists (select 1 from game_money m where m.game_id = games.id)",
            part,
        ).fetchone()
        if row[0] is not None and (earliest is None or row[0] < earliest):
            earliest = row[0]
    if earliest is not None:
        db.execute("update money_revision set number = number + 1")
        db.execute("insert into money_changes (number, at) select number, ? from money_revision", [earliest])
        db.execute("delete from money_changes where number <= (select number from money_revision) - 1000")


# ---- an importer's lock: what a restart can tell ------------------------------------------------------------
# A pid alone cannot say an import is over: a server that is PID 1 in a container comes back as PID 1. The
# importer holds an exclusive flock on a file of its own beside the database for as long as its games are pending;
# the kernel lets the lock go when the process ends, however it ends. A restart that can take the lock knows the
# importer is gone.


def _lock_path(db, import_id):
    return f"{db.path}-import-{import_id}.lock" if db.path and db.path != ":memory:" else None


def _hold(db, import_id):
    path = _lock_path(db, import_id)
    if path is None:
        return None
    handle = open(path, "w")  # noqa: SIM115 - held for the whole import, let go in _let_go
    fcntl.flock(handle, fcntl.LOCK_EX)
    return handle


def _let_go(handle):
    if handle is not None:
        with contextlib.suppress(OSError):
            os.unlink(handle.name)
        handle.close()


def _gone(db, import_id, pid):
    """True when the import's process is gone: its lock file can be taken (or there is none: an import of an
    older version, told by its pid)."""
    path = _lock_path(db, import_id)
    if path is None or not os.path.exists(path):
        return path is not None or not _alive(pid)
    with open(path, "a") as handle:
        try:
            fcntl.flock(handle, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            return False
        fcntl.flock(handle, fcntl.LOCK_UN)
    return True


def discard(db, import_id):
    """Take out every game an unfinished import stored, a chunk at a time (their evenings go with them). They
    count nowhere meanwhile (CLUB_RECORD) and are listed nowhere (games.NOT_PENDING)."""
    tables = game_tables(db)  # read once, not once a game (most of a game's deleting time)
    while True:
        ids = [
            row[0]
            for row in db.execute(
                "select game_id from pending_imports where import_id = ? limit ?", [import_id, CHUNK]
            ).fetchall()
        ]
        if not ids:
            break
        with db.atomic():
            for game_id in ids:
                delete_game(db, game_id, tables)  # its pending_imports row too: a table naming game_id
    path = _lock_path(db, import_id)
    if path is not None:
        with contextlib.suppress(OSError):
            os.unlink(path)


def abandoned_imports(db):
    """The imports whose process is gone (killed midway): their ids."""
    return [
        import_id
        for import_id, pid in db.execute("select distinct import_id, pid from pending_imports").fetchall()
        if _gone(db, import_id, pid)
    ]


def discard_abandoned(db, import_ids=None):
    """Take out the games of imports whose process is gone (killed midway): at a server's start."""
    for import_id in abandoned_imports(db) if import_ids is None else import_ids:
        discard(db, import_id)


def _alive(pid):
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except OSError:  # another user's process: alive
        return True
    return True
