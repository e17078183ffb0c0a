"""The game store: SQLite through sqlite-utils. The only module that knows table names.

A game row holds the current record (the game record of RULES.md) and a revision number;
every action is appended to `events` with what it changed (the keys and the run of hands
before and after), so the log stays small, History reads the actions, and undo applies the
last live action's change backwards. A game's results (totals, places, bids made, by seat) are
stored with every write, so the players' pages never rescore a game.

Public API (each takes the `db` from `get_db()`):
    create_game(db, record) -> (id, edit_key)
    get_game(db, game_id) -> dict | None       # id, edit_key, record (dict), revision, status, ...
    get_game_head(db, game_id) -> dict | None  # the same without the record: cheap
    load_game(db, game_id) -> (game, loaded) | None   # loaded = rules.Game, cached per revision
    scored_game(db, game_id) -> (game, loaded, scored) | None   # rules.score too, cached alike
    list_games(db) -> [dict]                    # newest first, without edit keys
    game_list(db, status, limit, offset) -> [dict]    # one page: id, players, hands, status, dates
    count_games(db, status) -> int
    append_event(db, game_id, kind, payload, record, revision, loaded=None) -> new revision
    undo(db, game_id, revision) -> new revision
    events(db, game_id, records=False) -> [dict]  # seq, kind, payload, change, undone, created (, record)
    may_edit(game, key) -> bool
    evening_of(db, game_id) -> evening id | None  # every game belongs to one evening (issue 5)
    get_evening(db, evening_id) -> dict | None  # id, created, games (in order, with records)
    list_evenings(db, limit) -> [dict]          # newest first: id, created, updated, games, players
    list_players(db) -> [dict]                  # the roster: name, key, in name order
    player_summaries(db) -> [dict]              # per player: games, wins, hands, made, name as last written
    player_results(db, name) -> [dict]          # one row per game the player played, newest first
    table_of(db, name) -> [dict]                # bids made by everyone in the player's games
    games_in_order(db) -> [dict]                # every game, oldest first, without edit keys
Writes raise StaleRevision when the game changed since `revision`, and RecordError
(from the rules engine) when the new record breaks its rules; then nothing is stored.
Every write transaction starts BEGIN IMMEDIATE, so simultaneous writers wait their turn
(up to BUSY_SECONDS) instead of failing; the threads of one process queue first on a lock of
their own, first come first served (`writer_lock`), so only other processes meet SQLite's lock.
"""

import collections
import contextlib
import json
import math
import os
import secrets
import sqlite3
import threading
import time
import weakref
from collections import OrderedDict
from datetime import datetime, timezone
from pathlib import Path

import click
import sqlite_utils
from flask import current_app
from flask.cli import with_appcontext
from sqlite_utils.migrations import Migrations

from . import rules, stats

migrations = Migrations("scorekeeper")
BUSY_SECONDS = 10


class StaleRevision(Exception):
    """The game changed since the writer read it."""


class UnknownGame(LookupError):
    """No game has that id."""


class NothingToUndo(Exception):
    """Only the game's creation is left."""


@migrations()
def m001_games_and_events(db):
    """Create the games and their event log."""
    db["games"].create({"id": str, "edit_key": str, "record": str, "revision": int, "status": str,
                        "created": str, "updated": str}, pk="id")
    db["events"].create({"id": int, "game_id": str, "seq": int, "revision": int, "kind": str,
                         "payload": str, "record": str, "undone": int, "created": str},
                        pk="id", foreign_keys=[("game_id", "games", "id")],
                        defaults={"undone": 0}, not_null={"game_id", "seq", "kind", "record"})
    db["events"].create_index(["game_id", "seq"], unique=True)
    db["games"].create_index(["updated"])


@migrations()
def m002_evenings_and_players(db):
    """Create evenings (games by the same table, in order) and the roster of players; fill them in."""
    db["evenings"].create({"id": str, "created": str}, pk="id")
    db["evening_games"].create({"game_id": str, "evening_id": str, "position": int}, pk="game_id",
                               foreign_keys=[("game_id", "games", "id"), ("evening_id", "evenings", "id")],
                               not_null={"evening_id", "position"})
    db["evening_games"].create_index(["evening_id", "position"], unique=True)
    db["players"].create({"key": str, "name": str, "created": str}, pk="key", not_null={"name"})
    # Games stored before evenings existed each make an evening of their own.
    for game_id, record, created in db.execute("select id, record, created from games order by created").fetchall():
        evening_id = new_id(9)
        db["evenings"].insert({"id": evening_id, "created": created})
        db["evening_games"].insert({"game_id": game_id, "evening_id": evening_id, "position": 1})
        _remember_players(db, json.loads(record).get("players") or [], created)


@migrations()
def m003_actions_and_results(db):
    """Keep each event's change instead of a copy of the record; store every game's results.

    Each event's change is worked out from its record and the one before it, so nothing in the
    log is lost; every stored record is validated once more on the way (a record that no longer
    loads keeps its game, without results).
    """
    db.execute("alter table events add column change text")
    previous = {}
    rows = db.execute("select id, game_id, record from events order by game_id, seq").fetchall()
    for event_id, game_id, text in rows:
        record = json.loads(text)
        db.execute("update events set change = ? where id = ?",
                   [_dumps(diff(previous.get(game_id, {}), record)), event_id])
        previous[game_id] = record
    db.execute("alter table events drop column record")
    db["game_results"].create({"game_id": str, "created": str, "system": str, "label": str, "lowest_wins": int,
                               "finished": int, "players": str, "hands": int}, pk="game_id",
                              foreign_keys=[("game_id", "games", "id")])
    db["game_results"].create_index(["created"])
    db["player_results"].create({"game_id": str, "seat": int, "key": str, "name": str, "total": float,
                                 "place": int, "won": int, "made": int, "hands": int}, pk=("game_id", "seat"),
                                foreign_keys=[("game_id", "games", "id")])
    db["player_results"].create_index(["key"])
    db["player_summary"].create({"key": str, "name": str, "name_created": str, "played": int, "games": int,
                                 "wins": int, "hands": int, "made": int}, pk="key",
                                defaults={"played": 0, "games": 0, "wins": 0, "hands": 0, "made": 0})
    db.execute("alter table evenings add column updated text")
    db.execute("update evenings set updated = (select max(g.updated) from evening_games e "
               "join games g on g.id = e.game_id where e.evening_id = evenings.id)")
    db["evenings"].create_index(["updated"])
    db["games"].create_index(["status", "updated"])
    for game_id, text, created in db.execute("select id, record, created from games").fetchall():
        try:
            loaded = rules.load(text)
        except rules.RecordError:
            continue
        db.execute("update games set status = ? where id = ?", [_status(loaded), game_id])
        _store_results(db, game_id, rules.score(loaded), created)


# ---- connections: one per thread, closed together at shutdown ------------------------------------

class Database(sqlite_utils.Database):
    """sqlite-utils' Database whose outermost transaction is BEGIN IMMEDIATE.

    A deferred transaction that reads first and then writes cannot wait for the lock (SQLite
    refuses it at once with "database is locked"); an immediate one takes the write lock first,
    so the busy timeout makes simultaneous writers queue. Nested blocks are savepoints.
    """

    path = None
    after_commit = ()  # what to do once the outermost transaction is committed (never if it is not)

    @contextlib.contextmanager
    def atomic(self):
        if self.conn.in_transaction:
            with super().atomic():
                yield self
            return
        # The threads of this process queue for the write in turn on a lock of their own; SQLite's lock (with its
        # busy timeout, which sleeps and retries) is left to writers in other processes.
        with writer_lock(self.path) if self.path else contextlib.nullcontext():
            self.conn.execute("BEGIN IMMEDIATE")
            self.after_commit = []
            try:
                yield self
            except BaseException:
                self.after_commit = ()
                self.rollback()
                raise
            else:
                try:
                    self.conn.execute("COMMIT")
                except BaseException:
                    self.after_commit = ()
                    self.rollback()
                    raise
                done, self.after_commit = self.after_commit, ()
        for work in done:
            work()


class FairLock:
    """A lock handed to its waiters in the order they came (threading.Lock promises no order)."""

    def __init__(self):
        self._guard = threading.Lock()
        self._waiters = collections.deque()
        self._held = False

    def __enter__(self):
        with self._guard:
            if not self._held:
                self._held = True
                return self
            turn = threading.Lock()
            turn.acquire()
            self._waiters.append(turn)
        turn.acquire()  # released by the holder before us, which hands the lock over
        return self

    def __exit__(self, *_exc):
        with self._guard:
            if self._waiters:
                self._waiters.popleft().release()
            else:
                self._held = False


_WRITER_LOCKS = {}
_WRITER_LOCKS_GUARD = threading.Lock()


def writer_lock(path):
    """The one lock that this process's writers to the database at path take in turn, first come first served."""
    with _WRITER_LOCKS_GUARD:
        return _WRITER_LOCKS.setdefault(os.path.realpath(str(path)), FairLock())


def connect(path, create=True):
    """Open the database with foreign keys on; autocommit outside `db.atomic()` blocks."""
    # isolation_level=None: no implicit transaction is ever left open on a connection kept for long.
    # The app's connections open with create=False: a database deleted under the server stays an error.
    conn = sqlite3.connect(path if create else _read_write_uri(path), timeout=BUSY_SECONDS,
                           check_same_thread=False, isolation_level=None, uri=not create)
    db = Database(conn, recursive_triggers=False, execute_plugins=False)
    db.path = str(path)
    db.execute("PRAGMA foreign_keys = ON")
    return db


class _Holder:
    """A thread's connection; closed when the thread ends (its thread-local goes) or at shutdown."""

    def __init__(self, db):
        self.db = db

    def close(self):
        db, self.db = self.db, None
        if db is not None:
            db.close()

    def __del__(self):
        self.close()


class Connections:
    """One open connection per thread to one database file.

    Opening a connection costs far more than a query on an open one, and while one stays open
    SQLite keeps the WAL and its index instead of rebuilding and checkpointing them per request.
    """

    def __init__(self, path):
        self.path = path
        self._local = threading.local()
        self._open = weakref.WeakSet()
        self._lock = threading.Lock()

    def get(self):
        holder = getattr(self._local, "holder", None)
        if holder is None or holder.db is None:
            holder = self._local.holder = _Holder(connect(self.path, create=False))
            with self._lock:
                self._open.add(holder)
        return holder.db

    def opened(self):
        """Return this thread's connection if it has one open, else None."""
        holder = getattr(self._local, "holder", None)
        return None if holder is None else holder.db

    def close(self):
        """Close every thread's connection (at shutdown, or when a test's app is done)."""
        with self._lock:
            holders = list(self._open)
        for holder in holders:
            holder.close()


def migrate(path):
    """Switch the database to WAL and apply every pending migration, waiting out another process doing so."""
    deadline = time.monotonic() + 2 * BUSY_SECONDS
    while True:
        try:
            return _migrate(path)
        except sqlite3.OperationalError as error:
            # Switching to WAL takes the file whole, and SQLite answers "locked" at once instead of
            # waiting while a second server starting at the same moment holds it: try again shortly.
            if "locked" not in str(error) or time.monotonic() > deadline:
                raise
            time.sleep(0.05)


def _migrate(path):
    check_storage(path)
    _create_private(path)
    db = connect(path, create=True)
    try:
        db.enable_wal()
        # One transaction for them all: a second process starting at the same moment waits, then
        # finds nothing pending (each migration is a savepoint inside it).
        with db.atomic():
            migrations.ensure_migrations_table(db)
            converted = db["events"].exists() and "m003_actions_and_results" in {
                m.name for m in migrations.pending(db)}
            migrations.apply(db)
        if converted:
            db.vacuum()  # give back the space of the full copies the old log held
    finally:
        db.close()
    _mark_created(path)


def get_db():
    """Return this thread's connection to the app's database, opening it on first use."""
    connections = current_app.extensions["scorekeeper.connections"]
    if not os.path.exists(connections.path):  # an open connection would go on writing to a deleted file
        raise StorageError(f"the database {connections.path} is missing")
    return connections.get()


def close_db(_error=None):
    """End the request: a transaction left open by an error is rolled back (the connection stays open)."""
    db = current_app.extensions["scorekeeper.connections"].opened()
    if db is not None and db.conn.in_transaction:
        db.rollback()


def close(app):
    """Close the app's connections: at shutdown, and when a test is done with its app."""
    app.extensions["scorekeeper.connections"].close()


@click.command("init-db")
@with_appcontext
def init_db_command():
    """Create the database and apply the migrations."""
    migrate(current_app.config["DATABASE"])
    click.echo(f"Database ready: {current_app.config['DATABASE']}")


def init_app(app):
    """Apply the migrations, set up the connections, register the teardown and the init-db command."""
    migrate(app.config["DATABASE"])
    connections = Connections(app.config["DATABASE"])
    app.extensions["scorekeeper.connections"] = connections
    app.extensions["scorekeeper.keeper"] = connections  # the name older code closes
    weakref.finalize(app, connections.close)  # at exit too: finalizers run then
    app.teardown_appcontext(close_db)
    app.cli.add_command(init_db_command)


def new_id(nbytes):
    """Return an unguessable URL-safe id that starts with a letter or digit.

    A leading '-' would make a spreadsheet read the id as a formula, so CSV exports would
    have to quote it, and the id would no longer match.
    """
    while True:
        token = secrets.token_urlsafe(nbytes)
        if token[0].isalnum():
            return token


def _now():
    return datetime.now(timezone.utc).isoformat(timespec="seconds")


def _dumps(data):
    return json.dumps(data, ensure_ascii=False, separators=(",", ":"))


def _status(game):
    """Return 'finished' when every planned hand of the loaded game is done, else 'playing'."""
    return "finished" if rules.next_hand(game) is None else "playing"


def _row(row):
    game = dict(row)
    game["record"] = json.loads(game["record"])
    return game


# ---- what an event changed -----------------------------------------------------------------------

_MISSING = object()


def diff(before, after):
    """Return what changed from record before to record after.

    {"keys": [top-level keys that differ], "before": {their old values}, "after": {their new values},
     "hands": {"at": i, "before": [old hands], "after": [new hands]}}: the hands are the one run that
    differs, so a bid or a new hand stores one hand, not the game. A key missing on one side is
    missing from that side's values.
    """
    change = {}
    old, new = before.get("hands", _MISSING), after.get("hands", _MISSING)
    spliced = isinstance(old, list) and isinstance(new, list)
    keys = [key for key in dict.fromkeys([*before, *after])
            if (key != "hands" or not spliced) and before.get(key, _MISSING) != after.get(key, _MISSING)]
    if keys:
        change.update(keys=keys, before={k: before[k] for k in keys if k in before},
                      after={k: after[k] for k in keys if k in after})
    if spliced and old != new:
        start = 0
        # A hand shared by both records (an action copies only what it changes) is equal at once.
        while start < min(len(old), len(new)) and (old[start] is new[start] or old[start] == new[start]):
            start += 1
        end = 0
        while end < min(len(old), len(new)) - start and old[-1 - end] == new[-1 - end]:
            end += 1
        change["hands"] = {"at": start, "before": old[start:len(old) - end], "after": new[start:len(new) - end]}
    return change


def apply(record, change, forward=True):
    """Return record with change applied (forward) or taken back (not forward); record is not changed."""
    side, other = ("after", "before") if forward else ("before", "after")
    record = dict(record)
    for key in change.get("keys", []):
        if key in change[side]:
            record[key] = change[side][key]
        else:
            record.pop(key, None)
    if "hands" in change:
        run = change["hands"]
        hands = list(record["hands"])
        hands[run["at"]:run["at"] + len(run[other])] = run[side]
        record["hands"] = hands
    return record


# ---- loaded games, cached per revision ----------------------------------------------------------

# (database, game id, revision) -> [game row, loaded Game, scored or None]. A revision never
# changes once written, so an entry is never stale; the oldest go first.
_LOADED = OrderedDict()
_LOADED_LOCK = threading.Lock()
LOADED_CACHE_SIZE = 512  # a room of 200 tables and more, each game at its current revision


def _remember(db, game, loaded, scored=None):
    entry = [game, loaded, scored]
    with _LOADED_LOCK:
        _LOADED[(db.path, game["id"], game["revision"])] = entry
        while len(_LOADED) > LOADED_CACHE_SIZE:
            _LOADED.popitem(last=False)
    return entry


def _loaded_at(db, game_id, revision):
    """Return the loaded game at `revision` if it is in the cache, else None (nothing is loaded)."""
    with _LOADED_LOCK:
        entry = _LOADED.get((db.path, game_id, revision))
    return None if entry is None else entry[1]


def _cached(db, game_id):
    """Return the cache entry of the game at its current revision, loading it on a miss; or None."""
    head = get_game_head(db, game_id)
    if head is None:
        return None
    with _LOADED_LOCK:
        entry = _LOADED.get((db.path, game_id, head["revision"]))
        if entry is not None:
            _LOADED.move_to_end((db.path, game_id, head["revision"]))
            return entry
    game = get_game(db, game_id)
    if game is None:
        return None
    return _remember(db, game, rules.load(game["record"], trusted=True))


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


# ---- games and their log ------------------------------------------------------------------------

def create_game(db, record, evening_id=None, created=None):
    """Store a new game from a valid record; return (id, edit_key).

    The game starts a new evening unless evening_id names the evening it continues;
    created (an ISO date) keeps the date of an imported game.
    """
    loaded = rules.load(record)
    status, scored = _status(loaded), rules.score(loaded)
    game_id, edit_key, now = new_id(12), secrets.token_urlsafe(24), created or _now()
    text = _dumps(record)
    with db.atomic():
        db.execute("insert into games (id, edit_key, record, revision, status, created, updated) "
                   "values (?, ?, ?, 1, ?, ?, ?)", [game_id, edit_key, text, status, now, now])
        db.execute("insert into events (game_id, seq, revision, kind, payload, change, undone, created) "
                   "values (?, 1, 1, 'create', '{}', ?, 0, ?)", [game_id, _dumps(diff({}, record)), now])
        _join_evening(db, game_id, evening_id, now)
        _remember_players(db, record["players"], now)
        _store_results(db, game_id, scored, now)
    return game_id, edit_key


def get_game(db, game_id):
    """Return the game with its record as a dict, or None."""
    rows = list(db.query("select * from games where id = ?", [game_id]))
    return _row(rows[0]) if rows else None


def get_game_head(db, game_id):
    """Return the game's id, edit_key, revision and status without its record, or None."""
    row = db.execute("select id, edit_key, revision, status from games where id = ?", [game_id]).fetchone()
    return dict(zip(("id", "edit_key", "revision", "status"), row)) if row else None


def list_games(db):
    """Return every game, most recently played first, without edit keys."""
    sql = "select id, record, revision, status, created, updated from games order by updated desc, rowid desc"
    return [_row(row) for row in db.query(sql)]


def game_list(db, status=None, limit=20, offset=0):
    """Return one page of games, most recently played first: id, players, hands done, status, dates."""
    where = "where g.status = ?" if status else ""
    sql = ("select g.id, g.revision, g.status, g.created, g.updated, r.players, r.hands from games g "
           f"left join game_results r on r.game_id = g.id {where} order by g.updated desc, g.rowid desc limit ? offset ?")
    params = ([status] if status else []) + [limit, offset]
    return [dict(row, players=json.loads(row["players"] or "[]"), hands=row["hands"] or 0)
            for row in db.query(sql, params)]


def count_games(db, status=None):
    """Return how many games there are (with that status)."""
    if status:
        return db.execute("select count(*) from games where status = ?", [status]).fetchone()[0]
    return db.execute("select count(*) from games").fetchone()[0]


def events(db, game_id, records=False):
    """Return the game's event log in order: payloads and changes as dicts.

    With records, each event also carries the record it produced (replayed from the creation).
    """
    sql = "select id, game_id, seq, revision, kind, payload, change, undone, created from events " \
          "where game_id = ? order by seq"
    log = [dict(row, payload=json.loads(row["payload"]), change=json.loads(row["change"]))
           for row in db.query(sql, [game_id])]
    if records:
        record = {}
        for event in log:
            record = event["record"] = apply(record, event["change"])
    return log


def may_edit(game, key):
    """True when key is the game's edit key."""
    # As bytes: compare_digest refuses str with non-ASCII characters (a hostile key or cookie).
    return bool(key) and secrets.compare_digest(str(key).encode("utf-8", "surrogatepass"),
                                                game["edit_key"].encode())


def _current(db, game_id, revision, known=None):
    """Return the stored record at revision (inside the write's transaction), or raise.

    known: the game at that revision as loaded (the cache's), whose record spares parsing the stored one."""
    row = db.execute(f"select {'null' if known else 'record'}, revision from games where id = ?", [game_id]).fetchone()
    if row is None:
        raise UnknownGame(game_id)
    if row[1] != revision:
        raise StaleRevision(game_id)
    return known.record if known else json.loads(row[0])


def _write(db, game_id, revision, kind, payload, before, record, loaded, scored, undone_seq=None):
    """Store record as the game at revision + 1 with the event that made it, in one transaction.

    A tap runs the few statements it needs: the game (its row comes back for the cache), the event, the
    evening's date, and the players' roster and results only when they changed."""
    text, now = loaded.text if loaded.record is record else _dumps(record), _now()
    # The conditional update proves nobody wrote in between (BEGIN IMMEDIATE holds the lock).
    cursor = db.conn.execute("update games set record = ?, revision = revision + 1, status = ?, updated = ? "
                             "where id = ? and revision = ? returning *",
                             [text, _status(loaded), now, game_id, revision])
    row = cursor.fetchone()
    if row is None:
        if db.execute("select 1 from games where id = ?", [game_id]).fetchone() is None:
            raise UnknownGame(game_id)
        raise StaleRevision(game_id)
    game = dict(zip([column[0] for column in cursor.description], row), record=record)
    if undone_seq is not None:
        db.execute("update events set undone = 1 where game_id = ? and seq = ?", [game_id, undone_seq])
    db.execute("insert into events (game_id, seq, revision, kind, payload, change, undone, created) "
               "select ?, coalesce(max(seq), 0) + 1, ?, ?, ?, ?, 0, ? from events where game_id = ?",
               [game_id, revision + 1, kind, _dumps(payload), _dumps(diff(before, record)), now, game_id])
    db.execute("update evenings set updated = ? where id = (select evening_id from evening_games "
               "where game_id = ?)", [now, game_id])
    if before.get("players") != record["players"]:
        _remember_players(db, record["players"], now)  # a late arrival joins the roster too
    if not _results_stored(db, game_id, scored, game["created"]):
        _store_results(db, game_id, scored, game["created"])
    # The next action starts from this game as loaded and scored here (once it is committed).
    db.after_commit.append(lambda: _remember(db, game, loaded, scored))
    return revision + 1


def append_event(db, game_id, kind, payload, record, revision, loaded=None):
    """Validate record (unless `loaded` is the engine's load of it), then store it with the event that made it."""
    prepared = _prepare(db, game_id, record, revision, loaded)
    with db.atomic():
        return _append_prepared(db, game_id, kind, payload, record, revision, prepared)


def _prepare(db, game_id, record, revision, loaded=None):
    """The engine's work for a write, done before the transaction (which holds the write lock): (known, loaded, scored)."""
    # The game at `revision`, when loaded already, vouches for the hands the record shares with it.
    known = _loaded_at(db, game_id, revision)
    if loaded is None:
        loaded = rules.load(record, known=known)
    return known, loaded, rules.score(loaded)


def _append_prepared(db, game_id, kind, payload, record, revision, prepared):
    known, loaded, scored = prepared
    # The game at `revision` as loaded is the record before; _write's conditional update proves it still stands.
    before = known.record if known else _current(db, game_id, revision)
    return _write(db, game_id, revision, kind, payload, before, record, loaded, scored)


def undo(db, game_id, revision):
    """Return the game to its state before its last action not yet undone; return the new revision."""
    with db.atomic():
        before = _current(db, game_id, revision)
        # The record is always the state after the last live action, so its change taken back is the undo.
        row = db.execute("select seq, kind, change from events where game_id = ? and kind != 'undo' "
                         "and undone = 0 order by seq desc limit 1", [game_id]).fetchone()
        if row is None or row[1] == "create":
            raise NothingToUndo(game_id)
        last_seq, last_kind, change = row
        record = apply(before, json.loads(change), forward=False)
        loaded = rules.load(record, trusted=True)  # a state this game was in, validated then
        return _write(db, game_id, revision, "undo", {"undid": last_seq, "kind": last_kind}, before, record,
                      loaded, rules.score(loaded), undone_seq=last_seq)


def _results_of(game_id, scored, created):
    """The game's row of game_results and its rows of player_results (by seat), as _store_results writes them."""
    game = (created, scored["system"], stats.system_label(scored), int(scored["lowest_wins"]),
            int(scored["finished"]), _dumps(scored["players"]), len(stats.completed(scored)))
    seats = [tuple(row[name] for name in RESULT_COLUMNS) for row in stats.seat_results(scored)]
    return game, seats


RESULT_COLUMNS = ("seat", "key", "name", "total", "place", "won", "made", "hands")


def _results_stored(db, game_id, scored, created):
    """True when the stored results are those of scored already: a bid or a deal changes no result."""
    game, seats = _results_of(game_id, scored, created)
    stored = db.execute("select created, system, label, lowest_wins, finished, players, hands from game_results "
                        "where game_id = ?", [game_id]).fetchone()
    if stored != game:
        return False
    return db.execute(f"select {', '.join(RESULT_COLUMNS)} from player_results where game_id = ? order by seat",
                      [game_id]).fetchall() == seats


def _store_results(db, game_id, scored, created):
    """Replace the game's stored results (for the players' pages) with those of the scored game.

    Each player's summary is kept up to date by taking out the game's old results and adding the new,
    so the players' list reads one row per player however many games there are.
    """
    _add_to_summaries(db, game_id, -1)
    db.execute("delete from player_results where game_id = ?", [game_id])
    db.execute("insert or replace into game_results (game_id, created, system, label, lowest_wins, finished, "
               "players, hands) values (?, ?, ?, ?, ?, ?, ?, ?)",
               [game_id, created, scored["system"], stats.system_label(scored), int(scored["lowest_wins"]),
                int(scored["finished"]), _dumps(scored["players"]), len(stats.completed(scored))])
    db.conn.executemany("insert into player_results (game_id, seat, key, name, total, place, won, made, hands) "
                        "values (:game_id, :seat, :key, :name, :total, :place, :won, :made, :hands)",
                        [dict(row, game_id=game_id) for row in stats.seat_results(scored)])
    _add_to_summaries(db, game_id, +1)


def _add_to_summaries(db, game_id, sign):
    """Add (sign +1) or take out (-1) the game's stored results from its players' summaries."""
    rows = db.execute("select p.key, p.name, r.created, r.finished, p.won, p.hands, p.made from player_results p "
                      "join game_results r on r.game_id = p.game_id where p.game_id = ?", [game_id]).fetchall()
    for key, name, created, finished, won, hands, made in rows:
        db.execute("insert or ignore into player_summary (key, name, name_created) values (?, ?, ?)",
                   [key, name, created])
        db.execute("update player_summary set played = played + ?, games = games + ?, wins = wins + ?, "
                   "hands = hands + ?, made = made + ? where key = ?",
                   [sign, sign * finished, sign * (finished and won), sign * hands, sign * made, key])
        if sign > 0:  # the name as written in the player's most recent game
            db.execute("update player_summary set name = ?, name_created = ? where key = ? and name_created <= ?",
                       [name, created, key, created])


# ---- evenings and the roster (issue 5) ----------------------------------------------------------

def _join_evening(db, game_id, evening_id, now):
    """Put the game last in the evening, or in a new evening when there is none."""
    if evening_id is None or db.execute("select 1 from evenings where id = ?", [evening_id]).fetchone() is None:
        evening_id = new_id(9)
        db.execute("insert into evenings (id, created, updated) values (?, ?, ?)", [evening_id, now, now])
    else:
        db.execute("update evenings set updated = max(coalesce(updated, ''), ?) where id = ?", [now, evening_id])
    position = db.execute("select coalesce(max(position), 0) + 1 from evening_games where evening_id = ?",
                          [evening_id]).fetchone()[0]
    db.execute("insert into evening_games (game_id, evening_id, position) values (?, ?, ?)",
               [game_id, evening_id, position])


def _remember_players(db, names, now):
    """Add names the roster does not know yet; a name is matched trimmed, case ignored."""
    rows = [(str(name).strip().casefold(), str(name).strip(), now) for name in names if str(name).strip()]
    db.conn.executemany("insert or ignore into players (key, name, created) values (?, ?, ?)", rows)


def evening_of(db, game_id):
    """Return the id of the game's evening, or None."""
    row = db.execute("select evening_id from evening_games where game_id = ?", [game_id]).fetchone()
    return row[0] if row else None


def get_evening(db, evening_id):
    """Return the evening with its games in the order played (records as dicts), or None."""
    row = db.execute("select id, created from evenings where id = ?", [evening_id]).fetchone()
    if row is None:
        return None
    sql = ("select g.id, g.record, g.revision, g.status, g.created, g.updated from evening_games e "
           "join games g on g.id = e.game_id where e.evening_id = ? order by e.position")
    return {"id": row[0], "created": row[1], "games": [_row(game) for game in db.query(sql, [evening_id])]}


def list_evenings(db, limit=10):
    """Return the most recently played evenings: id, created, updated, number of games, players of the last."""
    sql = ("select e.id, e.created, e.updated, "
           "(select count(*) from evening_games c where c.evening_id = e.id) as games, "
           "(select g.record from evening_games l join games g on g.id = l.game_id "
           " where l.evening_id = e.id order by l.position desc limit 1) as record "
           "from evenings e where e.updated is not null order by e.updated desc, e.rowid desc limit ?")
    return [dict(row, players=json.loads(row.pop("record"))["players"]) for row in db.query(sql, [limit])
            if row["games"]]


def games_in_order(db):
    """Return every game in the order stored (oldest first), without edit keys: for exports."""
    sql = "select id, record, revision, status, created, updated from games order by rowid"
    return [_row(row) for row in db.query(sql)]


def list_players(db):
    """Return the roster: every name ever entered, by name."""
    return list(db.query("select key, name from players order by key"))


# ---- the players' results (stored with every write; read by the players' pages) --------------------

def player_summaries(db):
    """Return each player's games (finished), wins, hands and bids made, with the name as last written."""
    return list(db.query("select key, name, games, wins, hands, made, played from player_summary where played > 0"))


def player_results(db, name):
    """Return the named player's result in every game they played, newest first, with the game's."""
    sql = ("select p.game_id as id, r.created as date, g.status, r.system, r.label, r.lowest_wins, r.finished, "
           "r.players, r.hands as game_hands, p.seat, p.name, p.total, p.place, p.won, p.made, p.hands "
           "from player_results p join game_results r on r.game_id = p.game_id join games g on g.id = p.game_id "
           "where p.key = ? order by r.created desc, p.game_id desc")
    return [dict(row, players=json.loads(row["players"])) for row in db.query(sql, [stats.name_key(name)])]


def table_of(db, name):
    """Return the bids made by everyone in the named player's games: key, name, made, hands.

    Names are as written in the newest of those games; the order is that of first appearance there.
    """
    sql = ("select p.key, p.name, p.made, p.hands from player_results p join game_results r "
           "on r.game_id = p.game_id where p.game_id in (select game_id from player_results where key = ?) "
           "order by r.created desc, p.game_id desc, p.seat")
    return list(db.query(sql, [stats.name_key(name)]))


# ---- damaged storage, backups and restores (issue 10) -----------------------------------------

class StorageError(RuntimeError):
    """The database file is missing, damaged or not a scorekeeper database: the message says what to do."""


def _read_write_uri(path):
    return Path(path).absolute().as_uri() + "?mode=rw"


def _create_private(path):
    """Create an empty database file readable by its owner only (mode 0600), if there is none."""
    try:
        os.close(os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600))
    except FileExistsError:
        pass


def marker_path(path):
    """The marker kept beside the database (in the instance folder): this database was created."""
    return Path(str(path) + ".created")


def _mark_created(path):
    marker = marker_path(path)
    if not marker.exists():
        marker.write_text(f"{_now()} the scorekeeper created {Path(path).name} here. If that file goes missing, "
                          "the server refuses to start instead of starting an empty one.\n")


def integrity_problem(path):
    """Return what is wrong with a database file (not SQLite, damaged, not a scorekeeper's), or None."""
    try:
        conn = sqlite3.connect(Path(path).absolute().as_uri() + "?mode=ro", uri=True)
    except sqlite3.Error as error:
        return str(error)
    try:
        result = conn.execute("PRAGMA integrity_check").fetchall()
        if result != [("ok",)]:
            return "integrity check: " + "; ".join(row[0] for row in result[:3])
        tables = {row[0] for row in conn.execute("select name from sqlite_master where type = 'table'")}
        if tables and not {"games", "events"} <= tables:
            return "it holds no scorekeeper games (no games and events tables)"
    except sqlite3.Error as error:
        return str(error)
    finally:
        conn.close()
    return None


def check_storage(path):
    """Refuse a database that went missing after it was created, or a damaged one: raise StorageError."""
    if not os.path.exists(path):
        if marker_path(path).exists():
            raise StorageError(
                f"the database {path} is missing, but it existed (see {marker_path(path)}): restore a backup "
                f"with `python -m scorekeeper restore BACKUP.db`, or delete {marker_path(path)} to start empty")
        return
    if os.path.getsize(path) == 0:
        return  # created, not yet migrated
    problem = integrity_problem(path)
    if problem:
        raise StorageError(f"the database {path} is damaged ({problem}): restore a backup with "
                           "`python -m scorekeeper restore BACKUP.db`")


def backup(path, target):
    """Copy the database to target with SQLite's online backup (safe while the server writes)."""
    check_storage(path)
    if not os.path.exists(path):
        raise StorageError(f"there is no database at {path} to back up")
    source = sqlite3.connect(_read_write_uri(path), uri=True, timeout=30)
    temporary = Path(str(target) + ".partial")
    temporary.unlink(missing_ok=True)
    _create_private(temporary)
    copy = sqlite3.connect(temporary)
    try:
        source.backup(copy)
        copy.execute("PRAGMA journal_mode = DELETE")  # one self-contained file
    finally:
        copy.close()
        source.close()
    os.replace(temporary, target)


def restore(path, source_file):
    """Replace the database's contents with a backup's, in one transaction; refuse a bad backup.

    The backup is checked first (SQLite, integrity_check, a scorekeeper database); the current
    database stays as it was until the copy is complete, and then is migrated to this version.
    """
    if not os.path.exists(source_file):
        raise StorageError(f"there is no backup at {source_file}")
    problem = integrity_problem(source_file)
    if problem:
        raise StorageError(f"{source_file} cannot be restored: {problem}. Nothing was changed")
    source = sqlite3.connect(Path(source_file).absolute().as_uri() + "?mode=ro", uri=True)
    try:
        if not source.execute("select 1 from sqlite_master where name = 'games'").fetchone():
            raise StorageError(f"{source_file} cannot be restored: it is not a scorekeeper database. "
                               "Nothing was changed")
        if os.path.exists(path) and os.path.getsize(path) and integrity_problem(path) is None:
            target = sqlite3.connect(_read_write_uri(path), uri=True, timeout=30)
        else:
            # A missing or damaged database is replaced whole, the old file kept beside it.
            if os.path.exists(path):
                os.replace(path, str(path) + ".damaged")
                for suffix in ("-wal", "-shm"):
                    Path(str(path) + suffix).unlink(missing_ok=True)
            _create_private(path)
            target = sqlite3.connect(path, timeout=30)
        try:
            source.backup(target)  # the destination changes in one transaction
        finally:
            target.close()
    finally:
        source.close()
    migrate(path)


EVENT_FIELDS = ("seq", "revision", "kind", "payload", "change", "undone", "created")


def replay(history):
    """Return the record a history of events ends with, or raise ValueError saying which event is wrong.

    Every event's change must lead from the record before it to a record rules.load accepts, and
    back again (undo applies a change backwards), numbered 1, 2, 3... as the store writes them.
    """
    record = {}
    for index, event in enumerate(history):
        where = f"history[{index}]"
        if not isinstance(event, dict) or set(event) != set(EVENT_FIELDS):
            raise ValueError(f"{where}: must be an event with {', '.join(EVENT_FIELDS)}")
        if event["seq"] != index + 1 or event["revision"] != index + 1 or event["undone"] not in (0, 1) \
                or not isinstance(event["kind"], str) or not isinstance(event["created"], (str, type(None))) \
                or not isinstance(event["change"], dict):
            raise ValueError(f"{where}: is not an event as the store writes it (numbered in order, 1, 2, 3...)")
        try:
            after = apply(record, event["change"])
            undone = apply(after, event["change"], forward=False)
        except Exception:  # a change that does not fit the record: any shape can arrive in a file
            raise ValueError(f"{where}.change: does not apply to the record before it") from None
        if undone != record:
            raise ValueError(f"{where}.change: taken back, it does not give the record before it")
        try:
            rules.load(after)
        except rules.RecordError as error:
            raise ValueError(f"{where}: leads to a record that breaks the rules ({error})") from None
        record = after
    return record


def full_history(db, game_id):
    """Return the game's row (edit key included) and its whole event log, as stored: for exports."""
    row = db.execute("select id, edit_key, record, revision, status, created, updated from games where id = ?",
                     [game_id]).fetchone()
    if row is None:
        return None
    game = dict(zip(("id", "edit_key", "record", "revision", "status", "created", "updated"), row))
    game["record"] = json.loads(game["record"])
    game["events"] = [{key: event[key] for key in EVENT_FIELDS} for event in events(db, game_id)]
    return game


@migrations()
def m010_limits(db):
    """Find stored records beyond the limits of issue 10 and repair them, or report the ones that cannot be.

    A non-finite or out-of-range number is what made pages fail for everyone. Where a record breaks
    a limit it is refused by rules.load; the migration writes a note in the `repairs` table and
    clamps the numbers it can (stake, payouts, penalties, starting totals) so the game loads again.
    """
    db["repairs"].create({"id": int, "game_id": str, "problem": str, "repaired": int, "created": str}, pk="id")
    for game_id, text in db.execute("select id, record from games").fetchall():
        try:
            rules.load(text)
            continue
        except rules.RecordError as error:
            problem = str(error)
        except Exception as error:  # a record no version of the engine could read: report it
            problem = f"{type(error).__name__}: {error}"
        fixed = _clamped(text)
        repaired = False
        if fixed is not None:
            try:
                rules.load(fixed)
                repaired = True
            except rules.RecordError:
                pass
        if repaired:
            loaded = rules.load(fixed)
            revision = db.execute("select revision from games where id = ?", [game_id]).fetchone()[0]
            _write(db, game_id, revision, "repair", {"problem": problem}, json.loads(text), fixed, loaded,
                   rules.score(loaded))
        db["repairs"].insert({"game_id": game_id, "problem": problem, "repaired": int(repaired), "created": _now()})


def _clamped(text):
    """Return the record with every non-finite or out-of-range number brought within the limits, or None."""
    from .rules import limits

    def number(value, low, high, default):
        if isinstance(value, bool) or not isinstance(value, (int, float)):
            return value
        if isinstance(value, float) and not math.isfinite(value):
            return default
        return min(max(value, low), high)

    def finite(value):
        if isinstance(value, float) and not math.isfinite(value):
            return None
        if isinstance(value, dict):
            return {key: finite(item) for key, item in value.items()}
        if isinstance(value, list):
            return [finite(item) for item in value]
        return value

    try:
        record = json.loads(text)
    except ValueError:
        return None
    if not isinstance(record, dict):
        return None
    players = record.get("players")
    if isinstance(players, list) and all(isinstance(name, str) for name in players):
        # A name beyond the limit keeps its first characters (the API once took 500).
        record["players"] = [name.strip()[:limits.MAX_NAME] for name in players]
    chosen = record.get("rules")
    if isinstance(chosen, dict):
        if isinstance(chosen.get("modifiers"), list) and all(isinstance(m, str) for m in chosen["modifiers"]):
            chosen["modifiers"] = list(dict.fromkeys(chosen["modifiers"]))  # listed twice: once
        if "stake" in chosen:
            chosen["stake"] = number(chosen["stake"], 0, limits.MAX_MONEY, 0)
        if isinstance(chosen.get("payouts"), list):
            chosen["payouts"] = [number(p, 0, limits.MAX_MONEY, 0) for p in chosen["payouts"]]
    for hand in record.get("hands") if isinstance(record.get("hands"), list) else []:
        if not isinstance(hand, dict):
            continue
        for penalty in hand.get("penalties") if isinstance(hand.get("penalties"), list) else []:
            if isinstance(penalty, dict) and "points" in penalty:
                penalty["points"] = number(penalty["points"], -limits.MAX_POINTS, limits.MAX_POINTS, 0)
        for join in hand.get("joins") if isinstance(hand.get("joins"), list) else []:
            if isinstance(join, dict) and "total" in join:
                join["total"] = number(join["total"], -limits.MAX_POINTS, limits.MAX_POINTS, 0)
    table = record.get("table")
    if isinstance(table, dict) and isinstance(table.get("joining"), list):
        for join in table["joining"]:
            if isinstance(join, dict) and "total" in join:
                join["total"] = number(join["total"], -limits.MAX_POINTS, limits.MAX_POINTS, 0)
    return finite(record)


def evening_exists(db, evening_id):
    """True when an evening has that id."""
    return db.execute("select 1 from evenings where id = ?", [evening_id]).fetchone() is not None


def import_game(db, record, created=None, evening_id=None, new_evening_id=None, game_id=None, edit_key=None,
                history=None):
    """Store an exported game; return (id, edit_key). Call inside db.atomic() with the others of its file.

    The game keeps its id and edit key when given and the id is free (so its links stay the same),
    and its whole event log when `history` is given; it joins evening_id, or starts an evening with
    new_evening_id when that id is free, else a new one.
    """
    loaded = rules.load(record)
    now = created or _now()
    if not game_id or db.execute("select 1 from games where id = ?", [game_id]).fetchone():
        game_id, edit_key = new_id(12), None
    edit_key = edit_key or secrets.token_urlsafe(24)
    events_in = history or [{"seq": 1, "revision": 1, "kind": "create", "payload": {}, "change": diff({}, record),
                             "undone": 0, "created": now}]
    revision = len(events_in)
    db.execute("insert into games (id, edit_key, record, revision, status, created, updated) "
               "values (?, ?, ?, ?, ?, ?, ?)", [game_id, edit_key, _dumps(record), revision, _status(loaded), now,
                                                events_in[-1]["created"] or now])
    db.conn.executemany("insert into events (game_id, seq, revision, kind, payload, change, undone, created) "
                        "values (?, ?, ?, ?, ?, ?, ?, ?)",
                        [(game_id, event["seq"], event["revision"], event["kind"], _dumps(event["payload"]),
                          _dumps(event["change"]), event["undone"], event["created"] or now) for event in events_in])
    if evening_id is None and new_evening_id and not evening_exists(db, new_evening_id):
        db.execute("insert into evenings (id, created, updated) values (?, ?, ?)", [new_evening_id, now, now])
        evening_id = new_evening_id
    _join_evening(db, game_id, evening_id, now)
    _remember_players(db, record["players"], now)
    _store_results(db, game_id, rules.score(loaded), now)
    return game_id, edit_key
# ---- the actions API, seat links and sealed bids (issue 11) -----------------------------------------

class ActionSeen(Exception):
    """A client's action id was applied before; `revision` is the revision it made."""

    def __init__(self, revision):
        super().__init__(revision)
        self.revision = revision


@migrations()
def m020_action_ids(db):
    """Remember applied action ids, seat keys, and bids sealed until the reveal."""
    db["applied_actions"].create({"game_id": str, "action_id": str, "revision": int, "created": str},
                                 pk=("game_id", "action_id"), foreign_keys=[("game_id", "games", "id")])
    db["seat_keys"].create({"game_id": str, "seat": int, "key": str, "created": str}, pk=("game_id", "seat"),
                           foreign_keys=[("game_id", "games", "id")], not_null={"key"})
    db["sealed_bids"].create({"game_id": str, "hand": int, "seat": int, "bid": int, "blind": int, "created": str},
                             pk=("game_id", "hand", "seat"), foreign_keys=[("game_id", "games", "id")])


def applied_action(db, game_id, action_id):
    """Return the revision that the client's action id made, or None when it was never applied."""
    row = db.execute("select revision from applied_actions where game_id = ? and action_id = ?",
                     [game_id, action_id]).fetchone()
    return row[0] if row else None


def _claim_action(db, game_id, action_id, revision):
    """Remember the action id with the revision its write makes (every write makes the next one); ActionSeen
    when it was applied before."""
    try:
        db.execute("insert into applied_actions (game_id, action_id, revision, created) values (?, ?, ?, ?)",
                   [game_id, action_id, revision, _now()])
    except sqlite3.IntegrityError:
        raise ActionSeen(applied_action(db, game_id, action_id)) from None
    return revision


def append_action(db, game_id, action_id, kind, payload, record, revision, loaded=None):
    """append_event, remembering the client's action id in the same transaction; ActionSeen if it was."""
    prepared = _prepare(db, game_id, record, revision, loaded)
    with db.atomic():
        _claim_action(db, game_id, action_id, revision + 1)
        return _append_prepared(db, game_id, kind, payload, record, revision, prepared)


def undo_action(db, game_id, action_id, revision):
    """undo, remembering the client's action id in the same transaction; ActionSeen if it was."""
    with db.atomic():
        _claim_action(db, game_id, action_id, revision + 1)
        return undo(db, game_id, revision)


def remember_action(db, game_id, action_id, revision):
    """Remember an action id that needed no write (it asked for what the game already holds)."""
    with db.atomic():
        return _claim_action(db, game_id, action_id, revision)


def seat_keys(db, game_id):
    """Return the game's seat keys by seat."""
    return {seat: key for seat, key in
            db.execute("select seat, key from seat_keys where game_id = ? order by seat", [game_id]).fetchall()}


def make_seat_keys(db, game_id, seats):
    """Give every seat listed a key of its own (as strong as the edit key), keeping keys already given."""
    with db.atomic():
        for seat in seats:
            db.execute("insert or ignore into seat_keys (game_id, seat, key, created) values (?, ?, ?, ?)",
                       [game_id, seat, secrets.token_urlsafe(24), _now()])
    return seat_keys(db, game_id)


def withdraw_seat_keys(db, game_id):
    """Withdraw every seat key of the game: those links write nothing from now on."""
    with db.atomic():
        db.execute("delete from seat_keys where game_id = ?", [game_id])


def seat_of_key(db, game_id, key):
    """Return the seat whose key this is, or None."""
    if not key:
        return None
    for seat, known in seat_keys(db, game_id).items():
        if secrets.compare_digest(str(key), known):
            return seat
    return None


def seal_bid(db, game_id, action_id, hand, seat, bid, blind, record, revision, loaded=None):
    """Keep a bid secret until the reveal, and store record (which names the seat as having bid)."""
    prepared = _prepare(db, game_id, record, revision, loaded)
    with db.atomic():
        if action_id:
            _claim_action(db, game_id, action_id, revision + 1)
        db.execute("insert or replace into sealed_bids (game_id, hand, seat, bid, blind, created) "
                   "values (?, ?, ?, ?, ?, ?)", [game_id, hand, seat, bid, int(bool(blind)), _now()])
        return _append_prepared(db, game_id, "sealed", {"hand": hand, "seat": seat}, record, revision, prepared)


def sealed_bids(db, game_id, hand):
    """Return the hand's sealed bids: {seat: (bid, blind)}."""
    rows = db.execute("select seat, bid, blind from sealed_bids where game_id = ? and hand = ?",
                      [game_id, hand]).fetchall()
    return {seat: (bid, bool(blind)) for seat, bid, blind in rows}
