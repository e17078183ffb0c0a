"""One player's page read in bounded pieces (issue 42, speed): totals and the games by system summed in SQL over
the stored results, one page of their games, everyone's bids made at their tables, and their rating after each
game, thinned for the chart or a page at a time for the API. Nothing here reads the player's whole history into
Python: a regular of 2,000 games costs some aggregates, not 2,000 rows.

`results_number` is the number m151's triggers move whenever what such a page says may change (a player's page
is kept under it: web/player_page.py)."""

import json

from scorekeeper.rules.club import stats
from .club import CLUB_RECORD, outside_club

PLAYING, COUNTED = stats.PLAYING, stats.COUNTED
_THEIRS = (
    "from player_results p join game_results r on r.game_id = p.game_id join games g on g.id = p.game_id "
    f"where p.key = ? and {CLUB_RECORD}"
)


def results_number(db):
    """The number every change of a player's page moves (m151): one row."""
    row = db.execute("select number from results_number").fetchone()
    return row[0] if row else 0


def player_totals(db, name):
    """Return the player's sums over every game on their page: listed (their games shown, in play and off the
    record too), games (that count), wins, hands, made, in_progress (in play, not abandoned), and the name as
    written in their newest game (None when they have no game)."""
    counted = f"r.finished = {COUNTED}"
    row = db.execute(
        f"select count(*), coalesce(sum({counted}), 0), "
        f"coalesce(sum(case when {counted} then p.won end), 0), "
        f"coalesce(sum(case when {counted} then p.hands end), 0), "
        f"coalesce(sum(case when {counted} then p.made end), 0), "
        f"coalesce(sum(r.finished = {PLAYING} and g.status != 'abandoned'), 0) {_THEIRS}",
        [stats.name_key(name)],
    ).fetchone()
    newest = db.execute(
        f"select p.name {_THEIRS} order by r.created desc, p.game_id desc limit 1", [stats.name_key(name)]
    ).fetchone()
    return dict(
        zip(("listed", "games", "wins", "hands", "made", "in_progress"), row), name=newest[0] if newest else None
    )


def player_systems(db, name):
    """Return the player's games that count by system and label: system, label, lowest_wins, games, wins, sum
    (of their totals); the group of their newest game first."""
    sql = (
        "select r.system, r.label, r.lowest_wins, count(*) as games, sum(p.won) as wins, total(p.total) as sum, "
        f"max(r.created || ' ' || p.game_id) as newest {_THEIRS} and r.finished = {COUNTED} "
        "group by r.system, r.label, r.lowest_wins order by newest desc"
    )
    return [dict(row) for row in db.query(sql, [stats.name_key(name)])]


def player_games(db, name, limit, offset=0):
    """Return one page of the player's games, newest first: store.player_results' rows."""
    sql = (
        "select p.game_id as id, r.created as date, g.status, r.system, r.label, r.lowest_wins, r.finished, "
        "r.players, r.hands as game_hands, p.seat, p.name, p.total, p.place, p.won, p.made, p.hands "
        f"{_THEIRS} order by r.created desc, p.game_id desc limit ? offset ?"
    )
    return [
        dict(row, players=json.loads(row["players"])) for row in db.query(sql, [stats.name_key(name), limit, offset])
    ]


def table_accuracy(db, name):
    """Return {name: percentage of bids made} of everyone in the player's games that count (store.table_of
    summed): names as written in the newest of those games, in the order they first appear there."""
    sql = (
        "select p.name, sum(p.made), sum(p.hands), max(r.created || ' ' || p.game_id) as newest, p.seat "
        "from player_results p join game_results r on r.game_id = p.game_id "
        f"where r.finished = {COUNTED} and p.game_id in (select game_id from player_results where key = ?) "
        f"and p.game_id not in {outside_club()} group by p.key order by newest desc, p.seat"
    )
    return {
        name: stats.percent(made, hands)
        for name, made, hands, _newest, _seat in db.execute(sql, [stats.name_key(name)]).fetchall()
        if hands
    }


def rating_steps_count(db, key):
    """How many rated games the player has a step for."""
    return db.execute("select count(*) from rating_steps where key = ?", [key]).fetchone()[0]


def rating_points(db, key, most):
    """Return the player's rating steps (store.rating_history's rows), oldest first, thinned to about `most`: the
    first, every n-th and the last, so a chart of 5,000 games draws as many points as one of 200. A step's
    `games` is its place in the player's rating order (the replay counts them so), so only the steps drawn are
    read with their game."""
    count = rating_steps_count(db, key)
    every = max(1, -(-count // most))
    sql = (
        "select s.game_id, g.finished, s.mu, s.sigma, s.games from rating_steps s join rated_games g "
        "on g.game_id = s.game_id where s.key = ? and ((s.games - 1) % ? = 0 or s.games = ?) order by s.games"
    )
    return list(db.query(sql, [key, every, count]))


def rating_page(db, key, limit, offset):
    """Return `limit` of the player's rating steps after the first `offset`, oldest first."""
    sql = (
        "select s.game_id, g.finished, s.mu, s.sigma, s.games from rating_steps s join rated_games g "
        "on g.game_id = s.game_id where s.key = ? and s.games > ? and s.games <= ? order by s.games"
    )
    return list(db.query(sql, [key, offset, offset + limit]))


def rating_steps_of(db, key, game_ids):
    """Return {game id: (the step before or None, the game's step)} for those of the games the player was rated
    in; a step is (mu, sigma, games)."""
    if not game_ids:
        return {}
    sql = (
        "select s.game_id, s.mu, s.sigma, s.games, o.mu, o.sigma, o.games from rating_steps s "
        "left join rating_steps o on o.key = s.key and o.games = s.games - 1 "
        f"where s.key = ? and s.game_id in ({', '.join('?' * len(game_ids))})"
    )
    return {
        row[0]: (None if row[4] is None else tuple(row[4:]), tuple(row[1:4]))
        for row in db.execute(sql, [key, *game_ids]).fetchall()
    }
