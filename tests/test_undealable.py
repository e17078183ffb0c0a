"""A plan the deck cannot deal (issue 17, item 5): said when someone joins, answered by more decks or a cap."""

from hypothesis import given, strategies as st

from scorekeeper import rules

NAMES = ["Ann", "Bob", "Cy", "Di", "Ed", "Flo", "Gus", "Hal", "Ivy", "Jo"]


def okenuff(players):
    return {"players": NAMES[:players], "rules": {"deals": {"pattern": "okenuff"}}, "hands": []}


def test_okenuffs_with_a_fifth_player_says_so_at_once():
    outcome = rules.actions.arrive(rules.load(okenuff(4)), "Ed")
    assert (
        str(outcome.message) == "Ed joins with 0. The deck cannot deal the plan's hands of 13: choose on the Table tab."
    )
    trouble = rules.undealable(outcome.game)
    assert (trouble["limit"], trouble["players"], trouble["decks"], trouble["more_decks"]) == (10, 5, 1, 2)


def test_setup_refuses_it_with_both_choices():
    try:
        rules.load(okenuff(5))
    except rules.RecordError as error:
        assert str(error.message).endswith(
            "choose 2 decks, or cap the hands at 10 (the Custom pattern, sizes 4 5 6 7 8 9 10 10 10 10 10 10 10)"
        )
    else:
        raise AssertionError("Okenuff's for 5 players from 1 deck was accepted")


@given(st.integers(min_value=2, max_value=9), st.integers(min_value=1, max_value=4), st.sampled_from(["cap", "decks"]))
def test_after_either_choice_every_hand_to_come_can_be_dealt(start, joining, choice):
    record = {"players": NAMES[:start], "rules": {"deals": {"pattern": "down-up"}}, "hands": []}
    for name in NAMES[start : start + joining]:
        record = rules.add_player(record, name)
    game = rules.load(record)
    trouble = rules.undealable(game)
    if trouble is None:
        return
    if choice == "decks" and trouble["more_decks"] is None:
        choice = "cap"
    after = rules.actions.change_plan(game, choice).game
    assert rules.undealable(after) is None
    dealt = rules.next_hand(after)
    assert dealt["cards"] == after.plan()[0]  # the plan and the deal agree
