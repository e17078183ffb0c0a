"""The regulars in Debian's Chromium (issue 27): three evenings of the same five friends (one for euros), the
favourite before a game, the ratings, a payment recorded, the rest settled with an EPC QR code read back from a
screenshot (zxing-cpp), and a season named by the owner with its table and PDF.

Screenshots go to test-artifacts/.
"""

import io
import re
from datetime import date

import pytest
import requests
import zxingcpp
from playwright.sync_api import expect
from PIL import Image

from scorekeeper import store

from tests.conftest import OWNER_KEY
from tests.pdf_reading import text as pdf_text
from tests.test_browser_live import axe_violations
from tests.test_money import staked

pytestmark = pytest.mark.browser
FRIENDS = ["Ann", "Bob", "Cy", "Di", "Ed"]
IBAN = "NL91ABNA0417164300"


def three_evenings(app):
    """Three evenings of the five friends, two games each; the second evening for €0.50 a point. Return the
    games' (id, edit key)."""
    games = []
    with app.app_context():
        db = store.get_db()
        for evening in range(3):
            evening_id = None
            for game in range(2):
                seated = FRIENDS[game + evening:] + FRIENDS[:game + evening]  # a different winner each game
                record = staked(seated, tricks_first=bool(game))
                if evening != 1:
                    record["rules"].update(stake=0, settlement="none", currency="")
                game_id, key = store.create_game(db, record, evening_id)
                evening_id = evening_id or store.evening_of(db, game_id)
                games.append((game_id, key))
    return games


@pytest.fixture
def phone(browser):
    """A phone-sized page whose CSP lets axe-core in (the page itself never allows an injected script)."""
    context = browser.new_context(viewport={"width": 360, "height": 640}, has_touch=True, is_mobile=True,
                                  device_scale_factor=2, bypass_csp=True)
    context.set_default_timeout(20000)  # a shared, loaded machine: a page may take its time
    yield context.new_page()
    context.close()


def payment_lines(page):
    return [" ".join(text.split()) for text in page.locator(".settle-all li.payment-line").all_inner_texts()]


def test_three_evenings_a_payment_the_epc_code_and_a_season(phone, live_server, app, shots, tmp_path):
    page = phone
    games = three_evenings(app)
    for game_id, key in games:  # this phone kept the score of every game: it sits at the friends' tables
        page.goto(f"{live_server}/games/{game_id}/claim/{key}")

    # Before a game: the setup page says who the favourite is once two names are typed.
    page.goto(f"{live_server}/games/new")
    page.locator("#player_0").fill("Ann")
    page.locator("#player_1").fill("Zed")
    line = page.locator("#favourites")
    line.wait_for(state="visible")
    assert re.fullmatch(r"(Ann|Zed) is the favourite", line.inner_text()) or "level" in line.inner_text()
    shots(page, "regulars-01-favourite")

    page.goto(f"{live_server}/players")
    ratings = page.locator(".players-list td.rating").all_inner_texts()
    assert len(ratings) == 5 and all("give or take" in text for text in ratings)
    page.get_by_role("link", name="Ann", exact=True).click()
    page.wait_for_url(re.compile(r"/players/Ann$"))
    expect(page.locator("#rating svg.chart")).to_be_visible()
    expect(page.locator(".head-to-head tbody tr")).to_have_count(4)
    shots(page, "regulars-02-player")

    # The money: the euro evening's balances; Bob's payment recorded; the rest settled by the fewest payments.
    page.goto(f"{live_server}/money")
    before = payment_lines(page)
    assert before and all(" pays " in text for text in before)
    payer, payee = re.match(r"(\w+) pays (\w+)", before[0]).groups()
    page.get_by_label("From").fill(payer)
    page.get_by_label("To", exact=True).fill(payee)
    page.get_by_label("Amount").fill("0.50")
    page.get_by_label("Currency").fill("EUR")
    page.get_by_label("Date").fill(date.today().isoformat())
    page.get_by_role("button", name="Record the payment").click()
    page.wait_for_url(re.compile(r"/money$"))
    assert f"{payer} paid {payee} €0.50" in page.locator(".payment-log li").first.inner_text()
    after = payment_lines(page)
    assert after != before
    creditor = re.match(r"\w+ pays (\w+)", after[0])[1]
    page.get_by_label("Name").fill(creditor)
    page.get_by_label("IBAN", exact=True).fill("NL91 ABNA 0417 1643 00")
    page.get_by_role("button", name="Keep the IBAN").click()
    page.wait_for_url(re.compile(r"/money$"))
    assert axe_violations(page) == []
    code = page.locator(".settle-all li.payment-line .epc svg").first
    code.scroll_into_view_if_needed()
    shots(page, "regulars-03-money")
    scanned = zxingcpp.read_barcodes(Image.open(io.BytesIO(code.screenshot())))
    fields = scanned[0].text.splitlines()
    amount = re.search(r"€([\d.]+)", after[0])[1]
    assert fields[:2] == ["BCD", "002"] and creditor in fields and IBAN in fields
    assert f"EUR{float(amount):g}" in fields or f"EUR{amount}" in fields
    assert fields[-1] == "Oh Hell, " + date.today().strftime("%-d %b")  # the remittance names the evening
    share = page.locator("button.share").get_attribute("data-text")
    assert share.startswith("Oh Hell, ") and after[0] in share

    # A follower (no key) never sees the IBAN.
    assert IBAN not in requests.get(f"{live_server}/money", timeout=10).text

    # The owner names a season; its table and its PDF.
    page.goto(f"{live_server}/owner")
    page.get_by_label("Owner key or password").fill(OWNER_KEY)
    page.get_by_role("button", name="Sign in").click()
    page.goto(f"{live_server}/seasons")
    page.get_by_label("Season").fill("Autumn league")
    page.get_by_label("From").fill("2000-01-01")
    page.get_by_label("To", exact=True).fill("2999-12-31")
    page.get_by_role("button", name="Name the season").click()
    page.wait_for_url(re.compile(r"/seasons/[^/]+$"))
    rows = page.locator(".season-table tbody tr")
    assert rows.count() == 5
    assert {row.split("\t")[1] for row in rows.all_inner_texts()} == set(FRIENDS)
    assert all(row.split("\t")[2] == "6" for row in rows.all_inner_texts())  # six games each
    assert axe_violations(page) == []
    shots(page, "regulars-04-season")
    pdf = page.request.get(page.url + "/season.pdf")
    printed = pdf_text(pdf.body(), tmp_path)
    assert "Autumn league" in printed and all(name in printed for name in FRIENDS)
