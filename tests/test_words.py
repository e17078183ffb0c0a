"""Counted nouns (issues 17 and 19): "1 hand", never "1 hands" or "deck(s)", the plural form each language's
catalogue gives (French says "0 donne": 0 is singular there)."""

from hypothesis import given, strategies as st

from scorekeeper import rules
from scorekeeper.web.i18n import speaking
from scorekeeper.text.words import ngettext
from tests.game_helpers import create, record


def hands(number):
    return ngettext("%(num)d hand", "%(num)d hands", number)


@given(st.integers(min_value=0, max_value=10_000))
def test_each_language_counts_hands_by_its_own_plural_rule(number):
    assert hands(number) == (f"{number} hand" if number == 1 else f"{number} hands")
    with speaking("nl"):
        assert hands(number) == (f"{number} ronde" if number == 1 else f"{number} rondes")
    with speaking("fr"):
        assert hands(number) == (f"{number} donne" if number in (0, 1) else f"{number} donnes")


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
