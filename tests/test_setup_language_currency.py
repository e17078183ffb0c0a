"""A game's sheet language and its stake's currency: chosen at setup, kept by "again", export and import."""

import html
import json
import re

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from scorekeeper import rules, store
from scorekeeper.text import words
from scorekeeper.web.i18n import LANGUAGES
from scorekeeper.web.setup_form import CURRENCIES
from tests.examples import REQUESTS
from tests.game_helpers import create, game_id_of, record
from tests.html_forms import form_data, submit
from tests.owner_helpers import owner_client
from tests.table_helpers import SETUP
from tests.transfer_helpers import upload

PLAYERS = {name: value for name, value in SETUP.items() if name != "stake"}  # the form's own stake
# Form text a browser can send (a lone surrogate cannot be encoded as UTF-8 at all).
POSTED = st.text(st.characters(blacklist_categories=("Cs",)), max_size=40)


def stored(app, game_id):
    with app.app_context():
        return store.get_game(store.get_db(), game_id)["record"]


def selected(page, name):
    """The value a select of the page shows chosen."""
    return dict(form_data(page)[1])[name]


def errors(response):
    return " ".join(
        html.unescape(m)
        for m in re.findall(r'<p class="flash error" role="alert">(.*?)</p>', response.get_data(as_text=True), re.S)
    )


def set_up(client, **fields):
    response = submit(client, "/games/new", {**PLAYERS, **fields})
    assert response.status_code == 302, errors(response)
    return game_id_of(response.headers["Location"])


@pytest.mark.parametrize(
    "phone, language, currency",
    [
        (None, "en", ""),
        ("en-GB,en;q=0.8", "en", ""),
        ("nl-BE,nl;q=0.9", "nl", "EUR"),
        ("de", "de", "EUR"),
        ("fr-FR", "fr", "EUR"),
        ("es-AR,es;q=0.9", "es", "EUR"),
    ],
)
def test_the_defaults_follow_the_language_the_page_is_shown_in(app, phone, language, currency):
    client = owner_client(app)
    if phone:
        client.environ_base["HTTP_ACCEPT_LANGUAGE"] = phone
    page = client.get("/games/new").get_data(as_text=True)
    assert selected(page, "language") == language and selected(page, "currency") == currency
    saved = stored(app, set_up(client))
    assert saved["language"] == language
    assert saved["rules"].get("currency", "") == currency  # points: no currency key at all
    assert "currency" in saved["rules"] or not currency


def test_the_choices_name_each_language_in_its_own_words_and_each_currency_in_the_pages(app):
    client = owner_client(app)
    client.environ_base["HTTP_ACCEPT_LANGUAGE"] = "nl"
    page = client.get("/games/new").get_data(as_text=True)
    for name in LANGUAGES.values():
        assert f">{name}</option>" in page
    assert "Amerikaanse dollar (US$)" in page and "Euro (€)" in page  # Babel's Dutch names
    english = owner_client(app).get("/games/new").get_data(as_text=True)
    assert "US Dollar ($)" in english and "Chilean Peso (CLP)" in english


@settings(max_examples=REQUESTS, suppress_health_check=[HealthCheck.function_scoped_fixture], deadline=None)
@given(language=POSTED | st.sampled_from(list(LANGUAGES)), currency=POSTED | st.sampled_from(CURRENCIES))
def test_any_posted_language_or_currency_is_stored_or_refused_with_a_message(client, app, language, currency):
    response = submit(client, "/games/new", {**PLAYERS, "language": language, "currency": currency})
    assert response.status_code in (302, 400)
    if language in LANGUAGES and (currency in CURRENCIES or currency == ""):
        assert response.status_code == 302, errors(response)
        saved = stored(app, game_id_of(response.headers["Location"]))
        assert saved["language"] == language and saved["rules"].get("currency", "") == currency
    else:
        assert response.status_code == 400
        problem = errors(response)
        assert problem.startswith("Please check: ")
        if language not in LANGUAGES:
            assert "Sheet language: choose one of the languages listed: English, Nederlands" in problem
        if currency and currency not in CURRENCIES:
            assert "Currency: choose a currency from the list, or none to play for points" in problem


@pytest.mark.parametrize(
    "currency, stake, problem",
    [
        ("CLP", "0.5", "Stake per point: a whole number: CLP has no decimals"),
        ("EUR", "0.125", "Stake per point: at most 2 decimals in EUR"),
        ("USD", "1.001", "Stake per point: at most 2 decimals in USD"),
    ],
)
def test_a_stake_with_more_decimals_than_its_currency_is_refused(client, currency, stake, problem):
    response = submit(client, "/games/new", {**PLAYERS, "currency": currency, "stake": stake})
    assert response.status_code == 400 and problem in errors(response)


@settings(max_examples=REQUESTS, suppress_health_check=[HealthCheck.function_scoped_fixture], deadline=None)
@given(
    currency=st.sampled_from(("",) + CURRENCIES),
    stake=st.decimals(min_value=0, max_value=10_000, places=3, allow_nan=False, allow_infinity=False),
)
def test_the_stakes_decimals_follow_the_currency(client, app, currency, stake):
    app.config["STAKE_CEILING"] = 1_000_000  # stakes of any size here: the ceiling is tests/test_stake_ceiling.py's
    places = words.currency_places(currency) if currency else 3  # points: any stake of three decimals
    response = submit(client, "/games/new", {**PLAYERS, "currency": currency, "stake": str(stake)})
    fits = stake == round(stake, places)
    assert response.status_code == (302 if fits else 400), errors(response)
    if fits:
        saved = stored(app, game_id_of(response.headers["Location"]))
        assert saved["rules"]["stake"] == float(stake)


def test_again_keeps_the_language_and_the_currency(client, app):
    game_id = set_up(client, language="fr", currency="CHF", stake="0.5")
    response = submit(client, f"/games/{game_id}/over", action=f"/games/{game_id}/again")
    assert response.status_code == 302
    next_game = stored(app, game_id_of(response.headers["Location"]))
    assert next_game["language"] == "fr" and next_game["rules"]["currency"] == "CHF"
    assert next_game["rules"]["stake"] == 0.5 and next_game["rules"]["first_dealer"] == 1


def test_export_and_import_keep_the_language_and_the_currency(client, app, tmp_path):
    game_id = set_up(client, language="es", currency="ARS", stake="2.5")
    document = json.loads(client.get("/export/games.json").get_data(as_text=True))
    exported = next(game for game in document["games"] if game["id"] == game_id)
    assert exported["language"] == "es" and exported["rules"]["currency"] == "ARS"

    from scorekeeper import create_app  # a second scorekeeper, on another database

    other = create_app({"TESTING": True, "DATABASE": str(tmp_path / "other.db"), "SECRET_KEY": "other"})
    try:
        response = upload(owner_client(other), json.dumps(document))
        assert response.status_code == 302
        imported = stored(other, game_id)
        assert imported["language"] == "es" and imported["rules"]["currency"] == "ARS"
        assert imported["rules"]["stake"] == 2.5
    finally:
        other.extensions["scorekeeper.keeper"].close()


def test_the_api_takes_a_language_and_a_currency_and_refuses_what_the_app_does_not_have(client, app):
    game_id, _key = create(client, {**record(), "language": "de", "rules": {**record()["rules"], "currency": "EUR"}})
    assert stored(app, game_id)["language"] == "de"
    for language in ("xx", "", "EN", 3, ["nl"]):
        response = client.post("/api/games", json={**record(), "language": language})
        assert response.status_code == 422 and response.get_json()["field"] == "language", language
    response = client.post("/api/games", json=record(currency="ZZZ"))
    assert response.status_code == 422 and response.get_json()["field"] == "rules.currency"
    response = client.post("/api/games", json=record(currency="CLP", stake=0.5))
    assert response.status_code == 422 and response.get_json()["field"] == "rules.stake"
    assert "CLP" in response.get_json()["error"]


def test_wtforms_own_messages_speak_the_pages_language(client):
    client.environ_base["HTTP_ACCEPT_LANGUAGE"] = "de"
    response = submit(client, "/games/new", {**PLAYERS, "hook_from": "0"})
    assert response.status_code == 400
    # A range in the catalogue's words (form_fields.RANGE_MESSAGES), not WTForms' "Zahl muss zwischen 1 und 52 liegen"
    assert "Geberregel ab N Karten: muss von 1 bis 52 sein" in errors(response)
    response = submit(client, "/games/new", {**PLAYERS, "scoring": "bridge"})
    assert "Keine gültige Auswahl" in errors(response)  # WTForms' own German catalogue


def test_a_stake_typed_with_the_pages_decimal_comma_is_read(app):
    dutch = owner_client(app)
    dutch.environ_base["HTTP_ACCEPT_LANGUAGE"] = "nl"
    assert stored(app, set_up(dutch, stake="0,25"))["rules"]["stake"] == 0.25
    assert stored(app, set_up(dutch, stake="0.5"))["rules"]["stake"] == 0.5  # a point is read in every language
    english = owner_client(app)
    response = submit(english, "/games/new", {**PLAYERS, "stake": "0,25"})  # English writes 0,25 for no number
    assert response.status_code == 400
    assert "must be a number typed with the digits 0 to 9, like 0.5" in errors(response)


def test_the_api_answers_in_english_whatever_the_phones_language(client, app):
    client.environ_base["HTTP_ACCEPT_LANGUAGE"] = "nl"
    client.set_cookie("lang", "de")
    response = client.post("/api/games", json=record(currency="CLP", stake=0.5))
    assert response.get_json() == {
        "error": "rules.stake: must be a whole number: CLP has no decimals",
        "field": "rules.stake",
    }
    with app.test_request_context("/api/games", headers={"Accept-Language": "nl"}):
        assert words.locale() == "en"
    with app.test_request_context("/games/new", headers={"Accept-Language": "nl"}):
        assert words.locale() == "nl"


JSON_VALUES = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=8),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=4), inner, max_size=3),
    max_leaves=6,
)


@given(
    currency=JSON_VALUES | st.sampled_from(CURRENCIES + ("JPY", "XXX", "eur", "")),
    stake=st.sampled_from([0, 1, 0.5, 0.25, 0.125, 3.0, 1e-7, 999999.99]),
)
def test_the_engine_loads_any_currency_and_stake_or_says_which_field_is_wrong(currency, stake):
    try:
        game = rules.load(record(currency=currency, stake=stake))
    except rules.RecordError as error:
        assert error.path.startswith(("rules.currency", "rules.stake")) and error.message  # or inside: currency[0]
    else:
        assert currency is None or isinstance(currency, str)
        assert game.rules.currency == (currency or "")
        assert not currency or words.currency_places(currency) >= len(repr(float(stake)).partition(".")[2].rstrip("0"))
