"""The game record: load, validate, score, dump."""

import copy
import json

import pytest
from hypothesis import given
from hypothesis import strategies as st

from scorekeeper import rules
from scorekeeper.rules import RecordError

RULES_EXAMPLE = {
    "players": ["Ann", "Bob", "Cy", "Di"],
    "rules": {
        "scoring": "okenuff",
        "options": {},
        "modifiers": ["no_trump_doubles"],
        "hook": True,
        "deals": {"pattern": "okenuff", "max": 13, "decks": 1},
        "stake": 0.1,
        "settlement": "pairwise",
    },
    "hands": [
        {
            "cards": 4,
            "dealer": 0,
            "trump": "spades",
            "bids": [1, 0, 2, 0],
            "tricks": [1, 1, 2, 0],
            "blind": [],
            "penalties": [{"seat": 2, "points": -20, "reason": "revoke"}],
        },
    ],
}


def game_with(**hand):
    """The RULES.md example with its one hand changed."""
    record = copy.deepcopy(RULES_EXAMPLE)
    record["hands"][0].update(hand)
    return record


def error_of(record):
    with pytest.raises(RecordError) as caught:
        rules.load(record)
    return str(caught.value)


def test_the_rules_md_example_scores():
    scored = rules.score(rules.load(RULES_EXAMPLE))
    hand = scored["hands"][0]
    # Ann made 1: 6. Bob bid 0 took 1: -5. Cy made 2: 8, revoke -20. Di made 0: 5.
    assert hand["scores"] == [6, -5, -12, 5]
    assert hand["announcement"] == "under"
    assert scored["totals"] == [6, -5, -12, 5]
    assert scored["winner"] == ["Ann"]
    assert sum(scored["settlement"]["net"]) == pytest.approx(0)
    for key in ("players", "system", "lowest_wins", "hands", "totals", "winner", "settlement"):
        assert key in scored
    assert set(hand) >= {"cards", "bids", "tricks", "scores", "totals", "announcement"}


@pytest.mark.parametrize(
    "change, message",
    [
        ({"bids": [1, 0, 5, 0]}, "hands[0].bids[2]: must be from 0 to 4, not 5"),
        ({"tricks": [1, 1, 2, -1]}, "hands[0].tricks[3]: must be from 0 to 4, not -1"),
        ({"tricks": [1, 1, 1, 0]}, "hands[0].tricks: add up to 3, but 4 tricks were played"),
        ({"tricks": [2, 1, 2, 0]}, "hands[0].tricks: add up to 5, but 4 tricks were played"),
        ({"bids": [1, 0, 2, 1]}, "hands[0].bids[0]: " + str(rules.hook_reason(4, 1))),
        ({"bids": [1, 0, 2]}, "hands[0].bids: must list one number for each of the 4 players"),
        ({"trump": "stars"}, "hands[0].trump: must be one of clubs, diamonds, hearts, spades, none"),
        ({"dealer": 4}, "hands[0].dealer: must be from 0 to 3, not 4"),
        ({"cards": 14}, "hands[0].cards: must be from 1 to 13, not 14"),
        ({"blind": [1]}, "hands[0].blind: blind bids need the modifier 'blind'"),
        ({"bids": [1, "two", 2, 0]}, "hands[0].bids[1]: must be a whole number"),
    ],
)
def test_a_record_that_breaks_its_rules_names_the_field(change, message):
    assert error_of(game_with(**change)).startswith(message)


def test_the_dealer_bid_from_the_rules_md_error_example():
    record = game_with(cards=4, dealer=2, bids=[1, 2, 0, 0], tricks=[1, 2, 1, 0])
    record["hands"] = [copy.deepcopy(record["hands"][0]) for _ in range(4)]
    record["hands"][3]["bids"] = [1, 0, 1, 2]
    record["hands"][3]["dealer"] = 2
    assert error_of(record) == "hands[3].bids[2]: " + str(rules.hook_reason(4, 1))


def test_unknown_system_option_and_modifier():
    assert error_of({**RULES_EXAMPLE, "rules": {"scoring": "poker"}}).startswith(
        "rules.scoring: unknown scoring system 'poker'"
    )
    assert (
        error_of({**RULES_EXAMPLE, "rules": {"scoring": "exact", "options": {"squared": True}}})
        == "rules.options: exact has no option 'squared'"
    )
    assert error_of({**RULES_EXAMPLE, "rules": {"modifiers": ["hearts_triple"]}}).startswith(
        "rules.modifiers[0]: unknown modifier 'hearts_triple'"
    )


def test_not_json_and_not_an_object():
    assert error_of("{nope").startswith("not valid JSON")
    assert error_of([1, 2]) == "a game record must be a JSON object"
    assert error_of({"players": ["Solo"]}) == "players: must list at least 2 player names"
    assert error_of({"players": ["Ann", "ann"]}) == "players[1]: 'ann' is listed twice"


def test_hook_off_allows_the_even_bid():
    record = game_with(bids=[1, 0, 2, 1])
    record["rules"]["hook"] = False
    assert rules.score(rules.load(record))["hands"][0]["announcement"] == "even"


def test_simultaneous_bidding_has_no_hook():
    record = game_with(bids=[1, 0, 2, 1])  # the dealer's 1 makes the bids add up to the 4 cards
    with pytest.raises(RecordError, match="dealer may not bid 1"):
        rules.load(record)  # the control: bidding in turn, the hook forbids it
    record["rules"]["bidding"] = "simultaneous"
    assert rules.score(rules.load(record))["hands"][0]["announcement"] == "even"


def test_cooperative_bids_must_sum_to_the_cards_and_a_miss_is_dealt_again():
    record = {
        "players": ["A", "B", "C"],
        "rules": {"bidding": "cooperative", "deals": {"pattern": "up", "max": 3}},
        "hands": [{"cards": 1, "dealer": 0, "bids": [0, 1, 0], "tricks": [1, 0, 0]}],
    }
    game = rules.load(record)
    assert rules.next_hand(game)["cards"] == 1  # missed: same size again, deal passes left
    assert rules.next_hand(game)["dealer"] == 1
    record["hands"].append({"cards": 1, "dealer": 1, "bids": [0, 1, 0], "tricks": [0, 1, 0]})
    assert rules.next_hand(rules.load(record))["cards"] == 2
    assert rules.score(rules.load(record))["deals_needed"] == 2
    record["hands"][1]["bids"] = [0, 0, 0]
    assert "cooperative bids must add up to 1" in error_of(record)


def test_identical_cards_cancel_allows_fewer_tricks():
    record = {
        "players": [f"P{i}" for i in range(8)],
        "rules": {"deals": {"decks": 2}},
        "hands": [{"cards": 8, "dealer": 0, "bids": [0] + [1] * 7, "tricks": [1] * 7 + [0]}],
    }
    assert "fewer only when identical cards cancel" in error_of(record)
    record["rules"]["modifiers"] = ["identical_cards_cancel"]
    assert rules.score(rules.load(record))["hands"][0]["tricks"][-1] == 0


def test_blind_bid_needs_eligibility_and_scores_ten_more():
    record = {
        "players": ["A", "B", "C"],
        "rules": {"scoring": "exact", "modifiers": ["blind"]},
        "hands": [{"cards": 3, "dealer": 2, "bids": [3, 0, 1], "tricks": [3, 0, 0], "blind": [1]}],
    }
    assert "seat 1 was not 20 or more points behind the leader" in error_of(record)
    record["hands"][0]["blind"] = []
    record["hands"].append({"cards": 2, "dealer": 0, "bids": [0, 2, 1], "tricks": [0, 2, 0], "blind": [2]})
    # After hand 1: A 13, B 10, C 0: C is 13 behind, not eligible; make C fall further behind first.
    assert "seat 2 was not 20" in error_of(record)
    record["hands"][0]["tricks"] = [3, 0, 0]
    record["hands"][0]["bids"] = [3, 1, 1]  # B misses too: A 13, B 0, C 0: nobody 20 behind
    record["rules"]["scoring"] = "ten_times"  # A 30, B 0, C 0: B and C are 30 behind
    record["hands"][1]["blind"] = [1]
    scored = rules.score(rules.load(record))
    assert scored["hands"][1]["scores"] == [0, 20 + 10, 0]


def test_a_made_blind_bid_is_a_reward_where_the_lowest_total_wins():
    # Golf (simplified_negative): A misses by 5 in hand 1 (25 points), so A is 25 behind the leaders and may
    # bid blind in hand 2. A made blind bid takes 10 off A's total: the bonus never punishes.
    record = {
        "players": ["A", "B", "C"],
        "rules": {"scoring": "simplified_negative", "modifiers": ["blind"], "hook": False},
        "hands": [
            {"cards": 5, "dealer": 2, "bids": [5, 0, 0], "tricks": [0, 0, 5], "blind": []},
            {"cards": 2, "dealer": 0, "bids": [1, 1, 0], "tricks": [1, 1, 0], "blind": [0]},
        ],
    }
    scored = rules.score(rules.load(record))
    assert scored["hands"][0]["totals"] == [25, 0, 25]
    assert scored["hands"][1]["scores"] == [-10, 0, 0]
    assert scored["totals"] == [15, 0, 25]


def test_stackpot_money_needs_a_system_where_the_highest_total_wins():
    record = game_with()
    record["rules"].update(scoring="simplified_negative", settlement="stackpot", stake=1)
    assert error_of(record).startswith(
        "rules.settlement: Stackpot pays points out as money, so it needs a system where the highest total wins"
    )
    # Rescored under golf (the compare page, `score --system`), the worst total pays the most into the pot.
    money = rules.settle("stackpot", ["A", "B"], [3, 12], stake=1, lowest_wins=True)
    assert money["net"] == [-3.0, -12.0] and money["pot"] == 15.0


def test_in_progress_hand_scores_nothing_and_only_the_last_may_be_open():
    record = game_with(tricks=None, bids=[1, 0, None, None])
    scored = rules.score(rules.load(record))
    assert scored["hands"][0]["scores"] is None and scored["totals"] == [0, 0, 0, 0]
    assert scored["hands"][0]["announcement"] is None
    record["hands"].append(copy.deepcopy(RULES_EXAMPLE["hands"][0]))
    assert error_of(record) == "hands[0].tricks: are missing, but later hands are recorded"


def test_unknown_keys_survive_the_round_trip():
    record = copy.deepcopy(RULES_EXAMPLE)
    record["venue"] = "the kitchen"
    record["rules"]["house"] = {"drinks": True}
    record["hands"][0]["note"] = "Cy revoked"
    assert rules.dump(rules.load(record)) == record
    assert json.loads(rules.dumps(rules.load(record))) == record


def test_rescore_under_another_system_by_alias():
    game = rules.load(RULES_EXAMPLE)
    squared = rules.score(game, system="Oy Vey")
    assert squared["system"] == "get_fred" and squared["options"] == {"squared": True}
    # Ann made 1: 11; Bob missed by 1: -1; Cy made 2: 14 - 20; Di made 0: 10 (no trump doubling: spades)
    assert squared["totals"] == [11, -1, -6, 10]


def test_lowest_wins_and_scratch_tie_break():
    record = {
        "players": ["A", "B", "C"],
        "rules": {"scoring": "scratch", "hook": False},
        "hands": [
            {"cards": 3, "dealer": 2, "bids": [2, 1, 0], "tricks": [2, 1, 0]},
            {"cards": 3, "dealer": 0, "bids": [1, 0, 1], "tricks": [1, 1, 1]},
        ],
    }
    scored = rules.score(rules.load(record))
    assert scored["lowest_wins"] and scored["totals"] == [0, 1, 0]
    # A and C have no scratch; A made bids summing 3, C 1: A wins the tie.
    assert scored["winner"] == ["A"] and scored["made_bids"] == [3, 1, 1]


def test_sitting_out_and_joining_late():
    record = {
        "players": ["A", "B", "C", "D"],
        "rules": {"scoring": "exact"},
        "hands": [
            {"cards": 5, "dealer": 0, "bids": [1, None, 2, 1], "tricks": [1, None, 2, 2], "out": [1]},
            {"cards": 5, "dealer": 2, "bids": [1, 1, 2, 0], "tricks": [1, 1, 2, 1], "joins": [{"seat": 1, "total": 7}]},
        ],
    }
    scored = rules.score(rules.load(record))
    assert scored["hands"][0]["scores"] == [11, None, 12, 0]
    assert scored["totals"] == [22, 18, 24, 0]
    bad = copy.deepcopy(record)
    bad["hands"][0]["bids"][1] = 0
    assert error_of(bad) == "hands[0].bids[1]: must be null: that player was not dealt in"
    # The hook counts only the players dealt in: 1 + 2 = 3 of 5 forbids the dealer 2.
    bad = copy.deepcopy(record)
    bad["hands"][0].update(dealer=3, bids=[1, None, 2, 2], tricks=[1, None, 2, 2])
    assert error_of(bad) == "hands[0].bids[3]: " + str(rules.hook_reason(5, 2))


def test_next_hand_passes_the_deal_left_and_follows_the_plan():
    record = {
        "players": ["A", "B", "C"],
        "rules": {"deals": {"pattern": "down-up", "max": 3}, "first_dealer": 2},
        "hands": [],
    }
    game = rules.load(record)
    assert rules.next_hand(game) == {"number": 1, "cards": 3, "dealer": 2, "out": [], "trump": None}
    record["hands"] = [{"cards": 3, "dealer": 2, "bids": [1, 1, 0], "tricks": [1, 1, 1]}]
    game = rules.load(record)
    assert rules.next_hand(game)["dealer"] == 0 and rules.next_hand(game)["cards"] == 2
    assert rules.next_hand(game, out=[0])["dealer"] == 1


def test_finished_game_and_ultimate_loser():
    record = {
        "players": ["A", "B", "C"],
        "rules": {"scoring": "exact", "modifiers": ["ultimate_loser"], "deals": {"pattern": "custom", "sizes": [1]}},
        "hands": [{"cards": 1, "dealer": 2, "bids": [1, 0, 1], "tricks": [1, 0, 0]}],
    }
    scored = rules.score(rules.load(record))
    assert scored["finished"] and rules.next_hand(rules.load(record)) is None
    assert scored["ultimate_loser"] == ["C"]


def test_stackpot_pot_and_settlement():
    record = {
        "players": ["A", "B", "C"],
        "rules": {"scoring": "stackpot", "settlement": "stackpot", "stake": 1},
        "hands": [
            {"cards": 2, "dealer": 2, "bids": [1, 1, 1], "tricks": [1, 1, 0]},
            {"cards": 2, "dealer": 0, "bids": [0, 1, 0], "tricks": [1, 1, 0]},
        ],
    }
    scored = rules.score(rules.load(record))
    # Hand 1: A 1, B 1, C -2 (sum 0, pot 0). Hand 2: A -2, B 1, C 0.
    assert scored["totals"] == [-1, 2, -2]
    assert scored["pot"] == 1 and scored["settlement"]["pot"] == 1.0
    assert sum(scored["settlement"]["net"]) + scored["settlement"]["pot"] == pytest.approx(0)


def test_changing_the_plan_of_hands_still_to_come():
    record = {
        "players": ["A", "B", "C"],
        "rules": {"deals": {"pattern": "down-up", "max": 3}},
        "hands": [{"cards": 3, "dealer": 0, "bids": [1, 1, 0], "tricks": [1, 1, 1]}],
    }
    game = rules.load(record)
    assert game.plan() == [3, 2, 1, 2, 3]

    def replanned(*args):
        changed = copy.deepcopy(record)
        changed["rules"]["deals"] = rules.changed_deals(game, *args)
        return rules.load(changed).plan()

    assert replanned("insert", 1, 5) == [3, 5, 2, 1, 2, 3]
    assert replanned("resize", 2, 4) == [3, 2, 4, 2, 3]
    assert replanned("skip", 2) == [3, 2, 2, 3]
    cut = copy.deepcopy(record)
    cut["rules"]["deals"] = rules.changed_deals(game, "cut")
    assert rules.load(cut).plan() == [3] and rules.score(rules.load(cut))["finished"]
    with pytest.raises(ValueError, match="only hands still to come can change: choose a hand from 2 to 5"):
        rules.changed_deals(game, "resize", 0, 2)
    with pytest.raises(ValueError, match="a hand needs 1 to 17 cards"):
        rules.changed_deals(game, "insert", 1, 18)


def dutch_table(*hands):
    """Four players, the hook from 4 cards (Dutch tables), one hand per (cards, bids) given."""
    return {
        "players": ["Ann", "Bob", "Cy", "Di"],
        "rules": {"scoring": "exact", "hook_from": 4},
        "hands": [
            {"cards": cards, "dealer": 3, "trump": "hearts", "bids": bids, "tricks": bids[:3] + [cards - sum(bids[:3])]}
            for cards, bids in hands
        ],
    }


def test_hook_from_frees_the_dealer_in_smaller_hands_worked_example():
    # 3 cards: the others bid 1 + 1 + 0, and the dealer may make it even with 1 (3 < 4, no hook).
    game = rules.load(dutch_table((3, [1, 1, 0, 1])))
    assert game.rules.hook_from == 4 and not game.rules.hook_in(3) and game.rules.hook_in(4)
    # 4 cards: the hook bites, the dealer may not bid 2 (1 + 1 + 0 + 2 = 4).
    assert error_of(dutch_table((4, [1, 1, 0, 2]))) == "hands[0].bids[3]: " + str(rules.hook_reason(4, 2))
    # The default, 1: the hook bites in every hand, the 3-card one included.
    record = dutch_table((3, [1, 1, 0, 1]))
    del record["rules"]["hook_from"]
    assert rules.load({**record, "hands": []}).rules.hook_from == 1
    assert error_of(record) == "hands[0].bids[3]: " + str(rules.hook_reason(3, 1))


@given(st.one_of(st.integers(-(10**20), 10**20), st.booleans(), st.floats(), st.text(max_size=5), st.none()))
def test_hook_from_is_a_whole_number_of_at_least_one(value):
    record = {"players": ["A", "B", "C"], "rules": {"hook_from": value}, "hands": []}
    if isinstance(value, int) and not isinstance(value, bool) and value >= 1:
        assert rules.load(record).rules.hook_from == value
    else:
        assert error_of(record).startswith("rules.hook_from: ")


def test_hook_from_is_dumped_as_given_and_absent_stays_absent():
    given_record = dutch_table((3, [1, 1, 0, 1]))
    assert rules.dump(rules.load(given_record))["rules"]["hook_from"] == 4
    bare = {"players": ["A", "B", "C"], "rules": {}, "hands": []}
    assert "hook_from" not in rules.dump(rules.load(bare))["rules"]
