"""Backups and restores of the database file (issue 10): SQLite's online backup, and a restore that replaces the
contents in one transaction, migrated to this version and in a generation after the one it replaces."""

import os
import sqlite3
from pathlib import Path

from . import generation
from .backfills import migrate
from .db import connect
from .files import StorageError, check_storage, create_private, integrity_problem, read_write_uri
from .ratings import rebuild_ratings


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
    if not os.path.exists(source_file):
        raise StorageError(f"there is no backup at {source_file}")
    problem = integrity_problem(source_file)
    if problem:
        raise StorageError(f"{source_file} cannot be restored: {problem}. Nothing was changed")
    source = sqlite3.connect(Path(source_file).absolute().as_uri() + "?mode=ro", uri=True)
    try:
        if not source.execute("select 1 from sqlite_master where name = 'games'").fetchone():
            raise StorageError(
                f"{source_file} cannot be restored: it is not a scorekeeper database. Nothing was changed"
            )
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


def _rate_again(path):
    """Rate the restored games again, so the ratings are exactly those of its games."""
    db = connect(path, create=False)
    try:
        rebuild_ratings(db)
    finally:
        db.close()
