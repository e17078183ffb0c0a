"""Evenings (the games of one table, in order) and the roster of players (issue 5)."""

import json

from .. import rules
from .db import new_id
from .games import GAME_COLUMNS, row_with_record


def join_evening(db, game_id, evening_id, now):
    """Put the game last in the evening, or in a new evening when there is none."""
    if evening_id is None or not evening_exists(db, evening_id):
        evening_id = new_id(9)
        db.execute("insert into evenings (id, created, updated) values (?, ?, ?)", [evening_id, now, now])
    else:
        db.execute("update evenings set updated = max(coalesce(updated, ''), ?) where id = ?", [now, evening_id])
    position = db.execute("select coalesce(max(position), 0) + 1 from evening_games where evening_id = ?",
                          [evening_id]).fetchone()[0]
    db.execute("insert into evening_games (game_id, evening_id, position) values (?, ?, ?)",
               [game_id, evening_id, position])


def touch_evening(db, game_id, now):
    """The game's evening was played at `now`."""
    db.execute("update evenings set updated = ? where id = (select evening_id from evening_games "
               "where game_id = ?)", [now, game_id])


def remember_players(db, names, now):
    """Add names the roster does not know yet; a name is matched by its key (rules.name_key)."""
    rows = [(rules.name_key(name), str(name).strip(), now) for name in names if rules.name_key(name)]
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
    sql = (f"select {columns} from evening_games e "
           "join games g on g.id = e.game_id where e.evening_id = ? order by e.position")
    return {"id": row[0], "created": row[1], "date": row[2] or row[1][:10], "note": row[3] or "",
            "games": [row_with_record(game) for game in db.query(sql, [evening_id])]}


def set_evening_about(db, evening_id, date, note):
    """Set the evening's date (None: the day it began) and note (None or "": none); checked by the caller."""
    with db.atomic():
        db.execute("update evenings set date = ?, note = ? where id = ?", [date or None, note or None, evening_id])


def count_evenings(db):
    """Return how many evenings have at least one game."""
    return db.execute("select count(*) from evenings e where e.updated is not null and exists "
                      "(select 1 from evening_games c where c.evening_id = e.id)").fetchone()[0]


# Every evening with a game, with what names it and links it to the evenings beside it: its day (the date set,
# else the day it began), its number among the evenings of that day and how many that day has, and the evenings
# before and after it in the order of days (then of beginning). One pass over the evenings, however many.
NAMED = """with shown as (
  select e.id, e.created, e.updated, e.date, e.note, coalesce(e.date, substr(e.created, 1, 10)) as day,
         e.rowid as seq from evenings e where exists (select 1 from evening_games c where c.evening_id = e.id)),
named as (
  select id, created, updated, date, note, day, row_number() over same_day as number,
         count(*) over (partition by day) as on_day, lag(id) over in_order as previous, lead(id) over in_order as next
  from shown window same_day as (partition by day order by created, seq), in_order as (order by day, created, seq))
"""
NAME_COLUMNS = "n.id, n.created, n.updated, n.date, n.note, n.day, n.number, n.on_day, n.previous, n.next"


def named_evenings(db, evening_ids):
    """Return {id: the evening's name and links} (NAMED's columns) for the evenings of those ids that have games."""
    ids = [evening_id for evening_id in evening_ids if evening_id]
    if not ids:
        return {}
    sql = f"{NAMED} select {NAME_COLUMNS} from named n where n.id in ({', '.join('?' * len(ids))})"
    return {row["id"]: row for row in db.query(sql, ids)}


def evening_people(db, evening_id):
    """Return the evening's people: the names at its games' tables, each once (by key), as first seated."""
    sql = ("select min(p.name) as name from evening_games c join player_results p on p.game_id = c.game_id "
           "where c.evening_id = ? group by p.key order by min(c.position * 100 + p.seat)")
    return [row[0] for row in db.execute(sql, [evening_id]).fetchall()]


def seasons_holding(db, day, evening_id):
    """Return the seasons (id, name) whose span holds the day and that count the evening: every evening of their
    span, or the evenings they chose with this one among them."""
    rows = db.query("select id, name, evenings, events from seasons where starts <= ? and ends >= ? "
                    "order by starts, created", [day, day])
    return [{"id": row["id"], "name": row["name"]} for row in rows
            if evening_id in json.loads(row["evenings"] or "[]")
            or (json.loads(row["evenings"] or "[]") == [] and json.loads(row["events"] or "[]") == [])]


def evenings_between(db, starts, ends, chosen=()):
    """Return the evenings whose day falls from `starts` to `ends` (both included), only those chosen when any
    are: NAMED's columns, in the order of days."""
    only = f" and n.id in ({', '.join('?' * len(chosen))})" if chosen else ""
    sql = f"{NAMED} select {NAME_COLUMNS} from named n where n.day between ? and ?{only} order by n.day, n.created"
    return list(db.query(sql, [starts, ends, *chosen]))


def player_evenings(db, name, limit=5):
    """Return the evenings the player sat at a table of, the latest first: NAMED's columns."""
    sql = (f"{NAMED} select {NAME_COLUMNS} from named n where n.id in (select c.evening_id from evening_games c "
           "join player_results p on p.game_id = c.game_id where p.key = ?) "
           "order by n.day desc, n.created desc limit ?")
    return list(db.query(sql, [rules.name_key(name), limit]))


def list_evenings(db, limit=10, offset=0):
    """Return the most recently played evenings: NAMED's columns, the number of games and the people (everyone
    who sat at one of its tables, in order of first seat)."""
    sql = (f"{NAMED} select {NAME_COLUMNS}, "
           "(select count(*) from evening_games c where c.evening_id = n.id) as games, "
           "(select json_group_array(name) from (select min(p.name) as name from evening_games c "
           " join player_results p on p.game_id = c.game_id where c.evening_id = n.id group by p.key "
           " order by min(c.position * 100 + p.seat))) as people "
           "from named n where n.updated is not null order by n.updated desc, n.created desc, n.id limit ? offset ?")
    return [dict(row, people=json.loads(row["people"] or "[]")) for row in db.query(sql, [limit, offset])]


def evenings_played_since(db, game_ids, since):
    """Return (evening id, game id) of those games whose evening was played at `since` or later (an ISO time),
    the evening played last first."""
    ids = list(game_ids)
    if not ids:
        return []
    sql = ("select c.evening_id, c.game_id from evening_games c join evenings e on e.id = c.evening_id "
           f"where c.game_id in ({', '.join('?' * len(ids))}) and e.updated >= ? "
           "order by e.updated desc, c.position desc")
    return [tuple(row) for row in db.execute(sql, [*ids, since]).fetchall()]


def list_players(db):
    """Return the roster: every name ever entered, by name."""
    return list(db.query("select key, name from players order by key"))
