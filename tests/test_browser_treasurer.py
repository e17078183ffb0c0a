"""A Dutch club's treasurer at 360 px (issue 42, "Money like a treasurer's"): two evenings of a club (pairwise, in
euros) on a real database served by the real app; the treasurer's phone kept their scores and is signed in as the
owner. /money shows each person's balance first, in one screen, with the dates in Dutch with the year; then
"Alles verrekenen" with a Betaald button on each line and an EPC code with the account holder's name beside a
payee who gave an IBAN. One tap on Betaald records a payment: the balances follow on the page, in the API and in
the CSV; "Ongedaan maken" takes it back everywhere; then every line is paid until everyone is square."""

import csv
import io
import re

import pytest
import requests
from playwright.sync_api import expect

from scorekeeper import store
from tests.browser_helpers import axe_violations
from tests.money_helpers import totals_game
from tests.owner_helpers import OWNER_KEY

pytestmark = pytest.mark.browser
EURO = "€\u00a0"  # Babel writes a no-break space after the euro sign in Dutch
OWNER = {"Authorization": f"Bearer {OWNER_KEY}"}
HOLDERS = {"Ann": "A.M. de Vries", "Eva": "E. Jansen"}


@pytest.fixture
def dutch_phone(browser):
    context = browser.new_context(
        viewport={"width": 360, "height": 640}, has_touch=True, is_mobile=True, locale="nl-NL"
    )
    context.set_default_timeout(20_000)
    yield context.new_page()
    context.close()


def dutch(cents):
    """An amount as the Dutch page writes it: € 4,50."""
    whole, part = divmod(abs(cents), 100)
    return f"{EURO}{whole:,}".replace(",", ".") + f",{part:02d}"


def api_balances(server):
    books = requests.get(f"{server}/api/money", headers=OWNER, timeout=10).json()["books"]
    return {line["player"]: line["cents"] for book in books for line in book["balances"]}


def csv_balances(server):
    """Each person's balance summed from the ledger's CSV: what each game moved (from owes to) less the payments
    not undone (from paid to)."""
    rows = csv.DictReader(io.StringIO(requests.get(f"{server}/money/ledger.csv", headers=OWNER, timeout=10).text))
    net = {}
    for row in rows:
        if row["undone"]:
            continue
        cents = round(float(row["amount"]) * 100) * (1 if row["kind"] == "game" else -1)  # a payment pays back
        net[row["to"]] = net.get(row["to"], 0) + cents
        net[row["from"]] = net.get(row["from"], 0) - cents
    return {name: cents for name, cents in net.items() if cents}


def page_balances(page):
    return page.locator(".balances li").all_inner_texts()


def said_balances(balances):
    """The page's balance lines for the API's balances, in Dutch, who is owed first, the most first."""
    order = sorted(balances.items(), key=lambda row: (row[1] < 0, -abs(row[1]), row[0].casefold()))
    return [
        f"{name} krijgt {dutch(cents)}" if cents > 0 else f"{name} is {dutch(cents)} schuldig" for name, cents in order
    ]


def agree_everywhere(page, server):
    """The same balances on the page, in the API and in the CSV; return them."""
    balances = api_balances(server)
    assert csv_balances(server) == balances
    assert page_balances(page) == (said_balances(balances) or ["Iedereen staat quitte."])
    return balances


def test_a_dutch_treasurer_settles_the_club_with_the_paid_buttons(app, dutch_phone, live_server, shots):
    page = dutch_phone
    games = [
        totals_game(["Ann", "Bob", "José", "Daan"], [30, 20, 10, 25], 0.1),
        totals_game(["José", "Daan", "Eva"], [15, 12, 31], 0.25),
    ]
    for record in games:  # the treasurer (the owner) kept the score of both tables: the club's games at once
        made = requests.post(f"{live_server}/api/games", json=record, headers=OWNER, timeout=10).json()
        page.goto(made["url"])
    with app.app_context():
        for name, holder in HOLDERS.items():
            store.set_iban(store.get_db(), name, "NL91ABNA0417164300", holder)
    page.goto(f"{live_server}/owner")
    page.locator("#key").fill(OWNER_KEY)
    page.locator("button.primary").click()

    page.goto(f"{live_server}/money")
    expect(page.locator("html")).to_have_attribute("lang", "nl")
    before = agree_everywhere(page, live_server)
    # Balances first, whole in the first screen; the plan after them.
    balances_box = page.locator(".balances").bounding_box()
    assert balances_box["y"] + balances_box["height"] <= 640, balances_box
    assert page.locator(".settle-all").bounding_box()["y"] > balances_box["y"]
    assert re.search(r"\d{1,2} \w{3} 20\d\d", page.locator(".settles").inner_text()), "the days, with the year"
    expect(page.locator(".relates")).to_contain_text("tik op Betaald")
    # An EPC code beside each line to a payee who gave an IBAN, with the account holder's name.
    lines = page.locator(".settle-all .payment-line")
    for index in range(lines.count()):
        line = lines.nth(index)
        payee = next((name for name in HOLDERS if f"betaalt {name}" in line.inner_text()), None)
        if payee:
            expect(line.locator(".epc .holder")).to_have_text(HOLDERS[payee])
            expect(line.locator(".epc svg")).to_have_count(1)
    assert axe_violations(page) == []
    shots(page, "treasurer-nl-01-balances")

    # One tap on Betaald: the payment is recorded and the balances follow everywhere.
    first = lines.first
    paid = first.locator("button").get_attribute("aria-label")
    payer, payee = re.match(r"Betaald: (\S+) betaalt (\S+)", paid).groups()
    amount = api_balances(live_server)[payer]
    first.get_by_role("button", name="Betaald").click()
    expect(page.locator(".flash").first).to_contain_text("vastgelegd")
    after = agree_everywhere(page, live_server)
    assert payer not in after or after[payer] != amount, (before, after)
    log = requests.get(f"{live_server}/api/money/payments", headers=OWNER, timeout=10).json()
    assert (log["total"], log["payments"][0]["from"], log["payments"][0]["to"]) == (1, payer, payee)
    expect(page.locator(".payment-log li").first).to_contain_text(f"{payer} betaalde {payee}")
    expect(page.locator(".payment-log li").first).to_contain_text("2026")  # the day with its year
    shots(page, "treasurer-nl-02-paid")

    # Undo: the balances are back, everywhere; the log keeps the payment, marked undone.
    page.locator(".payment-log li").first.get_by_role("button", name="Ongedaan maken").click()
    expect(page.locator(".payment-log li.undone")).to_have_count(1)
    assert agree_everywhere(page, live_server) == before
    shots(page, "treasurer-nl-03-undone")

    # Pay every line of the plan, one tap each, until everyone is square.
    for _round in range(10):
        buttons = page.locator(".settle-all button")
        if not buttons.count():
            break
        buttons.first.click()
        expect(page.locator(".flash").first).to_contain_text("vastgelegd")
        agree_everywhere(page, live_server)
    assert api_balances(live_server) == {}
    expect(page.locator(".balances")).to_have_text("Iedereen staat quitte.")
    shots(page, "treasurer-nl-04-square")
