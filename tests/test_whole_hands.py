"""Hands taken whole (rules/actions/whole_hands.py): a finished hand appended at once, checked as the record's
others, and the deals ahead that the offline page deals without a connection, which are the server's."""

import pytest
from hypothesis import given, reject
from hypothesis import strategies as st

from scorekeeper import rules
from scorekeeper.rules import RecordError, actions

HAND = {"cards": 3, "dealer": 1, "bids": [1, 0, 1, 0], "tricks": [1, 1, 1, 0], "trump": "hearts"}


def new_game(hands=()):
    """Ann, Bob, Cy, Di; exact scoring, the hook, hands of 2 then 3 cards, Ann deals first."""
    return {
        "players": ["Ann", "Bob", "Cy", "Di"],
        "hands": list(hands),
        "rules": {"scoring": "exact", "hook": True, "deals": {"pattern": "custom", "sizes": [2, 3]}},
    }


FIRST = {"cards": 2, "dealer": 0, "bids": [0, 1, 0, 0], "tricks": [0, 1, 1, 0], "trump": "spades"}


def test_a_finished_hand_is_appended_and_the_record_given_is_left_alone():
    record = new_game([FIRST])
    outcome = actions.append_hand(record, HAND)
    assert outcome.record["hands"] == [FIRST, HAND] and record["hands"] == [FIRST]
    assert outcome.entry == ("hand", {"hand": 1}) and outcome.game.hands[-1].complete
    assert rules.score(outcome.game)["totals"] == rules.score(rules.load(outcome.record))["totals"]
    assert actions.step(outcome.game) == "over"


@pytest.mark.parametrize(
    "hand, path",
    [
        ("a string", "hands[1]"),
        ({k: v for k, v in HAND.items() if k != "tricks"}, "hands[1].tricks"),
        ({**HAND, "tricks": [1, 1, 1, 1]}, "hands[1].tricks"),
        ({**HAND, "bids": [1, 0, 1, 1]}, "hands[1].bids[1]"),  # the hook: the dealer's bid may not make the cards
        ({**HAND, "dealer": 9}, "hands[1].dealer"),
        ({**HAND, "notes": "x" * 20_000}, "hands[1].notes"),  # keys this app does not know are bounded
    ],
)
def test_a_hand_that_breaks_the_record_is_refused_naming_its_field(hand, path):
    with pytest.raises(RecordError) as refused:
        actions.append_hand(new_game([FIRST]), hand)
    assert refused.value.path == path and not isinstance(refused.value, actions.WrongStep)


def test_no_hand_is_appended_while_one_is_played_or_once_the_game_is_over():
    in_play = actions.deal(new_game([FIRST]), trump="hearts").record
    with pytest.raises(actions.WrongStep, match="in progress"):
        actions.append_hand(in_play, HAND)
    with pytest.raises(actions.WrongStep, match="over"):
        actions.append_hand(new_game([FIRST, HAND]), HAND)


def test_the_plan_ahead_is_none_when_a_missed_hand_is_dealt_again():
    game = rules.load(
        {
            "players": ["Ann", "Bob", "Cy"],
            "hands": [],
            "rules": {"scoring": "exact", "bidding": "cooperative", "deals": {"pattern": "up", "max": 3}},
        }
    )
    assert game.rules.style.redeal_on_miss and actions.deals_ahead(game) == []


def test_the_deals_ahead_stop_at_the_end_of_the_plan():
    assert [deal["number"] for deal in actions.deals_ahead(new_game())] == [2]
    assert actions.deals_ahead(new_game([FIRST])) == []


@given(st.data())
def test_the_deals_ahead_are_the_deals_the_server_makes_however_the_hands_go(data):
    """The deals ahead (played on the phone offline) are the server's next deals, whatever is bid and taken."""
    pattern = data.draw(st.sampled_from([p.id for p in rules.PATTERNS if not p.takes_sizes]))
    players = data.draw(st.integers(3, 6))
    deals = (
        {"pattern": pattern, "max": data.draw(st.integers(1, 5))}
        if rules.PATTERNS.find(pattern).takes_max
        else {"pattern": pattern}
    )
    try:
        game = rules.load(
            {
                "players": [f"P{s}" for s in range(players)],
                "hands": [],
                "rules": {
                    "scoring": "exact",
                    "hook": data.draw(st.booleans()),
                    "deals": deals,
                    "first_dealer": data.draw(st.integers(0, players - 1)),
                },
            }
        )
    except rules.RecordError:
        reject()  # a plan these players cannot be dealt from one deck
    foreseen = actions.deals_ahead(game)
    assert len(foreseen) <= actions.AHEAD
    for expected in foreseen:
        game = actions.deal(game, None, "hearts").game
        for _ in range(players):
            state = rules.bid_state(game, actions.current_hand(game))
            game = actions.bid(game, state.seat, data.draw(st.sampled_from(state.allowed))).game
        hand = actions.current_hand(game)
        took, left = [None] * players, hand.cards
        for seat in rules.bidding_order(hand.dealer, players, hand.out)[:-1]:
            took[seat] = data.draw(st.integers(0, left))
            left -= took[seat]
        game = actions.record_tricks(game, took).game
        assert actions.upcoming(game) == expected
