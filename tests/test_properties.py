"""Properties over random legal games (hypothesis)."""

import json

from hypothesis import HealthCheck, given, settings, strategies as st

from scorekeeper import rules
from scorekeeper.rules import actions
from tests.game_strategies import legal_games


SETTINGS = settings(deadline=None, suppress_health_check=[HealthCheck.too_slow])


@SETTINGS
@given(legal_games())
def test_the_hook_never_lets_the_bids_sum_to_the_cards(record):
    for hand in record["hands"]:
        assert sum(hand["bids"]) != hand["cards"]
        assert rules.announcement(hand["cards"], hand["bids"]) in ("over", "under")


@SETTINGS
@given(legal_games())
def test_dump_of_load_is_the_record(record):
    assert rules.dump(rules.load(record)) == record
    assert json.loads(rules.dumps(rules.load(json.dumps(record)))) == record


@SETTINGS
@given(legal_games())
def test_scoring_is_deterministic_and_totals_add_up(record):
    game = rules.load(record)
    first = rules.score(game)
    assert rules.score(rules.load(record)) == first
    running = [0] * len(record["players"])
    for hand in first["hands"]:
        running = [t + s for t, s in zip(running, hand["scores"])]
        assert hand["totals"] == running
    assert first["totals"] == running


@SETTINGS
@given(legal_games())
def test_settlement_nets_sum_to_zero_and_the_payments_settle_them(record):
    settlement = rules.score(rules.load(record))["settlement"]
    nets = settlement["net"]
    pot = settlement.get("pot", 0)
    assert round(sum(nets) + pot, 2) == 0
    balance = {name: round(net * 100) for name, net in zip(record["players"], nets)}
    balance["pot"] = round(pot * 100)
    for payment in settlement["payments"]:
        assert payment["amount"] > 0
        balance[payment["from"]] += round(payment["amount"] * 100)
        balance[payment["to"]] -= round(payment["amount"] * 100)
    assert set(balance.values()) == {0}
    movers = sum(1 for net in [*nets, pot] if round(net * 100))
    assert len(settlement["payments"]) <= max(movers - 1, 0)


@settings(deadline=None)
@given(st.lists(st.integers(-500, 500), min_size=1, max_size=9))
def test_fewest_payments_is_never_worse_than_one_less_than_the_people_who_owe_or_collect(balances):
    balances = balances + [-sum(balances)]
    payments = rules.fewest_payments(balances)
    left = list(balances)
    for payer, payee, amount in payments:
        left[payer] += amount
        left[payee] -= amount
    assert set(left) == {0}
    assert len(payments) <= max(sum(1 for b in balances if b) - 1, 0)


@SETTINGS
@given(legal_games())
def test_a_game_recorded_action_by_action_scores_as_the_record_loaded_afresh(record):
    """Each action loads only the hand it changed (the others are known): the scores never differ from
    loading and scoring the whole record."""
    game = rules.load(dict(record, hands=[]))
    for number, hand in enumerate(record["hands"], start=1):
        game = actions.deal(game, trump=hand["trump"]).game
        for seat in rules.bidding_order(hand["dealer"], len(hand["bids"])):
            game = actions.bid(game, seat, hand["bids"][seat]).game
        game = actions.record_tricks(game, hand["tricks"]).game
        afresh = rules.load(json.loads(json.dumps(dict(record, hands=record["hands"][:number]))))
        assert rules.score(game) == rules.score(afresh)
    assert rules.dump(game)["hands"] == record["hands"]


def test_a_largest_hand_that_grows_rescores_the_hands_before_it():
    """The variable bonus counts from the game's largest hand: a larger hand appended changes earlier scores."""
    record = {
        "players": ["Ann", "Bob", "Cy"],
        "hands": [],
        "rules": {"scoring": "variable_bonus", "deals": {"pattern": "custom", "sizes": [1, 2, 3]}},
    }
    game = rules.load(record)
    for cards, bids, tricks in (
        (1, [1, 1, None], [1, 0, 0]),
        (2, [1, 0, None], [1, 1, 0]),
        (3, [0, 2, None], [0, 2, 1]),
    ):
        game = actions.deal(game, trump="hearts").game
        for seat in rules.bidding_order(game.hands[-1].dealer, 3):
            if bids[seat] is None:
                bids[seat] = next(b for b in rules.allowed_bids(cards, seat, game.hands[-1].dealer, bids) if b != cards)
            game = actions.bid(game, seat, bids[seat]).game
        game = actions.record_tricks(game, tricks).game
    first_hand_scores = rules.score(game)["hands"][0]["scores"]
    assert first_hand_scores == rules.score(rules.load(rules.dump(game)))["hands"][0]["scores"]
    assert first_hand_scores[0] == 1 + (3 + 1 - 1)  # made 1 of 1 card with M = 3, not M = 1
