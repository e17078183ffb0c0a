"""The database file: private modes, the `.created` marker, damage checks (issue 10); the instance's secrets."""

import os
import sqlite3
from datetime import datetime, UTC
from pathlib import Path


class StorageError(RuntimeError):
    """The database file is missing, damaged or not a scorekeeper database: the message says what to do."""


def read_write_uri(path):
    """The file's URI opened read-write without creating it: a missing file is an error, not a new database."""
    return Path(path).absolute().as_uri() + "?mode=rw"


def create_private(path):
    """Create an empty file readable by its owner only (mode 0600), if there is none."""
    try:
        os.close(os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600))
    except FileExistsError:
        pass


def _owner_only(path):
    """Take back the rights of others on a file made before it was created private."""
    if os.stat(path).st_mode & 0o077:
        os.chmod(path, 0o600)


def marker_path(path):
    """The marker kept beside the database (in the instance folder): this database was created."""
    return Path(str(path) + ".created")


def mark_created(path):
    """Write the marker once the database holds the scorekeeper's tables (mode 0600, like the database)."""
    marker = marker_path(path)
    if marker.exists():
        _owner_only(marker)
        return
    create_private(marker)
    stamp = datetime.now(UTC).isoformat(timespec="seconds")
    marker.write_text(
        f"{stamp} the scorekeeper created {Path(path).name} here. If that file goes missing, "
        "the server refuses to start instead of starting an empty one.\n"
    )


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
    """Refuse a database that went missing or empty after it was created, or a damaged one: raise StorageError."""
    restore_hint = "restore a backup with `python -m scorekeeper restore BACKUP.db`"
    if not os.path.exists(path):
        if marker_path(path).exists():
            raise StorageError(
                f"the database {path} is missing, but it existed (see {marker_path(path)}): {restore_hint}, "
                f"or delete {marker_path(path)} to start empty"
            )
        return
    if os.path.getsize(path) == 0:
        if marker_path(path).exists():
            # A created database is never empty (its first page is written when it turns to WAL).
            raise StorageError(
                f"the database {path} is damaged (the file is empty, but it held the scorekeeper's games: see "
                f"{marker_path(path)}): {restore_hint}, or delete both files to start empty"
            )
        return  # created, not yet migrated
    problem = integrity_problem(path)
    if problem:
        raise StorageError(f"the database {path} is damaged ({problem}): {restore_hint}")


def private_secret(instance_path, name, make):
    """Return (the secret in instance/NAME, True when it was made just now), making it once with make() (mode 0600)."""
    path = Path(instance_path) / name
    try:
        descriptor = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    except FileExistsError:
        if path.stat().st_mode & 0o077:
            path.chmod(0o600)  # readable by others: whoever reads it can forge sessions or own the instance
        return path.read_text().strip(), False
    secret = make()
    with os.fdopen(descriptor, "w") as file:
        file.write(secret + "\n")
    return secret, True


def private_folder(path):
    """Create the instance folder for its owner only (mode 0700), tightening one created before."""
    os.makedirs(path, mode=0o700, exist_ok=True)
    if os.stat(path).st_mode & 0o077:
        os.chmod(path, 0o700)  # it holds the database, its backups and the secret key
