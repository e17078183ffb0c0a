"""The results, habits and players' summaries a write keeps: only the rows that changed are written, and
whatever the writes (hands added, corrected, taken back, names respelled, games deleted), what is stored is what
scoring each game afresh gives, and each summary is the sum of its player's stored results."""

import shutil
import tempfile
from pathlib import Path

from hypothesis import given, strategies as st

from scorekeeper import rules, store
from scorekeeper.rules.club import counting, stats
from scorekeeper.store.results import habit_rows, results_of, stored_of
from tests.api_helpers import once

# Spellings of four players: a game writes one spelling of each; the players' pages match them as one player.
SPELLINGS = {"ann": ["Ann", "ANN", " ann"], "bob": ["Bob", "bob"], "cy": ["Cy", "CY "], "dee": ["Dee"]}
SIZES = [1, 2, 3, 2]


@st.composite
def hands(draw, count, hook):
    """`count` finished hands of a 3-player game (the last maybe bid but not played), any bids the hook allows,
    any tricks."""
    played = []
    for number in range(count):
        cards = SIZES[number]
        bids = draw(st.lists(st.integers(0, cards), min_size=3, max_size=3))
        if hook and sum(bids) == cards:  # the dealer may not make the bids add up to the cards
            bids[number % 3] += 1 if bids[number % 3] < cards else -1
        first = draw(st.integers(0, cards))
        second = draw(st.integers(0, cards - first))
        tricks = None if number == count - 1 and draw(st.booleans()) else [first, second, cards - first - second]
        played.append({"cards": cards, "dealer": number % 3, "bids": bids, "tricks": tricks})
    return played


@st.composite
def records(draw):
    keys, hook = draw(st.permutations(sorted(SPELLINGS)))[:3], draw(st.booleans())
    return {
        "players": [draw(st.sampled_from(SPELLINGS[key])) for key in keys],
        "rules": {
            "scoring": draw(st.sampled_from(["exact", "basic"])),
            "hook": hook,
            "deals": {"pattern": "custom", "sizes": SIZES},
        },
        "hands": draw(hands(draw(st.integers(0, len(SIZES))), hook)),
    }


def writes(game_count):
    """What happens next to one of the games: a new state of its record (a hand added, corrected, its
    players' names respelled), an undo, or its deletion."""
    game = st.integers(0, game_count - 1)
    return st.one_of(
        st.tuples(st.just("write"), game, records()),
        st.tuples(st.just("undo"), game),
        st.tuples(st.just("delete"), game),
    )


def same_players(record, before):
    """The record with the players of `before` respelled as the record spells them where the keys match, so a
    write keeps the game's players (a respelling is the same player)."""
    spelled = {stats.name_key(name): name for name in record["players"]}
    return dict(record, players=[spelled.get(stats.name_key(name), name) for name in before["players"]])


def assert_stored_as_scored(db, game_id):
    game = store.get_game(db, game_id)
    loaded = rules.load(game["record"])
    scored = rules.score(loaded)
    expected = results_of(
        scored, loaded.rules.hooked_from, counting.counted(loaded, scored, abandoned=game["status"] == "abandoned")
    )
    stored_game, stored_seats, stored_habits = stored_of(db, game_id)
    assert stored_game[:-1] == (game["created"], *expected.game)
    # The day it counts on (no played_on, no evening date, UTC): the day it was set up while in play, else the day
    # it first finished (kept with its rating), else of its last write.
    rated = db.execute("select finished from rated_games where game_id = ?", [game_id]).fetchone()
    if not expected.finished:
        assert stored_game[-1] == game["created"][:10]
    else:
        assert stored_game[-1] == (rated[0] if rated else game["updated"])[:10]
    assert stored_seats == expected.seats and stored_habits == expected.habits
    # Counted afresh over every finished hand, past the kept counts (a tap adds its hand's to those before it).
    assert stored_habits == habit_rows(rules.score(loaded), loaded.rules.hooked_from)


def assert_summaries_add_up(db):
    """Each summary is the sum of the player's stored results, and its name is the one written in the most
    recent of their games."""
    sums = {}
    rows = db.execute(
        "select p.key, p.name, r.created, r.finished, p.won, p.made, p.hands from player_results p "
        "join game_results r on r.game_id = p.game_id order by r.created"
    ).fetchall()
    for key, name, _created, standing, won, made, hands in rows:
        # What counts (rules.club.counting): a player's page lists the games that count and those still in play;
        # games, wins and bids made only those that count (standing 1).
        finished, listed = int(standing == 1), int(standing != 2)
        played, games, wins, hands_so_far, made_so_far, _name = sums.get(key, (0, 0, 0, 0, 0, None))
        sums[key] = (
            played + listed,
            games + finished,
            wins + finished * won,
            hands_so_far + finished * hands,
            made_so_far + finished * made,
            name,
        )
    summaries = {
        row[0]: row[1:]
        for row in db.execute("select key, played, games, wins, hands, made, name from player_summary").fetchall()
    }
    for key in sums.keys() | summaries.keys():
        assert summaries.get(key, (0,) * 5 + (None,))[:5] == sums.get(key, (0,) * 6)[:5], key
    return {key: summaries[key][5] for key in sums}, {key: found[5] for key, found in sums.items()}


@given(first=st.lists(records(), min_size=2, max_size=3), steps=st.data())
def test_what_a_write_stores_is_what_scoring_afresh_gives_and_the_summaries_add_up(migrated_database, first, steps):
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "results.db"
        shutil.copyfile(migrated_database, path)
        db = store.connect(path, create=False)
        try:
            # Each game a day apart: the most recent game's spelling of a name is the one the summary shows.
            games = [
                store.create_game(db, record, created=f"2026-01-0{day + 1}T20:00:00+00:00")[0]
                for day, record in enumerate(first)
            ]
            deleted = False
            for step in steps.draw(st.lists(writes(len(games)), max_size=8)):
                game_id = games[step[1]]
                game = store.get_game(db, game_id)
                if game is None:
                    continue
                if step[0] == "write":
                    store.append_entry(db, game_id, "test", {}, same_players(step[2], game["record"]), game["revision"])
                elif step[0] == "undo":
                    try:
                        store.undo(db, game_id, game["revision"])
                    except store.NothingToUndo:
                        pass
                else:
                    store.delete_game(db, game_id)
                    deleted = True
                for each in games:
                    if store.get_game(db, each) is not None:
                        assert_stored_as_scored(db, each)
                names, newest = assert_summaries_add_up(db)
                if not deleted:  # a deleted game's spelling may stay on its players' summaries
                    assert names == newest
        finally:
            db.close()


@given(record=records())
def test_a_game_played_hand_by_hand_stores_the_habits_counted_afresh(migrated_database, record):
    """As the table plays: each hand bid, then its tricks; the habits each tricks write adds up are the ones
    every finished hand gives, counted again from the start."""
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "results.db"
        shutil.copyfile(migrated_database, path)
        db = store.connect(path, create=False)
        try:
            game_id, _key = store.create_game(db, dict(record, hands=[]))
            revision = 1
            for number, hand in enumerate(record["hands"]):
                before = record["hands"][:number]
                for state in (dict(hand, tricks=None), hand):
                    revision = store.append_entry(
                        db, game_id, "hand", {}, dict(record, hands=before + [state]), revision
                    )
                    assert_stored_as_scored(db, game_id)
        finally:
            db.close()


def test_a_bid_writes_no_result_and_the_tricks_write_each_kind_of_row_once(app):
    with app.app_context():
        db = store.get_db()
        record = {
            "players": ["Ann", "Bob", "Cy"],
            "rules": {"scoring": "exact", "hook": False, "deals": {"pattern": "custom", "sizes": SIZES}},
            "hands": [],
        }
        game_id, _key = store.create_game(db, record)
        bid = dict(record, hands=[{"cards": 1, "dealer": 0, "bids": [1, 0, None], "tricks": None}])
        played = dict(record, hands=[{"cards": 1, "dealer": 0, "bids": [1, 0, 0], "tricks": [1, 0, 0]}])
        statements = []
        db.conn.set_trace_callback(statements.append)
        store.append_entry(db, game_id, "bid", {}, bid, 1)
        written = [s.split(" (")[0] for s in statements if s.startswith(("insert", "delete", "update"))]
        assert not [s for s in written if "result" in s or "summary" in s or "habits" in s]
        statements[:] = []
        store.append_entry(db, game_id, "tricks", {}, played, 2)
        db.conn.set_trace_callback(None)
        written = [s.split(" (")[0].split(" select")[0] for s in once(statements) if s.startswith(("insert", "delete"))]
        assert sorted(s for s in written if "result" in s or "summary" in s or "habits" in s) == [
            "insert into player_summary",
            "insert or replace into game_results",
            "insert or replace into player_habits",
            "insert or replace into player_results",
        ]
        # Bids made count once the game counts (RULES.md, "What counts"): the game is still in play.
        assert [(row["played"], row["made"]) for row in store.player_summaries(db)] == [(1, 0)] * 3


def test_a_correction_that_changes_no_total_still_changes_the_habits(app):
    """Everyone missed either way, so the results stay; whether Ann went over or under is what changed."""
    with app.app_context():
        db = store.get_db()
        hand = {"cards": 3, "dealer": 2, "bids": [2, 2, 2], "tricks": [1, 1, 1]}
        record = {
            "players": ["Ann", "Bob", "Cy"],
            "rules": {"scoring": "exact", "hook": False, "deals": {"pattern": "custom", "sizes": [3]}},
            "hands": [hand],
        }
        game_id, _key = store.create_game(db, record)
        results = store.player_results(db, "Ann")
        store.append_entry(db, game_id, "correct", {}, dict(record, hands=[dict(hand, tricks=[3, 0, 0])]), 1)
        assert store.player_results(db, "Ann") == results
        assert [(row["over"], row["under"]) for row in store.player_habits(db, "Ann")] == [(1, 0)]
        assert_stored_as_scored(db, game_id)
