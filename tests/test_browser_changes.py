"""Bidding styles and the table changes in Debian's Chromium at phone size (360 x 640).

Screenshots go to test-artifacts/.
"""

import re

import pytest
from playwright.sync_api import expect

from tests.browser_helpers import bid, fits
from tests.setup_form import set_up

pytestmark = pytest.mark.browser


def totals(page):
    return page.locator("tfoot td").all_inner_texts()


def test_a_simultaneous_hand(page, live_server, shots):
    set_up(page, live_server, bidding="simultaneous", max_cards="3")
    page.get_by_role("button", name="hearts").click()
    page.wait_for_url(re.compile(r"/bids$"))
    expect(page.locator("main")).to_contain_text("no hook", use_inner_text=True)
    page.get_by_role("button", name="Bob bids one more").click()
    expect(page.locator("#bid-tally")).to_contain_text("Bid 1 of 1 · even", use_inner_text=True)
    page.get_by_role("button", name="Ann bids one more").click()  # the dealer: no hook to stop her
    expect(page.locator("#bid-tally")).to_contain_text("over by 1", use_inner_text=True)
    assert fits(page)
    shots(page, "20-simultaneous-bids")
    page.get_by_role("button", name="Save the bids").click()
    page.wait_for_url(re.compile(r"/tricks$"))
    expect(page.locator(".announce")).to_have_text("OVER by 1", use_inner_text=True)
    page.get_by_role("button", name="Save tricks").click()  # Bob took it; Ann missed
    page.wait_for_url(re.compile(r"/sheet$"))
    assert totals(page) == ["0", "11", "10", "10"]


def test_a_cooperative_hand_missed_and_dealt_again(page, live_server, shots):
    set_up(page, live_server, bidding="cooperative", max_cards="2")
    page.get_by_role("button", name="spades").click()
    page.get_by_role("button", name="Bob bids one more").click()
    page.get_by_role("button", name="Cy bids one more").click()
    expect(page.locator("#bid-tally")).to_contain_text("1 too many", use_inner_text=True)
    shots(page, "21-cooperative-too-many")
    assert page.get_by_role("button", name="Save the bids").is_disabled()
    expect(page.locator("#save-reason")).to_contain_text(
        "Save is off until the bids add up to exactly 1.", use_inner_text=True
    )
    page.get_by_role("button", name="Cy bids one fewer").click()
    expect(page.locator("#bid-tally")).to_contain_text("exactly 1", use_inner_text=True)
    assert page.get_by_role("button", name="Save the bids").is_enabled()
    page.get_by_role("button", name="Save the bids").click()
    page.wait_for_url(re.compile(r"/tricks$"))
    page.get_by_role("button", name="Bob one fewer").click()
    page.get_by_role("button", name="Cy one more").click()
    page.get_by_role("button", name="Save tricks").click()
    page.wait_for_url(re.compile(r"/sheet$"))
    expect(page.locator(".flash")).to_contain_text(
        "Missed by Bob, Cy. The hand is dealt again: Bob deals 1.", use_inner_text=True
    )
    expect(page.locator("#deals-needed")).to_contain_text("1 deal needed for 0 of 2 hands", use_inner_text=True)
    shots(page, "23-cooperative-dealt-again")
    page.locator("#next-hand").click()
    expect(page.locator("main")).to_contain_text("Bob deals 1", use_inner_text=True)


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
    expect(page.locator(".flash")).to_contain_text("Ed joins with 10.", use_inner_text=True)
    page.get_by_role("button", name="Cy sits out the next hand").click()
    expect(page.locator(".flash")).to_contain_text("Cy sits out the next hand.", use_inner_text=True)
    assert fits(page)
    shots(page, "25-table-screen")

    # Four dealt in (Ann, Bob, Di, Ed): 13 cards each is every card, so no trump is turned.
    page.get_by_role("link", name="Deal").click()
    page.wait_for_url(re.compile(r"/deal$"))
    main = page.inner_text("main")
    assert "Bob deals 13" in main and "Dealt in: Ann, Bob, Di, Ed (joins with 10) · sitting out: Cy" in main
    assert fits(page)
    shots(page, "26-deal-dealt-in")
    page.get_by_role("button", name="Dealt — start bidding").click()
    expect(page.locator("ol.bidders li")).to_have_count(4)
    for number in (3, 3, 3, 4):  # Di, Ed, Ann, Bob
        bid(page, number)
    page.get_by_role("button", name="Save tricks").click()
    page.wait_for_url(re.compile(r"/sheet$"))
    assert totals(page) == ["23", "25", "10", "23", "23"]
    rows = page.locator("table.sheet tbody tr")
    assert rows.nth(0).locator("td").nth(4).inner_text().split() == ["out", "starts", "with", "10"]  # Ed's start
    assert rows.nth(1).locator("td").nth(2).inner_text() == "out"
    # Five dealt in next: 13 cards is too many, the hand is 10.
    expect(page.locator("main")).to_contain_text("Next hand: Cy deals 10", use_inner_text=True)
    shots(page, "27-sheet-after-changes")


def test_a_plan_change(page, live_server, shots):
    set_up(page, live_server, hook=False, max_cards="3")
    page.locator("a.tab", has_text="Table").click()
    page.locator("summary", has_text="The plan of hands").click()
    page.get_by_label("Hand", exact=True).fill("2")
    page.get_by_label("Cards", exact=True).fill("5")
    page.get_by_role("button", name="Resize").click()
    expect(page.locator(".flash")).to_contain_text("The plan of hands is changed.", use_inner_text=True)
    assert page.locator("ol.plan li").all_inner_texts() == ["1", "5", "3"]
    page.get_by_label("Hand", exact=True).fill("1")
    page.get_by_label("Cards", exact=True).fill("60")
    page.get_by_role("button", name="Insert before").click()
    expect(page.locator(".flash")).to_contain_text("A hand needs 1 to 13 cards.", use_inner_text=True)
    shots(page, "28-plan-refused")
    page.get_by_label("Hand", exact=True).fill("3")
    page.get_by_role("button", name="Skip").click()
    expect(page.locator("ol.plan li")).to_have_text(["1", "5"])
    assert fits(page)
    shots(page, "29-plan-changed")
    page.get_by_role("link", name="Sheet").click()
    expect(page.locator("#to-come")).to_contain_text("To come: 1 5 cards", use_inner_text=True)
    expect(page.locator("main")).to_contain_text("hand 0 of 2", use_inner_text=True)


def test_a_follower_sees_the_sheet_change_by_itself(browser, page, live_server, shots):
    set_up(page, live_server, hook=False, max_cards="3")
    game_url = page.url.removesuffix("/deal")
    other = browser.new_context(viewport={"width": 360, "height": 640})
    follower = other.new_page()
    follower.goto(game_url)
    expect(follower.locator("table.sheet tbody tr")).to_have_count(0)
    page.get_by_role("button", name="clubs").click()
    # The follower's page reloads itself once the game's revision has moved on.
    follower.wait_for_function("() => document.querySelectorAll('table.sheet tbody tr').length === 1")
    for number in (1, 0, 0, 0):
        bid(page, number)
    page.get_by_role("button", name="Save tricks").click()
    follower.wait_for_function("() => document.querySelector('tfoot').innerText.includes('11')")
    assert follower.locator("tfoot td").all_inner_texts() == ["10", "11", "10", "10"]
    shots(follower, "30-follower-updated")
    other.close()
