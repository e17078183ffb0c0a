"""Event (tournament) rows (docs/events.md "On the web"): the event record, its revision, the director's key,
the director's log, and which stored game plays which table. The tables keep their stored names
(`tournaments`, `tournament_log`, `tournament_games`): a table's name is in every backup.

Every write is one
BEGIN IMMEDIATE transaction: the revision checked, the record stored, the log entry appended, the
tables' games linked, so a director's action is all there or not at all.
"""

import hashlib
import json
import secrets

from . import generation
from ..rules import RecordError, events
from ..rules.said import N_, said
from .db import dumps, key_matches, new_id, now
from .games import StaleRevision, parse_record


class UnknownEvent(LookupError):
    """No event has that id."""


def create_event(db, record, log, created=None, links=()):
    """Store a new event record with its first log entry (kind, payload) and the (game id, round index, table
    index) of its games (an import); return (id, director key)."""
    event_id, key, when = new_id(9), secrets.token_urlsafe(24), created or now()
    with db.atomic():
        db.execute(
            "insert into tournaments (id, name, record, revision, director_key, created, updated) "
            "values (?, ?, ?, 1, ?, ?, ?)",
            [event_id, record.get("name"), dumps(record), key, when, when],
        )
        _log(db, event_id, log, when)
        _link(db, event_id, links)
    return event_id, key


def get_event(db, event_id):
    """Return the event row with its record parsed (director key included), or None."""
    row = db.execute(
        "select id, name, record, revision, director_key, created, updated from tournaments where id = ?", [event_id]
    ).fetchone()
    if row is None:
        return None
    event = dict(zip(("id", "name", "record", "revision", "director_key", "created", "updated"), row))
    event["record"] = parse_record(event_id, event["record"])
    return event


def update_event(db, event_id, record, revision, log, links=()):
    """Store the event's new record if it is still at `revision` (else StaleRevision), append the log
    entry, link each (game id, round index, table index) and unlink the games no table names; return the
    new revision.

    Call it inside the caller's db.atomic() when games are written with it."""
    with db.atomic():
        cursor = db.execute(
            "update tournaments set record = ?, name = ?, revision = revision + 1, updated = ? "
            "where id = ? and revision = ?",
            [dumps(record), record.get("name"), now(), event_id, revision],
        )
        if cursor.rowcount != 1:
            if not db.execute("select 1 from tournaments where id = ?", [event_id]).fetchone():
                raise UnknownEvent(event_id)
            raise StaleRevision(event_id)
        if log is not None:
            _log(db, event_id, log)
        _link(db, event_id, links)
        named = {table.get("game") for rnd in record.get("rounds") or [] for table in rnd.get("tables") or []}
        named |= set(record.get("void") or {})  # a reseated table's old game stays the event's, void
        for (game_id,) in db.execute(
            "select game_id from tournament_games where tournament_id = ?", [event_id]
        ).fetchall():
            if game_id not in named:  # a table given a new game: the old one is an ordinary game again
                db.execute("delete from tournament_games where game_id = ?", [game_id])
    return revision + 1


def _link(db, event_id, links):
    for game_id, round_index, table_index in links:
        db.execute(
            "insert or replace into tournament_games (game_id, tournament_id, round, table_index) values (?, ?, ?, ?)",
            [game_id, event_id, round_index, table_index],
        )


def _log(db, event_id, log, when=None):
    kind, payload = log
    seq = db.execute(
        "select coalesce(max(seq), 0) + 1 from tournament_log where tournament_id = ?", [event_id]
    ).fetchone()[0]
    db.execute(
        "insert into tournament_log (tournament_id, seq, kind, payload, at) values (?, ?, ?, ?, ?)",
        [event_id, seq, kind, dumps(payload), when or now()],
    )


def event_log(db, event_id):
    """Return the director's log in order: [{seq, kind, payload, at}]."""
    rows = db.execute(
        "select seq, kind, payload, at from tournament_log where tournament_id = ? order by seq", [event_id]
    ).fetchall()
    return [{"seq": seq, "kind": kind, "payload": json.loads(payload), "at": at} for seq, kind, payload, at in rows]


def round_clock(db, event_id):
    """When the round being played was drawn (UTC, ISO): the last round drawn, or drawn again after a correction,
    never a confirmed cut left to stand; None before the first draw."""
    row = db.execute(
        "select at from tournament_log where tournament_id = ? and (kind = 'round' or "
        "(kind = 'correction' and json_extract(payload, '$.choice') = 'redraw')) "
        "order by seq desc limit 1",
        [event_id],
    ).fetchone()
    return row[0] if row else None


def void_game(db, game_id, new_game_id):
    """A reseated table's old game is void: its followers move on to the table's new game (games.next_game)."""
    db.execute("update games set next_game = ? where id = ?", [new_game_id, game_id])


# What a table's own phone may not change on a game of an event: who sits at it, its rules, its plan of hands and
# its settlement are the director's (RULES.md: an event's tables settle nothing among themselves).
DIRECTORS_KINDS = ("table", "plan", "settlement")
DIRECTORS = N_(
    "Table %(table)d of round %(round)d of %(event)s is the event's: who sits at it, its rules and its "
    "plan of hands are the director's, and its money is the event's. Ask the director."
)


def refuse_locked(db, game_id, kind=None, before=None, after=None):
    """Raise RecordError when the game plays a table of a round whose cut the director confirmed and the
    director has not opened it for a correction (rules.events.table_locked), when its card is void, or when the
    write (of `kind`, from record `before` to `after`; an undo of `kind`) changes what is the director's on an
    event's table (DIRECTORS_KINDS, its players or rules). Inside the write's transaction."""
    row = db.execute(
        "select g.round, g.table_index, json_array_length(t.record, '$.rounds'), "
        "json_extract(t.record, '$.unlocked'), t.name, json_extract(t.record, '$.void') "
        "from tournament_games g join tournaments t on t.id = g.tournament_id where g.game_id = ?",
        [game_id],
    ).fetchone()
    if row is None:
        return
    round_index, table_index, seated, unlocked, name, void = row
    if void and game_id in json.loads(void):
        raise RecordError(
            "event",
            said(
                "This card is void: table %(table)d of round %(round)d was seated again and "
                "plays a new game. Ask the director for the new card.",
                table=table_index + 1,
                round=round_index + 1,
            ),
        )
    changes_the_table = kind in DIRECTORS_KINDS or (
        before is not None
        and after is not None
        and (before.get("players") != after.get("players") or before.get("rules") != after.get("rules"))
    )
    if changes_the_table:
        raise RecordError(
            "event", said(DIRECTORS, table=table_index + 1, round=round_index + 1, event=name or said("the event"))
        )
    if events.table_locked(seated or 0, round_index, table_index, json.loads(unlocked) if unlocked else []):
        raise RecordError("event", said(events.LOCKED, round=round_index + 1, event=name or said("the event")))


def refuse_events_game(db, game_id):
    """Raise RecordError when the game plays a table of an event (a void card's game included): deleting,
    abandoning or restoring it is not the table's (the event would point at a game that is gone, or count one
    that is not)."""
    row = db.execute(
        "select g.round, g.table_index, t.name from tournament_games g join tournaments t "
        "on t.id = g.tournament_id where g.game_id = ?",
        [game_id],
    ).fetchone()
    if row is not None:
        raise RecordError(
            "event", said(DIRECTORS, table=row[1] + 1, round=row[0] + 1, event=row[2] or said("the event"))
        )


def event_of_game(db, game_id):
    """Return {event_id, name, round, table, void, void_for, locked, asked, open, rounds, minutes} (round and table
    from 1) when the game plays an event's table; void_for: the table's new game when this one was left void by a
    reseating; locked: its round is confirmed and the director has not opened it; asked: it asked for a correction;
    open: the director opened it for one; rounds: how many the event has seated; minutes: its rounds' time limit
    (0: none)."""
    row = db.execute(
        "select t.id, t.name, g.round, g.table_index, json_extract(t.record, '$.void'), "
        "json_array_length(t.record, '$.rounds'), json_extract(t.record, '$.unlocked'), "
        "json_extract(t.record, '$.requests'), json_extract(t.record, '$.round_minutes') "
        "from tournament_games g join tournaments t on t.id = g.tournament_id where g.game_id = ?",
        [game_id],
    ).fetchone()
    if row is None:
        return None
    void = json.loads(row[4]) if row[4] else {}
    void = void if isinstance(void, dict) else {}
    unlocked = json.loads(row[6]) if row[6] else []
    requests = json.loads(row[7]) if row[7] else []
    confirmed = row[2] < (row[5] or 0) - 1
    locked = events.table_locked(row[5] or 0, row[2], row[3], unlocked if isinstance(unlocked, list) else [])
    here = {"round": row[2] + 1, "table": row[3] + 1}
    return {
        "event_id": row[0],
        "name": row[1],
        **here,
        "void": game_id in void,
        "void_for": void.get(game_id),
        "rounds": row[5] or 0,
        "minutes": events.time_limit({"round_minutes": row[8]}),
        "locked": locked,
        "open": confirmed and not locked,
        "asked": isinstance(requests, list)
        and any(
            isinstance(entry, dict) and all(entry.get(key) == value for key, value in here.items())
            for entry in requests
        ),
    }


def event_games(db, event_id):
    """Return the event's games by id: {id: {record, revision, status, edit_key, updated}}."""
    rows = db.execute(
        "select g.id, g.record, g.revision, g.status, g.edit_key, g.updated from games g "
        "join tournament_games t on t.game_id = g.id where t.tournament_id = ?",
        [event_id],
    ).fetchall()
    return {
        game_id: {
            "record": parse_record(game_id, record),
            "revision": revision,
            "status": status,
            "edit_key": edit_key,
            "updated": updated,
        }
        for game_id, record, revision, status, edit_key, updated in rows
    }


def event_revision(db, event_id):
    """Return a tag that changes whenever the event or any of its games changes (the live pages' ETag), or None.

    The database's generation is in its digest: after a restore the same revisions are another event's."""
    row = db.execute(f"select revision, {generation.COLUMN} from tournaments where id = ?", [event_id]).fetchone()
    if row is None:
        return None
    games = db.execute(
        "select g.id, g.revision from games g join tournament_games t on t.game_id = g.id "
        "where t.tournament_id = ? order by g.id",
        [event_id],
    ).fetchall()
    digest = hashlib.sha256(dumps([row[1], games] if row[1] else games).encode()).hexdigest()[:10]
    return f"{row[0]}-{digest}"


def list_events(db, limit=50):
    """Return the latest events: id, name, created."""
    return [
        dict(zip(("id", "name", "created"), row))
        for row in db.execute(
            "select id, name, created from tournaments order by created desc, rowid desc limit ?", [limit]
        ).fetchall()
    ]


def may_direct(event, key):
    """True when key is the event's director key."""
    return key_matches(key, event["director_key"])
