"""The club's record (issue 41): which games count for the club, its members and their links, the owner's "to
accept" list, and the log of IBAN changes.

A game is in the club's record (ratings, seasons, the money between regulars, the players' pages) when the club
recognises it: `games.recognised` is RECOGNISED (started by the owner, a member's phone, every device on an
instance that trusts them all, an import, an event's table), WAITING (a stranger's game, in the owner's list) or
LEFT_OUT (the owner left it out). Every query of the club's record takes the one predicate below, so what counts
is said once (docs/decisions/0037-members-and-the-club-record.md)."""

import hashlib
import json

from ..rules.game.names import name_key
from .db import new_id, now
from .roster import display_names, player_key

RECOGNISED, WAITING, LEFT_OUT = 1, 0, -1

# counting: recognised. The one definition of "in the club's record" for every query of it: a game (alias g)
# the club recognises and no import is still writing (store/imports.py: its games count nowhere until its last
# chunk is in, and never when it fails). The integrator routes it through rules.club.counting.counted(record,
# recognised=...). pending_imports is empty but during an import: the term is one probe of its primary key.
CLUB_RECORD = "g.recognised = 1 and g.id not in (select game_id from pending_imports)"


def outside_club():
    """SQL for the ids of the games out of the club's record, for a query without the games table as g: few (those
    waiting and left out, found by the partial index games_not_recognised, and those of an import being written)."""
    return "(select g.id from games g where g.recognised != 1 union all select game_id from pending_imports)"


def in_club_record(db, game_id):
    """True when the game is in the club's record (the write path asks before rating a game). counting: recognised"""
    row = db.execute(f"select 1 from games g where g.id = ? and {CLUB_RECORD}", [game_id]).fetchone()
    return row is not None


# ---- the owner's list ---------------------------------------------------------------------------------------


def games_to_accept(db, left_out=False, limit=100):
    """Return the games waiting for the owner (or those left out), newest first: id, status, created, updated,
    players, hands, recognised."""
    sql = (
        "select g.id, g.status, g.created, g.updated, g.recognised, r.players, r.hands from games g "
        "left join game_results r on r.game_id = g.id where g.recognised = ? "
        "and g.id not in (select game_id from pending_imports) order by g.updated desc, g.rowid desc limit ?"
    )
    return [
        dict(row, players=json.loads(row["players"] or "[]"), hands=row["hands"] or 0)
        for row in db.query(sql, [LEFT_OUT if left_out else WAITING, limit])
    ]


def count_to_accept(db):
    """How many games wait in the owner's list."""
    return db.execute("select count(*) from games where recognised = ?", [WAITING]).fetchone()[0]


# ---- members ------------------------------------------------------------------------------------------------


def _digest(link_key):
    return hashlib.sha256(str(link_key).encode("utf-8", "surrogatepass")).hexdigest()


def add_member(db, name):
    """Make the named player a member with a new link, or give them a new one (the old link stops working);
    return the link's key. A member keeps the display name they were added with (the roster's rename changes it);
    a spelling merged into a player makes that player a member, under the player's name."""
    link_key = new_id(24)
    with db.atomic():
        key = player_key(db, name)
        if key != name_key(name):
            name = display_names(db, [key]).get(key, name)
        db.execute(
            "insert into members (key, name, link_key, link_digest, created) values (?, ?, ?, ?, ?) "
            "on conflict (key) do update set link_key = excluded.link_key, "
            "link_digest = excluded.link_digest",
            [key, name, link_key, _digest(link_key), now()],
        )
    return link_key


def remove_member(db, key):
    """Forget a member: their link stops working."""
    with db.atomic():
        db.execute("delete from members where key = ?", [key])


def list_members(db):
    """Return every member: key, name, link_key, created; by name."""
    return list(db.query("select key, name, link_key, created from members order by name collate nocase, key"))


def member_by_link(db, link_key):
    """Return the member whose link key this is (key, name), or None."""
    if not link_key or len(str(link_key)) > 100:
        return None
    row = db.execute("select key, name from members where link_digest = ?", [_digest(link_key)]).fetchone()
    return {"key": row[0], "name": row[1]} if row else None


# ---- the IBAN log -------------------------------------------------------------------------------------------


def log_iban_change(db, name, by, old, new):
    """Note that `by` (the owner, or the member's name) changed `name`'s IBAN from `old` to `new` (masked)."""
    db.execute(
        "insert into iban_changes (key, name, by, old, new, created) values (?, ?, ?, ?, ?, ?)",
        [player_key(db, name), name, by, old, new, now()],
    )


def iban_changes(db, limit=100):
    """Return the IBAN changes, newest first: name, by, old, new, created."""
    return list(db.query("select name, by, old, new, created from iban_changes order by id desc limit ?", [limit]))
