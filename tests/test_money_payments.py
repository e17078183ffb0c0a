"""Payments and IBANs as the organiser and the hostile tester typed them (regulars-2026-12.md §3 difference 10 and
"Bad payment and IBAN inputs"; security-2026-12.md F-7, F-12, F-24): ISO 4217 currencies only, the currency's
minor unit (more decimals refused, never cut), only between people who have played here, names matched by the
same-player key and never written raw, SEPA IBANs checked by checksum and format (never by a bank list), the BIC
where the scheme needs one, and no code (never a 500) above what a code carries."""

import re

import pytest

from scorekeeper import store
from tests.game_helpers import create
from tests.html_forms import submit
from tests.money_helpers import said, totals_game

IBAN = "NL91ABNA0417164300"


@pytest.fixture
def table(client):
    """This browser keeps the score of a euro game of Ann, Bob and Cy: Bob owes Ann €5.00, Cy owes Ann €10.00."""
    create(client, totals_game(["Ann", "Bob", "Cy"], [30, 20, 10], 0.5))
    return client


def pay(client, **fields):
    """Post the payment form as the page gives it, with `fields` typed; return the page it leads back to."""
    values = {"payer": "bob", "payee": "ann", "amount": "2", "currency": "EUR", "paid_on": "2026-11-27", **fields}
    answer = submit(client, "/money", values, action="/money/payments")
    assert answer.status_code == 302, answer.get_data(as_text=True)
    return client.get(answer.headers["Location"]).get_data(as_text=True)


def log(client, app):
    with app.app_context():
        return [
            (row["payer_name"], row["payee_name"], row["cents"], row["currency"])
            for row in store.payment_log(store.get_db())
        ]


@pytest.mark.parametrize(
    "amount, currency, said_back",
    [
        ("1.239", "EUR", "Amount: EUR is paid to 2 decimals: 1.239 has more."),
        ("0.019", "EUR", "Amount: EUR is paid to 2 decimals: 0.019 has more."),
        ("1.5", "JPY", "Amount: JPY has no decimals: type a whole amount, not 1.5."),
        ("0", "EUR", "Amount: must be more than 0."),
        ("-5", "EUR", "Amount: must be more than 0."),
        ("1000000000", "EUR", "Amount: must be €999,999,999.99 or less."),
        ("NaN", "EUR", "Amount: must be a number typed with the digits 0 to 9"),
        ("1e3", "EUR", "Amount: must be a number typed with the digits 0 to 9"),
        ("1.000,00", "EUR", "Amount: must be a number typed with the digits 0 to 9"),
        ("2", "XYZ", "Currency: choose a currency from the list."),
        ("2", "€", "Currency: choose a currency from the list."),
        ("2", "eur", "Currency: choose a currency from the list."),
        ("2", "", "Currency: choose a currency"),
    ],
)
def test_an_amount_or_a_currency_the_ledger_cannot_keep_is_refused_never_cut(table, app, amount, currency, said_back):
    page = pay(table, amount=amount, currency=currency)
    assert said_back in page.replace("&#39;", "'")
    assert log(table, app) == []


def test_an_amount_in_the_currencys_minor_unit_is_kept_exactly(table, app):
    pay(table, amount="1.23")
    pay(table, amount="1.230")  # a trailing zero cuts nothing
    pay(table, amount="1500", currency="JPY")
    pay(table, amount="999999999.99")
    assert log(table, app) == [
        ("Bob", "Ann", 99_999_999_999, "EUR"),
        ("Bob", "Ann", 150_000, "JPY"),
        ("Bob", "Ann", 123, "EUR"),
        ("Bob", "Ann", 123, "EUR"),
    ]


@pytest.mark.parametrize(
    "payee, said_back",
    [
        ("Zorro", "Paid to: Zorro has not played here; choose one of the players: Ann, Bob, Cy."),
        ("Cy\x00", "Paid to: holds a control character"),
        ("C\u0085y", "Paid to: holds a control character"),
        ("\u202eyC", "has not played here"),
        ("bob", "Paid to: a payment goes from one player to another."),
        ("", "Paid to: choose who was paid"),
    ],
)
def test_a_payment_names_two_people_who_have_played_here(table, app, payee, said_back):
    page = pay(table, payee=payee)
    assert said_back in page and "\x00" not in page and "\u0085" not in page
    assert log(table, app) == []


def test_a_name_with_an_invisible_character_or_another_case_is_the_rosters_player(table, app):
    page = pay(table, payer="BOB ", payee="Ann\u200b")
    assert "Bob paid Ann €2.00: the payment is recorded." in page
    assert log(table, app) == [("Bob", "Ann", 200, "EUR")]
    assert said(page, "owed") == ["Cy owes Ann €10.00", "Cy owes Bob €5.00", "Bob owes Ann €3.00"]


def iban(client, **fields):
    values = {"name": "ann", "holder": "Ann de Vries", "iban": IBAN, "bic": "", **fields}
    answer = submit(client, "/money", values, action="/money/ibans")
    assert answer.status_code == 302, answer.get_data(as_text=True)
    return client.get(answer.headers["Location"]).get_data(as_text=True)


def kept(app):
    with app.app_context():
        return [
            (row["iban"], row["holder"], row["bic"])
            for row in store.get_db().query("select iban, holder, bic from payees")
        ]


@pytest.mark.parametrize(
    "fields, said_back",
    [
        ({"iban": "NL91ABNA0417164301"}, "IBAN: NL91 ABNA 0417 1643 01 is not an IBAN"),
        ({"iban": "SA0380000000608010167519"}, "outside the SEPA scheme (SA)"),
        ({"iban": "BR1800360305000010009795493C1"}, "outside the SEPA scheme (BR)"),
        ({"iban": "GB82WEST12345698765432"}, "BIC: an account in GB is paid with its bank's BIC"),
        ({"iban": "GB82WEST12345698765432", "bic": "WEST"}, "BIC: WEST is not a BIC"),
        ({"holder": ""}, "type the name on the account"),
        ({"holder": "Ann\x00"}, "holds a control character"),
        ({"holder": "A" * 71}, "at most 70 characters"),
        ({"iban": "<script>"}, "is not an IBAN"),
    ],
)
def test_an_iban_a_sepa_transfer_cannot_pay_is_refused_in_words(table, app, fields, said_back):
    page = iban(table, **fields)
    assert said_back in page.replace("&#39;", "'"), page
    assert kept(app) == [] and "<script>" not in page


def test_a_valid_iban_is_kept_whatever_bank_it_names(table, app):
    # BE68 5390 0754 7034: the textbook Belgian IBAN, whose bank python-stdnum does not know.
    iban(table, iban="be68 5390 0754 7034")
    iban(table, name="bob", holder="Robert Smith", iban="GB82 WEST 1234 5698 7654 32", bic="westgb2l")
    assert sorted(kept(app)) == [
        ("BE68539007547034", "Ann de Vries", None),
        ("GB82WEST12345698765432", "Robert Smith", "WESTGB2L"),
    ]
    page = table.get("/money").get_data(as_text=True)
    assert 'Ann de Vries</span>, <span class="iban">BE68 5390 0754 7034</span>' in page


def test_a_line_a_code_cannot_carry_shows_no_code_and_no_error(client, app):
    # F-7: a debt of more than €999,999,999.99 once made /money, the settle-up and the evening answer 500 for
    # everyone at the table when the payee gave an IBAN. No one game moves that much any more (issue 41's
    # ceiling), but an evening's or the club's running line still can, where the owner raised the stake ceiling.
    app.config["STAKE_CEILING"] = 100_000_000  # 1,000,000.00 a point
    first, _key = create(client, totals_game(["Ann", "Bob"], [1000, 10], 1_000_000))
    second, _key = create(client, totals_game(["Ann", "Bob"], [1000, 10], 1_000_000))
    iban(client)
    with app.app_context():
        evenings = {store.evening_of(store.get_db(), game) for game in (first, second)}
    for url in ["/money", f"/games/{first}/settle"] + [f"/evenings/{evening}" for evening in evenings]:
        assert client.get(url).status_code == 200, url
    money = client.get("/money").get_data(as_text=True)
    assert said(money, "settle-all") == ["Bob pays Ann €1,980,000,000.00"] and "<svg" not in money
    settle = client.get(f"/games/{first}/settle").get_data(as_text=True)
    assert re.search(r"pays <b>Ann</b> <span class=\"amount\">€990,000,000.00", settle) and "<svg" in settle
