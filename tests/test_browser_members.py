"""Members in Chromium (issue 41): the owner gives Di a member link (its QR code and Copy), Di's phone opens it and
is Di's; a stranger's staked game naming Di appears in the owner's "to accept" list and counts once accepted; Di's
phone gives Di's IBAN, the owner sees it, and the stranger can neither read it, replace it nor record a payment."""

import re

import pytest
from playwright.sync_api import expect

from tests.browser_helpers import axe_violations
from tests.money_helpers import IBAN, staked
from tests.owner_helpers import OWNER_KEY

pytestmark = pytest.mark.browser


def phone(browser):
    context = browser.new_context(viewport={"width": 360, "height": 640}, has_touch=True, is_mobile=True)
    context.set_default_timeout(15_000)
    return context, context.new_page()


def csrf(page, base):
    """A CSRF token of the page's own session, from the setup form."""
    page.goto(base + "/games/new")
    return page.locator("input[name=csrf_token]").first.get_attribute("value")


def test_a_member_link_a_strangers_game_accepted_and_the_money_kept_from_him(page, browser, live_server, shots):
    owner = page
    owner.goto(live_server + "/owner")
    owner.locator("#key").fill(OWNER_KEY)
    owner.locator("button.primary").click()
    owner.goto(live_server + "/owner/members")
    owner.locator("#member-name").fill("Di")
    owner.locator("#add-member button.primary").click()
    figure = owner.locator("#member-links figure").filter(has_text="Di")
    expect(figure.locator("svg[role=img]")).to_be_visible()  # the QR code to scan
    expect(figure.locator("[data-copy]")).to_be_visible()
    assert not axe_violations(owner)
    shots(owner, "members-00-link")
    link = figure.locator("input[readonly]").input_value()
    assert re.fullmatch(re.escape(live_server) + r"/member/[A-Za-z0-9_-]+", link)

    di_context, di = phone(browser)
    stranger_context, mallory = phone(browser)
    try:
        di.goto(link)
        expect(di.locator("#who")).to_contain_text("This phone is Di's")
        assert not axe_violations(di)

        # A stranger starts a staked game naming Di and claims it: it waits for the owner.
        made = mallory.request.post(live_server + "/api/games", data=staked(["Di", "Cy", "Mallory"], True))
        assert made.status == 201 and made.json()["recognised"] is False
        game = made.json()
        mallory.goto(game["url"])
        mallory.goto(live_server + "/money")
        expect(mallory.locator("main")).not_to_contain_text("owes")
        owner.goto(live_server + "/owner/games")
        row = owner.locator(f"#game-{game['id']}")
        expect(row).to_contain_text("Di, Cy, Mallory")
        assert not axe_violations(owner)
        shots(owner, "members-01-to-accept")
        row.locator("button", has_text="Accept").click()
        expect(owner.locator(f"#game-{game['id']}")).to_have_count(0)
        owner.goto(live_server + "/money")
        expect(owner.locator("ul.owed")).to_contain_text("owes Di")

        # Di's own phone gives Di's IBAN; the owner sees it beside the payments to Di.
        di.goto(live_server + "/money")
        expect(di.locator("#iban-name option")).to_have_count(2)  # "choose" and Di: Di's own only
        di.locator("#iban-name").select_option("di")
        di.locator("#holder").fill("Di Jansen")
        di.locator("#iban").fill(IBAN)
        di.locator(".iban-form button").click()
        owner.goto(live_server + "/money")
        expect(owner.locator(".settle-all")).to_contain_text("NL91 ABNA 0417 1643 00")

        # The stranger who claimed a game naming Di: no IBAN, no form, and every money write refused.
        mallory.goto(live_server + "/money")
        expect(mallory.locator("main")).not_to_contain_text("NL91")
        expect(mallory.locator(".iban-form, .payment-form, form.paid")).to_have_count(0)
        shots(mallory, "members-02-stranger-money")
        token = csrf(mallory, live_server)
        refused = mallory.request.post(
            live_server + "/money/ibans",
            form={"csrf_token": token, "name": "di", "holder": "M", "iban": "DE89370400440532013000"},
            max_redirects=0,
        )
        assert refused.status == 403
        paid = mallory.request.post(
            live_server + "/money/payments",
            form={
                "csrf_token": token,
                "payer": "Cy",
                "payee": "Di",
                "amount": "99999",
                "currency": "EUR",
                "paid_on": "2026-12-01",
            },
            max_redirects=0,
        )
        assert paid.status == 403
        owner.goto(live_server + "/money")
        expect(owner.locator(".settle-all")).to_contain_text("NL91 ABNA 0417 1643 00")
        expect(owner.locator("main")).not_to_contain_text("99,999")
    finally:
        di_context.close()
        stranger_context.close()
