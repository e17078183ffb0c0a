"""The table changes (rules/game/table.py): late arrivals, leaving, sitting out; the engine scores the result."""

import pytest

from scorekeeper import rules


def game_record(hands=()):
    """Four players, exact scoring, down from 12 (the deck's limit for 4) and back up."""
    return {
        "players": ["Ann", "Bob", "Cy", "Di"],
        "rules": {"scoring": "exact", "hook": False, "deals": {"pattern": "down-up"}},
        "hands": list(hands),
    }


def hand(cards, dealer, bids, tricks):
    return {"cards": cards, "dealer": dealer, "trump": "hearts", "bids": bids, "tricks": tricks}


def play_next(record, bids, tricks):
    """Deal the next hand as the engine plans it and record its bids and tricks."""
    game = rules.load(record)
    upcoming = rules.next_hand(game, out=rules.out_for_next_hand(record))
    record = rules.deal_hand(
        record,
        {"cards": upcoming["cards"], "dealer": upcoming["dealer"], "trump": "spades", "bids": bids, "tricks": tricks},
    )
    rules.load(record)
    return record, upcoming


def test_late_arrival_takes_the_last_seat_and_earlier_hands_show_them_out():
    record = game_record([hand(12, 0, [3, 3, 3, 2], [3, 3, 3, 3])])
    record = rules.add_player(record, " Ed ", 13)
    assert record["players"][-1] == "Ed"
    assert record["hands"][0]["bids"] == [3, 3, 3, 2, None] and record["hands"][0]["tricks"][-1] is None
    assert record["hands"][0]["out"] == [4]
    assert record["table"] == {"joining": [{"seat": 4, "total": 13}]}
    # The plan stays the one made for 4 players (12 down to 1 and up), the deck stays one.
    assert record["rules"]["deals"]["players"] == 4 and record["rules"]["deals"]["decks"] == 1
    scored = rules.score(rules.load(record))
    assert scored["hands"][0]["scores"] == [13, 13, 13, 0, None]
    assert scored["planned_hands"] == 23


def test_newcomer_joins_with_the_total_and_the_hand_is_capped_for_five():
    record = rules.add_player(game_record([hand(12, 0, [3, 3, 3, 2], [3, 3, 3, 3])]), "Ed", 13)
    # Hand 2 is planned at 11 cards; five players dealt in can have at most 10 with a trump turned.
    record, upcoming = play_next(record, [2, 2, 2, 2, 2], [2, 2, 2, 2, 2])
    assert upcoming["cards"] == 10 and upcoming["dealer"] == 1
    assert record["hands"][1]["joins"] == [{"seat": 4, "total": 13}]
    assert "table" not in record
    scored = rules.score(rules.load(record))
    assert scored["totals"] == [13 + 12, 13 + 12, 13 + 12, 0 + 12, 13 + 12]


def test_the_deal_passes_to_the_newcomer_after_the_last_seat():
    record = game_record([hand(12, 3, [3, 3, 3, 2], [3, 3, 3, 3])])
    record = rules.add_player(record, "Ed", 0)
    _record, upcoming = play_next(record, [2, 2, 2, 2, 2], [2, 2, 2, 2, 2])
    assert upcoming["dealer"] == 4


def test_sitting_out_lasts_one_hand_and_the_deal_skips_them():
    record = rules.sit_out(game_record([hand(12, 0, [3, 3, 3, 2], [3, 3, 3, 3])]), 1)
    assert rules.out_for_next_hand(record) == [1]
    record, upcoming = play_next(record, [3, None, 3, 4], [3, None, 4, 4])
    assert upcoming["dealer"] == 2  # Bob would deal, but sits out
    assert record["hands"][1]["out"] == [1] and "table" not in record
    assert rules.out_for_next_hand(record) == []
    scored = rules.score(rules.load(record))
    assert scored["hands"][1]["scores"] == [13, None, 0, 14]
    assert scored["totals"] == [26, 13, 13, 14]


def test_sit_out_can_be_taken_back():
    record = rules.sit_out(rules.sit_out(game_record(), 2), 2, out=False)
    assert rules.out_for_next_hand(record) == [] and "table" not in record


def test_a_player_who_leaves_is_out_of_every_further_hand():
    record = rules.leave(game_record([hand(12, 0, [3, 3, 3, 2], [3, 3, 3, 3])]), 3)
    record, _ = play_next(record, [3, 3, 4, None], [3, 3, 5, None])
    record, upcoming = play_next(record, [3, 3, 3, None], [3, 3, 4, None])
    assert upcoming["dealer"] == 2 and upcoming["cards"] == 10
    assert [h.get("out") for h in record["hands"]] == [None, [3], [3]]
    assert record["table"] == {"left": [3]}


def test_refusals_say_what_to_fix():
    record = game_record()
    with pytest.raises(ValueError, match="name"):
        rules.add_player(record, "  ", 0)
    with pytest.raises(ValueError, match="already at the table"):
        rules.add_player(record, "bob", 0)
    with pytest.raises(ValueError, match="no seat 7"):
        rules.leave(record, 7)
    two_left = rules.leave(rules.leave(record, 0), 1)
    with pytest.raises(ValueError, match="has left"):
        rules.sit_out(two_left, 0)
    with pytest.raises(ValueError, match="at least 2 players"):
        rules.leave(two_left, 2)
    with pytest.raises(ValueError, match="at least 2 players"):
        rules.sit_out(two_left, 3)


def test_starting_totals():
    assert rules.starting_total([10, -5, 30], [], "zero") == 0
    assert rules.starting_total([10, -5, 30], [], "lowest") == -5
    assert rules.starting_total([10, -5, 30], [1], "lowest") == 10
    # Where the lowest total wins, the last place has the highest total: a newcomer never starts in the lead.
    assert rules.starting_total([10, -5, 30], [], "lowest", lowest_wins=True) == 30
    assert rules.starting_total([10, -5, 30], [], "number", 7.0) == 7
    with pytest.raises(ValueError, match="number"):
        rules.starting_total([1], [], "number", None)
    with pytest.raises(ValueError, match="choose"):
        rules.starting_total([1], [], "highest")


def test_prospect_sliding_scale_grows_with_a_newcomer():
    record = game_record()
    record["rules"].update(settlement="prospect", payouts=[1, 2, 3], stake=1)
    record = rules.add_player(record, "Ed", 0)
    assert record["rules"]["payouts"] == [1, 2, 3, 4]
    rules.load(record)


def test_unknown_table_keys_survive():
    record = game_record()
    record["table"] = {"note": "Ed comes at nine"}
    record = rules.sit_out(record, 1)
    assert record["table"] == {"note": "Ed comes at nine", "sitting_out": [1]}
    record, _ = play_next(record, [3, None, 3, 3], [3, None, 4, 5])
    assert record["table"] == {"note": "Ed comes at nine"}


def test_the_plan_may_be_pinned_to_fewer_players_only():
    record = game_record()
    record["rules"]["deals"]["players"] = 5
    with pytest.raises(rules.RecordError, match="rules.deals.players"):
        rules.load(record)
