"""A connection to a database file: BEGIN IMMEDIATE writes, the writers of a process in turn, and the way the
store writes ids, times and JSON. The app's connections, one per thread, are `store/connections.py`'s."""

import collections
import contextlib
import json
import os
import secrets
import sqlite3
import threading
from datetime import datetime, UTC
from types import MappingProxyType

import sqlite_utils

from .files import read_write_uri
from scorekeeper.rules.said import json_default

BUSY_SECONDS = 10


class Database(sqlite_utils.Database):
    """sqlite-utils' Database whose outermost transaction is BEGIN IMMEDIATE.

    A deferred transaction that reads first and then writes cannot wait for the lock (SQLite
    refuses it at once with "database is locked"); an immediate one takes the write lock first,
    so the busy timeout makes simultaneous writers queue. Nested blocks are savepoints. The threads
    of one process queue first on `writer_lock(path)`, so only other processes meet SQLite's lock.
    """

    path = None
    after_commit = ()  # what to do once the outermost transaction is committed (never if it is not)
    # (game id, revision) -> the game as the open transaction wrote it, seen only by it (read-only outside one)
    written = MappingProxyType({})

    @contextlib.contextmanager
    def atomic(self):
        if self.conn.in_transaction:
            with super().atomic():
                yield self
            return
        # The threads of this process queue for the write in turn on a lock of their own (first come, first
        # served); SQLite's lock, with its busy timeout that sleeps and retries, is left to other processes.
        with writer_lock(self.path) if self.path else contextlib.nullcontext():
            self.conn.execute("BEGIN IMMEDIATE")
            self.after_commit, self.written = [], {}
            try:
                yield self
            except BaseException:
                self.after_commit, self.written = (), Database.written
                self.rollback()
                raise
            else:
                try:
                    self.conn.execute("COMMIT")
                except BaseException:
                    self.after_commit, self.written = (), Database.written
                    self.rollback()
                    raise
                done, self.after_commit, self.written = self.after_commit, (), Database.written
        for work in done:  # once the lock is let go: the next writer need not wait for it
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
    conn = sqlite3.connect(
        path if create else read_write_uri(path),
        timeout=BUSY_SECONDS,
        check_same_thread=False,
        isolation_level=None,
        uri=not create,
    )
    db = Database(conn, recursive_triggers=False, execute_plugins=False)
    db.path = str(path)
    db.execute("PRAGMA foreign_keys = ON")
    # In WAL, NORMAL: a commit is written to the WAL without waiting for the disk (FULL waited for an fsync
    # with the write lock held, 1.5-10 ms, the most of a tap's time under the lock). A write acknowledged
    # survives the server being killed; a power cut or a crash of the machine may lose the last ones, never
    # the file (SQLite's WAL; the checkpoint still waits for the disk). docs/deploy.md says so.
    db.execute("PRAGMA synchronous = NORMAL")
    return db


def new_id(nbytes):
    """Return an unguessable URL-safe id that starts with a letter or digit.

    A leading '-' would make a spreadsheet read the id as a formula, so CSV exports would
    have to quote it, and the id would no longer match.
    """
    while True:
        token = secrets.token_urlsafe(nbytes)
        if token[0].isalnum():
            return token


def key_matches(given, known):
    """True when given (from a link, cookie or form: anything at all) is the key known, compared in constant time.

    As bytes: compare_digest refuses str with non-ASCII characters, which a hostile link may carry."""
    return bool(given) and secrets.compare_digest(str(given).encode("utf-8", "surrogatepass"), known.encode())


def now():
    """The time now, as the store writes it (UTC, to the second)."""
    return datetime.now(UTC).isoformat(timespec="seconds")


def dumps(data):
    """JSON text as the store writes it: compact, UTF-8 kept."""
    return json.dumps(data, ensure_ascii=False, separators=(",", ":"), default=json_default)
