"""Evenings (the games of one table, in order) and the roster of players (issue 5)."""

import json

from .. import rules
from ..rules.club.counting import own_date
from .db import new_id
from .games import GAME_COLUMNS, row_with_record
from .roster import aliases_of, display_names


def join_evening(db, game_id, evening_id, now):
    """Put the game last in the evening, or in a new evening when there is none."""
    if evening_id is None or not evening_exists(db, evening_id):
        evening_id, position = new_id(9), 1
        db.execute("insert into evenings (id, created, updated) values (?, ?, ?)", [evening_id, now, now])
    else:
        db.execute("update evenings set updated = max(coalesce(updated, ''), ?) where id = ?", [now, evening_id])
        position = db.execute(
            "select coalesce(max(position), 0) + 1 from evening_games where evening_id = ?", [evening_id]
        ).fetchone()[0]
    db.execute(
        "insert into evening_games (game_id, evening_id, position) values (?, ?, ?)", [game_id, evening_id, position]
    )


def touch_evening(db, game_id, now):
    """The game's evening was played at `now`."""
    db.execute(
        "update evenings set updated = ? where id = (select evening_id from evening_games where game_id = ?)",
        [now, game_id],
    )


def remember_players(db, names, now):
    """Add names the roster does not know yet; a name is matched by its key (rules.name_key), and a spelling the
    owner merged into a player is that player (store/roster.py)."""
    keys = [rules.name_key(name) for name in names]
    merged = aliases_of(db, keys)
    rows = [(key, str(name).strip(), now) for key, name in zip(keys, names) if key and key not in merged]
    db.conn.executemany("insert or ignore into players (key, name, created) values (?, ?, ?)", rows)


def evening_exists(db, evening_id):
    """True when an evening has that id."""
    return db.execute("select 1 from evenings where id = ?", [evening_id]).fetchone() is not None


def evening_of(db, game_id):
    """Return the id of the game's evening, or None."""
    row = db.execute("select evening_id from evening_games where game_id = ?", [game_id]).fetchone()
    return row[0] if row else None


def get_evening(db, evening_id):
    """Return the evening with its games in the order played (records as dicts), or None."""
    row = db.execute("select id, created, date, note from evenings where id = ?", [evening_id]).fetchone()
    if row is None:
        return None
    columns = ", ".join(f"g.{column}" for column in GAME_COLUMNS.split(", "))
    sql = (
        f"select {columns} from evening_games e "
        "join games g on g.id = e.game_id where e.evening_id = ? order by e.position"
    )
    return {
        "id": row[0],
        "created": row[1],
        "date": row[2] or row[1][:10],
        "note": row[3] or "",
        "games": [row_with_record(game) for game in db.query(sql, [evening_id])],
    }


def evening_about(db, evening_id):
    """The evening's date and note as the organiser set them: (date or None, note or None)."""
    row = db.execute("select date, note from evenings where id = ?", [evening_id]).fetchone()
    return (row[0], row[1]) if row else (None, None)


def set_evening_about(db, evening_id, date, note):
    """Set the evening's date (None: the day it began) and note (None or "": none); checked by the caller."""
    with db.atomic():
        db.execute("update evenings set date = ?, note = ? where id = ?", [date or None, note or None, evening_id])
        redate_games(
            db,
            [
                game_id
                for (game_id,) in db.execute(
                    "select game_id from evening_games where evening_id = ?", [evening_id]
                ).fetchall()
            ],
        )


def redate_games(db, game_ids):
    """The games' day changed (their evening's date was set): their results, ratings and seasons follow it."""
    from .days import day_of
    from .ratings import replay_from

    starts = []
    for game_id in game_ids:
        row = db.execute(
            "select g.record, g.created, g.updated, r.day, g.status from games g join game_results r "
            "on r.game_id = g.id where g.id = ? and g.status = 'finished'",
            [game_id],
        ).fetchone()
        if row is None:  # a game in play takes its day when it finishes
            continue
        try:
            played_on = own_date(json.loads(row[0]))
        except ValueError:
            continue
        day = day_of(db, game_id, played_on, row[2])
        if day == row[3]:
            continue
        db.execute("update game_results set day = ? where game_id = ?", [day, game_id])
        rated = db.execute("select day, finished from rated_games where game_id = ?", [game_id]).fetchone()
        if rated:
            db.execute("update rated_games set day = ? where game_id = ?", [day, game_id])
            starts.append((min(day, rated[0] or day), rated[1], game_id))
    if starts:
        replay_from(db, min(starts))


def count_evenings(db):
    """Return how many evenings have at least one game."""
    return db.execute(
        "select count(*) from evenings e where e.updated is not null and exists "
        "(select 1 from evening_games c where c.evening_id = e.id)"
    ).fetchone()[0]


# An evening's day: the date set, else the day it began. What names an evening is its day, its note, and its number
# among the evenings of that day (in the order they began); the evenings before and after it are in the order of
# days, then of beginning. An evening without a game (none is kept: store/removal.py) is never named.
DAY = "coalesce(e.date, substr(e.created, 1, 10))"
HAS_GAMES = "exists (select 1 from evening_games c where c.evening_id = e.id)"
COLUMNS = f"e.id, e.created, e.updated, e.date, e.note, {DAY} as day, e.rowid as seq"


def _marks(values):
    return ", ".join("?" * len(values))


def _numbered(db, rows):
    """Return the evenings (rows with COLUMNS) as dicts with their `number` on their day and how many evenings the
    day has (`on_day`): one pass over the evenings, for the days of these alone."""
    rows = [dict(row) for row in rows]
    days = sorted({row["day"] for row in rows})
    numbers = {}
    if days:
        sql = (
            "select id, row_number() over (partition by day order by created, seq), count(*) over (partition by day) "
            f"from (select e.id, e.created, e.rowid as seq, {DAY} as day from evenings e "
            f"where {DAY} in ({_marks(days)}) and {HAS_GAMES})"
        )
        numbers = {row[0]: (row[1], row[2]) for row in db.execute(sql, days).fetchall()}
    for row in rows:
        row["number"], row["on_day"] = numbers.get(row["id"], (1, 1))
    return rows


def named_evenings(db, evening_ids):
    """Return {id: the evening's day, note and number on its day} for the evenings of those ids that have games."""
    ids = [evening_id for evening_id in evening_ids if evening_id]
    if not ids:
        return {}
    rows = db.query(f"select {COLUMNS} from evenings e where e.id in ({_marks(ids)}) and {HAS_GAMES}", ids)
    return {row["id"]: row for row in _numbered(db, rows)}


def evenings_beside(db, evening):
    """Return the evenings (named) before and after a named evening, in the order of days; either may be None."""
    place = [evening["day"], evening["created"], evening["seq"]]
    found = []
    for compare, order in (("<", "desc"), (">", "asc")):
        # The day compared alone first, so the index is searched from this evening's day on, not scanned.
        sql = (
            f"select {COLUMNS} from evenings e where {DAY} {compare}= ? and ({DAY}, e.created, e.rowid) {compare} "
            f"(?, ?, ?) and {HAS_GAMES} order by {DAY} {order}, e.created {order}, e.rowid {order} limit 1"
        )
        found += _numbered(db, db.query(sql, [place[0], *place])) or [None]
    return tuple(found)


def evening_people(db, evening_id):
    """Return the evening's people: the names at its games' tables, each once (by key), as first seated."""
    sql = (
        "select min(p.name) as name from evening_games c join player_results p on p.game_id = c.game_id "
        "where c.evening_id = ? group by p.key order by min(c.position * 100 + p.seat)"
    )
    return [row[0] for row in db.execute(sql, [evening_id]).fetchall()]


def seasons_holding(db, day, evening_id):
    """Return the seasons (id, name) whose span holds the day and that count the evening: every evening of their
    span, or the evenings they chose with this one among them."""
    rows = db.query(
        "select id, name, evenings, events from seasons where starts <= ? and ends >= ? order by starts, created",
        [day, day],
    )
    return [
        {"id": row["id"], "name": row["name"]}
        for row in rows
        if evening_id in json.loads(row["evenings"] or "[]")
        or (json.loads(row["evenings"] or "[]") == [] and json.loads(row["events"] or "[]") == [])
    ]


def evenings_between(db, starts, ends, chosen=()):
    """Return the evenings (named) whose day falls from `starts` to `ends` (both included), only those chosen when
    any are, in the order of days."""
    only = f" and e.id in ({_marks(chosen)})" if chosen else ""
    sql = (
        f"select {COLUMNS} from evenings e where {DAY} between ? and ?{only} and {HAS_GAMES} "
        f"order by {DAY}, e.created, e.rowid"
    )
    return _numbered(db, db.query(sql, [starts, ends, *chosen]))


def player_evenings(db, name, limit=5):
    """Return the evenings (named) the player sat at a table of, the latest first."""
    sql = (
        f"select {COLUMNS} from evenings e where e.id in (select c.evening_id from evening_games c "
        f"join player_results p on p.game_id = c.game_id where p.key = ?) "
        f"order by {DAY} desc, e.created desc, e.rowid desc limit ?"
    )
    return _numbered(db, db.query(sql, [rules.name_key(name), limit]))


def list_evenings(db, limit=10, offset=0):
    """Return the most recently played evenings (named), with the number of games and the people (everyone who
    sat at one of its tables, in order of first seat)."""
    # An import's games are listed once it has finished (store/imports.py): until then, nor are their evenings.
    listed = "c.evening_id = e.id and c.game_id not in (select game_id from pending_imports)"
    sql = (
        f"select {COLUMNS}, (select count(*) from evening_games c where {listed}) as games, "
        "(select json_group_array(name) from (select min(p.name) as name from evening_games c "
        f" join player_results p on p.game_id = c.game_id where {listed} group by p.key "
        " order by min(c.position * 100 + p.seat))) as people "
        f"from evenings e where e.updated is not null and exists (select 1 from evening_games c where {listed}) "
        "order by e.updated desc, e.rowid desc limit ? offset ?"
    )
    rows = _numbered(db, db.query(sql, [limit, offset]))
    return [dict(row, people=json.loads(row["people"] or "[]")) for row in rows]


def evenings_played_since(db, game_ids, since):
    """Return (evening id, game id) of those games whose evening was played at `since` or later (an ISO time),
    the evening played last first."""
    ids = list(game_ids)
    if not ids:
        return []
    sql = (
        "select c.evening_id, c.game_id from evening_games c join evenings e on e.id = c.evening_id "
        f"where c.game_id in ({', '.join('?' * len(ids))}) and e.updated >= ? "
        "order by e.updated desc, c.position desc"
    )
    return [tuple(row) for row in db.execute(sql, [*ids, since]).fetchall()]


def list_players(db):
    """Return everyone who has played here or is a member, by key: key, and the display name (store/roster.py:
    the member's name, else the first spelling entered; a merged spelling is its player's)."""
    return [{"key": key, "name": name} for key, name in sorted(display_names(db).items())]
