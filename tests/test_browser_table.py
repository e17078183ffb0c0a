"""The table in Debian's Chromium at phone size (360 x 640): set up, play, undo, correct, finish.

Screenshots of every screen go to test-artifacts/.
"""

import re

import pytest
from playwright.sync_api import expect

from tests.setup_form import set_up as set_up_form
from tests.browser_helpers import bid, fits

# The whole game on a phone that has been here before: every page through its service worker.
SERVICE_WORKER = "allow"

pytestmark = pytest.mark.browser


def set_up(page, base, hook=True, stake="1"):
    """Ann, Bob, Cy and Di up to 3 cards, settled pairwise at a stake."""
    set_up_form(page, base, hook=hook, settlement="pairwise", stake=stake)


def test_play_a_game_on_a_phone(page, live_server, shots):
    page.goto(live_server + "/")
    shots(page, "01-home")
    page.get_by_role("link", name="New game").click()
    shots(page, "02-setup")
    set_up(page, live_server)

    # Hand 1: Ann deals 1 card.
    page.wait_for_url(re.compile(r"/deal$"))
    expect(page.locator("main")).to_contain_text("Ann deals 1", use_inner_text=True)
    assert fits(page)
    shots(page, "03-deal")
    page.get_by_role("button", name="hearts").click()
    bid(page, 1)  # Bob
    assert "over by 0" not in page.inner_text("main") and "even" in page.inner_text(".tally")
    bid(page, 0)  # Cy
    bid(page, 0)  # Di
    # Ann, the dealer, may not bid 0: it is struck out, cannot be chosen, and the reason is shown.
    forbidden = page.locator("form.bidpad button.forbidden")
    assert forbidden.inner_text() == "0" and forbidden.is_disabled()
    expect(page.locator(".hook")).to_contain_text("The dealer may not bid 0", use_inner_text=True)
    assert fits(page)
    shots(page, "04-bids-hook")
    bid(page, 1)
    page.wait_for_url(re.compile(r"/tricks$"))
    expect(page.locator(".announce")).to_contain_text("OVER", use_inner_text=True)
    assert fits(page)
    shots(page, "05-tricks")
    # Bob took it; Ann's count follows from the others.
    expect(page.locator("#took-0")).to_have_text("0", use_inner_text=True)
    page.get_by_role("button", name="Save tricks").click()
    page.wait_for_url(re.compile(r"/sheet$"))
    shots(page, "06-sheet")
    expect(page.locator("tfoot td")).to_have_text(["0", "11", "10", "10"])

    # Hand 2: Bob deals 2; everyone bids; Cy takes one more than bid, Di one fewer.
    page.locator("#next-hand").click()
    page.get_by_role("button", name="spades").click()
    for number in (0, 1, 1, 1):  # Cy, Di, Ann, Bob (sum 3: the hook does not bite)
        bid(page, number)
    page.get_by_role("button", name="Cy one more").click()
    page.get_by_role("button", name="Di one fewer").click()
    expect(page.locator("#took-1")).to_have_text("0", use_inner_text=True)
    shots(page, "07-tricks-adjusted")
    page.get_by_role("button", name="Save tricks").click()
    expect(page.locator("tfoot td")).to_have_text(["11", "11", "10", "10"])

    # Undo: the tricks of hand 2 come off the sheet and the tricks screen is back.
    page.get_by_role("button", name="Undo last").click()
    page.wait_for_url(re.compile(r"/tricks$"))
    shots(page, "08-after-undo")
    page.get_by_role("button", name="Save tricks").click()  # as bid; Bob, the dealer, gets the rest: 0
    expect(page.locator("tfoot td")).to_have_text(["11", "11", "20", "21"])

    # Correct hand 1: Ann took the trick, not Bob. The totals after it change.
    page.get_by_role("link", name="edit hand 1").click()
    shots(page, "09-edit")
    page.get_by_label("Ann took").fill("1")
    page.get_by_label("Bob took").fill("0")
    page.get_by_role("button", name="Save the correction").click()
    expect(page.locator("tfoot td")).to_have_text(["22", "0", "20", "21"])
    expect(page.locator(".flash")).to_contain_text("corrected")

    # Hand 3: Cy deals 3 at no trump.
    page.locator("#next-hand").click()
    page.get_by_role("button", name="no trump").click()
    for number in (0, 1, 0, 1):  # Di, Ann, Bob, Cy
        bid(page, number)
    page.get_by_role("button", name="Save tricks").click()  # Cy takes the other 2 and misses
    page.wait_for_url(re.compile(r"/over$"))  # issue 25: the last hand recorded opens the results
    results = page.url
    page.goto(results.removesuffix("over") + "sheet")
    expect(page.locator("tfoot td")).to_have_text(["33", "10", "20", "31"])
    shots(page, "10-sheet-final")
    page.get_by_role("link", name="Game over: results").click()
    page.wait_for_url(re.compile(r"/over$"))
    assert fits(page)
    shots(page, "11-game-over")
    text = page.inner_text("main")
    assert "Winner: Ann" in text
    assert "Bob pays Ann 38.00" in text
    page.get_by_role("button", name="New game, same table").click()
    expect(page.locator("main")).to_contain_text("Bob deals 1")


def test_taps_for_a_hand_everyone_makes(page, live_server, shots):
    """From the sheet to the sheet: the trump on the sheet deals, four bids, save: 6 taps."""
    set_up(page, live_server, hook=False)
    page.get_by_role("link", name="Sheet").click()
    clicks = 0
    page.locator("#next-deal").get_by_role("button", name="diamonds").click()
    clicks += 1
    page.wait_for_url(re.compile(r"/bids$"))
    for number in (0, 0, 1, 0):
        bid(page, number)
        clicks += 1
    page.get_by_role("button", name="Save tricks").click()
    clicks += 1
    page.wait_for_url(re.compile(r"/sheet$"))
    assert clicks == 6
    expect(page.locator("tfoot td")).to_have_text(["10", "10", "10", "11"])
    expect(page.locator("main")).to_contain_text("Next hand: Bob deals 2")


def test_read_only_follower_cannot_write(browser, page, live_server, shots):
    set_up(page, live_server)
    page.wait_for_url(re.compile(r"/deal$"))
    game_url = page.url.removesuffix("/deal")
    other = browser.new_context(viewport={"width": 360, "height": 640})
    follower = other.new_page()
    follower.goto(game_url)
    expect(follower.locator("header")).to_contain_text("read-only", use_inner_text=True)
    expect(follower.locator("form:not(#language)")).to_have_count(0)  # only the language switch
    shots(follower, "12-read-only")
    follower.goto(game_url + "/deal")
    expect(follower.locator("main")).to_contain_text("read-only link", use_inner_text=True)
    other.close()


def test_five_bid_chips_sit_in_one_row_of_equal_chips(page, live_server, shots):
    set_up_form(page, live_server, names=["Ann", "Bartholomew", "Cy", "Di", "Ed"])
    page.get_by_role("button", name="hearts").click()
    page.wait_for_url(re.compile(r"/bids"))
    chips = page.locator("ol.bidders > li")
    expect(chips).to_have_count(5)
    boxes = [chips.nth(i).bounding_box() for i in range(5)]
    # One row, the dealer's chip as wide as the others (it took a row of its own, full width).
    assert len({round(box["y"]) for box in boxes}) == 1
    assert max(box["width"] for box in boxes) - min(box["width"] for box in boxes) < 1
    assert page.evaluate("document.scrollingElement.scrollWidth <= window.innerWidth")
    shots(page, "table-five-chips")
