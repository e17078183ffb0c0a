"""Bidding styles and the table changes in Debian's Chromium at phone size (360 x 640).

Screenshots go to test-artifacts/.
"""

import re

import pytest

from tests.test_browser_table import bid, fits

pytestmark = pytest.mark.browser


def set_up(page, base, bidding="sequential", hook=True, pattern="up", max_cards="3", sizes=""):
    """Set up Ann, Bob, Cy and Di, Ann dealing first, exact scoring."""
    page.goto(base + "/games/new")
    for seat, name in enumerate(["Ann", "Bob", "Cy", "Di"]):
        page.get_by_label(f"player {seat + 1}", exact=True).fill(name)
    page.get_by_label("First dealer").select_option("0")
    page.locator("details summary", has_text="Rules").click()
    page.get_by_label("Pattern").select_option(pattern)
    page.get_by_label("N (largest hand").fill(max_cards)
    if sizes:
        page.get_by_label("Custom hand sizes").fill(sizes)
    if not hook:
        page.get_by_role("checkbox", name="Hook:").uncheck()
    page.locator(f"input[name=bidding][value={bidding}]").check()
    page.get_by_role("button", name="Start the game").first.click()
    page.wait_for_url(re.compile(r"/deal$"))


def totals(page):
    return page.locator("tfoot td").all_inner_texts()


def test_a_simultaneous_hand(page, live_server, shots):
    set_up(page, live_server, bidding="simultaneous", max_cards="3")
    page.get_by_role("button", name="hearts").click()
    page.wait_for_url(re.compile(r"/bids$"))
    assert "no hook" in page.inner_text("main")
    page.get_by_role("button", name="Bob bids one more").click()
    assert "Bid 1 of 1 · even" in page.inner_text("#bid-tally")
    page.get_by_role("button", name="Ann bids one more").click()  # the dealer: no hook to stop her
    assert "over by 1" in page.inner_text("#bid-tally")
    assert fits(page)
    shots(page, "20-simultaneous-bids")
    page.get_by_role("button", name="Save the bids").click()
    page.wait_for_url(re.compile(r"/tricks$"))
    assert page.inner_text(".announce") == "OVER by 1"
    page.get_by_role("button", name="Save tricks").click()  # Bob took it; Ann missed
    page.wait_for_url(re.compile(r"/sheet$"))
    assert totals(page) == ["0", "11", "10", "10"]


def test_a_cooperative_hand_missed_and_dealt_again(page, live_server, shots):
    set_up(page, live_server, bidding="cooperative", max_cards="2")
    page.get_by_role("button", name="spades").click()
    page.get_by_role("button", name="Bob bids one more").click()
    page.get_by_role("button", name="Cy bids one more").click()
    assert "1 too many" in page.inner_text("#bid-tally")
    shots(page, "21-cooperative-too-many")
    assert page.get_by_role("button", name="Save the bids").is_disabled()
    assert "Save is off until the bids add up to exactly 1." in page.inner_text("#save-reason")
    page.get_by_role("button", name="Cy bids one fewer").click()
    assert "exactly 1" in page.inner_text("#bid-tally")
    assert page.get_by_role("button", name="Save the bids").is_enabled()
    page.get_by_role("button", name="Save the bids").click()
    page.wait_for_url(re.compile(r"/tricks$"))
    page.get_by_role("button", name="Bob one fewer").click()
    page.get_by_role("button", name="Cy one more").click()
    page.get_by_role("button", name="Save tricks").click()
    page.wait_for_url(re.compile(r"/sheet$"))
    assert "Missed by Bob, Cy. The hand is dealt again: Bob deals 1." in page.inner_text(".flash")
    assert "1 deal needed for 0 of 2 hands" in page.inner_text("#deals-needed")
    shots(page, "23-cooperative-dealt-again")
    page.locator("#next-hand").click()
    assert "Bob deals 1" in page.inner_text("main")


def test_a_late_arrival_and_a_sit_out(page, live_server, shots):
    set_up(page, live_server, hook=False, pattern="custom", max_cards="", sizes="1 13 13")
    page.get_by_role("button", name="hearts").click()
    for number in (1, 0, 0, 0):  # Bob, Cy, Di, Ann
        bid(page, number)
    page.get_by_role("button", name="Save tricks").click()
    page.wait_for_url(re.compile(r"/sheet$"))
    assert totals(page) == ["10", "11", "10", "10"]

    # Ed arrives and starts with the last place's total (the lowest); Cy sits out the next hand.
    page.locator("#table-tab").click()
    page.locator("summary", has_text="Someone arrives late").click()
    page.get_by_label("Name").fill("Ed")
    page.get_by_label("the last place's total (10)").check()
    shots(page, "24-table-arrival")
    page.get_by_role("button", name="Seat the newcomer").click()
    assert "Ed joins with 10." in page.inner_text(".flash")
    page.get_by_role("button", name="Cy sits out the next hand").click()
    assert "Cy sits out the next hand." in page.inner_text(".flash")
    assert fits(page)
    shots(page, "25-table-screen")

    # Four dealt in (Ann, Bob, Di, Ed): 13 cards each is every card, so no trump is turned.
    page.get_by_role("link", name="Deal").click()
    main = page.inner_text("main")
    assert "Bob deals 13" in main and "Dealt in: Ann, Bob, Di, Ed (joins with 10) · sitting out: Cy" in main
    assert fits(page)
    shots(page, "26-deal-dealt-in")
    page.get_by_role("button", name="Dealt — start bidding").click()
    assert page.locator("ol.bidders li").count() == 4
    for number in (3, 3, 3, 4):  # Di, Ed, Ann, Bob
        bid(page, number)
    page.get_by_role("button", name="Save tricks").click()
    page.wait_for_url(re.compile(r"/sheet$"))
    assert totals(page) == ["23", "25", "10", "23", "23"]
    rows = page.locator("table.sheet tbody tr")
    assert rows.nth(0).locator("td").nth(4).inner_text().split() == ["out", "starts", "with", "10"]  # Ed's start
    assert rows.nth(1).locator("td").nth(2).inner_text() == "out"
    # Five dealt in next: 13 cards is too many, the hand is 10.
    assert "Next hand: Cy deals 10" in page.inner_text("main")
    shots(page, "27-sheet-after-changes")


def test_a_plan_change(page, live_server, shots):
    set_up(page, live_server, hook=False, max_cards="3")
    page.locator("a.tab", has_text="Table").click()
    page.locator("summary", has_text="The plan of hands").click()
    page.get_by_label("Hand", exact=True).fill("2")
    page.get_by_label("Cards", exact=True).fill("5")
    page.get_by_role("button", name="Resize").click()
    assert "The plan of hands is changed." in page.inner_text(".flash")
    assert page.locator("ol.plan li").all_inner_texts() == ["1", "5", "3"]
    page.get_by_label("Hand", exact=True).fill("1")
    page.get_by_label("Cards", exact=True).fill("60")
    page.get_by_role("button", name="Insert before").click()
    assert "A hand needs 1 to 13 cards." in page.inner_text(".flash")
    shots(page, "28-plan-refused")
    page.get_by_label("Hand", exact=True).fill("3")
    page.get_by_role("button", name="Skip").click()
    assert page.locator("ol.plan li").all_inner_texts() == ["1", "5"]
    assert fits(page)
    shots(page, "29-plan-changed")
    page.get_by_role("link", name="Sheet").click()
    assert "To come: 1 5 cards" in page.inner_text("#to-come")
    assert "hand 0 of 2" in page.inner_text("main")


def test_a_follower_sees_the_sheet_change_by_itself(browser, page, live_server, shots):
    set_up(page, live_server, hook=False, max_cards="3")
    game_url = page.url.removesuffix("/deal")
    other = browser.new_context(viewport={"width": 360, "height": 640})
    follower = other.new_page()
    follower.goto(game_url)
    assert follower.locator("table.sheet tbody tr").count() == 0
    page.get_by_role("button", name="clubs").click()
    # The follower's page reloads itself once the game's revision has moved on.
    follower.wait_for_function("() => document.querySelectorAll('table.sheet tbody tr').length === 1")
    for number in (1, 0, 0, 0):
        bid(page, number)
    page.get_by_role("button", name="Save tricks").click()
    follower.wait_for_function(
        "() => document.querySelector('tfoot').innerText.includes('11')")
    assert follower.locator("tfoot td").all_inner_texts() == ["10", "11", "10", "10"]
    shots(follower, "30-follower-updated")
    other.close()
