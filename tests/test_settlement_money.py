"""Settling up in money, every method, with the numbers worked by hand."""

import pytest

from scorekeeper import rules

NAMES = ["Ann", "Bob", "Cy", "Di"]


def payments(settlement):
    """Return the payments as (from, to, amount) tuples, in a stable order."""
    return sorted((p["from"], p["to"], p["amount"]) for p in settlement["payments"])


def square(settlement, names):
    """Return each party's balance after the payments are made: all zero when settled."""
    left = dict(zip(names, settlement["net"]))
    if "pot" in settlement:
        left["pot"] = settlement["pot"]
    for p in settlement["payments"]:
        left[p["from"]] += p["amount"]
        left[p["to"]] -= p["amount"]
    return {name: round(amount, 2) for name, amount in left.items()}


# Pairwise (000): every pair settles the difference of their totals times the stake.


def test_pairwise_four_players_by_hand():
    # Ann 50, Bob 30, Cy 20, Di -10 at 0.10 a point:
    # Ann: +20 +30 +60 = 110 -> 11.00; Bob: -20 +10 +40 = 30 -> 3.00
    # Cy: -30 -10 +30 = -10 -> -1.00; Di: -60 -40 -30 = -130 -> -13.00
    result = rules.settle("pairwise", NAMES, [50, 30, 20, -10], stake=0.1)
    assert result["net"] == [11.0, 3.0, -1.0, -13.0]
    # Di owes most and pays the two winners; Cy's small debt goes to Bob: 3 payments for 4 people.
    assert payments(result) == [("Cy", "Bob", 1.0), ("Di", "Ann", 11.0), ("Di", "Bob", 2.0)]
    assert set(square(result, NAMES).values()) == {0}


def test_pairwise_where_the_lowest_total_wins_reverses_the_sign():
    # Negative (golf): Cy's 0 collects 5 from Ann and 12 from Bob; Ann collects 7 from Bob.
    result = rules.settle("pairwise", ["Ann", "Bob", "Cy"], [5, 12, 0], stake=1, lowest_wins=True)
    assert result["net"] == [2.0, -19.0, 17.0]
    assert payments(result) == [("Bob", "Ann", 2.0), ("Bob", "Cy", 17.0)]


def test_pairwise_equal_totals_owe_nothing():
    result = rules.settle("pairwise", NAMES, [40, 40, 40, 40], stake=0.25)
    assert result["net"] == [0, 0, 0, 0]
    assert result["payments"] == []


def okenuff_hand(your_bid, your_took, their_bid, their_took, stake=1):
    """Score one 13-card okenuff hand: You (seat 0) against a high bidder (seat 1), settled pairwise.

    X and Y take the remaining tricks, the same in every version of the hand, so only You and
    the high bidder change.
    """
    rest = 13 - your_bid - their_bid
    dealer_bid = 2 if your_bid + their_bid + 0 + 1 == 13 else 1  # the hook: the dealer may not make it even
    record = {
        "players": ["You", "High", "X", "Y"],
        "rules": {
            "scoring": "okenuff",
            "deals": {"pattern": "custom", "sizes": [13]},
            "stake": stake,
            "settlement": "pairwise",
        },
        "hands": [
            {
                "cards": 13,
                "dealer": 3,
                "trump": "hearts",
                "bids": [your_bid, their_bid, 0, dealer_bid],
                "tricks": [your_took, their_took, rest, 0],
            }
        ],
    }
    return rules.score(rules.load(record))


# 000's table, "When to deliberately set oneself to set a high bidder", as printed:
# your bids 0..4 down the side, the high bidder's 5..9 across; the row for 3 fills the last three columns.
POINTS_LOST_BY_HIGH_BIDDER = {5: 40, 6: 45, 7: 50, 8: 55, 9: 60}
POINTS_LOST_BY_YOU = {0: 30, 1: 33, 2: 39, 3: 48, 4: 60}
STRATEGY_TABLE = {
    0: {5: "set", 6: "set", 7: "set", 8: "set", 9: "set"},
    1: {5: "set", 6: "set", 7: "set", 8: "set", 9: "set"},
    2: {5: "set", 6: "set", 7: "set", 8: "set", 9: "set"},
    3: {5: "", 6: "", 7: "set", 8: "set", 9: "set"},
    4: {5: "", 6: "", 7: "", 8: "", 9: "even"},
}


@pytest.mark.parametrize("their_bid", range(5, 10))
def test_000_points_lost_by_the_high_bidder_when_set_by_one(their_bid):
    made = okenuff_hand(0, 0, their_bid, their_bid)
    set_by_one = okenuff_hand(0, 1, their_bid, their_bid - 1)
    swing = made["hands"][0]["scores"][1] - set_by_one["hands"][0]["scores"][1]
    assert swing == POINTS_LOST_BY_HIGH_BIDDER[their_bid]
    # In pairwise money the high bidder's swing counts once in your favour.
    assert set_by_one["settlement"]["net"][0] - made["settlement"]["net"][0] > 0


@pytest.mark.parametrize("your_bid", range(0, 5))
def test_000_points_you_lose_in_money_are_three_times_your_swing(your_bid):
    made = okenuff_hand(your_bid, your_bid, 5, 5)
    set_by_one = okenuff_hand(your_bid, your_bid + 1, 5, 4)
    swing = made["hands"][0]["scores"][0] - set_by_one["hands"][0]["scores"][0]
    # Against 3 opponents, a drop of s points in your own score costs you s against each: 3s.
    assert 3 * swing == POINTS_LOST_BY_YOU[your_bid]


@pytest.mark.parametrize("your_bid", range(0, 5))
@pytest.mark.parametrize("their_bid", range(5, 10))
def test_000_strategy_table_is_pairwise_settlement_at_work(your_bid, their_bid):
    honest = okenuff_hand(your_bid, your_bid, their_bid, their_bid)
    deliberate = okenuff_hand(your_bid, your_bid + 1, their_bid, their_bid - 1)
    gain = deliberate["settlement"]["net"][0] - honest["settlement"]["net"][0]
    # Your money changes by the high bidder's swing, less three times your own.
    assert gain == POINTS_LOST_BY_HIGH_BIDDER[their_bid] - POINTS_LOST_BY_YOU[your_bid]
    verdict = "set" if gain > 0 else "even" if gain == 0 else ""
    assert verdict == STRATEGY_TABLE[your_bid][their_bid]
    # X and Y are untouched by the deliberate set: their money moves only by what You and High lost.
    for seat in (2, 3):
        moved = deliberate["settlement"]["net"][seat] - honest["settlement"]["net"][seat]
        lost = (honest["totals"][0] - deliberate["totals"][0]) + (honest["totals"][1] - deliberate["totals"][1])
        assert moved == lost


def test_pairwise_through_a_full_record_with_a_stake():
    # Two hands of exact scoring (10 + bid when made), 3 players, 0.50 a point.
    record = {
        "players": ["Ann", "Bob", "Cy"],
        "rules": {
            "scoring": "exact",
            "deals": {"pattern": "custom", "sizes": [2, 1]},
            "stake": 0.5,
            "settlement": "pairwise",
        },
        "hands": [
            # dealer Cy; Ann 1 made (11), Bob 0 made (10), Cy 0 missed (0): hook forbids Cy's 1
            {"cards": 2, "dealer": 2, "bids": [1, 0, 0], "tricks": [1, 0, 1]},
            # dealer Ann; Bob 1 made (11), Cy 1 missed (0), Ann 1 missed (0): sum 3 != 1, Ann may bid 1
            {"cards": 1, "dealer": 0, "bids": [1, 1, 1], "tricks": [0, 1, 0]},
        ],
    }
    scored = rules.score(rules.load(record))
    assert scored["totals"] == [11, 21, 0]
    # Ann: -10 +11 = 1 -> 0.50; Bob: +10 +21 = 31 -> 15.50; Cy: -11 -21 = -32 -> -16.00
    assert scored["settlement"]["net"] == [0.5, 15.5, -16.0]
    assert payments(scored["settlement"]) == [("Cy", "Ann", 0.5), ("Cy", "Bob", 15.5)]


# Prospect (003): the losers pay the winner by rank on a sliding scale the table enters.


def test_prospect_sliding_scale_by_rank():
    # Second place pays 0.50, third 1.00, last 2.00; Bob wins with 120.
    result = rules.settle("prospect", NAMES, [80, 120, 40, 100], stake=0, payouts=[0.5, 1, 2])
    assert result["net"] == [-1.0, 3.5, -2.0, -0.5]
    assert payments(result) == [("Ann", "Bob", 1.0), ("Cy", "Bob", 2.0), ("Di", "Bob", 0.5)]


def test_prospect_default_scale_is_one_two_three_stakes():
    result = rules.settle("prospect", NAMES, [80, 120, 40, 100], stake=0.25)
    # Di second pays 0.25, Ann third 0.50, Cy last 0.75: Bob collects 1.50.
    assert result["net"] == [-0.5, 1.5, -0.75, -0.25]


def test_prospect_tied_losers_share_their_places():
    # Bob and Cy tie for second: they share places 2 and 3 and each pay (0.50 + 1.00) / 2.
    result = rules.settle("prospect", NAMES, [120, 80, 80, 40], payouts=[0.5, 1, 2])
    assert result["net"] == [3.5, -0.75, -0.75, -2.0]


def test_prospect_tied_winners_share_the_pool():
    # Ann and Bob tie for first: Cy (third) pays 1.00, Di (last) pays 2.00; the winners get 1.50 each.
    result = rules.settle("prospect", NAMES, [100, 100, 50, 20], payouts=[0.5, 1, 2])
    assert result["net"] == [1.5, 1.5, -1.0, -2.0]
    assert len(result["payments"]) == 3
    assert set(square(result, NAMES).values()) == {0}


def test_prospect_where_the_lowest_total_wins():
    result = rules.settle("prospect", ["Ann", "Bob", "Cy"], [12, 3, 30], lowest_wins=True, payouts=[1, 4])
    assert result["net"] == [-1.0, 5.0, -4.0]


def test_prospect_scale_entered_by_the_table_in_the_record():
    record = {
        "players": ["Ann", "Bob", "Cy"],
        "rules": {
            "scoring": "exact",
            "deals": {"pattern": "custom", "sizes": [1]},
            "settlement": "prospect",
            "payouts": [0.75, 2],
        },
        # dealer Cy: Ann bids 1 and makes it (11), Bob 0 made (10), Cy 1 missed (0).
        "hands": [{"cards": 1, "dealer": 2, "bids": [1, 0, 1], "tricks": [1, 0, 0]}],
    }
    scored = rules.score(rules.load(record))
    assert scored["ranks"] == [1, 2, 3]
    assert scored["settlement"]["net"] == [2.75, -0.75, -2.0]
    assert payments(scored["settlement"]) == [("Bob", "Ann", 0.75), ("Cy", "Ann", 2.0)]


def test_prospect_scale_too_short_is_refused_with_a_clear_message():
    record = {"players": NAMES, "rules": {"settlement": "prospect", "payouts": [1, 2]}, "hands": []}
    with pytest.raises(rules.RecordError) as error:
        rules.load(record)
    assert str(error.value) == "rules.payouts: needs an amount for each of the 3 losing places"


# Stackpot (003): points are money; what is left in the pot stays on the table.


def test_stackpot_settlement_shows_the_pot():
    # 0.05 a point: Ann 30 -> +1.50, Bob -20 -> -1.00, Cy 10 -> +0.50, Di -40 -> -2.00.
    # The players are down 1.00 together: that 1.00 is left in the pot.
    result = rules.settle("stackpot", NAMES, [30, -20, 10, -40], stake=0.05)
    assert result["net"] == [1.5, -1.0, 0.5, -2.0]
    assert result["pot"] == 1.0
    # Bob's 1.00 goes to the pot; Di pays the two winners directly: 3 payments, not 4.
    assert payments(result) == [("Bob", "pot", 1.0), ("Di", "Ann", 1.5), ("Di", "Cy", 0.5)]
    assert set(square(result, NAMES).values()) == {0}


def test_stackpot_through_a_full_record():
    # Hand 1, 3 cards, pot 0 so the bonus is 0: Ann 1 made -> 1, Bob 0 missed -> -3, Cy 1 made -> 1.
    # The totals sum to -1: the pot holds 1. Hand 2, 2 cards, bonus floor(1 / 2) = 0:
    # Ann 0 made -> 0, Bob 1 made -> 1, Cy 0 missed -> -2. Totals 1, -2, -1: the pot holds 2.
    record = {
        "players": ["Ann", "Bob", "Cy"],
        "rules": {
            "scoring": "stackpot",
            "deals": {"pattern": "custom", "sizes": [3, 2]},
            "stake": 0.5,
            "settlement": "stackpot",
        },
        "hands": [
            {"cards": 3, "dealer": 2, "bids": [1, 0, 1], "tricks": [1, 1, 1]},
            {"cards": 2, "dealer": 0, "bids": [0, 1, 0], "tricks": [0, 1, 1]},
        ],
    }
    scored = rules.score(rules.load(record))
    assert [hand["scores"] for hand in scored["hands"]] == [[1, -3, 1], [0, 1, -2]]
    assert scored["totals"] == [1, -2, -1]
    assert scored["pot"] == 2
    settlement = scored["settlement"]
    assert settlement["net"] == [0.5, -1.0, -0.5]
    assert settlement["pot"] == 1.0
    assert payments(settlement) == [("Bob", "pot", 1.0), ("Cy", "Ann", 0.5)]


# None: play for the glory.


def test_none_pays_nothing_even_with_a_stake():
    result = rules.settle("none", NAMES, [50, 30, 20, -10], stake=1)
    assert result["method"] == "none"
    assert result["net"] == [0, 0, 0, 0]
    assert result["payments"] == []


def test_a_record_without_settlement_settles_nothing():
    record = {
        "players": ["Ann", "Bob"],
        "rules": {"deals": {"pattern": "custom", "sizes": [1]}},
        "hands": [{"cards": 1, "dealer": 1, "bids": [1, 1], "tricks": [1, 0]}],
    }
    settlement = rules.score(rules.load(record))["settlement"]
    assert settlement == {"method": "none", "stake": 0, "net": [0, 0], "payments": []}


# The fewest payments.


def test_six_players_in_three_zero_sum_pairs_settle_in_three_payments():
    names = ["Ann", "Bob", "Cy", "Di", "Ed", "Flo"]
    # Stackpot makes each net a given amount: Ann and Di, Bob and Ed, Cy and Flo cancel out.
    result = rules.settle("stackpot", names, [7, 5, -2, -7, -5, 2], stake=1)
    assert result["pot"] == 0
    assert payments(result) == [("Cy", "Flo", 2.0), ("Di", "Ann", 7.0), ("Ed", "Bob", 5.0)]


def test_fewest_payments_beats_paying_the_biggest_creditor_first():
    # Largest debtor to largest creditor takes 5 payments here (Di 7 -> Ann, Flo 6 -> Cy,
    # Ed 5 -> Bob, Ed 1 -> Ann, Flo 1 -> Ann); but Cy and Ed cancel out, and the other four need 3.
    balances = [900, 500, 600, -700, -600, -700]
    transfers = rules.fewest_payments(balances)
    assert len(transfers) == 4
    assert (4, 2, 600) in transfers
    left = list(balances)
    for payer, payee, amount in transfers:
        left[payer] += amount
        left[payee] -= amount
    assert left == [0] * 6


def test_payments_are_fewer_than_the_people_with_money_to_move():
    # Totals 40, 30, 20, 10, 0 at 0.10 a point: each net is 0.10 x (5 x total - 100), so
    # Ann +10, Bob +5, Cy 0, Di -5, Ed -10. Four people have money to move, in two pairs that cancel out:
    # two payments, and Cy neither pays nor is paid.
    names = NAMES + ["Ed"]
    result = rules.settle("pairwise", names, [40, 30, 20, 10, 0], stake=0.1)
    assert result["net"] == [10.0, 5.0, 0.0, -5.0, -10.0]
    assert payments(result) == [("Di", "Bob", 5.0), ("Ed", "Ann", 10.0)]
    assert set(square(result, names).values()) == {0}
