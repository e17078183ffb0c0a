"""Every worked number in the seeds, cited by seed file."""

import pytest

from scorekeeper import rules
from scorekeeper.rules.scoring import SYSTEMS, Example, okenuff_made


def points(system, bids, tricks, cards, **context):
    """Score one hand under a system and return the points by seat."""
    example = Example(bids, tricks, cards, expected=None, **context)
    return SYSTEMS.find(system).score(example.hand(), context.get("options"))


# 000_e47015cf7a15a6ec.txt (Al Okenuff)
@pytest.mark.parametrize("bid, expected", [(4, 15), (2, 8), (7, 45)])
def test_000_made_bids(bid, expected):
    """000: made Four scores 15, Two 8, Seven 45."""
    assert okenuff_made(bid) == expected


def test_000_zero_bid_taking_two_is_minus_10():
    """000: 'if a player bid Zero but took two tricks, his first score would be (10)'."""
    assert points("okenuff", [0, 1, 2, 0], [2, 1, 0, 1], 4)[0] == -10


def test_000_trump_namer_penalty_minus_25():
    """000: bidding 2, 2, 5, 6 on a 13 hand; the Six takes 3: -5 -10 -10 = -25."""
    assert points("okenuff", [2, 2, 5, 6], [2, 3, 5, 3], 13)[3] == -25


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
    record = {"players": ["A", "B", "C", "D"],
              "rules": {"scoring": "okenuff", "modifiers": ["no_trump_doubles"], "deals": {"pattern": "okenuff"}},
              "hands": [{"cards": 4, "dealer": 3, "trump": "none", "bids": [4, 0, 0, 1], "tricks": [4, 0, 0, 0]}]}
    assert rules.score(rules.load(record))["totals"] == [30, 10, 10, -10]


def test_000_revoke_costs_20():
    """000: 'A revoke produces a 20 point penalty for the offender.'"""
    record = {"players": ["A", "B", "C"], "rules": {"scoring": "okenuff"},
              "hands": [{"cards": 2, "dealer": 2, "bids": [1, 0, 0], "tricks": [1, 0, 1],
                         "penalties": [{"seat": 1, "reason": "revoke"}]}]}
    assert rules.score(rules.load(record))["totals"] == [6, 5 - 20, -5]


def _pairwise_gain_from_setting_yourself(your_bid, their_bid):
    """Your pairwise money (stake 1, 4 players) from deliberately going set to set the high bidder."""
    def your_net(your_took, their_took):
        # Seat 0 is you; seat 1 the high bidder; seats 2 and 3 bid 0 and make it either way.
        record = {"players": ["You", "High", "C", "D"], "rules": {"scoring": "okenuff", "stake": 1,
                                                                  "settlement": "pairwise", "hook": False},
                  "hands": [{"cards": 13, "dealer": 3, "bids": [your_bid, their_bid, 0, 0],
                             "tricks": [your_took, their_took, 0, 13 - your_took - their_took]}]}
        return rules.score(rules.load(record))["settlement"]["net"][0]
    honest = your_net(your_bid, their_bid)
    spoiler = your_net(your_bid + 1, their_bid - 1)
    return spoiler - honest


# Seat 3's forced tricks make it miss either way; only You and High change between the two plays.
STRATEGY_TABLE = {  # 000's table: your bid -> the opponent bids (5..9) where you should set yourself
    0: {5: "set", 6: "set", 7: "set", 8: "set", 9: "set"},
    1: {5: "set", 6: "set", 7: "set", 8: "set", 9: "set"},
    2: {5: "set", 6: "set", 7: "set", 8: "set", 9: "set"},
    3: {5: None, 6: None, 7: "set", 8: "set", 9: "set"},
    4: {5: None, 6: None, 7: None, 8: None, 9: "even"},
}


@pytest.mark.parametrize("your_bid", range(5))
def test_000_strategy_table_is_pairwise_settlement_at_work(your_bid):
    """000: when to deliberately set yourself to set a high bidder (Points lost 30 33 39 48 60 vs 40..60)."""
    for their_bid, verdict in STRATEGY_TABLE[your_bid].items():
        gain = _pairwise_gain_from_setting_yourself(your_bid, their_bid)
        expected = "set" if gain > 0 else "even" if gain == 0 else None
        assert expected == verdict, (your_bid, their_bid, gain)


def test_000_points_lost_rows():
    """000: 'Points lost' is 3 x your swing (30 33 39 48 60) and the high bidder's swing (40 .. 60)."""
    assert [3 * (okenuff_made(b) + 5) for b in range(5)] == [30, 33, 39, 48, 60]
    assert [okenuff_made(b) + 5 for b in range(5, 10)] == [40, 45, 50, 55, 60]


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
def test_003_exact_penalty():
    """003: 'Missing a 3 bid scores -3; missing a zero bid scores 0.'"""
    assert points("Hassenpfeffer", [3, 0, 1], [1, 1, 1], 3)[:2] == [-3, 0]


def test_003_ten_times():
    """003: 'a player who bids 4 is awarded 40 points ... and scores either zero or -40'."""
    assert points("ten_times", [4, 0, 1], [4, 0, 1], 5)[0] == 40
    assert points("ten_times", [4, 0, 0], [3, 1, 1], 5)[0] == 0
    assert points("ten_times", [4, 0, 0], [3, 1, 1], 5, options={"penalty": True})[0] == -40
    assert points("ten_times", [4, 0, 0], [3, 1, 1], 5, options={"zero_five": True})[1:] == [-5, -5]


def test_003_double_whammy():
    """003: a successful 1-bid earns 15, a 2-bid 22, then multiples of 11 (33 for 3, 44 for 4)."""
    assert points("double_whammy", [1, 2, 3, 4, 0], [1, 2, 3, 4, 0], 10) == [15, 22, 33, 44, 10]


def test_003_cypriot():
    """003: missing a 3 bid scores -15; missing a zero bid -10; making a 5 scores 35."""
    assert points("Cypriot", [3, 0, 5], [1, 1, 5], 7) == [-15, -10, 35]


def test_003_set_penalty():
    """003: bid four: 4 tricks score 14, 5 tricks 5, 3 tricks -10."""
    assert points("set_penalty", [4, 4, 4], [4, 5, 3], 12) == [14, 5, -10]


def test_003_progressive_penalty():
    """003: bid 4: exactly 4 scores 14; 3 or 5 score -14; 2 or 6 score -24."""
    assert points("progressive_penalty", [4] * 5, [4, 3, 5, 2, 6], 20) == [14, -14, -14, -24, -24]


def test_003_adjusted_zero():
    """003: in the first round a successful zero bid is worth 6 points, a one bid 11."""
    assert points("adjusted_zero", [0, 1, 0], [0, 1, 0], 1) == [6, 11, 6]


def test_003_progressive():
    """003: bidding and making four tricks scores 26 (10 plus 16)."""
    assert points("progressive", [4, 0], [4, 0], 4) == [26, 10]


def test_003_negative():
    """003: 3 overtricks add 6 points (1 + 2 + 3)."""
    assert points("Golf", [0, 1], [3, 1], 4)[0] == 6


def test_003_variant_negative():
    """003: in a round of five tricks every unsuccessful player scores 5."""
    assert points("variant_negative", [0, 1, 4], [3, 1, 1], 5) == [5, 0, 5]


def test_003_trick_scoring():
    """003: bid 3 taking 2 loses a point, as does bid 2 taking 3; a made zero scores a half."""
    assert points("trick", [3, 2, 0], [2, 3, 0], 5) == [-1, -1, 0.5]


def test_003_variable_bonus():
    """003: pattern 1..8..1 gives bonuses 8-7-6-5-4-3-2-1-2-3-4-5-6-7-8."""
    sizes = rules.hand_sizes("up-down", 3, max_cards=8)
    bonuses = [points("variable_bonus", [0, 0, 0], [0, 0, 0], cards, max_cards=8)[0] for cards in sizes]
    assert bonuses == [8, 7, 6, 5, 4, 3, 2, 1, 2, 3, 4, 5, 6, 7, 8]


def test_003_stackpot_bonus():
    """003: a sum of -20 and 9 tricks next hand: bonus 2 (20 / 9 rounded down), 3 points a trick."""
    scores = points("stackpot", [3, 0, 5], [3, 1, 5], 9, totals_before=[-10, -5, -5])
    assert scores == [9, -9, 15]


def test_003_binary_halving_rounds_up():
    """003: a missed bid halves the running total, rounding up: 15 becomes 8."""
    assert points("binary_halving", [1, 0, 0], [1, 1, 0], 2, totals_before=[0, 15, 0])[1] == 8 - 15


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
    record = {"players": ["A", "B", "C", "D"],
              "rules": {"scoring": "exact", "deals": {"pattern": "up", "hands": 2}},
              "hands": [{"cards": 1, "dealer": 0, "bids": [0, 0, 1, 1], "tricks": [0, 0, 1, 0],
                         "penalties": [{"seat": 3, "reason": "revoke_redeal"}]}]}
    game = rules.load(record)
    assert rules.score(game)["totals"] == [10, 10, 11, -10]
    assert rules.fixed_trump("turned", 12, rules.is_full_deal(13, 4)) == "none"
    assert rules.next_hand(game)["cards"] == 2
