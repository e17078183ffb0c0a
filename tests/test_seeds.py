"""Every worked number in the seeds, cited by seed file.

The numbers a registry entry already carries as a worked example (each scoring system's, cited "000:",
"003:"...) are checked by test_registry.py; this file holds the rest."""

import pytest

from scorekeeper import rules
from scorekeeper.rules.scoring.system_entry import Example
from scorekeeper.rules.scoring.systems import SYSTEMS


def points(system, bids, tricks, cards, **context):
    """Score one hand under a system and return the points by seat."""
    example = Example(bids, tricks, cards, expected=None, **context)
    return SYSTEMS.find(system).score(example.hand(), context.get("options"))


# 000_e47015cf7a15a6ec.txt (Al Okenuff)
def test_000_six_bid_first_is_not_penalised():
    """000: bidding 2, 6, 5, 1: the Six was made first, so no extra penalty (-15 for 3 under)."""
    assert points("okenuff", [2, 6, 5, 1], [2, 3, 5, 3], 13)[1] == -15


def test_000_only_the_trump_namer_is_penalised():
    """000: bidding 0, 6, 7, 8: only the Eight named trump; the Seven set by 3 loses plain -15."""
    scores = points("okenuff", [0, 6, 7, 8], [1, 6, 4, 2], 13)
    assert scores[2] == -15
    assert scores[3] == -5 - 10 * 5


def test_000_no_extra_penalty_for_overtricks():
    """000: 'There is no extra penalty for taking more tricks than the bid.'"""
    assert points("okenuff", [0, 0, 5, 6], [0, 0, 5, 8], 13)[3] == -10


def test_000_no_trump_doubles_every_score():
    """000: 'A declaration of no trump doubles all scores for that hand.'"""
    record = {
        "players": ["A", "B", "C", "D"],
        "rules": {"scoring": "okenuff", "modifiers": ["no_trump_doubles"], "deals": {"pattern": "okenuff"}},
        "hands": [{"cards": 4, "dealer": 3, "trump": "none", "bids": [4, 0, 0, 1], "tricks": [4, 0, 0, 0]}],
    }
    assert rules.score(rules.load(record))["totals"] == [30, 10, 10, -10]


def test_000_revoke_costs_20():
    """000: 'A revoke produces a 20 point penalty for the offender.'"""
    record = {
        "players": ["A", "B", "C"],
        "rules": {"scoring": "okenuff"},
        "hands": [
            {
                "cards": 2,
                "dealer": 2,
                "bids": [1, 0, 0],
                "tricks": [1, 0, 1],
                "penalties": [{"seat": 1, "reason": "revoke"}],
            }
        ],
    }
    assert rules.score(rules.load(record))["totals"] == [6, 5 - 20, -5]


# 000's table of when to set yourself to set a high bidder, and its 'Points lost' rows, are worked through
# pairwise money in test_settlement_money.py.


# 001_0cf0b24e971e0fa9.txt (Ruth's Waterfalls)
@pytest.mark.parametrize("system", ["Regular", "Squared"])
def test_001_missing_by_two_scores_minus_2(system):
    """001: 'a player bidding 3 and taking 1 receives negative 2 points, as does a player bidding 1 and taking 3'."""
    entry, options = SYSTEMS.lookup(system)
    assert points(entry.id, [3, 1, 0], [1, 3, 0], 4, options=options)[:2] == [-2, -2]


def test_001_squared_and_tricks():
    """001: Squared scores 10 + bid squared; Tricks scores the bid when the bid is missed... as 003's basic."""
    entry, options = SYSTEMS.lookup("Squared")
    assert points(entry.id, [3, 1, 0], [3, 1, 0], 4, options=options) == [19, 11, 10]
    assert SYSTEMS.find("Tricks").id == "basic"


def test_001_dealer_example_hook():
    """001: five cards, bids 2, 0 and 1: the dealer may NOT bid 2."""
    assert rules.forbidden_bid(5, 3, [2, 0, 1, None]) == 2


def test_001_seven_down_and_up_is_13_hands():
    """001: 7 down to 1 and back up: 13 hands."""
    assert rules.hand_sizes("down-up", 4, max_cards=7) == [7, 6, 5, 4, 3, 2, 1, 2, 3, 4, 5, 6, 7]


# 002_60bbbfa6b5adeefb.txt (pagat)
def test_002_exact_scoring():
    """002: 10 for zero, 11 for 1 trick, 12 for two; nothing for a miss."""
    assert points("exact", [0, 1, 2, 1], [0, 1, 2, 0], 3) == [10, 11, 12, 0]


def test_002_seven_players_is_13_hands():
    """002: with 7 players 7, 6 ... 1, 2 ... 7: 13 hands."""
    assert len(rules.hand_sizes("down-up", 7, max_cards=7)) == 13
    assert rules.largest_hand(7) == 7


# 003_b49e6f89b43bd129.txt (the encyclopedia article)
def test_003_ten_times():
    """003: 'a player who bids 4 is awarded 40 points ... and scores either zero or -40'."""
    assert points("ten_times", [4, 0, 1], [4, 0, 1], 5)[0] == 40
    assert points("ten_times", [4, 0, 0], [3, 1, 1], 5)[0] == 0
    assert points("ten_times", [4, 0, 0], [3, 1, 1], 5, options={"penalty": True})[0] == -40
    assert points("ten_times", [4, 0, 0], [3, 1, 1], 5, options={"zero_five": True})[1:] == [-5, -5]


def test_003_variable_bonus():
    """003: pattern 1..8..1 gives bonuses 8-7-6-5-4-3-2-1-2-3-4-5-6-7-8."""
    sizes = rules.hand_sizes("up-down", 3, max_cards=8)
    bonuses = [points("variable_bonus", [0, 0, 0], [0, 0, 0], cards, max_cards=8)[0] for cards in sizes]
    assert bonuses == [8, 7, 6, 5, 4, 3, 2, 1, 2, 3, 4, 5, 6, 7, 8]


def test_003_screw_the_dealer_free_when_over():
    """003: five cards, first bids three, one, two: the dealer is free to make any bid."""
    assert rules.forbidden_bid(5, 3, [3, 1, 2, None]) is None
    assert rules.allowed_bids(5, 3, 3, [3, 1, 2, None]) == [0, 1, 2, 3, 4, 5]


def test_003_odd_up_down_for_three():
    """003: three players 1-3-5-7-9-11-13-15-13-11-9-7-5-3-1."""
    assert rules.hand_sizes("odd-up-down", 3, max_cards=15) == [1, 3, 5, 7, 9, 11, 13, 15, 13, 11, 9, 7, 5, 3, 1]


def test_003_tournament_patterns():
    """003: WPOHL 10..1..10 is 19 hands; IOHL 1..13..1 is 25 hands; Cartier is 23 hands."""
    assert len(rules.hand_sizes("down-up", 5, max_cards=10)) == 19
    assert len(rules.hand_sizes("up-down", 4, max_cards=13)) == 25
    assert len(rules.hand_sizes("cartier", 4)) == 23


def test_003_rats_uses_50_cards():
    """003: 'Rats!' climbs to the 10 hand, 50 of the 52 cards with five players."""
    assert max(rules.hand_sizes("up-down", 5, max_cards=10)) * 5 == 50


# 004_7cf10ed24b47cf20.txt (Big-D)
def test_004_slam_bonus():
    """004: above 5 cards a small slam adds 25, a grand slam 50."""
    assert points("exact_slam", [5, 0, 0, 1], [5, 0, 0, 1], 6)[0] == 10 + 5 + 25
    assert points("exact_slam", [6, 0, 0, 1], [6, 0, 0, 0], 6)[0] == 10 + 6 + 50
    assert points("exact_slam", [4, 0, 0, 0], [4, 0, 0, 1], 5)[0] == 14


@pytest.mark.parametrize("players, deals", [(4, 13), (5, 10), (6, 8), (7, 7)])
def test_004_deals_by_player_count(players, deals):
    """004: four-hand has 13 deals, five 10, six 8, seven 7, when the last deal uses every card."""
    assert len(rules.hand_sizes("up", players, full_deal=True)) == deals


def test_004_last_deal_no_trump_and_revoke_10():
    """004: the last deal is played without trump; an uncorrected revoke costs 10."""
    record = {
        "players": ["A", "B", "C", "D"],
        "rules": {"scoring": "exact", "deals": {"pattern": "up", "hands": 2}},
        "hands": [
            {
                "cards": 1,
                "dealer": 0,
                "bids": [0, 0, 1, 1],
                "tricks": [0, 0, 1, 0],
                "penalties": [{"seat": 3, "reason": "revoke_redeal"}],
            }
        ],
    }
    game = rules.load(record)
    assert rules.score(game)["totals"] == [10, 10, 11, -10]
    assert rules.fixed_trump("turned", 12, rules.is_full_deal(13, 4)) == "none"
    assert rules.next_hand(game)["cards"] == 2
