"""Bidding habits (rules/bids/habits.py, stored by store/results.py): by hand size, made / over / under, zero bids,
and what the hook cost each dealer. The two-hand game of game_helpers, worked by hand:

  Hand 1, Ann deals 1: bids 1 1 0 0, tricks 0 1 0 0. The hook forbade Ann 0 (the others bid 1); she bid 1,
          took 0 (just the forbidden number): missed, and the hook cost her.
  Hand 2, Bob deals 2: bids 1 1 0 1, tricks 1 0 0 1. The hook forbade Bob 0; he bid 1 and took 0: the same.
"""

from scorekeeper import rules, store
from scorekeeper.store import backfills
from scorekeeper.rules.bids.habits import by_hand_size, seat_habits
from tests.game_helpers import HANDS, create, post_hand, record


def counts(**given):
    return {field: given.get(field, 0) for field in rules.habits.FIELDS}


def test_the_two_hand_game_worked_by_hand():
    found = seat_habits(rules.score(rules.load(record())))
    assert found[0] == {1: counts(hands=1, under=1, hooked=1, hook_missed=1, hook_cost=1), 2: counts(hands=1, made=1)}
    assert found[1] == {1: counts(hands=1, made=1), 2: counts(hands=1, under=1, hooked=1, hook_missed=1, hook_cost=1)}
    assert found[2] == {
        1: counts(hands=1, made=1, zero_bids=1, zero_made=1),
        2: counts(hands=1, made=1, zero_bids=1, zero_made=1),
    }


def test_without_the_hook_nothing_is_forbidden_and_an_unfinished_hand_is_not_counted():
    unfinished = record(hands=[HANDS[0], {"cards": 2, "dealer": 1, "trump": "spades", "bids": [1, 1, 0, 1]}])
    found = seat_habits(rules.score(rules.load(unfinished)), hook_from=None)
    assert found[0] == {1: counts(hands=1, under=1)}


def test_over_and_a_missed_zero():
    hands = [{"cards": 2, "dealer": 0, "trump": "hearts", "bids": [0, 0, 1, 0], "tricks": [2, 0, 0, 0]}]
    game = rules.load(record(hands=hands, hook=False))
    found = seat_habits(rules.score(game), hook_from=None)
    assert found[0][2] == counts(hands=1, over=1, zero_bids=1)
    assert found[2][2] == counts(hands=1, under=1)


def test_by_hand_size_gives_shares_and_totals():
    rows = [
        {"cards": 2, **counts(hands=4, made=2, over=1, under=1, zero_bids=2, zero_made=1)},
        {"cards": 1, **counts(hands=3, made=3, hooked=1)},
    ]
    habits = by_hand_size(rows)
    assert habits["sizes"] == [
        {"cards": 1, "hands": 3, "made_pct": 100.0, "over_pct": 0.0, "under_pct": 0.0},
        {"cards": 2, "hands": 4, "made_pct": 50.0, "over_pct": 25.0, "under_pct": 25.0},
    ]
    assert (habits["zero_bids"], habits["zero_made"], habits["hooked"]) == (2, 1, 1)


def test_the_store_keeps_habits_with_every_write_and_sums_them_per_player(client, app):
    first, _key = create(client, record())
    second, key = create(client, record(hands=[]))
    post_hand(client, second, key, HANDS[0])
    with app.app_context():
        ann = {row["cards"]: row for row in store.player_habits(store.get_db(), " ann ")}
    assert (ann[1]["hands"], ann[1]["under"], ann[1]["hook_cost"]) == (2, 2, 2)
    assert (ann[2]["hands"], ann[2]["made"]) == (1, 1)


def test_the_hook_is_counted_only_in_hands_it_applies_to_from_the_tables_hook_from(client, app):
    """hook_from 2 (RULES.md): in hand 1, of one card, Ann deals free, so she was never hooked; in hand 2, of two
    cards, the hook forbade Bob 0 as before."""
    create(client, record(hook_from=2))
    with app.app_context():
        ann = {row["cards"]: row for row in store.player_habits(store.get_db(), "Ann")}
        bob = {row["cards"]: row for row in store.player_habits(store.get_db(), "Bob")}
    assert (ann[1]["hooked"], ann[1]["hook_missed"], ann[1]["hook_cost"]) == (0, 0, 0)
    assert (bob[2]["hooked"], bob[2]["hook_missed"], bob[2]["hook_cost"]) == (1, 1, 1)


def test_an_upgrade_counts_again_the_habits_a_hook_from_game_kept_wrong(client, app):
    """b161: a game of hook_from 2 stored while its one-card hand counted Ann as hooked is counted again."""
    game_id, _key = create(client, record(hook_from=2))
    with app.app_context():
        db = store.get_db()
        with db.atomic():
            store.results.store_habits(db, game_id, rules.score(rules.load(record(hook_from=2))), 1)  # as before
        assert {row["cards"]: row for row in store.player_habits(db, "Ann")}[1]["hooked"] == 1
        with db.atomic():
            backfills.b161_habits_from_hook_from(db)
        assert {row["cards"]: row for row in store.player_habits(db, "Ann")}[1]["hooked"] == 0


def test_the_player_page_shows_the_habits(client, app):
    create(client, record())
    page = client.get("/players/Ann").get_data(as_text=True)
    assert "Bidding habits" in page
    assert '<li id="zero-bids">Zero bids made: <b>0 of 0</b></li>' in page
    assert "As dealer under the hook: <b>1</b> time," in page and "the hook cost 1" in page
    assert "Ann&#x27;s bids by hand size" in page  # the chart's title, escaped by charts.text


def test_an_older_database_gets_the_habits_of_its_games_on_upgrade(tmp_path):
    import shutil
    from pathlib import Path

    from scorekeeper import create_app

    path = tmp_path / "scorekeeper.db"
    shutil.copyfile(Path(__file__).parent / "fixtures" / "databases" / "v3_m020.sqlite", path)
    app = create_app({"TESTING": True, "DATABASE": str(path), "SECRET_KEY": "test"})
    try:
        with app.app_context():
            db = store.get_db()
            habits = store.player_habits(db, "Ann")
            hands = sum(row["hands"] for row in store.player_results(db, "Ann"))
        assert habits and sum(row["hands"] for row in habits) == hands
    finally:
        store.close(app)
