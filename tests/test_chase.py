"""The last hands (rules/scoring/chase.py): from the last third of the plan on, the gap to the lead, whether the hands
left can close it, and what each stands to pay."""

import pytest

from scorekeeper import rules
from scorekeeper.rules.scoring.chase import hand_range, in_last_third, last_hands

PLAYERS = ["Ann", "Bob", "Cy"]


def game(hands, scoring="exact", max_cards=3, **extra):
    rec = {
        "players": PLAYERS,
        "rules": {
            "scoring": scoring,
            "hook": False,
            "deals": {"pattern": "up", "max": max_cards},
            "first_dealer": 0,
            **extra,
        },
        "hands": hands,
    }
    loaded = rules.load(rec)
    return loaded, rules.score(loaded)


# Exact (made: 10 + bid, missed: 0), 1 then 2 then 3 cards. After two hands: Ann 22, Bob 20, Cy 10.
TWO = [
    {"cards": 1, "dealer": 0, "trump": "hearts", "bids": [1, 0, 0], "tricks": [1, 0, 0]},
    {"cards": 2, "dealer": 1, "trump": "hearts", "bids": [1, 0, 0], "tricks": [1, 0, 1]},
]


@pytest.mark.parametrize(
    "done, planned, shown",
    [(0, 3, False), (1, 3, False), (2, 3, True), (3, 3, False), (8, 13, True), (7, 13, False), (12, 13, True)],
)
def test_from_the_last_third_of_the_plan_on(done, planned, shown):
    assert in_last_third(done, planned) is shown


def test_the_gap_the_best_and_the_money_if_it_ended_now():
    loaded, scored = game(TWO, settlement="pairwise", stake=1)
    chase = last_hands(loaded, scored)
    assert scored["totals"] == [22, 20, 10]
    # One hand of 3 to play: a made 3 scores 13 at most, a miss 0.
    assert (chase["left"], chase["best"], chase["swing"]) == (1, 13, 13)
    ann, bob, cy = chase["players"]
    assert (ann["behind"], ann["ahead"], bob["behind"], cy["behind"]) == (0, 2, 2, 12)
    assert bob["in_reach"] and cy["in_reach"]  # 12 <= 13: Cy can still catch Ann
    # Pairwise at 1: each net is 3 x total - 52.
    assert [p["stands"] for p in chase["players"]] == [14, 8, -22]


def test_out_of_reach_when_the_hands_left_cannot_close_the_gap():
    hands = [dict(TWO[0], bids=[1, 0, 1], tricks=[1, 0, 0]), dict(TWO[1], bids=[2, 0, 1], tricks=[2, 0, 0])]
    loaded, scored = game(hands)
    assert scored["totals"] == [23, 20, 0]
    chase = last_hands(loaded, scored)
    assert [p["in_reach"] for p in chase["players"]] == [True, True, False]  # Cy 23 behind, 13 to play for
    assert [p["stands"] for p in chase["players"]] == [None, None, None]  # no stake: nothing to pay


def test_not_before_the_last_third_nor_after_the_end():
    assert last_hands(*game(TWO[:1])) is None
    finished = TWO + [{"cards": 3, "dealer": 2, "trump": "hearts", "bids": [0, 0, 0], "tricks": [1, 1, 1]}]
    assert last_hands(*game(finished)) is None


def test_lowest_wins_the_gap_is_counted_the_other_way():
    # Scratch: a miss is a scratch. Ann missed once, Bob and Cy never: Bob and Cy lead level.
    hands = [dict(TWO[0], bids=[0, 0, 0], tricks=[1, 0, 0]), dict(TWO[1], bids=[1, 0, 0], tricks=[1, 0, 1])]
    loaded, scored = game(hands, scoring="scratch")
    chase = last_hands(loaded, scored)
    assert scored["totals"] == [1, 0, 1]
    ann, bob, cy = chase["players"]
    assert (ann["behind"], bob["behind"], bob["ahead"], cy["behind"]) == (1, 0, 1, 1)
    assert (chase["best"], chase["swing"]) == (0, 1)  # one hand: no scratch at best, one at worst
    assert ann["in_reach"]


def test_a_system_whose_hands_hang_on_the_totals_says_only_the_gap():
    loaded, scored = game(TWO, scoring="binary_halving")
    chase = last_hands(loaded, scored)
    assert chase["best"] is None and chase["swing"] is None
    assert all(p["in_reach"] is None for p in chase["players"])
    assert [p["behind"] for p in chase["players"]] == [0, 0, 12]  # 16, 16 and 4 (8 halved)


def test_modifiers_count_in_the_best_a_hand_can_score():
    loaded, _scored = game(TWO, modifiers=["spades_double"])
    assert hand_range(loaded, 3, 3) == (0, 26)  # a made 3 at spades, doubled


@pytest.mark.parametrize("system", [s.id for s in rules.SYSTEMS if s.id != "formula"])
def test_every_system_gives_a_range_or_says_it_cannot(system):
    loaded, scored = game(TWO, scoring=system)
    found = hand_range(loaded, 3, 3)
    assert (found is None) == rules.SYSTEMS.find(system).open_ended
    if found is not None:
        assert found[0] <= found[1]


def test_a_house_formula_gives_its_range_too():
    loaded, scored = game(
        TWO, scoring="formula", options={"made": "10 + 2*tricks", "over": "-2*off", "under": "-2*off"}
    )
    # 3 cards: a made 3 scores 16; a bid of 0 taking 3 (or of 3 taking 0) costs 6.
    assert hand_range(loaded, 3, 3) == (-6, 16)
    assert (last_hands(loaded, scored)["best"], last_hands(loaded, scored)["swing"]) == (16, 22)
