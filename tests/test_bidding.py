"""Bidding: turn order, the hook, announcements, blind bids and the trump namer."""

from scorekeeper import rules


def test_bidding_order_starts_left_of_the_dealer_and_ends_with_the_dealer():
    assert rules.bidding_order(1, 4) == [2, 3, 0, 1]
    assert rules.bidding_order(3, 4) == [0, 1, 2, 3]


def test_bidding_order_skips_players_not_dealt_in():
    assert rules.bidding_order(1, 5, out=[3]) == [2, 4, 0, 1]


def test_next_bidder_follows_the_order_and_ends_with_none():
    assert rules.next_bidder(1, [None, None, None, None]) == 2
    assert rules.next_bidder(1, [None, None, 2, 1]) == 0
    assert rules.next_bidder(1, [0, 1, 2, 1]) is None


def test_a_bid_out_of_turn_stands_and_the_turn_returns_to_the_rightful_player():
    # Seat 0 bid out of turn before seats 2 and 3 (dealer 1): seat 2 is still to bid.
    assert rules.next_bidder(1, [1, None, None, None]) == 2


def test_hook_forbids_the_number_that_makes_the_sum_equal_the_cards():
    bids = [1, None, 2, 0]  # dealer is seat 1; others bid 3 of 6
    assert rules.forbidden_bid(6, 1, bids) == 3
    assert 3 not in rules.allowed_bids(6, 1, 1, bids)
    assert rules.allowed_bids(6, 1, 1, bids) == [0, 1, 2, 4, 5, 6]


def test_hook_off_or_out_of_range_leaves_the_dealer_free():
    assert rules.forbidden_bid(6, 1, [1, None, 2, 0], hook=False) is None
    assert rules.forbidden_bid(6, 1, [1, None, 2, 0]) == 3  # the control: with the hook, 3 is forbidden
    assert rules.forbidden_bid(3, 1, [2, None, 2, 0]) is None  # the others bid 4 of 3: nothing is forbidden
    assert rules.forbidden_bid(5, 1, [2, None, 2, 0]) == 1


def test_hook_only_bites_when_the_dealer_is_last_to_bid():
    # The dealer bidding out of turn, before the others, is free.
    assert rules.allowed_bids(2, 3, 3, [None, None, None, None]) == [0, 1, 2]
    # Others may always bid anything.
    assert rules.allowed_bids(2, 0, 3, [None, None, None, None]) == [0, 1, 2]


def test_hook_reason_names_the_bid_and_the_cards():
    reason = rules.hook_reason(6, 3)
    assert "may not bid 3" in reason and "6" in reason


def test_announcement_and_over_under():
    assert rules.announcement(5, [2, 1, 1, 2]) == "over"
    assert rules.announcement(5, [2, 1, 0, 0]) == "under"
    assert rules.announcement(5, [2, 1, 1, 1]) == "even"
    assert rules.over_under_by(5, [2, 1, None, None]) == -2
    assert rules.bid_so_far([2, None, 1, None]) == 3


def test_tricks_still_needed():
    assert rules.tricks_needed([2, 0, 3], [1, 0, 4]) == [1, 0, 0]


def test_blind_eligibility_is_20_points_behind_the_leader():
    """003: 'Player 1 has 15 points and Player 2 is the leader with 35 points' may bid blind."""
    assert rules.blind_eligible([15, 35, 16, 30]) == [0]
    assert rules.blind_eligible([15, 35, 16, 30], lowest_wins=True) == [1]


def test_dealer_blind_bid_forced_up_by_one():
    """003: if the others force the dealer off the blind bid, one trick is added."""
    assert rules.dealer_blind_bid(5, 3, [1, 2, 0, 2], 2) == 3
    assert rules.dealer_blind_bid(5, 3, [1, 2, 0, 1], 1) == 1  # 3 + 1 = 4: not forbidden
    assert rules.dealer_blind_bid(5, 3, [1, 1, 0, 4], 4) == 4  # 2 others + 4 = 6: not forbidden
    assert rules.dealer_blind_bid(3, 3, [0, 0, 0, 3], 3) == 2  # cannot go above the cards


def test_trump_namer_is_the_first_highest_bidder():
    assert rules.trump_namer(3, [2, 6, 5, 6]) == 1
    assert rules.trump_namer(1, [2, 6, 5, 6]) == 3


def test_a_bid_may_be_changed_until_the_next_player_bids():
    """000, 002, 004: a player may change the bid before the player at the left bids."""
    bids = [None, None, 2, None]  # dealer 1: seat 2 bid first, seat 3 is next
    assert rules.may_bid(1, bids, 2) and rules.may_bid(1, bids, 3)
    bids[3] = 0
    assert not rules.may_bid(1, bids, 2)
    # The dealer bids last, so may change until the hand moves on; an out seat is skipped.
    assert rules.may_bid(1, [1, 1, 2, 0], 1)
    assert not rules.may_bid(1, [1, 1, 2, None, 0], 2, out=[3]) and rules.may_bid(1, [1, 1, 2, None, None], 2, out=[3])
