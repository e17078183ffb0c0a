"""Counted nouns (issue 17): "1 hand", never "1 hands" or "deck(s)", wherever a count is shown."""

from hypothesis import given, strategies as st

from scorekeeper import rules
from tests.game_helpers import create, record


@given(st.integers(min_value=0, max_value=10_000))
def test_one_is_singular_and_every_other_count_plural(number):
    text = rules.counted(number, "hand")
    assert text == (f"{number} hand" if number == 1 else f"{number} hands")
    assert rules.counted(number, "copy").endswith("copy" if number == 1 else "copies")


def test_a_game_of_one_hand_reads_1_hand_on_the_home_page(client):
    create(client, record(hands=record()["hands"][:1]), claim=False)
    html = client.get("/").get_data(as_text=True)
    assert "1 hand ·" in html and "1 hands" not in html


def test_a_deck_too_small_says_deck_not_decks():
    try:
        rules.hand_sizes("up", 4, decks=1, max_cards=20)
    except ValueError as error:
        assert "more than 1 deck " in str(error) and "deck(s)" not in str(error)
    else:
        raise AssertionError("20 cards for 4 players from 1 deck was accepted")
