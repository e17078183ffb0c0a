"""Stored results: each game's totals, places and bids made by seat, and each player's summary.

They are written with every write of a game, so the players' pages never rescore a game.
"""

import json
import threading
from collections import OrderedDict
from typing import NamedTuple

from scorekeeper import rules
from scorekeeper.rules.club import counting, stats
from .db import dumps
from .days import day_of, instance_zone
from .roster import aliases_of


RESULT_COLUMNS = ("seat", "key", "name", "total", "place", "won", "made", "hands")
FIELDS = rules.habits.FIELDS


class Results(NamedTuple):
    """What the store keeps of one scored game: its row (its dates apart), its seats' rows and its habits."""

    game: tuple  # system, label, lowest_wins, finished, players (JSON), hands
    seats: dict  # seat -> (key, name, total, place, won, made, hands)
    habits: dict  # (seat, cards) -> (key, *rules.habits.FIELDS)
    played_on: str | None = None  # the record's own date (rules.club.counting.own_date)
    finished: bool = False  # every planned hand played: the day it finished dates it


# What game_results.finished holds: how the game stands in the club's record (rules/club/counting.py decides it).
PLAYING, COUNTED, OFF_RECORD = stats.PLAYING, stats.COUNTED, stats.OFF_RECORD  # in play; counts (ranked); done
# but counting for no player (abandoned, cooperative, not recognised)


def standing(counted):
    """The game_results.finished value of a game's Counted (rules.club.counting)."""
    return COUNTED if counted.ranked else PLAYING if counted.state == counting.PLAYING else OFF_RECORD


def results_of(scored, hook_from=1, counted=None):
    """The rows the store keeps of a scored game (pure, so a write works them out before its transaction).
    hook_from: the smallest hand the game's hook applies to, or None (Rules.hooked_from: for the bidding habits);
    counted: rules.club.counting.counted of the game (which seats played, their places, hands dealt into and bids made;
    whether the game counts). Only the seats that played have a row: one who never played a hand is not shown as
    having played."""
    game = (
        scored["system"],
        stats.system_label(scored),
        int(scored["lowest_wins"]),
        standing(counted),
        dumps(scored["players"]),
        len(stats.completed(scored)),
    )
    seats = {
        seat: (
            stats.name_key(counted.names[seat]),
            counted.names[seat].strip(),
            scored["totals"][seat],
            counted.places[seat],
            int(counted.places[seat] == 1),
            counted.made[seat],
            counted.hands[seat],
        )
        for seat in counted.playing
    }
    return Results(game, seats, _habits_of(scored, hook_from), counted.played_on, counted.finished)


_HABITS = OrderedDict()  # (hook_from, players, ids of the finished hands' entries) -> (those entries, habits rows)
_HABITS_LOCK = threading.Lock()
HABITS_KEPT = 1024  # a room of 200 tables and more, each game at its last finished hand


def _habits_of(scored, hook_from):
    """The habits rows of results_of, kept by the scored game's finished hands: their entries are shared between
    the revisions that hold them and never changed (rules/scoring/scored.py hand_by_hand), so a bid or a deal, which
    finishes no hand, counts nothing again. The entries are kept with the rows: their ids are not reused."""
    done = [hand for hand in scored["hands"] if hand["scores"] is not None]
    key = (hook_from, tuple(scored["players"]), tuple(map(id, done)))
    with _HABITS_LOCK:
        kept = _HABITS.get(key)
        if kept is not None:
            _HABITS.move_to_end(key)
            return kept[1]
        # The tricks that finish a hand: the rows of the hands before it, with this hand's counts added.
        before = _HABITS.get(key[:2] + (key[2][:-1],)) if done else None
    if before is not None:
        habits = dict(before[1])
        for row, counts in habit_rows({**scored, "hands": done[-1:]}, hook_from).items():
            kept_row = habits.get(row)
            habits[row] = counts if kept_row is None else (counts[0], *map(sum, zip(kept_row[1:], counts[1:])))
    else:
        habits = habit_rows(scored, hook_from)
    with _HABITS_LOCK:
        _HABITS[key] = (done, habits)
        while len(_HABITS) > HABITS_KEPT:
            _HABITS.popitem(last=False)
    return habits


def habit_rows(scored, hook_from):
    """The habits' rows of the scored game, {(seat, cards): (player key, *counts)}, counted afresh."""
    keys = [stats.name_key(name) for name in scored["players"]]  # once a seat, not once a seat and hand size
    return {
        (seat, cards): (keys[seat], *(counts[field] for field in FIELDS))
        for seat, by_size in rules.habits.seat_habits(scored, hook_from).items()
        for cards, counts in by_size.items()
    }


# The game's stored results (three columns: its row, its seats, its habits, as JSON), to read in the select of a
# write's own check (`applied_taps.append_action_ahead`) or alone (`stored_of`); `:game` is the game's id.
STORED_COLUMNS = (
    "(select json_array(created, system, label, lowest_wins, finished, players, hands, day) from "
    "game_results where game_id = :game), (select json_group_array(json_array(seat, key, name, total, "
    "place, won, made, hands)) from player_results where game_id = :game), (select "
    "json_group_array(json_array(seat, "
    f"cards, key, {', '.join(FIELDS)})) from player_habits where game_id = :game)"
)


def stored_results(columns):
    """The game's stored results from STORED_COLUMNS, as results_of gives them with the game's date:
    (game row or None, seats, habits)."""
    game, seats, habits = columns
    return (
        tuple(json.loads(game)) if game else None,
        {row[0]: tuple(row[1:]) for row in json.loads(seats)},
        {(row[0], row[1]): tuple(row[2:]) for row in json.loads(habits)},
    )


def stored_of(db, game_id):
    """The game's stored results, as stored_results gives them."""
    return stored_results(db.execute(f"select {STORED_COLUMNS}", {"game": game_id}).fetchone())


def store_results(
    db, game_id, scored, created, hook_from=1, results=None, stored=None, counted=None, finished_at=None, fresh=False
):
    """Bring the game's stored results (for the players' pages), bidding habits and its players' summaries to
    those of the scored game, writing only the rows that differ: a bid or a deal changes none, the tricks of a
    hand its seats' rows, the habits of the hand's size and the summaries, each in one statement.

    results: results_of(scored, hook_from, counted), when worked out already; stored: the stored ones
    (stored_results), when read already in this transaction; counted: rules.club.counting.counted of the game (needed without results);
    finished_at: the time of the write (the day a game counts on is the day it first finished when nothing else
    dates it, store/days.py); fresh: the game was stored just now (nothing of it is rated yet). Each player's
    summary takes out the game's old results and adds the new, so the players' list reads one row per player
    however many games there are. Return whether the results stored
    before were of a game that counts (so a write to a game that never counted needs no rating or money rows).
    """
    old_game, old_seats, old_habits = stored or stored_of(db, game_id)
    new = _merged(db, results or results_of(scored, hook_from, counted), old_seats)
    # A finished game's day as RULES.md says (its evening's date read here); a game in play is dated by its own
    # played_on, else the day it was set up, with no statement more (its day counts nowhere until it finishes).
    day = (
        day_of(db, game_id, new.played_on, finished_at or created, finished=not fresh)
        if new.finished
        else counting.game_day(new.played_on, None, created, instance_zone())
    )
    game = (created, *new.game, day)
    if old_game != game or old_seats != new.seats:
        _change_summaries(db, old_game, old_seats, game, new.seats)
    if old_game != game:  # m151's trigger moves the results number
        db.execute(
            "insert or replace into game_results (game_id, created, system, label, lowest_wins, finished, "
            "players, hands, day) values (?, ?, ?, ?, ?, ?, ?, ?, ?)",
            [game_id, *game],
        )
    changed = _replace_rows(
        db,
        "player_results",
        ("seat",),
        RESULT_COLUMNS[1:],
        game_id,
        old_seats,
        {(seat,): row for seat, row in new.seats.items()},
    )
    changed |= _replace_rows(db, "player_habits", ("seat", "cards"), ("key", *FIELDS), game_id, old_habits, new.habits)
    if changed and old_game == game:  # a correction: the players' pages change all the same
        db.execute("update results_number set number = number + 1")
    return bool(old_game and old_game[4] == COUNTED)


def _merged(db, new, old_seats):
    """The results with each seat keyed as the player its name is on the roster (a spelling the owner merged into
    a player counts for them: store/roster.py). The names stored already say their players (a merge keys them
    again), so a tap that types no new name asks nothing more under the write lock."""
    keys = {row[0] for row in new.seats.values()} | {row[0] for row in new.habits.values()}
    stored = {stats.name_key(row[1]): row[0] for row in old_seats.values()}
    aliases = {key: stored[key] for key in keys if key in stored}
    if len(aliases) < len(keys):
        aliases = aliases_of(db, keys)
    if all(aliases.get(key, key) == key for key in keys):
        return new
    seats = {seat: (aliases.get(row[0], row[0]), *row[1:]) for seat, row in new.seats.items()}
    habits = {at: (aliases.get(row[0], row[0]), *row[1:]) for at, row in new.habits.items()}
    return new._replace(seats=seats, habits=habits)


def _replace_rows(db, table, keys, columns, game_id, old, new):
    """Write the game's rows of `new` ({key values: column values}) that differ from `old`; delete the rest.
    Return whether any row changed."""
    old = {key if isinstance(key, tuple) else (key,): row for key, row in old.items()}
    changed = [[*key, *row] for key, row in new.items() if old.get(key) != row]
    if changed:
        names = (*keys, *columns)
        picked = ", ".join(f"json_extract(value, '$[{number}]')" for number in range(len(names)))
        db.execute(
            f"insert or replace into {table} (game_id, {', '.join(names)}) select ?, {picked} from json_each(?)",
            [game_id, dumps(changed)],
        )
    gone = [key for key in old if key not in new]
    if gone:
        where = " and ".join(f"{key} = ?" for key in keys)
        db.conn.executemany(f"delete from {table} where game_id = ? and {where}", [(game_id, *key) for key in gone])
    return bool(changed or gone)


def _change_summaries(db, old_game, old_seats, new_game, new_seats):
    """Take the game's old results out of its players' summaries and add the new, in one statement; the name
    becomes the one written in the player's most recent game."""
    changes, named = {}, set()
    for game, seats, sign in ((old_game, old_seats, -1), (new_game, new_seats, +1)):
        if game is None:  # no results stored yet: nothing to take out
            continue
        created, finished = game[0], int(game[4] == COUNTED)
        listed = int(game[4] != OFF_RECORD)  # a game counts on a player's page once it counts, or while in play
        for seat in sorted(seats):
            key, name, _total, _place, won, made, hands = seats[seat]
            change = changes.setdefault(key, [key, name, created, 0, 0, 0, 0, 0])
            for column, amount in enumerate(
                (listed, finished, finished and won, finished and hands, finished and made), start=3
            ):
                change[column] += sign * amount
            if sign > 0:
                change[1:3] = name, created
                named.add(key)
    renamed = "excluded.key in (select value from json_each(:named)) and name_created <= excluded.name_created"
    db.execute(
        "insert into player_summary (key, name, name_created, played, games, wins, hands, made) select "
        + ", ".join(f"json_extract(value, '$[{number}]')" for number in range(8))
        + " from json_each(:rows) "
        "where true on conflict (key) do update set played = played + excluded.played, "
        "games = games + excluded.games, wins = wins + excluded.wins, hands = hands + excluded.hands, "
        "made = made + excluded.made, "
        f"name = case when {renamed} then excluded.name else name end, "
        f"name_created = case when {renamed} then excluded.name_created else name_created end",
        {"rows": dumps(list(changes.values())), "named": dumps(sorted(named))},
    )


def store_habits(db, game_id, scored, hook_from=1):
    """Replace the game's bidding habits by seat and hand size (rules/bids/habits.py) with the scored game's."""
    if _replace_rows(
        db,
        "player_habits",
        ("seat", "cards"),
        ("key", *FIELDS),
        game_id,
        stored_of(db, game_id)[2],
        _habits_of(scored, hook_from),
    ):
        db.execute("update results_number set number = number + 1")  # the players' pages (m151)


def _add_to_summaries(db, game_id, sign):
    """Add (sign +1) or take out (-1) the game's stored results from its players' summaries."""
    rows = db.execute(
        "select p.key, p.name, r.created, r.finished, p.won, p.hands, p.made from player_results p "
        "join game_results r on r.game_id = p.game_id where p.game_id = ?",
        [game_id],
    ).fetchall()
    for key, name, created, state, won, hands, made in rows:
        finished, listed = int(state == COUNTED), int(state != OFF_RECORD)
        db.execute(
            "insert or ignore into player_summary (key, name, name_created) values (?, ?, ?)", [key, name, created]
        )
        db.execute(
            "update player_summary set played = played + ?, games = games + ?, wins = wins + ?, "
            "hands = hands + ?, made = made + ? where key = ?",
            [
                sign * listed,
                sign * finished,
                sign * (finished and won),
                sign * finished * hands,
                sign * finished * made,
                key,
            ],
        )
        if sign > 0:  # the name as written in the player's most recent game
            db.execute(
                "update player_summary set name = ?, name_created = ? where key = ? and name_created <= ?",
                [name, created, key, created],
            )


def sum_summaries(db, keys):
    """Sum the summaries of the players of those keys again from their stored results (after the roster keyed
    them again); the name, as elsewhere, the one written in the player's most recent game."""
    keys = sorted(set(keys))
    marks = ", ".join("?" * len(keys))
    db.execute(f"delete from player_summary where key in ({marks})", keys)
    db.execute(
        "insert into player_summary (key, name, name_created, played, games, wins, hands, made) "
        "select p.key, (select n.name from player_results n join game_results m on m.game_id = n.game_id "
        "where n.key = p.key order by m.created desc, n.game_id desc limit 1), max(r.created), "
        f"sum(r.finished != {OFF_RECORD}), sum(r.finished = {COUNTED}), sum(r.finished = {COUNTED} and p.won), "
        f"sum(case when r.finished = {COUNTED} then p.hands else 0 end), "
        f"sum(case when r.finished = {COUNTED} then p.made else 0 end) "
        f"from player_results p join game_results r on r.game_id = p.game_id where p.key in ({marks}) "
        "group by p.key",
        keys,
    )
