"""The variable bonus's M (the game's largest hand) is fixed at creation, so scores never move as the game grows."""

from scorekeeper import rules, store
from tests.game_helpers import create
from tests.table_helpers import new_game

# A custom plan 1, 2, 3 stored without deals.max; Di dealt 1 card and Ann made her bid of 1.
RECORD = {
    "players": ["Ann", "Bob", "Cy", "Di"],
    "rules": {"scoring": "variable_bonus", "deals": {"pattern": "custom", "sizes": [1, 2, 3]}},
    "hands": [{"cards": 1, "dealer": 3, "bids": [1, 0, 0, 1], "tricks": [1, 0, 0, 0]}],
}


def stored_record(app, game_id):
    with app.app_context():
        return store.get_game(store.get_db(), game_id)["record"]


def test_the_api_create_stores_the_planned_largest_hand(client, app):
    game_id, _key = create(client, RECORD)
    assert stored_record(app, game_id)["rules"]["deals"]["max"] == 3
    # M = 3 from the first hand on: a made bid of 1 with 1 card scores 1 + (3 + 1 - 1) = 4, not 2.
    assert client.get(f"/api/games/{game_id}").get_json()["totals"][0] == 4


def test_the_setup_form_stores_it_too(client, app):
    game_id = new_game(client, scoring="variable_bonus", pattern="custom", sizes="2 5 4", max_cards="")
    assert stored_record(app, game_id)["rules"]["deals"]["max"] == 5


def test_a_record_stored_without_it_keeps_todays_reading():
    # Records stored before: M is the largest hand recorded (RULES.md), here 1: 1 + (1 + 1 - 1) = 2.
    assert rules.score(rules.load(RECORD))["totals"][0] == 2


def test_other_systems_and_a_given_max_are_left_alone():
    exact = {**RECORD, "rules": {**RECORD["rules"], "scoring": "exact"}}
    assert rules.completed_rules(exact, rules.load(exact)) is exact
    given = {**RECORD, "rules": {**RECORD["rules"], "deals": {"pattern": "down-up", "max": 6}}}
    assert rules.completed_rules(given, rules.load(given)) is given
