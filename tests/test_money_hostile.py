"""The payment and IBAN forms fed hostile text and numbers (Hypothesis): every answer is a page or a refusal in
words, never a 500; what is kept is always a payment between two players of the roster, in an ISO 4217 currency,
of exactly the amount typed in its minor unit, and an IBAN of a SEPA country with a clean holder's name; and /money
still shows."""

import re
from decimal import Decimal, InvalidOperation

import pytest
from hypothesis import HealthCheck, example, given, settings, strategies as st

from scorekeeper import store
from scorekeeper.rules.game import names
from scorekeeper.rules.money import amounts, sepa
from tests.examples import REQUESTS
from tests.game_helpers import create
from tests.html_forms import form_data
from tests.money_helpers import totals_game

TEXT = st.text(st.characters(blacklist_categories=("Cs",)), max_size=30)
NAMES = st.sampled_from(["Ann", "bob", "CY ", "Ann\u200b", "Zorro", "Cy\x00", "\u202eyC", "A\u0085nn", "", " "]) | TEXT
NUMBERS = (
    st.decimals(allow_nan=True, allow_infinity=True).map(str)
    | st.sampled_from(
        [
            "1.239",
            "0,05",
            "8,20",
            "1e3",
            "NaN",
            "-0",
            "1.000,00",
            "99999999999",
            "٣",
            "0x10",
            "1_000",
            " 2 ",
            "2.",
            ".5",
            "9" * 40,
        ]
    )
    | TEXT
)
CURRENCIES = st.sampled_from(["EUR", "JPY", "USD", "BHD", "XYZ", "€", "eur", "", "<b>", "1\n2", "\u202e"]) | TEXT
IBANS = (
    st.sampled_from(
        [
            "NL91ABNA0417164300",
            "BE68 5390 0754 7034",
            "SA0380000000608010167519",
            "GB82WEST12345698765432",
            "CH9300762011623852957",
            "nl91 abna 0417 1643 00",
            "NL91ABNA0417164301",
            "<script>",
            "ＮＬ91ABNA0417164300",
            "NL91ABNA0417164300\n",
        ]
    )
    | TEXT
)
BICS = st.sampled_from(["", "WESTGB2L", "UBSWCHZH80A", "west", "1234GB2L"]) | TEXT
SETTINGS = settings(max_examples=REQUESTS, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])


@pytest.fixture
def sitter(client):
    create(client, totals_game(["Ann", "Bob", "Cy"], [30, 20, 10], 0.5))
    return client


def token(client):
    fields = dict(form_data(client.get("/money").get_data(as_text=True), action="/money/payments")[1])
    return fields["csrf_token"]


def typed(amount):
    text = amount.strip(" \t\r\n")
    if text.count(",") == 1 and "." not in text:
        text = text.replace(",", ".")
    try:
        return Decimal(text)
    except InvalidOperation:
        return None


@SETTINGS
@example(payer="ann\u200b", payee="BOB", amount=" 8.20", currency="EUR", paid_on="2026-11-27")
@example(payer="Cy", payee="Ann", amount="1500", currency="JPY", paid_on="2026-11-27")
@given(payer=NAMES, payee=NAMES, amount=NUMBERS, currency=CURRENCIES, paid_on=TEXT | st.just("2026-11-27"))
def test_a_hostile_payment_is_refused_in_words_or_kept_exactly(sitter, app, payer, payee, amount, currency, paid_on):
    with app.app_context():
        before = len(store.payment_log(store.get_db(), 10_000))
    answer = sitter.post(
        "/money/payments",
        data={
            "csrf_token": token(sitter),
            "payer": payer,
            "payee": payee,
            "amount": amount,
            "currency": currency,
            "paid_on": paid_on,
        },
    )
    assert answer.status_code in (302, 400, 403), answer.get_data(as_text=True)
    page = sitter.get("/money")
    assert page.status_code == 200 and "\x00" not in page.get_data(as_text=True)
    with app.app_context():
        log = store.payment_log(store.get_db(), 10_000)
    if len(log) == before:
        return
    kept = log[0]
    assert {kept["payer_name"], kept["payee_name"]} <= {"Ann", "Bob", "Cy"}
    assert kept["payer_name"] != kept["payee_name"]
    assert names.name_key(payer) == names.name_key(kept["payer_name"])
    assert amounts.is_currency(kept["currency"]) and kept["currency"] == currency
    value = typed(amount)
    assert value is not None and value * 100 == kept["cents"], (amount, kept["cents"])  # exactly, never cut
    assert 0 < kept["cents"] <= 99_999_999_999


@SETTINGS
@example(name="ann", holder="Ann de Vries", iban="be68 5390 0754 7034", bic="")
@example(name="bob", holder="Bob", iban="GB82WEST12345698765432", bic="westgb2l")
@example(name="bob", holder="Bob", iban="GB82WEST12345698765432", bic="\x00")  # a control typed is not shown back
@given(name=NAMES, holder=NAMES, iban=IBANS, bic=BICS)
def test_a_hostile_iban_is_refused_in_words_or_kept_checked(sitter, app, name, holder, iban, bic):
    answer = sitter.post(
        "/money/ibans", data={"csrf_token": token(sitter), "name": name, "holder": holder, "iban": iban, "bic": bic}
    )
    assert answer.status_code in (302, 400, 403), answer.get_data(as_text=True)
    page = sitter.get("/money").get_data(as_text=True)
    assert "<script>" not in page and "\x00" not in page
    with app.app_context():
        rows = list(store.get_db().query("select key, iban, holder, bic from payees"))
    for row in rows:
        assert row["key"] in {"ann", "bob", "cy"}
        assert sepa.checked_iban(row["iban"]) == row["iban"] and row["iban"][:2] in sepa.SEPA
        assert sepa.checked_holder(row["holder"]) == row["holder"]
        assert row["bic"] or not sepa.needs_bic(row["iban"])
        assert re.fullmatch(r"[A-Z0-9]{8}([A-Z0-9]{3})?", row["bic"] or "WESTGB2L")
