"""The stored ratings (store/ratings.py): kept as games finish, and after a correction, a deletion, an
abandonment, a restore or an import exactly what rating every game again from the start gives."""

import random

from scorekeeper import rules, store
from scorekeeper.rules.club import ratings
from tests.regular_helpers import random_game


def now_and_rebuilt(db):
    """The ratings as kept, then as a full rebuild gives them."""
    kept = [tuple(row.values()) for row in store.player_ratings(db)]
    store.rebuild_ratings(db)
    return kept, [tuple(row.values()) for row in store.player_ratings(db)]


def from_scratch(db):
    """Every counted game rated in the stored order, by the pure engine."""
    rows = db.execute("select players, places from rated_games order by finished, game_id").fetchall()
    import json

    table = ratings.rate_games((json.loads(players), json.loads(places)) for players, places in rows)
    return {key: rating for key, (_name, rating) in table.items()}


def finish_games(db, count, seed=5):
    rng, ids = random.Random(seed), []
    for _number in range(count):
        names = rng.sample(["Ann", "Bob", "Cy", "Di", "Ed"], rng.randint(3, 5))
        game = random_game(rng, names, finished=False)
        game_id, _key = store.create_game(db, game)
        finished = random_game(rng, names)
        finished["hands"][0] = game["hands"][0]
        store.append_entry(db, game_id, "hand", {"hand": 2}, finished, 1)
        ids.append(game_id)
    return ids


def test_games_are_rated_as_they_finish_and_every_change_replays_exactly(app):
    with app.app_context():
        db = store.get_db()
        ids = finish_games(db, 12)
        kept, rebuilt = now_and_rebuilt(db)
        assert kept == rebuilt and len(kept) == 5
        assert {
            row["key"]: ratings.Rating(row["mu"], row["sigma"], row["games"]) for row in store.player_ratings(db)
        } == from_scratch(db)
        assert sum(row["games"] for row in store.player_ratings(db)) == sum(
            len(store.get_game(db, game_id)["record"]["players"]) for game_id in ids
        )

        # A finished game corrected: its places change, and every game after it is rated again.
        game = store.get_game(db, ids[3])
        record = game["record"]
        record["hands"][1]["tricks"] = list(reversed(record["hands"][1]["tricks"]))
        store.append_entry(db, ids[3], "edit", {"hand": 2}, record, game["revision"])
        kept, rebuilt = now_and_rebuilt(db)
        assert kept == rebuilt

        store.abandon_game(db, ids[5])
        assert db.execute("select 1 from rated_games where game_id = ?", [ids[5]]).fetchone() is None
        kept, rebuilt = now_and_rebuilt(db)
        assert kept == rebuilt
        store.restore_game(db, ids[5])
        kept, rebuilt = now_and_rebuilt(db)
        assert kept == rebuilt and db.execute("select 1 from rated_games where game_id = ?", [ids[5]]).fetchone()

        store.delete_game(db, ids[1])
        kept, rebuilt = now_and_rebuilt(db)
        assert kept == rebuilt
        assert {
            row["key"]: ratings.Rating(row["mu"], row["sigma"], row["games"]) for row in store.player_ratings(db)
        } == from_scratch(db)


def test_an_undone_last_hand_takes_the_game_out_of_the_ratings(app):
    with app.app_context():
        db = store.get_db()
        game_id = finish_games(db, 1)[0]
        assert sum(row["games"] for row in store.player_ratings(db)) > 0
        store.undo(db, game_id, 2)
        assert store.player_ratings(db) == []


def test_a_cooperative_game_is_not_rated(app):
    with app.app_context():
        db = store.get_db()
        store.create_game(db, random_game(random.Random(2), ["Ann", "Bob", "Cy"], bidding="cooperative"))
        assert store.player_ratings(db) == []
        store.create_game(db, random_game(random.Random(2), ["Ann", "Bob", "Cy"]))
        assert {row["name"] for row in store.player_ratings(db)} == {"Ann", "Bob", "Cy"}
        assert rules.BIDDING_STYLES.find("cooperative").rated is False


def test_a_player_whose_only_game_is_taken_out_leaves_the_ratings(app):
    with app.app_context():
        db = store.get_db()
        finish_games(db, 3)
        zed, _key = store.create_game(db, random_game(random.Random(9), ["Ann", "Bob", "Zed"]))
        finish_games(db, 2, seed=6)
        assert "zed" in {row["key"] for row in store.player_ratings(db)}
        store.abandon_game(db, zed)
        kept, rebuilt = now_and_rebuilt(db)
        assert kept == rebuilt and "zed" not in {row[0] for row in kept}
