"""The game store: SQLite through sqlite-utils. The only module that knows table names.

A game row holds the current record (the game record of RULES.md, materialised for speed)
and a revision number; every action is appended to `events` with the record it produced,
so a game can be replayed and an edited hand keeps its earlier version.

Public API (each takes the `db` from `get_db()`):
    create_game(db, record) -> (id, edit_key)
    get_game(db, game_id) -> dict | None       # id, edit_key, record (dict), revision, status, ...
    get_game_head(db, game_id) -> dict | None  # the same without the record: cheap
    list_games(db) -> [dict]                    # newest first, without edit keys
    append_event(db, game_id, kind, payload, record, revision) -> new revision
    undo(db, game_id, revision) -> new revision
    events(db, game_id) -> [dict]               # seq, kind, payload, record, undone, created
    may_edit(game, key) -> bool
    evening_of(db, game_id) -> evening id | None  # every game belongs to one evening (issue 5)
    get_evening(db, evening_id) -> dict | None  # id, created, games (in order, with records)
    list_evenings(db, limit) -> [dict]          # newest first: id, created, updated, games, players
    list_players(db) -> [dict]                  # the roster: name, key, in name order
    games_in_order(db) -> [dict]                # every game, oldest first, without edit keys
Writes raise StaleRevision when the game changed since `revision`, and RecordError
(from the rules engine) when the new record breaks its rules; then nothing is stored.
"""

import json
import secrets
import sqlite3
import weakref
from datetime import datetime, timezone

import click
import sqlite_utils
from flask import current_app, g
from flask.cli import with_appcontext
from sqlite_utils.migrations import Migrations

from . import rules

migrations = Migrations("scorekeeper")


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


def connect(path):
    """Open the database with foreign keys on (WAL is set once, by migrate, and stays in the file)."""
    # A busy database is waited for up to 5 seconds; no sqlite-utils plugins are used.
    conn = sqlite3.connect(path, timeout=5, check_same_thread=False)
    db = sqlite_utils.Database(conn, recursive_triggers=False, execute_plugins=False)
    db.execute("PRAGMA foreign_keys = ON")
    return db


def migrate(path):
    """Switch the database to WAL and apply every pending migration."""
    db = connect(path)
    try:
        db.enable_wal()
        migrations.apply(db)
    finally:
        db.close()


def get_db():
    """Return this request's connection, opening it on first use."""
    if "db" not in g:
        g.db = connect(current_app.config["DATABASE"])
    return g.db


def close_db(_error=None):
    """Close this request's connection, if one was opened."""
    db = g.pop("db", None)
    if db is not None:
        db.close()


@click.command("init-db")
@with_appcontext
def init_db_command():
    """Create the database and apply the migrations."""
    migrate(current_app.config["DATABASE"])
    click.echo(f"Database ready: {current_app.config['DATABASE']}")


def init_app(app):
    """Apply the migrations, keep the WAL open, register the teardown and the init-db command."""
    migrate(app.config["DATABASE"])
    # While one connection stays open SQLite keeps the WAL and its index; otherwise every
    # request's connection would rebuild them on open and checkpoint them away on close.
    keeper = sqlite3.connect(app.config["DATABASE"], check_same_thread=False)
    keeper.execute("select 1 from games limit 1").fetchall()
    app.extensions["scorekeeper.keeper"] = keeper
    weakref.finalize(app, keeper.close)
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


def _status(game):
    """Return 'finished' when every planned hand of the loaded game is done, else 'playing'."""
    return "finished" if rules.next_hand(game) is None else "playing"


def _row(row):
    game = dict(row)
    game["record"] = json.loads(game["record"])
    return game


def create_game(db, record, evening_id=None, created=None):
    """Store a new game from a valid record; return (id, edit_key).

    The game starts a new evening unless evening_id names the evening it continues;
    created (an ISO date) keeps the date of an imported game.
    """
    status = _status(rules.load(record))
    game_id, edit_key, now = new_id(12), secrets.token_urlsafe(24), created or _now()
    text = json.dumps(record, ensure_ascii=False)
    with db.atomic():
        db["games"].insert({"id": game_id, "edit_key": edit_key, "record": text, "revision": 1,
                            "status": status, "created": now, "updated": now})
        db["events"].insert({"game_id": game_id, "seq": 1, "revision": 1, "kind": "create",
                             "payload": "{}", "record": text, "undone": 0, "created": now})
        _join_evening(db, game_id, evening_id, now)
        _remember_players(db, record["players"], now)
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
    sql = "select id, record, revision, status, created, updated from games order by updated desc"
    return [_row(row) for row in db.query(sql)]


def events(db, game_id):
    """Return the game's event log in order, payloads and records as dicts."""
    sql = "select * from events where game_id = ? order by seq"
    return [dict(row, payload=json.loads(row["payload"]), record=json.loads(row["record"]))
            for row in db.query(sql, [game_id])]


def may_edit(game, key):
    """True when key is the game's edit key."""
    return bool(key) and secrets.compare_digest(str(key), game["edit_key"])


def _write(db, game_id, revision, kind, payload, record, status, undone_seq=None):
    """Update the game if still at revision and log the event, in one transaction."""
    text, now = json.dumps(record, ensure_ascii=False), _now()
    with db.atomic():
        # The conditional update takes the write lock and proves nobody wrote in between.
        cursor = db.execute("update games set record = ?, revision = revision + 1, status = ?, updated = ? "
                            "where id = ? and revision = ?",
                            [text, status, now, game_id, revision])
        if cursor.rowcount != 1:
            if get_game(db, game_id) is None:
                raise UnknownGame(game_id)
            raise StaleRevision(game_id)
        seq = db.execute("select coalesce(max(seq), 0) + 1 from events where game_id = ?",
                         [game_id]).fetchone()[0]
        if undone_seq is not None:
            db.execute("update events set undone = 1 where game_id = ? and seq = ?", [game_id, undone_seq])
        db["events"].insert({"game_id": game_id, "seq": seq, "revision": revision + 1, "kind": kind,
                             "payload": json.dumps(payload, ensure_ascii=False), "record": text,
                             "undone": 0, "created": now})
        _remember_players(db, record["players"], now)  # a late arrival joins the roster too
    return revision + 1


def append_event(db, game_id, kind, payload, record, revision):
    """Validate record, then store it as the game's state with the event that made it."""
    return _write(db, game_id, revision, kind, payload, record, _status(rules.load(record)))


def undo(db, game_id, revision):
    """Return the game to its state before its last action not yet undone; return the new revision."""
    # Only the last two live actions matter: the one undone and the state before it.
    sql = ("select seq, kind, record from events where game_id = ? and kind != 'undo' and undone = 0 "
           "order by seq desc limit 2")
    live = db.execute(sql, [game_id]).fetchall()
    if len(live) < 2:
        raise NothingToUndo(game_id)
    (last_seq, last_kind, _), (_, _, before_text) = live
    before = json.loads(before_text)
    payload = {"undid": last_seq, "kind": last_kind}
    return _write(db, game_id, revision, "undo", payload, before, _status(rules.load(before)),
                  undone_seq=last_seq)


# ---- evenings and the roster (issue 5) ----------------------------------------------------------

def _join_evening(db, game_id, evening_id, now):
    """Put the game last in the evening, or in a new evening when there is none."""
    if evening_id is None or db.execute("select 1 from evenings where id = ?", [evening_id]).fetchone() is None:
        evening_id = new_id(9)
        db["evenings"].insert({"id": evening_id, "created": now})
    position = db.execute("select coalesce(max(position), 0) + 1 from evening_games where evening_id = ?",
                          [evening_id]).fetchone()[0]
    db["evening_games"].insert({"game_id": game_id, "evening_id": evening_id, "position": position})


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
    sql = ("select e.id, e.created, max(g.updated) as updated, count(*) as games, "
           "(select g2.record from evening_games e2 join games g2 on g2.id = e2.game_id "
           " where e2.evening_id = e.id order by e2.position desc limit 1) as record "
           "from evenings e join evening_games eg on eg.evening_id = e.id join games g on g.id = eg.game_id "
           "group by e.id order by updated desc limit ?")
    return [dict(row, players=json.loads(row.pop("record"))["players"]) for row in db.query(sql, [limit])]


def games_in_order(db):
    """Return every game in the order stored (oldest first), without edit keys: for exports."""
    sql = "select id, record, revision, status, created, updated from games order by rowid"
    return [_row(row) for row in db.query(sql)]


def list_players(db):
    """Return the roster: every name ever entered, by name."""
    return list(db.query("select key, name from players order by key"))
