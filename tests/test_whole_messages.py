"""Messages said whole, so every language can say them well (issue 19, the native readers' findings): a tie at the
top reads "Winners", names joined in the language's list, a counted deal, the two "none"s, the list separator, the
edit screen's trumps by name and an entry fee typed with a decimal comma."""

from decimal import Decimal

import pytest
from hypothesis import given, strategies as st

from scorekeeper import printing, rules, store
from scorekeeper.rules import RecordError
from scorekeeper.rules.events import prizes
from scorekeeper.rules.scoring.card import rules_in_words
from scorekeeper.text import history, words
from scorekeeper.web import i18n
from tests.game_helpers import create, record
from tests.owner_helpers import owner_client
from tests.pdf_reading import text as pdf_text

# Bob and Di end level on 21, both with every bid made: they share first place.
TIED = [
    {"cards": 1, "dealer": 0, "trump": "hearts", "bids": [1, 1, 0, 0], "tricks": [0, 1, 0, 0]},
    {"cards": 2, "dealer": 1, "trump": "spades", "bids": [1, 0, 0, 1], "tricks": [1, 0, 0, 1]},
]


def test_a_shared_first_place_reads_winners_on_the_page_the_text_and_the_pdf(app, tmp_path):
    client = owner_client(app)
    game_id, _key = create(client, record(hands=TIED, hook=False))
    over = client.get(f"/games/{game_id}/over").get_data(as_text=True)
    assert "Winners: <b>Bob and Di</b>" in over
    settle = client.get(f"/games/{game_id}/settle").get_data(as_text=True)
    assert "Winners: Bob and Di" in settle and "Winner:" not in settle
    client.set_cookie("lang", "nl")
    assert "Winnaars: Bob en Di" in client.get(f"/games/{game_id}/settle").get_data(as_text=True)
    sheet = pdf_text(printing.game_sheet_pdf(rules.load(record(hands=TIED, hook=False))), tmp_path)
    assert "Winners: Bob and Di" in sheet


def test_the_pdfs_settle_up_line_separates_payments_the_french_way(app, tmp_path):
    with app.test_request_context(), i18n.speaking("fr"):
        sheet = pdf_text(printing.game_sheet_pdf(rules.load(record())), tmp_path)
    # Ann pays Di, Bob pays Cy...: a narrow no-break space before each semicolon (pdftotext may give a space).
    assert "Gagnant" in sheet and " ;" in sheet.replace("\u202f", " ") and "19,00" in sheet


def test_the_house_cards_penalties_are_a_list_in_the_language(app):
    game = rules.load(record())
    with app.test_request_context():
        english = {words.word(label): words.word(text) for label, text in rules_in_words(game)}["Penalties"]
        with i18n.speaking("fr"):
            french = {words.word(label): words.word(text) for label, text in rules_in_words(game)}["Pénalités"]
    assert "; " in english and "\u202f; " in french


def test_the_two_nones_agree_with_their_nouns_in_spanish(app):
    with app.test_request_context(), i18n.speaking("es"):
        assert history.corrections({"trump": "hearts"}, {"trump": None}, ["Ann", "Bob"]) == [
            "triunfo corazones → ninguno"
        ]
        said = history.describe({"kind": "about", "payload": {"date": "2026-11-20"}}, ["Ann", "Bob"])
        assert said.endswith("nota ninguna")


def test_an_undone_deal_counts_its_cards(app):
    deal = {"kind": "deal", "payload": {"dealer": 0, "cards": 1}}
    with app.test_request_context():
        assert history.undone_text(deal, ["Ann", "Bob"]) == "Undone: Ann's deal of 1 card."
        with i18n.speaking("nl"):
            assert (
                history.undone_text(dict(deal, payload={"dealer": 1, "cards": 5}), ["Ann", "Bob"])
                == "Ongedaan gemaakt: het delen van 5 kaarten door Bob."
            )


def test_a_dropped_bonus_and_a_dropped_penalty_are_two_messages(app):
    before = {
        "penalties": [{"seat": 0, "reason": "revoke", "points": -10}, {"seat": 1, "reason": "bonus", "points": 5}]
    }
    with app.test_request_context():
        said = history.corrections(before, {"penalties": []}, ["Ann", "Bob"])
        assert said[0].startswith("penalty dropped: Ann") and said[1].startswith("bonus dropped: Bob")
        with i18n.speaking("es"):
            said = history.corrections(before, {"penalties": []}, ["Ann", "Bob"])
    assert said[0].startswith("penalización quitada: Ann") and said[1].startswith("bonificación quitada: Bob")


def test_the_edit_screen_in_dutch_lists_the_trumps_by_name(app):
    client = owner_client(app)
    game_id, _key = create(client, record())
    client.set_cookie("lang", "nl")
    page = client.get(f"/games/{game_id}/hands/1/edit").get_data(as_text=True)
    assert 'value="hearts">harten</option>' in page and 'value="spades">schoppen</option>' in page
    assert ">hearts<" not in page


@given(st.integers(min_value=0, max_value=prizes.MAX_FEE * 100), st.sampled_from(["nl", "de", "fr", "es"]))
def test_an_entry_fee_with_a_decimal_comma_is_read_where_the_language_writes_one(cents, language):
    typed = f"{cents // 100},{cents % 100:02d}"
    with i18n.speaking(language):
        comma = words.decimal_comma()  # the engine reads a decimal comma where the page says the reader writes one
        assert prizes.parse_fee(typed, comma=comma) == Decimal(cents) / 100
        assert prizes.parse_fee(typed.replace(",", "."), comma=comma) == Decimal(cents) / 100  # a point everywhere


@given(st.text(max_size=40))
def test_an_entry_fee_is_an_amount_or_a_clear_refusal(typed):
    with i18n.speaking("es"):
        try:
            fee = prizes.parse_fee(typed, comma=words.decimal_comma())
        except RecordError as error:
            assert error.path == "money.entry_fee" and "2,50" in words.word(error.message)
        else:
            assert 0 <= fee <= prizes.MAX_FEE and fee == fee.quantize(Decimal("0.01"))


def test_english_reads_a_comma_as_no_decimal_and_says_so():
    with pytest.raises(RecordError, match="like 10 or 2.50"):
        prizes.parse_fee("2,50")


def test_a_spanish_director_types_the_entry_fee_with_a_comma(app):
    from tests.event_web_helpers import act, new_event

    director = owner_client(app)
    director.set_cookie("lang", "es")
    event_id = new_event(director)
    act(director, event_id, do="money", entry_fee="2,50", split="60 40", currency="EUR")
    with app.app_context():
        assert store.get_event(store.get_db(), event_id)["record"]["money"]["entry_fee"] == 2.5


def test_the_sheets_money_if_the_game_ended_now_is_in_the_games_currency(app):
    client = owner_client(app)
    game_id, _key = create(client, record(hands=TIED[:1], hook=False, currency="EUR"))
    page = client.get(f"/games/{game_id}/sheet").get_data(as_text=True)
    assert 'id="last-hands"' in page and "Money: if the game ended now." in page
    assert "gets €" in page and "pays €" in page


def test_the_house_card_in_french_heads_its_outcomes_and_spaces_its_semicolons(app):
    client = app.test_client()
    client.set_cookie("lang", "fr")
    page = client.get("/house/card?preset=boerenbridge").get_data(as_text=True)
    assert "<th>résultat</th>" in page and "\u202f; " in page
