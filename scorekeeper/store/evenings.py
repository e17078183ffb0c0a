"""Evenings (the games of one table, in order) and the roster of players (issue 5)."""

from .. import rules
from .db import new_id
from .games import GAME_COLUMNS, DamagedGame, parse_record, row_with_record


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


def list_evenings(db, limit=10, offset=0):
    """Return the most recently played evenings: id, created, updated, date and note (None unless set), number of
    games, players of the last."""
    sql = ("select e.id, e.created, e.updated, e.date, e.note, "
           "(select count(*) from evening_games c where c.evening_id = e.id) as games, "
           "(select l.game_id from evening_games l where l.evening_id = e.id order by l.position desc limit 1) "
           "as last_game, (select g.record from evening_games l join games g on g.id = l.game_id "
           " where l.evening_id = e.id order by l.position desc limit 1) as record "
           "from evenings e where e.updated is not null and exists "
           "(select 1 from evening_games c where c.evening_id = e.id) "
           "order by e.updated desc, e.rowid desc limit ? offset ?")
    return [dict(row, players=_players_of(row.pop("last_game"), row.pop("record")))
            for row in db.query(sql, [limit, offset])]


def _players_of(game_id, text):
    """The players of a stored record; none when it cannot be read (the home page still lists the rest)."""
    try:
        return parse_record(game_id, text).get("players", [])
    except DamagedGame:
        return []


def list_players(db):
    """Return the roster: every name ever entered, by name."""
    return list(db.query("select key, name from players order by key"))
