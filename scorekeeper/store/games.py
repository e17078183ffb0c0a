"""Game rows: reading games, their pages and counts, and whether a key may edit one."""

import json

from .. import rules
from ..rules.said import Separated
from . import generation
from .db import key_matches


class StaleRevision(Exception):
    """The game changed since the writer read it."""


class UnknownGame(LookupError):
    """No game has that id."""


class DamagedGame(rules.RecordError):
    """A stored game whose record this version cannot read: the message names the game."""

    def __init__(self, game_id, problem):
        super().__init__("", Separated((f"game {game_id}: ", problem), ""))
        self.game_id, self.problem = game_id, problem


GAME_COLUMNS = "id, record, revision, status, created, updated, recognised"  # everything but the edit key


def status(game):
    """Return 'finished' when every planned hand of the loaded game is done, else 'playing'."""
    return "finished" if rules.next_hand(game) is None else "playing"


def parse_record(game_id, text):
    """Return a stored record as a dict, or raise DamagedGame naming the game."""
    try:
        record = json.loads(text)
    except (ValueError, TypeError, RecursionError) as error:
        raise DamagedGame(game_id, f"its stored record is not JSON ({error})") from None
    if not isinstance(record, dict):
        raise DamagedGame(game_id, "its stored record is not a JSON object")
    return record


def row_with_record(row):
    """A game row with its record parsed."""
    game = dict(row)
    game["record"] = parse_record(game["id"], game["record"])
    return game


def get_game(db, game_id):
    """Return the game with its record as a dict, and the database's generation it was read in; or None."""
    rows = list(db.query(f"select *, {generation.COLUMN} as generation from games where id = ?", [game_id]))
    return row_with_record(rows[0]) if rows else None


HEAD_COLUMNS = ("id", "edit_key", "revision", "status", "next_game", "generation")
_HEAD_SQL = f"select id, edit_key, revision, status, next_game, {generation.COLUMN} from games where id = ?"


def get_game_head(db, game_id):
    """Return the game's id, edit_key, revision, status and next game (or None) without its record, with the
    database's generation read in the same statement; or None."""
    row = db.execute(_HEAD_SQL, [game_id]).fetchone()
    return dict(zip(HEAD_COLUMNS, row)) if row else None


def follow_tag(head):
    """Return the tag a game's head is followed by (a follower's ETag, the one cache's key): the revision, in the
    database's generation once there was a restore, import or delete (a restored game's revisions are numbers it
    had before), marked while the game is abandoned (which changes its status, not its revision) and once the table
    moved on to a next game.

    A page drawn after the table moved on carries the mark, so opening an old game stays on it."""
    generation = head.get("generation")
    return (
        str(head["revision"])
        + (f"+g{generation}" if generation else "")
        + ("+abandoned" if head.get("status") == "abandoned" else "")
        + ("+next" if head.get("next_game") else "")
    )


def list_games(db):
    """Return every game, most recently played first, without edit keys."""
    sql = f"select {GAME_COLUMNS} from games order by updated desc, rowid desc"
    return [row_with_record(row) for row in db.query(sql)]


# The games of an import still being written are not listed yet (store/imports.py).
NOT_PENDING = "g.id not in (select game_id from pending_imports)"


def game_list(db, status=None, limit=20, offset=0):
    """Return one page of games, most recently played first: id, players, hands done, status, dates."""
    where = f"where {NOT_PENDING} and g.status = ?" if status else f"where {NOT_PENDING}"
    sql = (
        "select g.id, g.revision, g.status, g.created, g.updated, r.players, r.hands from games g "
        f"left join game_results r on r.game_id = g.id {where} order by g.updated desc, g.rowid desc limit ? offset ?"
    )
    params = ([status] if status else []) + [limit, offset]
    games = [
        dict(row, players=json.loads(row["players"] or "[]"), hands=row["hands"] or 0) for row in db.query(sql, params)
    ]
    about = _about(db, [game["id"] for game in games])
    return [dict(game, **about.get(game["id"], {"played_on": None, "note": None})) for game in games]


def _about(db, ids):
    """Return each listed game's date and note (top-level keys of its record: rules.actions.ABOUT_KEYS),
    reading only those records; a record that is not JSON has neither."""
    text = "case when json_type(record, '$.{0}') = 'text' then json_extract(record, '$.{0}') end as {0}"
    sql = (
        f"select id, {text.format('played_on')}, {text.format('note')} "
        f"from games where id in ({', '.join('?' * len(ids))}) and json_valid(record)"
    )
    if not ids:
        return {}
    return {row["id"]: {"played_on": row["played_on"], "note": row["note"]} for row in db.query(sql, ids)}


def count_games(db, status=None):
    """Return how many games there are (with that status)."""
    if status:
        return db.execute(f"select count(*) from games g where {NOT_PENDING} and status = ?", [status]).fetchone()[0]
    return db.execute(f"select count(*) from games g where {NOT_PENDING}").fetchone()[0]


def _readable(rows, damaged):
    """Yield the rows' games with their records parsed; a damaged one raises, or is named in `damaged`."""
    for row in rows:
        try:
            game = row_with_record(row)
        except DamagedGame as error:
            if damaged is None:
                raise
            damaged.append((error.game_id, error.problem))
            continue
        yield game


def games_in_pages(db, damaged=None, size=100):
    """Yield every game in the order stored (oldest first), without edit keys, `size` rows at a time: an
    export of thousands of games holds one page in memory.

    A game whose record cannot be read raises DamagedGame; when `damaged` is a list, it is left
    out instead and named there as (game id, problem), so the others can still be exported.
    """
    sql = f"select rowid as _after, {GAME_COLUMNS} from games where rowid > ? order by rowid limit ?"
    after = 0
    while True:
        rows = list(db.query(sql, [after, size]))
        after = rows[-1]["_after"] if rows else after
        yield from _readable([{k: v for k, v in row.items() if k != "_after"} for row in rows], damaged)
        if len(rows) < size:
            return


# The finished games in the ratings' order (store/ratings.py: the day the game counts on, then a rated game's time,
# else a finished game's last write; rated games tied by id, as the ratings are; others in the order stored), then
# every other game in the order stored. An import stores the games in the order they were set up (store/imports.py),
# so a file exported again after an import lists them alike (decision 0039).
_FINISHED = (
    "case when r.finished is not null then r.day || ' ' || r.finished "
    "when g.status = 'finished' then d.day || ' ' || g.updated end"
)
_FINISH_ORDER = (
    f"select g.rowid from games g left join rated_games r on r.game_id = g.id "
    f"left join game_results d on d.game_id = g.id order by "
    f"{_FINISHED} is null, {_FINISHED}, case when r.finished is not null then g.id end, g.rowid"
)


def games_in_finish_order(db, damaged=None, size=100):
    """Yield every game as games_in_pages does, the finished ones first in the order they finished (so the
    export's file order is the ratings' order, as RULES.md says), then the others in the order stored.
    Only the games' row numbers are held whole; the games are read `size` at a time."""
    order = [rowid for (rowid,) in db.execute(_FINISH_ORDER)]
    for start in range(0, len(order), size):
        page = order[start : start + size]
        rows = {
            row.pop("_at"): row
            for row in db.query(
                f"select rowid as _at, {GAME_COLUMNS} from games where rowid in ({', '.join('?' * len(page))})", page
            )
        }
        yield from _readable([rows[rowid] for rowid in page if rowid in rows], damaged)


def games_in_order(db, damaged=None):
    """Return every game as games_in_pages yields them, as a list."""
    return list(games_in_pages(db, damaged))


def unreadable_games(db):
    """Return (game id, problem) of every stored record that is not a JSON object, found by SQLite alone.

    A streamed export names them in a header before its first byte, without reading every record twice.
    """
    sql = (
        "select id, json_valid(record) from games where not json_valid(record) "
        "or json_type(record) != 'object' order by rowid"
    )
    return [
        (game_id, "its stored record is not JSON" if not valid else "its stored record is not a JSON object")
        for game_id, valid in db.execute(sql).fetchall()
    ]


def may_edit(game, key):
    """True when key is the game's edit key."""
    return key_matches(key, game["edit_key"])
