"""Bidding: turn order, the hook, announcements, blind bids and the trump namer."""

import pytest

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
    reason = str(rules.hook_reason(6, 3))
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


def test_bid_state_says_everything_about_the_turn():
    # Dealer seat 1 of 4, 6 cards: seats 2, 3, 0 bid 2, 0, 1; the dealer may not bid 3.
    state = rules.state_of_bids(6, 1, [1, None, 2, 0])
    assert state.order == (2, 3, 0, 1) and state.turn == 1 and state.seat == 1
    assert state.allowed == (0, 1, 2, 4, 5, 6) and state.forbidden == 3
    assert state.reason == ("hook", (("bid", 3), ("cards", 6))) and state.reason_text == rules.hook_reason(6, 3)
    assert state.so_far == 3 and state.by == -3 and not state.complete and state.announcement is None
    assert state.standing == ("under", (("by", 3),)) and str(state.standing_text) == "under by 3"
    # Seat 0 may still change its bid (the dealer has not bid); seats 2 and 3 may not.
    assert state.may_bid == (0, 1)
    done = rules.state_of_bids(6, 1, [1, 4, 2, 0], tricks=[1, 2, 0, 0])
    assert done.complete and done.turn is None and done.announcement == "over" and done.by == 1
    assert done.needed == (0, 2, 2, 0)


def test_bid_state_keeps_an_asked_seat_only_when_it_may_bid():
    bids = [1, None, 2, 0]
    assert rules.state_of_bids(6, 1, bids, seat=0).seat == 0  # a change before the next player bids
    assert rules.state_of_bids(6, 1, bids, seat=0).forbidden is None
    assert rules.state_of_bids(6, 1, bids, seat=2).seat == 1  # too late: back to the turn
    blind = rules.state_of_bids(6, 1, bids, seat=1, blind=True)
    assert blind.blind and blind.forbidden is None and blind.allowed == tuple(range(7))


def test_bid_state_all_at_once_has_no_turn_and_no_hook():
    state = rules.state_of_bids(3, 0, [None, 1, None], all_at_once=True, hook=True, seat=2)
    assert state.turn is None and state.may_bid == (2, 0) and state.seat == 2 and state.forbidden is None
    assert not state.hook


def test_hook_from_frees_the_dealer_in_smaller_hands():
    # Dutch tables, the hook from 4 cards: in 3 cards the dealer bids what it likes; in 4 the hook bites.
    assert rules.state_of_bids(3, 3, [1, 1, 0, None], hook_from=4).forbidden is None
    assert rules.state_of_bids(4, 3, [1, 1, 0, None], hook_from=4).forbidden == 2
    assert rules.state_of_bids(3, 3, [1, 1, 0, None]).forbidden == 1  # the control: the default, 1


def test_the_bid_action_follows_hook_from():
    record = {
        "players": ["Ann", "Bob", "Cy", "Di"],
        "rules": {"hook_from": 4, "deals": {"pattern": "custom", "sizes": [3, 4]}, "first_dealer": 3},
        "hands": [{"cards": 3, "dealer": 3, "trump": "clubs", "bids": [1, 1, 0, None], "tricks": None}],
    }
    game = rules.load(record)
    assert rules.bid_state(game, game.hands[-1]).forbidden is None
    game = rules.load(rules.actions.bid(game, 3, 1).game.record)  # 1 + 1 + 0 + 1 = 3: allowed in 3 cards
    assert game.hands[-1].bids == [1, 1, 0, 1]
    record["hands"][0].update(cards=4, dealer=3)
    record["rules"]["deals"]["sizes"] = [4]
    game = rules.load(record)
    with pytest.raises(rules.RecordError, match="may not bid 2"):
        rules.actions.bid(game, 3, 2)
