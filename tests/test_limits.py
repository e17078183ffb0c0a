"""The record's limits (issue 10): finite numbers in stated ranges, sizes a real table never meets."""

import json

import pytest

from scorekeeper import rules
from scorekeeper.rules.game import limits
from tests.game_helpers import record


def refused(rec):
    with pytest.raises(rules.RecordError) as caught:
        rules.load(rec)
    return str(caught.value)


@pytest.mark.parametrize("stake", [float("inf"), float("nan"), float("-inf"), 10**400, 1_000_001])
def test_a_stake_that_is_not_a_finite_amount_is_refused_naming_the_limit(stake):
    message = refused(record(stake=stake))
    assert message.startswith("rules.stake: must be")
    assert "finite" in message or "between 0 and 1,000,000" in message


def test_the_json_text_of_1e999_is_refused_like_infinity():
    text = json.dumps(record()).replace('"stake": 1', '"stake": 1e999')
    assert refused(text) == "rules.stake: must be a finite number, not Infinity"


@pytest.mark.parametrize(
    "where, change",
    [
        (
            "hands[0].penalties[0].points",
            lambda r: r["hands"][0].update(penalties=[{"seat": 0, "points": float("inf")}]),
        ),
        ("hands[0].penalties[0].points", lambda r: r["hands"][0].update(penalties=[{"seat": 0, "points": 10**400}])),
        ("rules.payouts[1]", lambda r: r["rules"].update(settlement="prospect", payouts=[1, float("nan"), 3])),
        ("table.joining[0].total", lambda r: r.update(table={"joining": [{"seat": 1, "total": 10**400}]})),
        ("rules.options.from_hand", lambda r: r["rules"].update(scoring="exact", options={"from_hand": 10**400})),
        ("notes", lambda r: r.update(notes=float("nan"))),
    ],
)
def test_every_number_in_a_record_is_finite_and_in_range(where, change):
    rec = record()
    change(rec)
    assert refused(rec).startswith(where + ":")


def test_sizes_beyond_a_real_table_are_refused_with_the_limit():
    assert "at most 30 can play" in refused(record(players=[f"P{i}" for i in range(31)], hands=[]))
    assert "a name has at most 40" in refused(record(players=["Ann", "B" * 41, "Cy", "Di"]))
    assert "at most 1000" in refused(record(deals={"pattern": "custom", "sizes": [1] * 1001}, hands=[]))
    long_game = record(hands=[])
    long_game["notes"] = "x" * (limits.MAX_RECORD_BYTES + 1)
    assert "bytes of JSON; at most 2,000,000" in refused(long_game)


def test_malformed_parts_get_a_message_naming_the_field():
    rec = record()
    rec["hands"][0]["penalties"] = 5
    assert refused(rec) == "hands[0].penalties: must be a list"
    assert refused(dict(record(), table={"left": [9]})).startswith("table.left[0]: must be a seat")
    assert refused(dict(record(), table=[1])).startswith("table: must be an object")
    assert "lone surrogate" in refused(record(players=["Ann", "B\ud800", "Cy", "Di"]))
    deep = record()
    nested = []
    for _ in range(100):
        nested = [nested]
    deep["notes"] = nested
    assert "nested more than 32 levels" in refused(deep)
    assert "nested too deeply" in refused("[" * 100_000)


def test_a_modifier_listed_twice_is_refused():
    message = refused(record(modifiers=["no_trump_doubles", "no_trump_doubles"]))
    assert message == "rules.modifiers[1]: 'no_trump_doubles' is listed twice; list each modifier once"


def test_names_are_compared_with_casefold():
    assert "listed twice" in refused(record(players=["Straße", "STRASSE", "Cy", "Di"]))


def test_a_real_long_game_is_within_every_limit():
    hands = [{"cards": 1, "dealer": i % 4, "bids": [0, 0, 0, 1], "tricks": [0, 0, 0, 1]} for i in range(1000)]
    game = rules.load(record(hands=hands, hook=False, deals={"pattern": "custom", "sizes": [1] * 1000}))
    assert len(game.hands) == 1000


def nets(totals, stake, method="pairwise"):
    return rules.settle(method, [f"P{i}" for i in range(len(totals))], totals, stake)["net"]


def test_settlement_rounds_each_net_within_a_cent_and_ties_pay_the_same():
    # Stake 0.25, totals [10, 0, 0, 10, 7.5, 10, 0]: exact nets 8.125 x 3, -9.375 x 3, 3.75.
    money = nets([10, 0, 0, 10, 7.5, 10, 0], 0.25)
    assert money[1] == money[2] == money[6]
    assert money[0] == money[3] == money[5]
    assert round(sum(money), 2) == 0
    exact = [8.125, -9.375, -9.375, 8.125, 3.75, 8.125, -9.375]
    assert all(abs(m - e) < 0.01 for m, e in zip(money, exact))


def test_when_no_rounding_to_cents_keeps_ties_equal_tied_players_differ_by_a_cent_and_it_sums_to_zero():
    # Prospect at 0.05: three tied winners share 1.25 (41 2/3 cents each), five tied losers pay 25 cents each.
    # Each stays within a cent of exact (issue 23): 0.40 each was 1 2/3 cents off.
    money = nets([10, 10, 10, 0, 0, 0, 0, 0], 0.05, "prospect")
    assert money == [0.41, 0.42, 0.42, -0.25, -0.25, -0.25, -0.25, -0.25]


def test_an_actions_record_is_stored_as_itself_though_only_its_new_hand_is_written_out():
    """Each action's record shares its earlier hands with the game before; its text is made of their texts and
    the new hand's, and reads back as the record, key for key, through a whole game."""
    game = rules.load(
        {
            "players": ["Ann", "Bob", "Cy"],
            "rules": {"scoring": "exact", "hook": True, "deals": {"pattern": "up", "max": 3}},
            "hands": [],
            "note": "Friday, \u00e9t\u00e9",
        }
    )
    while (upcoming := rules.next_hand(game)) is not None:
        game = rules.actions.deal(game, trump="hearts").game
        for seat in rules.bidding_order(upcoming["dealer"], 3):
            allowed = rules.allowed_bids(upcoming["cards"], seat, upcoming["dealer"], game.hands[-1].bids)
            game = rules.actions.bid(game, seat, allowed[0]).game
            assert json.loads(game.text) == game.record
        took = [0, 0, 0]
        took[upcoming["dealer"]] = upcoming["cards"]
        game = rules.actions.record_tricks(game, took).game
        assert json.loads(game.text) == game.record and len(game.hand_texts) == len(game.record["hands"])
    assert len(game.record["hands"]) == 3


def test_a_new_hand_with_a_number_json_cannot_hold_is_refused_though_the_others_are_known():
    game = rules.load(record())
    hands = [*game.record["hands"][:-1], dict(game.record["hands"][-1], tricks=[float("nan"), 1, 0, 0])]
    with pytest.raises(rules.RecordError, match="finite|JSON"):
        rules.load(dict(game.record, hands=hands), known=game)
