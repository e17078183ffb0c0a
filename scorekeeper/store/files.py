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

    The backup is checked first (SQLite, integrity_check, a scorekeeper database), copied beside the database and
    migrated to this version there, its generation set above the database's (a running server's processes then
    keep nothing of the games they had: store/generation.py); the current database stays as it was until that
    copy replaces its contents in one transaction, generation included.
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
        staged = Path(str(path) + ".restoring")
        _remove_with_companions(staged)
        create_private(staged)
        copy = sqlite3.connect(staged)
        try:
            source.backup(copy)
        finally:
            copy.close()
    finally:
        source.close()
    try:
        migrate(staged)
        _replace_contents(path, staged)
    finally:
        _remove_with_companions(staged)
    migrate(path)
    _rate_again(path)


def _replace_contents(path, staged):
    """Copy the staged database over path's contents in one transaction, in a generation after path's."""
    from . import generation

    before = None  # the generation replaced: none when there is no database a server could have read
    if os.path.exists(path) and os.path.getsize(path) and integrity_problem(path) is None:
        target = sqlite3.connect(read_write_uri(path), uri=True, timeout=30, isolation_level=None)
        try:
            before = target.execute("select number from generation").fetchone()[0]
        except sqlite3.Error:  # a database older than the generation
            before = 0
    else:
        # A missing, empty or damaged database is replaced whole, the old file kept beside it.
        before = 0 if os.path.exists(path) else None
        if os.path.exists(path):
            os.replace(path, str(path) + ".damaged")
            for suffix in ("-wal", "-shm"):
                Path(str(path) + suffix).unlink(missing_ok=True)
        create_private(path)
        target = sqlite3.connect(path, timeout=30, isolation_level=None)
    staging = sqlite3.connect(staged, isolation_level=None)
    try:
        if before is not None:
            generation.at_least(staging, before)
        staging.backup(target)  # the destination changes in one transaction
    finally:
        staging.close()
        target.close()


def _remove_with_companions(database):
    for suffix in ("", "-wal", "-shm", ".created"):
        Path(str(database) + suffix).unlink(missing_ok=True)


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


def _rate_again(path):
    """Rate the restored games again, so the ratings are exactly those of its games."""
    from .db import connect
    from .ratings import rebuild_ratings

    db = connect(path, create=False)
    try:
        rebuild_ratings(db)
    finally:
        db.close()
