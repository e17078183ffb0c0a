"""The regulars in Debian's Chromium (issue 27): three evenings of the same five friends (one for euros) played
on the scorekeeper's phone from the setup form to each evening's settle-up, the favourite before a game, the
ratings, a payment recorded, the rest settled with an EPC QR code read back from a screenshot (zxing-cpp) on
/money, on the euro evening's settle-up and on a game's, and a season named by the owner with its table and PDF.

Screenshots go to test-artifacts/.
"""

import io
import re
from datetime import date

import pytest
import requests
import zxingcpp
from openskill.models import PlackettLuce
from PIL import Image
from playwright.sync_api import expect

from tests.setup_form import fill_players, fill_rules, start
from tests.browser_helpers import axe_violations, bid
from tests.owner_helpers import OWNER_KEY
from tests.pdf_reading import text as pdf_text
from tests.pictures import screenshot

pytestmark = pytest.mark.browser
FRIENDS = ["Ann", "Bob", "Cy", "Di", "Ed"]
IBAN = "NL91ABNA0417164300"
DEALS = re.compile(r"(\w+) deals (\d+)")


def set_up_evening(page, base, stake=None, currency=""):
    """Set up the friends' first game of an evening: 1 card then 2, no hook; for a stake, settled pairwise."""
    page.goto(base + "/games/new")
    # Each evening stands for another week's: the setup would join the evening this phone played minutes ago.
    if page.locator("#in_evening").count():
        page.locator("#in_evening").uncheck()
    fill_players(page, FRIENDS)
    fill_rules(page, max_cards="2", hook=False, settlement="pairwise" if stake else "none", stake=stake)
    page.get_by_label("Currency").select_option(currency)
    start(page)


def play_game(page, winner):
    """Play the game open on its deal screen to its results, as the scorekeeper taps it: each hand dealt with
    the first trump offered, the winner bidding every card and the others none, the tricks saved as bid (the
    tricks screen's default). Return the game's id."""
    game_id = re.search(r"/games/([^/]+)/", page.url)[1]
    while True:
        dealer, cards = DEALS.search(page.locator("form.deal").inner_text()).groups()
        page.locator("form.deal button[name=trump]").first.click()
        page.wait_for_url(re.compile(r"/bids$"))
        first = FRIENDS.index(dealer) + 1  # the bids go round from the dealer's left
        for name in FRIENDS[first:] + FRIENDS[:first]:
            bid(page, int(cards) if name == winner else 0)
        page.wait_for_url(re.compile(r"/tricks$"))
        page.locator("#save-tricks").click()
        page.wait_for_url(re.compile(r"/(sheet|over)$"))
        if page.url.endswith("/over"):
            return game_id


def play_evening(page, base, winners, stake=None, currency=""):
    """Play an evening of a game per winner at the same table, then open its settle-up. Return the games' ids."""
    set_up_evening(page, base, stake, currency)
    games = []
    for number, winner in enumerate(winners):
        if number:
            page.get_by_role("button", name="New game, same table").click()
            page.wait_for_url(re.compile(r"/deal$"))
        games.append(play_game(page, winner))
        expect(page.locator("main")).to_contain_text(f"Winner: {winner}")
    page.get_by_role("link", name="Evening", exact=True).click()
    page.wait_for_url(re.compile(r"/evenings/[^/]+$"))
    expect(page.locator(".evening-games > li")).to_have_count(len(winners))
    return games


@pytest.fixture
def phone(browser):
    """A phone-sized page."""
    context = browser.new_context(
        viewport={"width": 360, "height": 640}, has_touch=True, is_mobile=True, device_scale_factor=2
    )
    context.set_default_timeout(20000)  # a shared, loaded machine: a page may take its time
    yield context.new_page()
    context.close()


def payment_lines(page):
    return [" ".join(text.split()) for text in page.locator(".settle-all li.payment-line .pays").all_inner_texts()]


def scanned(code):
    """The lines of the EPC code on screen, as a banking app's camera reads them."""
    code.scroll_into_view_if_needed()
    return zxingcpp.read_barcodes(Image.open(io.BytesIO(screenshot(code))))[0].text.splitlines()


def pays(fields, payee, amount, remittance=None):
    """True when the EPC code's lines transfer `amount` (text, '1.50') to the account `payee` holds for today's
    evening (or the `remittance` given)."""
    return (
        fields[:2] == ["BCD", "002"]
        and f"{payee} de Vries" in fields
        and IBAN in fields
        and f"EUR{amount}" in fields  # two decimals, as EPC069-12 writes them
        and fields[-1] == (remittance or "Oh Hell, " + date.today().strftime("%b %-d, %Y"))
    )


def test_three_evenings_a_payment_the_epc_code_and_a_season(phone, live_server, shots, tmp_path):
    page = phone
    # The club's own phone: its owner's, signed in, so the games it starts are in the club's record and it records
    # the payments and gives the IBANs (issue 41: a phone that only keeps a game's score does neither).
    page.goto(f"{live_server}/owner")
    page.get_by_label("Owner key or password").fill(OWNER_KEY)
    page.get_by_role("button", name="Sign in").click()
    # Three evenings at the same table, two games each, a different winner each game; the second for €0.50 a
    # point. This phone keeps the score of every game.
    play_evening(page, live_server, ["Ann", "Bob"])
    expect(page.locator(".settle-list")).to_contain_text("Nobody owes anything.")
    euro_games = play_evening(page, live_server, ["Cy", "Di"], stake="0.50", currency="EUR")
    euro_evening = page.url
    evening_lines = [" ".join(text.split()) for text in page.locator(".settle-list li").all_inner_texts()]
    assert evening_lines and all(re.fullmatch(r"\w+ pays (Cy|Di) €\d+\.\d\d", line) for line in evening_lines)
    shots(page, "regulars-00-euro-evening")
    play_evening(page, live_server, ["Ed", "Ann"])

    # Before a game: the setup page says who the favourite is once two names are typed.
    page.goto(f"{live_server}/games/new")
    page.locator("#player_0").fill("Ann")
    page.locator("#player_1").fill("Zed")
    line = page.locator("#favourites")
    line.wait_for(state="visible")
    # Worked out here with openskill's own predict_win from Ann's rating (the API's) and a newcomer's defaults.
    ann = page.request.get(f"{live_server}/api/players/Ann").json()["rating"]
    model = PlackettLuce()
    chances = dict(
        zip(("Ann", "Zed"), model.predict_win([[model.rating(mu=ann["mu"], sigma=ann["sigma"])], [model.rating()]]))
    )
    assert abs(chances["Ann"] - chances["Zed"]) > 0.05  # six games make Ann no newcomer: one is the favourite
    favourite, other = sorted(chances, key=chances.get, reverse=True)
    shown = re.fullmatch(rf"{favourite} is the favourite: {favourite}\xa0(\d+)%, {other}\xa0(\d+)%", line.inner_text())
    assert shown, line.inner_text()
    assert [int(percent) for percent in shown.groups()] == [
        round(100 * chances[favourite]),
        round(100 * chances[other]),
    ]
    shots(page, "regulars-01-favourite")

    page.goto(f"{live_server}/players")
    ratings = page.locator(".players-list td.rating").all_inner_texts()
    assert len(ratings) == 5 and not any("give or take" in text for text in ratings)
    assert not any("provisional" in text for text in ratings)  # six games each: every rating says something
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
    page.get_by_label("Paid by").select_option(label=payer)
    page.get_by_label("Paid to").select_option(label=payee)
    page.get_by_label("Amount").fill("0.50")
    page.get_by_label("Currency").select_option("EUR")
    page.get_by_label("Date").fill(date.today().isoformat())
    page.get_by_role("button", name="Record the payment").click()
    # The page comes back to the same address: wait for the payment it now lists, not for the URL.
    expect(page.locator(".payment-log li").first).to_contain_text(f"{payer} paid {payee} €0.50")
    after = payment_lines(page)
    assert after != before
    creditor = re.match(r"\w+ pays (\w+)", after[0])[1]
    page.get_by_label("Whose account").select_option(label=creditor)
    page.get_by_label("Account holder").fill(f"{creditor} de Vries")
    page.get_by_label("IBAN", exact=True).fill("NL91 ABNA 0417 1643 00")
    page.get_by_role("button", name="Keep the IBAN").click()
    page.wait_for_url(re.compile(r"/money$"))
    assert axe_violations(page) == []
    line = page.locator(".settle-all li.payment-line", has=page.locator(".epc svg")).first
    shots(page, "regulars-03-money")
    amount = re.search(r"€([\d.]+)", line.inner_text())[1]
    share = page.locator("button.share").get_attribute("data-text")
    assert share.startswith("Oh Hell, ") and after[0] in share
    # The running balance's code names the days it settles, as the chat text does.
    assert pays(scanned(line.locator(".epc svg")), creditor, amount, share.split(": ")[0])

    # The euro evening's settle-up and the settle-up of the game the creditor won show the same code beside a
    # payment to them; the other lines have none.
    settle_ups = [euro_evening, *(f"{live_server}/games/{game_id}/settle" for game_id in euro_games)]
    codes = {}
    for settle_up in settle_ups:
        page.goto(settle_up)
        to_creditor = page.locator(".settle-list li", has_text=f"pays {creditor} ")
        for number in range(to_creditor.count()):
            amount = re.search(r"€([\d.]+)", to_creditor.nth(number).inner_text())[1]
            assert pays(scanned(to_creditor.nth(number).locator(".epc svg")), creditor, amount), settle_up
        codes[settle_up] = page.locator(".settle-list li .epc").count()
        assert codes[settle_up] == to_creditor.count(), settle_up
        if codes[settle_up]:
            shots(page, "regulars-03-settle-up")
    assert codes[euro_evening] and sum(codes.values()) > codes[euro_evening]  # the evening's and a game's

    # A follower (no key) never sees the IBAN.
    for url in (f"{live_server}/money", *settle_ups):
        assert IBAN not in requests.get(url, timeout=10).text, url

    # The owner names a season; its table and its PDF.
    page.goto(f"{live_server}/seasons")
    page.get_by_label("Season").fill("Autumn league")
    page.get_by_label("From").fill("2000-01-01")
    page.get_by_label("To", exact=True).fill("2999-12-31")
    page.get_by_role("button", name="Create the season").click()
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
