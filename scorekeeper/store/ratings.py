"""The players' ratings (rules/club/ratings.py), kept as games finish and replayed exactly when one changes.

`rated_games` lists every game that counts, with the time it finished, its players and places; `rating_steps`
each player's rating after each such game (the chart over time, a season's end, and where a replay starts);
`ratings` each player's rating now, so no page rates a game. A game that finishes after every other rated
game is rated alone (a few rows); a game corrected, deleted, abandoned, restored or finished out of order
replays the games from it on, starting from the steps before it.
"""

import json
import time

from ..rules.club import counting, ratings
from .club import CLUB_RECORD, in_club_record
from .db import dumps
from .results import COUNTED
from .roster import keyer

# The rating order (RULES.md): the day the game counts on (store/days.py), then the time it finished, then its id.
ORDER = "order by g.day, g.finished, g.game_id"
AT = "(g.day, g.finished, g.game_id)"


def game_entry(loaded, scored, status, counted=None):
    """The game's (players, places) when it counts towards the ratings (rules.club.counting: ranked; only the players
    dealt into a hand, placed among themselves), else None."""
    counted = counted or counting.counted(loaded, scored, abandoned=status == "abandoned")
    return counted.ranking()


def keep_ratings(db, game_id, entry, when):
    """Bring the ratings up to date with the game's entry (game_entry) after a write at `when` (in the
    caller's transaction): nothing when it is unchanged, one game rated when it is the newest, else a replay."""
    if entry is not None and not in_club_record(db, game_id):  # counting: recognised
        entry = None  # a game the club has not recognised is rated once accepted (store/club.py)
    row = db.execute("select finished, players, places, day from rated_games where game_id = ?", [game_id]).fetchone()
    old = (json.loads(row[1]), json.loads(row[2])) if row else None
    day = db.execute("select day from game_results where game_id = ?", [game_id]).fetchone()
    day = day[0] if day else None
    if old == entry and (row is None or row[3] == day):
        return
    gone = {keyer(db)(name) for name in old[0]} if old else set()
    if entry is None:
        db.execute("delete from rated_games where game_id = ?", [game_id])
        db.execute("delete from rating_steps where game_id = ?", [game_id])
        replay_from(db, (row[3], row[0], game_id), gone)
        return
    # Games finished within one second keep the order they finished in (the nanoseconds sort after the second).
    finished = row[0] if row else f"{when}.{time.time_ns():020d}"
    db.execute(
        "insert or replace into rated_games (game_id, finished, players, places, day) values (?, ?, ?, ?, ?)",
        [game_id, finished, dumps(entry[0]), dumps(entry[1]), day],
    )
    later = db.execute(
        f"select 1 from rated_games g where {AT} > (?, ?, ?) limit 1", [day, finished, game_id]
    ).fetchone()
    if row is None and later is None:
        _rate_newest(db, game_id, *entry)
    else:
        db.execute("delete from rating_steps where game_id = ?", [game_id])
        start = (
            min((day or "", finished, game_id), (row[3] or "", row[0], game_id)) if row else (day, finished, game_id)
        )
        replay_from(db, start, gone)


def _rate_newest(db, game_id, players, places):
    """Rate the game that finished last from its players' ratings now."""
    key_of = keyer(db)  # a spelling merged into a player is rated as them (store/roster.py)
    keys = sorted({key_of(name) for name in players})
    rows = db.execute(
        f"select key, name, mu, sigma, games from ratings where key in ({', '.join('?' * len(keys))})", keys
    ).fetchall()
    table = {key: [name, ratings.Rating(mu, sigma, games)] for key, name, mu, sigma, games in rows}
    steps = ratings.play(table, players, places, key_of)
    _write_steps(db, game_id, steps)
    _write_ratings(db, game_id, steps)


def _write_steps(db, game_id, steps):
    db.conn.executemany(
        "insert or replace into rating_steps (game_id, key, name, mu, sigma, games) values (?, ?, ?, ?, ?, ?)",
        [(game_id, key, name, *rating) for key, name, rating in steps],
    )


def _write_ratings(db, game_id, steps):
    db.conn.executemany(
        "insert or replace into ratings (key, name, mu, sigma, games, rating, last_game) values (?, ?, ?, ?, ?, ?, ?)",
        [(key, name, *rating, rating.rating, game_id) for key, name, rating in steps],
    )


def replay_from(db, start=None, keys=()):
    """Rate again every game from `start` ((day, finished, game id)) on, or every game (None). From a start, only the
    players of those games and `keys` (the players of a game taken out or changed) are rated again, each from
    their own last step before it; everyone else's rating stands."""
    key_of = keyer(db)  # a spelling merged into a player is rated as them (store/roster.py)
    if start is None:
        db.execute("delete from rating_steps")
        games = db.execute(f"select game_id, players, places from rated_games g {ORDER}").fetchall()
        table, affected = {}, None
    else:
        after = f"where {AT} >= (:day, :finished, :game)"
        params = {"day": start[0], "finished": start[1], "game": start[2]}
        games = db.execute(f"select game_id, players, places from rated_games g {after} {ORDER}", params).fetchall()
        affected = set(keys) | {key_of(name) for _game, players, _places in games for name in json.loads(players)}
        table = {}
        for key in affected:
            row = db.execute(
                "select s.name, s.mu, s.sigma, s.games, s.game_id from rating_steps s join rated_games g "
                f"on g.game_id = s.game_id where s.key = :key and {AT} < (:day, :finished, :game) "
                "order by g.day desc, g.finished desc, g.game_id desc limit 1",
                dict(params, key=key),
            ).fetchone()
            if row:
                table[key] = [row[0], ratings.Rating(*row[1:4]), row[4]]
        db.execute(f"delete from rating_steps where game_id in (select game_id from rated_games g {after})", params)
    rows = []
    for game_id, players, places in games:
        for key, name, rating in ratings.play(table, json.loads(players), json.loads(places), key_of):
            table[key] = [name, rating, game_id]
            rows.append((game_id, key, name, *rating))
    db.conn.executemany(
        "insert into rating_steps (game_id, key, name, mu, sigma, games) values (?, ?, ?, ?, ?, ?)", rows
    )
    if affected is None:
        db.execute("delete from ratings")
    else:
        db.conn.executemany("delete from ratings where key = ?", [(key,) for key in affected])
    db.conn.executemany(
        "insert into ratings (key, name, mu, sigma, games, rating, last_game) values (?, ?, ?, ?, ?, ?, ?)",
        [(key, name, *rating, rating.rating, game_id) for key, (name, rating, game_id) in table.items()],
    )


def start_of(db, keys):
    """Where a replay for those players starts: (day, finished, game id) of the first rated game holding any of
    them, or None (every game) when none does."""
    keys = sorted(set(keys))
    row = db.execute(
        "select g.day, g.finished, g.game_id from rated_games g where g.game_id in (select game_id "
        f"from player_results where key in ({', '.join('?' * len(keys))})) {ORDER} limit 1",
        keys,
    ).fetchone()
    return tuple(row) if row else None


# The games that count, with what rating them takes (their players and places by seat, as rules.club.counting wrote them).
_COUNTED_SQL = (
    "select g.id, g.updated, r.day, (select json_group_array(name) from (select name from "
    "player_results p where p.game_id = g.id order by seat)), (select json_group_array(place) "
    "from (select place from player_results p where p.game_id = g.id order by seat)) "
    "from games g join game_results r on r.game_id = g.id "
    f"where g.status = 'finished' and r.finished = {COUNTED} and {CLUB_RECORD}"
)


def rate_games(db, game_ids, marks=None):
    """Rate the games named (an import's, once its last chunk is in, in the caller's transaction): every one that
    counts takes its place in the rating order (finished: the mark its file kept, `marks` by id, else its last
    write, as a rebuild says), and the games from the earliest of them on are replayed once, whatever order the
    file was in."""
    marks = marks or {}
    rows = []
    for start in range(0, len(game_ids), 500):
        part = list(game_ids[start : start + 500])
        rows += db.execute(f"{_COUNTED_SQL} and g.id in ({', '.join('?' * len(part))})", part).fetchall()
    if not rows:
        return
    rows = [(game_id, marks.get(game_id, updated), *rest) for game_id, updated, *rest in rows]
    db.conn.executemany(
        "insert or replace into rated_games (game_id, finished, players, places, day) values (?, ?, ?, ?, ?)",
        [(game_id, updated, players, places, day) for game_id, updated, day, players, places in rows],
    )
    days = [day for _game, _updated, day, _players, _places in rows]
    first = None if None in days else min((day, updated, game_id) for game_id, updated, day, _players, _places in rows)
    replay_from(db, first)  # a game without a day (none should be) sorts first: every game is rated again


def rebuild_ratings(db):
    """Rate every game again from the stored results: which games count, their places, and when they finished
    (a game rated before keeps its time; another, its last write). After an import or a restore."""
    with db.atomic():
        kept = dict(db.execute("select game_id, finished from rated_games").fetchall())
        # The stored results say what counts (rules.club.counting, written with every write): a ranked game's
        # results hold its players (those dealt in) and their places among themselves.
        rows = db.execute(_COUNTED_SQL).fetchall()
        counted = [
            (game_id, kept.get(game_id, updated), players, places, day)
            for game_id, updated, day, players, places in rows
        ]
        db.execute("delete from rated_games")
        db.conn.executemany(
            "insert into rated_games (game_id, finished, players, places, day) values (?, ?, ?, ?, ?)", counted
        )
        replay_from(db)


# ---- reading ----------------------------------------------------------------------------------------------


def player_ratings(db):
    """Return every rated player now, best first: key, name, mu, sigma, games, rating."""
    return list(db.query("select key, name, mu, sigma, games, rating from ratings order by rating desc, key"))


def ratings_of(db, keys):
    """Return {key: Rating} of the named keys that have a rating (rules.club.ratings.player_key)."""
    keys = list(keys)
    if not keys:
        return {}
    rows = db.execute(f"select key, mu, sigma, games from ratings where key in ({', '.join('?' * len(keys))})", keys)
    return {key: ratings.Rating(mu, sigma, games) for key, mu, sigma, games in rows}


def rating_history(db, key):
    """Return the player's rating after each rated game, oldest first: game id, finished, mu, sigma, games."""
    return list(
        db.query(
            "select s.game_id, g.finished, s.mu, s.sigma, s.games from rating_steps s join rated_games g "
            f"on g.game_id = s.game_id where s.key = ? {ORDER}",
            [key],
        )
    )


def ratings_at(db, until):
    """Return {key: (name, Rating)} as they stood after the last game that counts on a day up to `until` (an ISO
    day; "2026-11-29~" takes the whole day)."""
    if db.execute("select 1 from rated_games where day > ? limit 1", [until]).fetchone() is None:
        return {
            key: (name, ratings.Rating(mu, sigma, games))  # nothing finished since: the ratings now
            for key, name, mu, sigma, games in db.execute("select key, name, mu, sigma, games from ratings")
        }
    sql = (
        "select key, name, mu, sigma, games from (select s.*, row_number() over (partition by s.key order by "
        "g.day desc, g.finished desc, g.game_id desc) as newest from rating_steps s join rated_games g "
        "on g.game_id = s.game_id where g.day <= ?) where newest = 1"
    )
    return {key: (name, ratings.Rating(mu, sigma, games)) for key, name, mu, sigma, games in db.execute(sql, [until])}


def rating_changes(db, game_id):
    """Return {key: how the game moved the player's rating} for a rated game ({} for a game not rated)."""
    sql = (
        "select key, game_id, mu, sigma, games, lag(mu) over seen, lag(sigma) over seen, lag(games) over seen "
        "from rating_steps s join rated_games g using (game_id) "
        "where s.key in (select key from rating_steps where game_id = :game) "
        "window seen as (partition by s.key order by g.finished, g.game_id)"
    )
    changes = {}
    for key, step_game, mu, sigma, games, old_mu, old_sigma, old_games in db.execute(sql, {"game": game_id}):
        if step_game == game_id:
            before = None if old_mu is None else ratings.Rating(old_mu, old_sigma, old_games)
            changes[key] = ratings.change(before, ratings.Rating(mu, sigma, games))
    return changes
