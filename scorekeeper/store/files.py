"""The database file: private modes, the `.created` marker, damage checks, backups and restores (issue 10)."""

import os
import sqlite3
from datetime import datetime, timezone
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
    stamp = datetime.now(timezone.utc).isoformat(timespec="seconds")
    marker.write_text(f"{stamp} the scorekeeper created {Path(path).name} here. If that file goes missing, "
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
    """Refuse a database that went missing or empty after it was created, or a damaged one: raise StorageError."""
    restore_hint = "restore a backup with `python -m scorekeeper restore BACKUP.db`"
    if not os.path.exists(path):
        if marker_path(path).exists():
            raise StorageError(
                f"the database {path} is missing, but it existed (see {marker_path(path)}): {restore_hint}, "
                f"or delete {marker_path(path)} to start empty")
        return
    if os.path.getsize(path) == 0:
        if marker_path(path).exists():
            # A created database is never empty (its first page is written when it turns to WAL).
            raise StorageError(
                f"the database {path} is damaged (the file is empty, but it held the scorekeeper's games: see "
                f"{marker_path(path)}): {restore_hint}, or delete both files to start empty")
        return  # created, not yet migrated
    problem = integrity_problem(path)
    if problem:
        raise StorageError(f"the database {path} is damaged ({problem}): {restore_hint}")


def backup(path, target):
    """Copy the database to target with SQLite's online backup (safe while the server writes)."""
    check_storage(path)
    if not os.path.exists(path):
        raise StorageError(f"there is no database at {path} to back up")
    source = sqlite3.connect(read_write_uri(path), uri=True, timeout=30)
    temporary = Path(str(target) + ".partial")
    temporary.unlink(missing_ok=True)
    create_private(temporary)
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
    from .migrations import migrate

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
            target = sqlite3.connect(read_write_uri(path), uri=True, timeout=30)
        else:
            # A missing, empty or damaged database is replaced whole, the old file kept beside it.
            if os.path.exists(path):
                os.replace(path, str(path) + ".damaged")
                for suffix in ("-wal", "-shm"):
                    Path(str(path) + suffix).unlink(missing_ok=True)
            create_private(path)
            target = sqlite3.connect(path, timeout=30)
        try:
            source.backup(target)  # the destination changes in one transaction
        finally:
            target.close()
    finally:
        source.close()
    migrate(path)
    _rate_again(path)


def _rate_again(path):
    """Rate the restored games again, so the ratings are exactly those of its games."""
    from .db import connect
    from .ratings import rebuild_ratings

    db = connect(path, create=False)
    try:
        rebuild_ratings(db)
    finally:
        db.close()
