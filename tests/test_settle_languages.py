"""Settling up in the reader's language: money in the locale's format and the game's currency (issue 19, item 3)."""

import re
from decimal import Decimal

from babel.numbers import get_currency_precision, list_currencies
from hypothesis import given
from hypothesis import strategies as st

from scorekeeper.rules.club import evenings
from scorekeeper import store
from scorekeeper.rules.game import numbers
from scorekeeper.text import words
from scorekeeper.text.words import names_text
from scorekeeper.text.money_text import payment_lines
from scorekeeper.views.evenings import evening_text
from tests.game_helpers import HANDS, create, record
from tests.html_forms import submit

DUTCH, GERMAN = {"Accept-Language": "nl"}, {"Accept-Language": "de-DE,de;q=0.9"}


def amounts(html):
    """Return the payments' amounts in large type, as shown."""
    return re.findall(r'<span class="amount">(.*?)</span>', html)


def nets(html):
    """Return the net money column of the settle-up's standings."""
    table = re.search(r'<table class="ranks nets">(.*?)</table>', html, re.S)[1]
    return re.findall(r'<td class="num money[^"]*">(.*?)</td>', table)


def textarea(html, name):
    return re.search(rf'<textarea id="{name}" readonly[^>]*>(.*?)</textarea>', html, re.S)[1]


def test_a_dutch_settle_up_shows_euros_the_dutch_way(client):
    # Pairwise at 0.20 a point: nets 0.2 x (4 x total - 63) -> -3.80 -3.80 +3.40 +4.20.
    game_id, _key = create(client, record(stake=0.2, currency="EUR"))
    html = client.get(f"/games/{game_id}/settle", headers=DUTCH).get_data(as_text=True)
    assert amounts(html) == ["€\xa03,80", "€\xa03,40", "€\xa00,40"]
    # Issue 25: the sign where Babel's Dutch pattern puts it ("€ -1,00"; it read "-€ 3,80").
    assert nets(html) == ["€\xa0+4,20", "€\xa0+3,40", "€\xa0-3,80", "€\xa0-3,80"]
    assert "€\xa00,20" in html  # the stake
    assert "€\xa03,80" in textarea(html, "settle-text").splitlines()[2]


def test_a_german_settle_up_puts_the_euro_sign_after(client):
    game_id, _key = create(client, record(stake=0.2, currency="EUR"))
    html = client.get(f"/games/{game_id}/settle", headers=GERMAN).get_data(as_text=True)
    assert amounts(html) == ["3,80\xa0€", "3,40\xa0€", "0,40\xa0€"]


def test_english_with_dollars_and_english_in_points_as_before(client):
    dollars, _key = create(client, record(stake=0.2, currency="USD"))
    assert amounts(client.get(f"/games/{dollars}/settle").get_data(as_text=True)) == ["$3.80", "$3.40", "$0.40"]
    points, _key = create(client, record(stake=0.2))
    html = client.get(f"/games/{points}/settle", headers=DUTCH).get_data(as_text=True)
    assert amounts(html) == ["3,80", "3,40", "0,40"]  # no currency: a plain number, Dutch decimal comma
    english = client.get(f"/games/{points}/settle").get_data(as_text=True)
    assert amounts(english) == ["3.80", "3.40", "0.40"]


def test_the_evening_ledger_in_the_games_currency(client, app):
    first, _key = create(client, record(stake=0.2, currency="EUR"))
    with app.app_context():
        evening_id = store.evening_of(store.get_db(), first)
    html = client.get(f"/evenings/{evening_id}", headers=DUTCH).get_data(as_text=True)
    assert amounts(html) == ["€\xa03,80", "€\xa03,40", "€\xa00,40"]
    assert "€\xa0+4,20" in html and "€\xa0-3,80" in html  # issue 25: Babel's Dutch pattern
    assert "Ann +" not in textarea(html, "evening-text") and "Di €\xa0+4,20" in textarea(html, "evening-text")


def game(currency, nets_by_seat, finished=True):
    meta = {"id": currency + str(nets_by_seat), "date": "2026-11-25", "currency": currency}
    return meta, {
        "players": ["Ann", "Bob"],
        "finished": finished,
        "winner": ["Ann"],
        "system": "exact",
        "options": {},
        "totals": [10, 0],
        "ranks": [1, 2],
        "settlement": {"method": "pairwise", "stake": 1, "net": nets_by_seat},
    }


def test_an_evening_in_two_currencies_is_not_added_up():
    book = evenings.ledger([game("EUR", [5.0, -5.0]), game("USD", [3.0, -3.0])])
    assert book["mixed"] and book["currencies"] == ["EUR", "USD"]
    assert book["payments"] == [] and book["pot"] is None
    same = evenings.ledger([game("EUR", [5.0, -5.0]), game("EUR", [3.0, -3.0]), game("USD", [1.0, -1.0], False)])
    assert not same["mixed"] and same["currency"] == "EUR"  # a game still playing has no money yet
    assert same["payments"] == [{"from": "Bob", "to": "Ann", "amount": 8.0}]


def test_an_evening_in_two_currencies_says_so_in_its_text(app):
    book = evenings.ledger([game("EUR", [5.0, -5.0]), game("USD", [3.0, -3.0])])
    with app.test_request_context(headers=GERMAN):
        text = evening_text({"date": "2026-11-25"}, book, [])
    assert "EUR, USD" in text and "+" not in text  # no sums, no payments
    one = evenings.ledger([game("EUR", [5.0, -5.0]), game("EUR", [3.0, -3.0])])
    with app.test_request_context(headers=GERMAN):
        text = evening_text({"date": "2026-11-25"}, one, payment_lines(one["payments"], "EUR"))
    assert "Ann +8,00\xa0€" in text and "Bob -8,00\xa0€" in text and "8,00\xa0€" in text.splitlines()[-1]


def test_names_are_listed_the_languages_way():
    assert names_text(["Ann", "Bob", "Cy"]) == "Ann, Bob and Cy"
    with speaking("nl"):
        assert names_text(["Ann", "Bob", "Cy"]) == "Ann, Bob en Cy"
    with speaking("de"):
        assert names_text(["Ann", "Bob"]) == "Ann und Bob"


def speaking(code):
    """Say words in a locale (no catalogue: numbers, money and lists) for the length of a with block."""
    return words.saying(lambda: (words.ENGLISH, code))


CURRENCIES = st.one_of(st.just(""), st.sampled_from(sorted(list_currencies())), st.from_regex(r"\A[A-Z]{3}\Z"))
AMOUNTS = st.one_of(
    st.decimals(min_value=-(10**9), max_value=10**9, places=2),
    st.floats(min_value=-(10**9), max_value=10**9, allow_nan=False).map(lambda x: round(x, 2)),
)


@given(amount=AMOUNTS, currency=CURRENCIES, code=st.sampled_from(["en", "nl", "de", "fr", "es"]))
def test_money_never_raises_and_keeps_the_amounts_digits(amount, currency, code):
    places = get_currency_precision(currency) if currency else 2
    expected = Decimal(str(amount)).quantize(Decimal(1).scaleb(-places))
    with speaking(code):
        shown = words.money(amount, currency)
    digits = re.sub(r"\D", "", shown.replace(currency, "") if currency else shown)
    assert digits.lstrip("0") == re.sub(r"\D", "", f"{abs(expected):f}").lstrip("0")
    assert ("-" in shown or "\u2212" in shown) == (expected < 0)


def test_an_evening_in_two_currencies_says_so_on_its_page(client, app):
    first, _key = create(client, record(stake=1, currency="EUR"))
    with app.app_context():
        db = store.get_db()
        evening_id = store.evening_of(db, first)
        store.create_game(db, record(stake=1, currency="USD"), evening_id=evening_id)
    html = client.get(f"/evenings/{evening_id}", headers=GERMAN).get_data(as_text=True)
    assert re.search(r'<p class="flash" id="mixed-currencies">[^<]*\(EUR, USD\)', html)
    assert 'class="settle-list"' not in html and 'class="grid ledger"' not in html
    # Each game's money in its own currency: Ann's -19 in euros, then in dollars.
    assert "-19,00\xa0€" in html and "-19,00\xa0$" in html
    assert "EUR, USD" in textarea(html, "evening-text") and not re.search("pays|zahlt", textarea(html, "evening-text"))


def test_a_game_not_over_counts_its_planned_hands(client):
    # The plural follows the planned hands (2), not the hands played (1).
    game_id, _key = create(client, record(hands=HANDS[:1]))
    html = client.get(f"/games/{game_id}/settle").get_data(as_text=True)
    assert "this is how it stands after 1 of 2 hands." in html


def stake_box(html):
    return re.search(r'<input[^>]*id="stake"[^>]*>', html)[0]


def test_the_stake_box_reads_the_locales_way_with_the_currencys_decimals(client, app):
    game_id, _key = create(client, record(stake=0.5, currency="EUR"))
    dutch = stake_box(client.get(f"/games/{game_id}/settle", headers=DUTCH).get_data(as_text=True))
    assert 'value="0,50"' in dutch and 'type="text"' in dutch and 'inputmode="decimal"' in dutch
    assert 'value="0.50"' in stake_box(client.get(f"/games/{game_id}/settle").get_data(as_text=True))
    yen, _key = create(client, record(stake=5, currency="JPY"))
    assert 'value="5"' in stake_box(client.get(f"/games/{yen}/settle", headers=GERMAN).get_data(as_text=True))


def test_a_stake_typed_with_a_decimal_comma_on_a_dutch_phone_is_stored(client, app):
    game_id, _key = create(client, record(stake=0.5, currency="EUR"))
    url = f"/games/{game_id}/settle"
    client.post("/language", data={"lang": "nl", "next": "/"})  # the gear menu's switch: this phone reads Dutch
    assert 'value="0,50"' in stake_box(client.get(url).get_data(as_text=True))
    submit(client, url, {"settlement": "pairwise", "stake": "0,75"})
    with app.app_context():
        assert store.get_game(store.get_db(), game_id)["record"]["rules"]["stake"] == 0.75
    assert 'value="0,75"' in stake_box(client.get(url).get_data(as_text=True))


@given(stake=st.decimals(min_value=0, max_value=9999, places=2), code=st.sampled_from(["en", "nl", "de", "fr", "es"]))
def test_what_the_stake_box_shows_reads_back(stake, code):
    with words.saying(lambda: (words.ENGLISH, code)):
        shown = str(stake.quantize(Decimal("0.01"))).replace(".", words.decimal_symbol())
        assert numbers.parse_decimal(shown, comma=words.decimal_comma()) == stake
