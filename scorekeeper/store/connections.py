"""The app's connections: one open per thread to its database file, the file migrated and cleaned as the app
starts, and the init-db command."""

import os
import threading
import weakref

import click
from flask import current_app
from flask.cli import with_appcontext

from .backfills import migrate
from .db import connect
from .files import StorageError
from .imports import abandoned_imports, discard_abandoned


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


def _discard_in_background(path, import_ids):
    """Start a thread that takes out the games of the imports named (None when there are none)."""
    if not import_ids:
        return None

    def work():
        db = connect(path, create=False)
        try:
            discard_abandoned(db, import_ids)
        finally:
            db.close()

    thread = threading.Thread(target=work, name="discard-imports", daemon=True)
    thread.start()
    return thread


def init_app(app):
    """Apply the migrations, set up the connections, register the teardown and the init-db command."""
    migrate(app.config["DATABASE"])
    db = connect(app.config["DATABASE"], create=False)
    try:
        abandoned = abandoned_imports(db)  # an import whose process died midway leaves nothing
    finally:
        db.close()
    # Its games count nowhere and are listed nowhere meanwhile: they are taken out in the background, a chunk at a
    # time between the room's taps, and the server answers at once.
    app.extensions["scorekeeper.discarding"] = _discard_in_background(app.config["DATABASE"], abandoned)
    connections = Connections(app.config["DATABASE"])
    app.extensions["scorekeeper.connections"] = connections
    app.extensions["scorekeeper.keeper"] = connections  # the name older code closes
    weakref.finalize(app, connections.close)  # at exit too: finalizers run then
    app.teardown_appcontext(close_db)
    app.cli.add_command(init_db_command)
