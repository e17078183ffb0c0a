"""Stored results: each game's totals, places and bids made by seat, and each player's summary.

They are written with every write of a game, so the players' pages never rescore a game.
"""

import json

from .. import rules, stats
from .db import dumps


def store_results(db, game_id, scored, created, hook=True):
    """Replace the game's stored results (for the players' pages) with those of the scored game.

    Each player's summary is kept up to date by taking out the game's old results and adding the new,
    so the players' list reads one row per player however many games there are. hook: whether the game's
    hook applies (for the bidding habits).
    """
    store_habits(db, game_id, scored, hook)
    _add_to_summaries(db, game_id, -1)
    db.execute("delete from player_results where game_id = ?", [game_id])
    db.execute("insert or replace into game_results (game_id, created, system, label, lowest_wins, finished, "
               "players, hands) values (?, ?, ?, ?, ?, ?, ?, ?)",
               [game_id, created, scored["system"], stats.system_label(scored), int(scored["lowest_wins"]),
                int(scored["finished"]), dumps(scored["players"]), len(stats.completed(scored))])
    db.conn.executemany("insert into player_results (game_id, seat, key, name, total, place, won, made, hands) "
                        "values (:game_id, :seat, :key, :name, :total, :place, :won, :made, :hands)",
                        [dict(row, game_id=game_id) for row in stats.seat_results(scored)])
    _add_to_summaries(db, game_id, +1)


def store_habits(db, game_id, scored, hook=True):
    """Replace the game's bidding habits by seat and hand size (rules/habits.py) with the scored game's."""
    db.execute("delete from player_habits where game_id = ?", [game_id])
    rows = [{"game_id": game_id, "seat": seat, "cards": cards, "key": stats.name_key(scored["players"][seat]),
             **counts}
            for seat, by_size in rules.habits.seat_habits(scored, hook).items() for cards, counts in by_size.items()]
    fields = ("game_id", "seat", "cards", "key") + rules.habits.FIELDS
    names = ", ".join(":" + field for field in fields)
    db.conn.executemany(f"insert into player_habits ({', '.join(fields)}) values ({names})", rows)


def player_habits(db, name):
    """Return the named player's bidding habits summed over their games, one row per hand size."""
    sums = ", ".join(f"sum({field}) as {field}" for field in rules.habits.FIELDS)
    return list(db.query(f"select cards, {sums} from player_habits where key = ? group by cards order by cards",
                         [stats.name_key(name)]))


def _add_to_summaries(db, game_id, sign):
    """Add (sign +1) or take out (-1) the game's stored results from its players' summaries."""
    rows = db.execute("select p.key, p.name, r.created, r.finished, p.won, p.hands, p.made from player_results p "
                      "join game_results r on r.game_id = p.game_id where p.game_id = ?", [game_id]).fetchall()
    for key, name, created, finished, won, hands, made in rows:
        db.execute("insert or ignore into player_summary (key, name, name_created) values (?, ?, ?)",
                   [key, name, created])
        db.execute("update player_summary set played = played + ?, games = games + ?, wins = wins + ?, "
                   "hands = hands + ?, made = made + ? where key = ?",
                   [sign, sign * finished, sign * (finished and won), sign * hands, sign * made, key])
        if sign > 0:  # the name as written in the player's most recent game
            db.execute("update player_summary set name = ?, name_created = ? where key = ? and name_created <= ?",
                       [name, created, key, created])


def player_summaries(db):
    """Return each player's games (finished), wins, hands and bids made, with the name as last written."""
    return list(db.query("select key, name, games, wins, hands, made, played from player_summary where played > 0"))


def player_results(db, name):
    """Return the named player's result in every game they played, newest first, with the game's."""
    sql = ("select p.game_id as id, r.created as date, g.status, r.system, r.label, r.lowest_wins, r.finished, "
           "r.players, r.hands as game_hands, p.seat, p.name, p.total, p.place, p.won, p.made, p.hands "
           "from player_results p join game_results r on r.game_id = p.game_id join games g on g.id = p.game_id "
           "where p.key = ? order by r.created desc, p.game_id desc")
    return [dict(row, players=json.loads(row["players"])) for row in db.query(sql, [stats.name_key(name)])]


def table_of(db, name):
    """Return the bids made by everyone in the named player's games: key, name, made, hands.

    Names are as written in the newest of those games; the order is that of first appearance there.
    """
    sql = ("select p.key, p.name, p.made, p.hands from player_results p join game_results r "
           "on r.game_id = p.game_id where p.game_id in (select game_id from player_results where key = ?) "
           "order by r.created desc, p.game_id desc, p.seat")
    return list(db.query(sql, [stats.name_key(name)]))
