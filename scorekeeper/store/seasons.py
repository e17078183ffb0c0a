"""Seasons (issue 27): a named span of dates over the finished games in it, optionally only those of chosen
evenings or events, and the rows its table is made of."""

import json

from .club import CLUB_RECORD
from .db import dumps, new_id, now
from .roster import display_names, revision as roster_revision


def create_season(db, name, starts, ends, best=None, evenings=(), events=()):
    """Store a season (checked by the caller: dates as ISO days, starts <= ends); return its id."""
    season_id = new_id(9)
    with db.atomic():
        db.execute(
            "insert into seasons (id, name, starts, ends, best, evenings, events, created) "
            "values (?, ?, ?, ?, ?, ?, ?, ?)",
            [season_id, name, starts, ends, best or None, dumps(list(evenings)), dumps(list(events)), now()],
        )
    return season_id


def update_season(db, season_id, name, starts, ends, best=None, evenings=(), events=()):
    """Change a season's name, days, best N and chosen evenings or events (checked by the caller)."""
    with db.atomic():
        db.execute(
            "update seasons set name = ?, starts = ?, ends = ?, best = ?, evenings = ?, events = ? where id = ?",
            [name, starts, ends, best or None, dumps(list(evenings)), dumps(list(events)), season_id],
        )


def get_season(db, season_id):
    """Return the season (evenings and events as lists), or None."""
    rows = list(db.query("select * from seasons where id = ?", [season_id]))
    if not rows:
        return None
    return dict(rows[0], evenings=json.loads(rows[0]["evenings"] or "[]"), events=json.loads(rows[0]["events"] or "[]"))


def list_seasons(db):
    """Return every season, the latest ending first."""
    return list(db.query("select id, name, starts, ends, best from seasons order by ends desc, created desc"))


def delete_season(db, season_id):
    """Forget a season (its games stay as they are)."""
    with db.atomic():
        db.execute("delete from seasons where id = ?", [season_id])


def season_games(db, season):
    """Return the season's games that count, in the order played: [(players, places, bids made, hands)] by the
    seats that played (rules.club.counting)."""
    # What counts (rules.club.counting, stored with every write: game_results.finished 1) on the day it counts on, in the
    # club's record.
    where, params = (
        ["r.finished = 1", CLUB_RECORD, "r.day between ? and ?"],
        [season["starts"], season["ends"]],
    )  # counting: recognised
    chosen = []
    if season["evenings"]:
        chosen.append(
            f"g.id in (select game_id from evening_games where evening_id in "
            f"({', '.join('?' * len(season['evenings']))}))"
        )
        params += season["evenings"]
    if season["events"]:
        chosen.append(
            f"g.id in (select game_id from tournament_games where tournament_id in "
            f"({', '.join('?' * len(season['events']))}))"
        )
        params += season["events"]
    if chosen:
        where.append("(" + " or ".join(chosen) + ")")
    sql = (
        "select g.id, json_group_array(json_array(p.key, p.place, p.made, p.hands)) as seats from games g "
        "join game_results r on r.game_id = g.id join player_results p on p.game_id = g.id "
        f"where {' and '.join(where)} group by g.id order by r.day, r.created, g.id"
    )
    games = []
    for _game_id, seats in db.execute(sql, params).fetchall():
        seats = json.loads(seats)
        games.append(tuple([seat[column] for seat in seats] for column in range(4)))
    # Each player by their display name (store/roster.py), whatever spelling a table typed.
    shown = display_names(db, {key for game in games for key in game[0]})
    return [([shown.get(key, key) for key in keys], *rest) for keys, *rest in games]


def results_revision(db):
    """What changes when a game finishes, is corrected, leaves the results, moves to another day (its evening's date
    set), is accepted into the club's record or left out of it, or an import's games come to count at its end:
    for pages that follow them."""
    # The games out of the club's record (few; the partial index finds them): accepting one changes the answer.
    outside = db.execute("select count(*), coalesce(sum(recognised), 0) from games where recognised != 1").fetchone()
    return (
        list(db.execute("select count(*), coalesce(max(updated), '') from games where status = 'finished'").fetchone())
        + list(db.execute("select count(*), coalesce(max(finished), '') from rated_games").fetchone())
        + list(outside)
        + [
            db.execute("select total(julianday(day)) from game_results where finished = 1").fetchone()[0],  # re-dated
            db.execute("select count(*) from pending_imports").fetchone()[0],
        ]
        + roster_revision(db)
    )  # a merge, a rename, a member added: the names shown
