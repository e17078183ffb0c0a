"""What the players' pages read of the stored results (store/results.py writes them): everyone's summaries, one
player's games, habits, places, head to head and the bids made at their tables, each with the names shown."""

import json

from scorekeeper.rules.club import stats
from .club import CLUB_RECORD, outside_club
from .results import COUNTED, FIELDS, OFF_RECORD
from .roster import display_names


def player_habits(db, name):
    """Return the named player's bidding habits summed over their games, one row per hand size."""
    sums = ", ".join(f"sum({field}) as {field}" for field in FIELDS)
    return list(
        db.query(
            f"select cards, {sums} from player_habits where key = ? and game_id not in {outside_club()} "
            "group by cards order by cards",
            [stats.name_key(name)],
        )
    )


def player_summaries(db):
    """Return each player's games (finished), wins, hands and bids made, with the name as last written."""
    # The summaries are kept over every game; a game out of the club's record (few: those waiting and left out,
    # found by the partial index games_not_recognised) is taken out here. counting: recognised
    # What is taken out is what _add_to_summaries added: a game in play (an import's, or a stranger's) is listed
    # but adds no games, hands or bids; a game done without counting is not listed.
    out = (
        f"select p.key, sum(r.finished != {OFF_RECORD}) as played, sum(r.finished = {COUNTED}) as games, "
        f"sum(r.finished = {COUNTED} and p.won) as wins, sum(case when r.finished = {COUNTED} then p.hands "
        f"else 0 end) as hands, sum(case when r.finished = {COUNTED} then p.made else 0 end) as made "
        "from games g join player_results p on p.game_id = g.id "
        f"join game_results r on r.game_id = g.id where g.id in {outside_club()} group by p.key"
    )
    return list(
        db.query(
            "select s.key, s.name, s.games - coalesce(o.games, 0) as games, s.wins - coalesce(o.wins, 0) "
            "as wins, s.hands - coalesce(o.hands, 0) as hands, s.made - coalesce(o.made, 0) as made, "
            f"s.played - coalesce(o.played, 0) as played from player_summary s left join ({out}) o "
            "on o.key = s.key where s.played - coalesce(o.played, 0) > 0"
        )
    )


def player_results(db, name):
    """Return the named player's result in every game they played, newest first, with the game's."""
    sql = (
        "select p.game_id as id, r.created as date, g.status, r.system, r.label, r.lowest_wins, r.finished, "
        "r.players, r.hands as game_hands, p.seat, p.name, p.total, p.place, p.won, p.made, p.hands "
        "from player_results p join game_results r on r.game_id = p.game_id join games g on g.id = p.game_id "
        f"where p.key = ? and {CLUB_RECORD} order by r.created desc, p.game_id desc"
    )
    return [dict(row, players=json.loads(row["players"])) for row in db.query(sql, [stats.name_key(name)])]


def table_of(db, name):
    """Return the bids made by everyone in the named player's games: key, name, made, hands.

    Names are the players' display names (store/roster.py); the order is that of first appearance in the newest.
    """
    sql = (
        "select p.key, p.name, p.made, p.hands from player_results p join game_results r "
        "on r.game_id = p.game_id where r.finished = 1 and p.game_id in (select game_id from player_results "
        f"where key = ?) and p.game_id not in {outside_club()} "
        "order by r.created desc, p.game_id desc, p.seat"
    )
    return _shown(db, db.query(sql, [stats.name_key(name)]))


def place_counts(db, name):
    """Return {place: finished games} of the named player (1 is a win; ties share a place)."""
    sql = (
        "select p.place, count(*) from player_results p join game_results r on r.game_id = p.game_id "
        f"where p.key = ? and r.finished = 1 and p.game_id not in {outside_club()} "
        "group by p.place order by p.place"
    )
    return dict(db.execute(sql, [stats.name_key(name)]).fetchall())


def head_to_head(db, name):
    """Return, for everyone the named player finished a game with: key, their display name, games together,
    how often the player finished ahead and how often behind; most games together first."""
    sql = (
        "select o.key, max(o.name) as name, count(*) as games, sum(p.place < o.place) as ahead, "
        "sum(p.place > o.place) as behind from player_results p join player_results o "
        "on o.game_id = p.game_id and o.key != p.key join game_results r on r.game_id = p.game_id "
        f"where p.key = ? and r.finished = 1 and p.game_id not in {outside_club()} group by o.key "
        "order by games desc, o.key"
    )
    return _shown(db, db.query(sql, [stats.name_key(name)]))


def _shown(db, rows):
    """The rows (with key and name) with each player's display name (store/roster.py) for the name typed."""
    rows = [dict(row) for row in rows]
    shown = display_names(db, {row["key"] for row in rows})
    return [dict(row, name=shown.get(row["key"], row["name"])) for row in rows]
