"""The last hands on the sheet: from the last third of the plan on, what each player needs to catch the leader and
what each stands to pay, for the scorekeeper and a follower alike (Chromium, 360 x 640)."""

import re

import pytest
from playwright.sync_api import expect

from tests.game_helpers import create, record

pytestmark = pytest.mark.browser


def bid(page, number):
    page.locator("form.bidpad").get_by_role("button", name=str(number), exact=True).click()


def no_sideways_scroll(page):
    return page.evaluate("document.scrollingElement.scrollWidth <= window.innerWidth")


def test_the_sheet_says_what_each_needs_in_the_last_hands(browser, page, live_server, client, shots):
    game_id, key = create(client, record(hands=[]), claim=False)  # 1 then 2 cards, pairwise at 1
    page.goto(f"{live_server}/games/{game_id}/claim/{key}")
    follower_context = browser.new_context(viewport={"width": 360, "height": 640}, is_mobile=True)
    follower = follower_context.new_page()
    try:
        follower.goto(f"{live_server}/games/{game_id}")
        page.goto(f"{live_server}/games/{game_id}/sheet")
        assert page.locator("#last-hands").count() == 0  # the whole game is still to play
        # Hand 1: Ann deals 1; Bob 1, Cy 0, Di 0, Ann 1 (the hook forbids 0); Bob takes the trick.
        page.locator("#next-deal").get_by_role("button", name="hearts").click()
        for number in (1, 0, 0, 1):
            bid(page, number)
        page.get_by_role("button", name="Save tricks").click()
        page.wait_for_url(re.compile(r"/sheet$"))
        expect(page.locator("tfoot td")).to_have_text(["0", "11", "10", "10"])
        chase = page.locator("#last-hands")
        expect(chase).to_contain_text("1 hand to play. Up to 12 more points each.", use_inner_text=True)
        rows = chase.locator("tr")
        expect(rows).to_have_count(4)
        assert [" ".join(r.split()) for r in rows.all_inner_texts()] == [
            "Ann needs 11 to catch Bob pays 31.00",
            "Bob leads by 1 gets 13.00",
            "Cy needs 1 to catch Bob gets 9.00",
            "Di needs 1 to catch Bob gets 9.00",
        ]
        assert no_sideways_scroll(page)
        chase.scroll_into_view_if_needed()
        shots(page, "last-hands-01-keeper")
        # The follower's sheet shows the same by itself.
        expect(follower.locator("#last-hands tr").nth(1)).to_contain_text("leads by 1", use_inner_text=True)
        assert no_sideways_scroll(follower)
        follower.locator("#last-hands").scroll_into_view_if_needed()
        shots(follower, "last-hands-02-follower")
    finally:
        follower_context.close()
