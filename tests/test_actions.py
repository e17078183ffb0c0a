"""The table's actions (rules/actions.py): each accepts what the table may do and refuses the rest,
saying why; a whole game played through them scores as the same game written out by hand."""

import copy

import pytest
from hypothesis import HealthCheck, given, settings

from scorekeeper import rules
from scorekeeper.rules import RecordError, actions
from tests.examples import WALKS
from tests.game_strategies import legal_games


def new_game(**rule_overrides):
    """Ann, Bob, Cy, Di; exact scoring (made: 10 + bid), the hook, hands of 3 then 2 cards, Ann deals first."""
    chosen = {"scoring": "exact", "hook": True, "deals": {"pattern": "custom", "sizes": [3, 2]}}
    chosen.update(rule_overrides)
    return {"players": ["Ann", "Bob", "Cy", "Di"], "rules": chosen, "hands": []}


def dealt(record, trump="hearts"):
    return actions.deal(record, trump=trump).record


def bid_all(record, *bids_in_order):
    """Bid in bidding order (left of the dealer first)."""
    game = rules.load(record)
    hand = game.hands[-1]
    for seat, amount in zip(rules.bidding_order(hand.dealer, len(hand.bids), hand.out), bids_in_order):
        record = actions.bid(record, seat, amount).record
    return record


# ---- deal and step ------------------------------------------------------------------------------


def test_step_follows_the_hand_from_deal_to_over():
    record = new_game()
    assert actions.step(record) == "deal"
    record = dealt(record)
    assert actions.step(record) == "bids"
    record = bid_all(record, 1, 1, 0, 0)
    assert actions.step(record) == "tricks"
    record = actions.record_tricks(record, [None] * 4).record
    assert actions.step(record) == "deal"
    record = bid_all(dealt(record), 0, 0, 0, 1)
    record = actions.record_tricks(record, [None] * 4).record
    assert actions.step(record) == "over"


def test_deal_takes_the_planned_cards_the_next_dealer_and_the_trump():
    record = new_game()
    outcome = actions.deal(record, trump="spades")
    hand = outcome.record["hands"][0]
    assert (hand["cards"], hand["dealer"], hand["trump"], hand["bids"]) == (3, 0, "spades", [None] * 4)
    assert outcome.entry == ("deal", hand)
    assert record["hands"] == []  # the record given is never changed
    following = bid_all(outcome.record, 1, 1, 0, 0)
    following = actions.deal(actions.record_tricks(following, [None] * 4).record, trump="clubs").record
    assert following["hands"][1]["dealer"] == 1 and following["hands"][1]["cards"] == 2


def test_deal_asks_for_the_trump_only_when_someone_must_say_it():
    with pytest.raises(RecordError, match="Choose the trump") as refused:
        actions.deal(new_game(), trump=None)
    assert refused.value.path == "hands[0].trump"
    # Named by the highest bidder after the bids: no trump at the deal, and a trump screen after the bids.
    named = actions.deal(new_game(trump="highest_bidder"), trump=None).record
    assert "trump" not in named["hands"][0]
    named = bid_all(named, 2, 1, 0, 1)
    assert actions.step(named) == "trump"


def test_deal_takes_other_cards_when_asked_and_refuses_too_many():
    assert actions.deal(new_game(), cards=5, trump="hearts").record["hands"][0]["cards"] == 5
    with pytest.raises(RecordError) as refused:
        actions.deal(new_game(), cards=14, trump="hearts")
    assert refused.value.path == "hands[0].cards"


def test_deal_is_refused_while_a_hand_is_being_played():
    record = dealt(new_game())
    with pytest.raises(actions.WrongStep):
        actions.deal(record, trump="hearts")


def test_deal_needs_two_players_dealt_in():
    record = new_game()
    record = actions.sit_out(record, 1).record
    record = actions.sit_out(record, 2).record
    assert actions.deal(record, trump="hearts").record["hands"][0]["out"] == [1, 2]
    with pytest.raises(RecordError, match=r"At least 2 players must be dealt in\.$"):
        actions.sit_out(record, 3)


# ---- bids in turn -------------------------------------------------------------------------------


def test_bids_in_turn_and_the_hook_forbids_the_dealer_the_bid_that_makes_it_even():
    record = bid_all(dealt(new_game()), 1, 1, 0)  # Bob, Cy, Di: Ann deals and bids last
    with pytest.raises(RecordError) as refused:
        actions.bid(record, 0, 1)
    assert refused.value.path == "hands[0].bids[0]"
    assert refused.value.message == rules.hook_reason(3, 1)
    outcome = actions.bid(record, 0, 2)
    assert outcome.record["hands"][0]["bids"] == [2, 1, 1, 0]
    assert outcome.entry == ("bid", {"hand": 0, "seat": 0, "bid": 2, "blind": False})


def test_without_the_hook_the_dealer_may_make_it_even():
    record = bid_all(dealt(new_game(hook=False)), 1, 1, 0)
    assert actions.bid(record, 0, 1).record["hands"][0]["bids"] == [1, 1, 1, 0]


def test_a_bid_out_of_range_is_refused():
    record = dealt(new_game())
    with pytest.raises(RecordError, match=r"A bid is 0 to 3\.$"):
        actions.bid(record, 1, 4)
    with pytest.raises(RecordError, match=r"A bid is 0 to 3\.$"):
        actions.bid(record, 1, -1)
    assert actions.bid(record, 1, 3).record["hands"][0]["bids"][1] == 3


def test_out_of_turn_is_refused_and_a_bid_changes_until_the_next_player_bids():
    record = actions.deal(actions.sit_out(new_game(), 3).record, trump="hearts").record
    with pytest.raises(RecordError, match="can no longer be changed"):
        actions.bid(record, 3, 1)  # Di sits this hand out
    with pytest.raises(RecordError, match="can no longer be changed"):
        actions.bid(record, 7, 1)  # no such seat
    record = actions.bid(record, 1, 1).record
    changed = actions.bid(record, 1, 2).record  # Bob changes his mind before Cy bids
    assert changed["hands"][0]["bids"][1] == 2
    record = actions.bid(changed, 2, 0).record
    with pytest.raises(RecordError, match="That bid can no longer be changed: the next player has bid.") as refused:
        actions.bid(record, 1, 1)
    assert refused.value.path == "hands[0].bids[1]"


def test_bids_one_at_a_time_are_refused_where_everyone_bids_at_once():
    record = dealt(new_game(bidding="simultaneous"))
    with pytest.raises(RecordError, match="enter the bids together"):
        actions.bid(record, 1, 1)
    assert actions.bids_at_once(record, {0: 1, 1: 1, 2: 1, 3: 0}).record["hands"][0]["bids"] == [1, 1, 1, 0]


# ---- blind bids ---------------------------------------------------------------------------------


def test_blind_bids_are_offered_to_those_20_behind_before_anyone_bids_openly():
    record = new_game(modifiers=["blind"], deals={"pattern": "custom", "sizes": [3, 3, 3]})
    record["hands"].append({"cards": 3, "dealer": 0, "trump": "hearts", "bids": [0, 3, 0, 1], "tricks": [0, 1, 0, 2]})
    record = dealt(record)  # Ann 10, Bob 0, Cy 10, Di 0: nobody is 20 behind
    assert actions.blind_offers(record) == []
    with pytest.raises(RecordError, match="Cy may not bid blind now") as refused:
        actions.bid(record, 2, 1, blind=True)
    assert refused.value.path == "hands[1].blind"
    record = new_game(modifiers=["blind"], deals={"pattern": "custom", "sizes": [3, 3, 3]})
    record["hands"].append(
        {"cards": 3, "dealer": 3, "trump": "hearts", "bids": [3, 0, 1, 1], "tricks": [3, 0, 0, 0]}
    )  # Ann 13, Bob 10, Cy 0, Di 0
    record["hands"].append(
        {"cards": 3, "dealer": 0, "trump": "hearts", "bids": [3, 0, 1, 1], "tricks": [3, 0, 0, 0]}
    )  # Ann 26, Bob 20, Cy 0, Di 0
    record = dealt(record)  # Bob deals: Cy, Di, Ann, Bob
    assert actions.blind_offers(record) == [2, 3]
    outcome = actions.bid(record, 2, 2, blind=True)
    assert outcome.record["hands"][2]["blind"] == [2]
    assert actions.blind_offers(outcome.record) == [3]
    opened = actions.bid(outcome.record, 3, 0).record  # Di bids openly: no more blind bids
    assert actions.blind_offers(opened) == []


def test_the_dealers_hooked_blind_bid_moves_up_by_one_with_a_message():
    record = new_game(modifiers=["blind"], deals={"pattern": "custom", "sizes": [3, 3, 3]})
    record["hands"].append(
        {"cards": 3, "dealer": 2, "trump": "hearts", "bids": [3, 0, 1, 1], "tricks": [3, 0, 0, 0]}
    )  # Ann 13, Bob 10, Cy 0, Di 0
    record["hands"].append(
        {"cards": 3, "dealer": 3, "trump": "hearts", "bids": [3, 0, 1, 1], "tricks": [3, 0, 0, 0]}
    )  # Ann 26, Bob 20, Cy 0, Di 0
    record = dealt(record)  # Ann deals: Bob, Cy, Di, then Ann
    record = actions.bid(record, 1, 1).record
    record = actions.bid(record, 2, 1).record
    # Ann is the leader, so she may not bid blind; the hook still stops her openly.
    with pytest.raises(RecordError, match="Ann may not bid blind"):
        actions.bid(record, 0, 1, blind=True)
    # Di, 26 behind, deals the next hand in a game where she bids blind as dealer.
    game = new_game(modifiers=["blind"], deals={"pattern": "custom", "sizes": [3, 3, 3]})
    game["hands"].append({"cards": 3, "dealer": 1, "trump": "hearts", "bids": [3, 0, 1, 1], "tricks": [3, 0, 0, 0]})
    game["hands"].append({"cards": 3, "dealer": 2, "trump": "hearts", "bids": [3, 0, 1, 1], "tricks": [3, 0, 0, 0]})
    game = dealt(game)  # Di deals: Ann, Bob, Cy, then Di
    assert actions.blind_offers(game) == [2, 3]
    game = actions.bid(game, 3, 1, blind=True).record
    game = actions.bid(game, 0, 1).record
    game = actions.bid(game, 1, 1).record
    outcome = actions.bid(game, 2, 0)  # 1 + 1 + 0 + Di's 1 would make 3: the hook moves Di to 2
    assert outcome.record["hands"][2]["bids"] == [1, 1, 0, 2]
    assert str(outcome.message) == "Di bid 1 blind, but the hook forbids it: Di's bid becomes 2."
    unhooked = actions.bid(game, 2, 1)  # 1 + 1 + 1 + 1 is 4: nothing moves, nothing said
    assert unhooked.record["hands"][2]["bids"] == [1, 1, 1, 1] and unhooked.message is None


# ---- bids at once -------------------------------------------------------------------------------


def test_simultaneous_bids_are_entered_together_and_checked_against_the_cards():
    record = dealt(new_game(bidding="simultaneous"))
    with pytest.raises(RecordError, match=r"A bid is 0 to 3: check Bob, Di\."):
        actions.bids_at_once(record, {0: 1, 1: 4, 2: 0, 3: 5})
    with pytest.raises(RecordError, match="Enter Cy's bid"):
        actions.bids_at_once(record, {0: 1, 1: 1, 3: 1})
    with pytest.raises(RecordError, match=r"A bid is 0 to 3: check Ann\."):
        actions.bids_at_once(record, {0: -1, 1: 1, 2: 1, 3: 0})
    outcome = actions.bids_at_once(record, {0: 1, 1: 1, 2: 1, 3: 0})  # adds up to 3: no hook here
    assert outcome.record["hands"][0]["bids"] == [1, 1, 1, 0]
    assert outcome.entry == ("bids", {"hand": 0, "bids": [1, 1, 1, 0], "blind": []})
    assert actions.step(outcome.record) == "tricks"


def test_cooperative_bids_must_add_up_to_the_cards():
    record = dealt(new_game(bidding="cooperative"))
    with pytest.raises(RecordError) as refused:
        actions.bids_at_once(record, {0: 1, 1: 1, 2: 1, 3: 1})
    assert str(refused.value.message) == "Cooperative bids must add up to exactly 3; these add up to 4 (over by 1)."
    with pytest.raises(RecordError, match=r"add up to 1 \(under by 2\)"):
        actions.bids_at_once(record, {0: 1, 1: 0, 2: 0, 3: 0})
    assert actions.bids_at_once(record, {0: 1, 1: 1, 2: 1, 3: 0}).record["hands"][0]["bids"] == [1, 1, 1, 0]


def test_bids_at_once_are_refused_where_bids_go_in_turn():
    with pytest.raises(RecordError, match="one at a time"):
        actions.bids_at_once(dealt(new_game()), {0: 1, 1: 1, 2: 0, 3: 0})


def test_a_blind_mark_at_once_counts_only_for_a_seat_offered_it():
    record = new_game(bidding="simultaneous", modifiers=["blind"], deals={"pattern": "custom", "sizes": [3, 3, 3]})
    record["hands"].append({"cards": 3, "dealer": 0, "trump": "hearts", "bids": [3, 0, 1, 1], "tricks": [3, 0, 0, 0]})
    record["hands"].append(
        {"cards": 3, "dealer": 1, "trump": "hearts", "bids": [3, 0, 1, 1], "tricks": [3, 0, 0, 0]}
    )  # Ann 26, Bob 20, Cy 0, Di 0
    record = dealt(record)
    outcome = actions.bids_at_once(record, {0: 1, 1: 0, 2: 1, 3: 0}, blind=[0, 2])
    assert outcome.record["hands"][2]["blind"] == [2]  # Ann leads: her mark is ignored


# ---- trump, tricks ------------------------------------------------------------------------------


def test_the_highest_bidder_names_trump_after_the_bids():
    record = bid_all(actions.deal(new_game(trump="highest_bidder")).record, 2, 1, 0, 1)
    with pytest.raises(RecordError, match="Choose the trump"):
        actions.name_trump(record, "stars")
    outcome = actions.name_trump(record, "none")
    assert outcome.record["hands"][0]["trump"] == "none" and actions.step(outcome.record) == "tricks"
    with pytest.raises(actions.WrongStep):
        actions.name_trump(dealt(new_game()), "spades")


def test_tricks_as_bid_and_the_dealer_takes_what_is_left():
    record = bid_all(dealt(new_game()), 1, 1, 0, 2)  # Bob 1, Cy 1, Di 0, Ann 2 (sum 4: over)
    outcome = actions.record_tricks(record, [None, 2, 0, 0])  # Bob took 2, Cy none: Ann has 1 left
    assert outcome.record["hands"][0]["tricks"] == [1, 2, 0, 0]
    assert rules.score(outcome.game)["totals"] == [0, 0, 0, 10]
    with pytest.raises(RecordError) as refused:
        actions.record_tricks(record, [None, 2, 2, 0])
    assert str(refused.value.message) == "The tricks add up to more than the 3 cards: 4 without Ann."
    with pytest.raises(actions.WrongStep):
        actions.record_tricks(dealt(new_game()), [None] * 4)


def test_identical_cards_cancel_lets_the_tricks_add_up_to_fewer():
    record = bid_all(dealt(new_game(modifiers=["identical_cards_cancel"])), 1, 1, 0, 0)
    assert actions.record_tricks(record, [0, 1, 1, 0]).record["hands"][0]["tricks"] == [0, 1, 1, 0]
    with pytest.raises(RecordError, match="add up to 4"):
        actions.record_tricks(record, [1, 1, 1, 1])


def test_a_penalty_takes_its_default_points_or_those_given():
    record = bid_all(dealt(new_game()), 1, 1, 0, 0)
    outcome = actions.record_tricks(record, [None] * 4, {"seat": 2, "reason": "revoke"})
    assert outcome.record["hands"][0]["penalties"] == [{"seat": 2, "reason": "revoke", "points": -20}]
    assert rules.score(outcome.game)["totals"] == [0, 11, 11 - 20, 10]
    given = actions.record_tricks(record, [None] * 4, actions.penalty(2, "other", -5))
    assert rules.score(given.game)["totals"][2] == 11 - 5
    with pytest.raises(RecordError) as refused:
        actions.record_tricks(record, [None] * 4, {"seat": 9, "reason": "revoke"})
    assert refused.value.path == "hands[0].penalties[0].seat"


def test_a_missed_cooperative_hand_is_dealt_again_and_the_message_says_so():
    record = dealt(new_game(bidding="cooperative"))
    record = actions.bids_at_once(record, {0: 1, 1: 1, 2: 1, 3: 0}).record
    missed = actions.record_tricks(record, [0, 2, 1, 0])
    assert str(missed.message) == "Missed by Ann, Bob. The hand is dealt again: Bob deals 3."
    assert actions.upcoming(missed.game)["cards"] == 3
    made = actions.record_tricks(record, [None] * 4)
    assert made.message is None and actions.upcoming(made.game)["cards"] == 2


# ---- corrections ----------------------------------------------------------------------------------


def test_correct_a_finished_hand_and_the_totals_after_it_are_rescored():
    record = actions.record_tricks(bid_all(dealt(new_game()), 1, 1, 0, 0), [None] * 4).record
    outcome = actions.correct_hand(record, 1, [0, 1, 1, 0], [0, 1, 1, 1], trump="spades")
    assert str(outcome.message) == "Hand 1 corrected; the totals after it are rescored."
    assert rules.score(outcome.game)["totals"] == [10, 11, 11, 0]
    assert outcome.entry[0] == "edit" and outcome.entry[1]["before"]["tricks"] == [1, 1, 1, 0]
    assert outcome.entry[1]["after"]["tricks"] == [0, 1, 1, 1]
    assert outcome.record["hands"][0]["trump"] == "spades"
    # The hook still holds in a correction: Ann (dealer) may not make it even.
    with pytest.raises(RecordError, match="hook"):
        actions.correct_hand(record, 1, [1, 1, 1, 0], [0, 1, 1, 1], trump="spades")
    with pytest.raises(RecordError, match="no finished hand 2"):
        actions.correct_hand(record, 2, [0, 1, 1, 0], [0, 1, 1, 1])


def test_a_correction_keeps_recorded_counts_and_drops_penalties_asked():
    record = bid_all(dealt(new_game()), 1, 1, 0, 0)
    record = actions.record_tricks(record, [None] * 4, {"seat": 1, "reason": "other"}).record
    kept = actions.correct_hand(record, 1, [0, 1, 1, 0], [None, None, None, None], trump="hearts")
    assert kept.record["hands"][0]["tricks"] == [1, 1, 1, 0] and len(kept.record["hands"][0]["penalties"]) == 1
    dropped = actions.correct_hand(record, 1, [0, 1, 1, 0], [None] * 4, trump="hearts", drop_penalties=[0])
    assert dropped.record["hands"][0]["penalties"] == []


# ---- the table changes ----------------------------------------------------------------------------


def test_arrive_starts_from_zero_the_lowest_total_or_a_number():
    record = actions.record_tricks(bid_all(dealt(new_game(hook=False)), 1, 1, 0, 1), [None] * 4).record
    assert rules.score(rules.load(record))["totals"] == [11, 11, 11, 10]
    assert str(actions.arrive(record, "Ed").message) == "Ed joins with 0."
    lowest = actions.arrive(record, " Ed ", "lowest")
    assert str(lowest.message) == "Ed joins with 10." and lowest.record["table"]["joining"] == [
        {"seat": 4, "total": 10}
    ]
    assert str(actions.arrive(record, "Ed", "number", 7.5).message) == "Ed joins with 7.5."
    with pytest.raises(RecordError, match=r"Ann is already at the table; choose another name\.$"):
        actions.arrive(record, "ann")
    with pytest.raises(RecordError, match="Enter the starting total as a number"):
        actions.arrive(record, "Ed", "number", None)
    with pytest.raises(RecordError, match="Enter the starting total as a number"):
        actions.arrive(record, "Ed", "number", "lots")


def test_leave_sit_out_and_sit_in():
    record = new_game()
    left = actions.leave(record, 1)
    assert str(left.message) == "Bob has left: out of every further hand." and left.entry[0] == "table"
    with pytest.raises(RecordError, match=r"Bob has left the game\.$"):
        actions.sit_out(left.record, 1)
    out = actions.sit_out(record, 2)
    assert str(out.message) == "Cy sits out the next hand." and actions.upcoming(out.game)["out"] == [2]
    back = actions.sit_in(out.record, 2)
    assert str(back.message) == "Cy plays the next hand." and actions.upcoming(back.game)["out"] == []
    with pytest.raises(RecordError, match="There is no seat 7 at this table"):
        actions.leave(record, 7)


def test_plan_changes_and_their_refusals():
    record = new_game()
    inserted = actions.change_plan(record, "insert", 2, 1)
    assert inserted.game.plan() == [3, 1, 2] and str(inserted.message) == "The plan of hands is changed."
    assert inserted.entry == ("plan", {"action": "insert", "seat": None, "name": None, "position": 2, "cards": 1})
    with pytest.raises(RecordError, match="Enter the number of cards"):
        actions.change_plan(record, "resize", 1)
    with pytest.raises(RecordError, match="nothing to cut"):
        actions.change_plan(record, "cut")
    with pytest.raises(RecordError, match="A hand is being played"):
        actions.change_plan(dealt(record), "skip", 2)
    assert actions.change_plan(record, "skip", 2).game.plan() == [3]


def test_table_change_dispatches_and_refuses_an_unknown_change():
    record = new_game()
    assert str(actions.table_change(record, "sit_out", seat=3).message) == "Di sits out the next hand."
    assert actions.table_change(record, "resize", position=1, cards=5).game.plan() == [5, 2]
    with pytest.raises(RecordError, match="Choose what changes at the table"):
        actions.table_change(record, "dance")


def test_again_passes_the_first_deal_left():
    record = actions.record_tricks(bid_all(dealt(new_game()), 1, 1, 0, 0), [None] * 4).record
    fresh = actions.again(record).record
    assert fresh["hands"] == [] and fresh["rules"]["first_dealer"] == 1 and fresh["players"] == record["players"]


# ---- a whole game ---------------------------------------------------------------------------------


def test_a_whole_game_through_actions_scores_as_the_same_game_written_out():
    """Five hands with a late arrival, a sit-out, a penalty, a correction and a cut, against the record by hand."""
    record = new_game(deals={"pattern": "custom", "sizes": [3, 2, 2, 1, 1, 1]})
    record = actions.deal(record, trump="hearts").record
    record = bid_all(record, 1, 1, 0, 0)  # Bob, Cy, Di, Ann
    record = actions.record_tricks(record, [0, 2, 1, 0]).record  # Ann (dealer) takes 0
    record = actions.sit_out(record, 2).record  # Cy sits out hand 2
    record = actions.deal(record, trump="spades").record  # Bob deals 2
    record = bid_all(record, 1, 1, 1)  # Di, Ann, Bob
    record = actions.record_tricks(record, [1, 0, None, 1], {"seat": 0, "reason": "revoke"}).record
    record = actions.arrive(record, "Ed", "lowest").record  # joins with the last place's total
    record = actions.deal(record, trump="none").record  # Cy deals 2, five dealt in
    record = bid_all(record, 0, 1, 0, 0, 0)  # Di, Ed, Ann, Bob, Cy
    record = actions.record_tricks(record, [1, 0, None, 0, 1]).record
    record = actions.correct_hand(record, 1, [0, 1, 1, 0, None], [0, 2, 1, 0, None], trump="clubs").record
    record = actions.change_plan(record, "cut").record
    assert actions.step(record) == "over"

    by_hand = {
        "players": ["Ann", "Bob", "Cy", "Di", "Ed"],
        "rules": {
            "scoring": "exact",
            "hook": True,
            "deals": {"pattern": "custom", "sizes": [3, 2, 2, 1, 1, 1], "hands": 3, "decks": 1, "players": 4},
        },
        "hands": [
            {
                "cards": 3,
                "dealer": 0,
                "trump": "clubs",
                "bids": [0, 1, 1, 0, None],
                "tricks": [0, 2, 1, 0, None],
                "out": [4],
            },
            {
                "cards": 2,
                "dealer": 1,
                "trump": "spades",
                "bids": [1, 1, None, 1, None],
                "tricks": [1, 0, None, 1, None],
                "out": [2, 4],
                "penalties": [{"seat": 0, "reason": "revoke", "points": -20}],
            },
            {
                "cards": 2,
                "dealer": 2,
                "trump": "none",
                "bids": [0, 0, 0, 0, 1],
                "tricks": [1, 0, 0, 0, 1],
                "joins": [{"seat": 4, "total": 0}],
            },
        ],
    }
    played, written = rules.score(rules.load(record)), rules.score(rules.load(by_hand))
    assert played == written
    # Ann 10, 11 - 20, 0; Bob 0, 0, 10; Cy 11, out, 10; Di 10, 11, 10; Ed starts at Bob's 0 (last place), then 11.
    assert played["totals"] == [1, 10, 21, 31, 11]
    assert played["finished"] and played["winner"] == ["Di"]


def test_actions_never_change_the_record_given():
    record = dealt(new_game())
    before = copy.deepcopy(record)
    actions.bid(record, 1, 2)
    actions.sit_out(record, 3)
    actions.arrive(record, "Ed")
    assert record == before


@settings(max_examples=WALKS, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(legal_games())
def test_any_legal_game_replayed_through_actions_scores_the_same(written):
    """Deal, bid in turn and record the tricks of every hand of a random legal game through the actions."""
    record = {**written, "hands": []}
    for hand in written["hands"]:
        assert actions.step(record) == "deal"
        record = actions.deal(record, cards=hand["cards"], trump=hand["trump"]).record
        for seat in rules.bidding_order(hand["dealer"], len(hand["bids"])):
            record = actions.bid(record, seat, hand["bids"][seat]).record
        assert actions.step(record) == "tricks"
        record = actions.record_tricks(record, hand["tricks"]).record
    assert record["hands"] == written["hands"]
    assert rules.score(rules.load(record)) == rules.score(rules.load(written))
