"""Money typed on a Dutch phone (issue 40; regulars-2026-12.md §3 difference 11): in Chromium with the nl-NL locale
a number box read "0,05" as 5. The stake is typed as 0,05 in the setup form and the settle-up reads € 0,05 a point
(and 5 cents a pair); a payment typed 8,20 is kept as € 8,20, recorded from the form's selects, then the plan's
Paid button settles the rest in one tap."""

import re

import pytest
from playwright.sync_api import expect

from tests.browser_helpers import axe_violations, bid
from tests.owner_helpers import OWNER_KEY

pytestmark = pytest.mark.browser
EURO = "€\u00a0"  # Babel writes a no-break space after the euro sign in Dutch


@pytest.fixture
def dutch_phone(browser):
    context = browser.new_context(
        viewport={"width": 360, "height": 640}, has_touch=True, is_mobile=True, locale="nl-NL"
    )
    context.set_default_timeout(20_000)
    yield context.new_page()
    context.close()


def test_a_stake_of_0_05_and_a_payment_of_8_20_typed_on_a_dutch_phone(dutch_phone, live_server, shots):
    page = dutch_phone
    # The club's owner's phone (issue 41: payments are recorded by the payer's or payee's member phone, or the owner).
    page.goto(live_server + "/owner")
    page.locator("#key").fill(OWNER_KEY)
    page.locator("button.primary").click()
    page.goto(live_server + "/games/new")
    expect(page.locator("html")).to_have_attribute("lang", "nl")  # the phone's locale chose the language
    for seat, name in enumerate(["Ann", "Bob", "Cy"]):
        page.locator(f"#player_{seat}").fill(name)
    page.locator("#first_dealer").select_option("0")
    page.locator("details:has(#stake) > summary").click()
    page.locator("#pattern").select_option("up")
    page.locator("#max_cards").fill("1")
    page.locator("#hook").uncheck()
    page.locator("#settlement").select_option("pairwise")
    stake = page.locator("#stake")
    assert stake.get_attribute("type") == "text" and stake.get_attribute("inputmode") == "decimal"
    stake.fill("")
    stake.press_sequentially("0,05")  # as the phone's keyboard types it
    expect(page.locator("#currency")).to_have_value("EUR")
    shots(page, "money-nl-00-stake")
    page.locator("#setup button[name=start]").first.click()
    page.wait_for_url(re.compile(r"/deal$"))

    # One hand of one card: Bob bids 1 and takes it, Cy and Ann (the dealer) bid 0.
    page.locator("form.deal button[name=trump]").first.click()
    page.wait_for_url(re.compile(r"/bids$"))
    for number in (1, 0, 0):
        bid(page, number)
    page.wait_for_url(re.compile(r"/tricks$"))
    page.locator("#save-tricks").click()
    page.wait_for_url(re.compile(r"/over$"))
    page.locator("#settle-up").click()
    page.wait_for_url(re.compile(r"/settle$"))
    expect(page.locator("main")).to_contain_text(f"inzet {EURO}0,05")  # not € 5,00
    # Each of Ann and Cy pays Bob the difference of their totals at 5 cents a point (at € 5 it would be euros).
    totals = {row.split("\t")[1]: int(row.split("\t")[2]) for row in page.locator("table.nets tr").all_inner_texts()}
    cents = 5 * (totals["Bob"] - totals["Ann"])
    amounts = page.locator(".settle-list .amount").all_inner_texts()
    assert amounts == [f"{EURO}0,{cents:02d}"] * 2, (amounts, totals)
    expect(page.locator("#stake")).to_have_value("0,05")
    assert axe_violations(page) == []
    shots(page, "money-nl-01-settle-up")

    # The money page: a payment typed 8,20 from Bob to Ann (more than he owes: Ann owes him back).
    page.goto(live_server + "/money")
    page.locator("#payer").select_option(label="Cy")
    page.locator("#payee").select_option(label="Bob")
    amount = page.locator("#amount")
    assert amount.get_attribute("type") == "text" and amount.get_attribute("inputmode") == "decimal"
    amount.press_sequentially("8,20")
    expect(page.locator("#currency")).to_have_value("EUR")
    page.locator(".payment-form button.primary").click()
    expect(page.locator(".payment-log li").first).to_contain_text(f"{EURO}8,20")
    balances = page.locator(".balances li").all_inner_texts()
    assert len(balances) == 3 and any(f"{EURO}8,{20 - cents:02d}" in line for line in balances), balances
    shots(page, "money-nl-02-paid")
    assert axe_violations(page) == []

    # The plan's Paid buttons settle the rest, one tap each; the log keeps every payment and everyone is square.
    buttons = page.locator(".settle-all form.paid button")
    for left in range(buttons.count() - 1, -1, -1):
        buttons.first.click()
        expect(buttons).to_have_count(left)
    expect(page.locator(".balances li")).to_have_count(1)
    expect(page.locator(".money-book .owed")).to_have_count(0)
    assert page.locator(".payment-log li").count() >= 2
    shots(page, "money-nl-03-square")
