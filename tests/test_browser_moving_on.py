"""Everyone moves on together: after "New game, same table" the follower's sheet and each seat phone go to
the next game by themselves, and a late arrival is offered a seat link (Chromium, 360 x 640)."""

import re

import pytest

from tests.pictures import SCALE
from playwright.sync_api import expect

from tests.browser_helpers import seat_late_arrival
from tests.game_helpers import HANDS, create, record

pytestmark = pytest.mark.browser
FOLLOW_POLL_MS = 100  # the late reader waits four polls (tests/conftest.py)


def phone(browser):
    context = browser.new_context(
        viewport={"width": 360, "height": 640}, has_touch=True, is_mobile=True, device_scale_factor=SCALE
    )
    context.set_default_timeout(15_000)
    return context, context.new_page()


def bid(page, number):
    page.locator("form.bidpad").get_by_role("button", name=str(number), exact=True).click()


def offer_seat_links(page, base, game_id):
    page.goto(f"{base}/games/{game_id}/seats")
    page.get_by_label("I will show each player only their own code").check()
    page.get_by_role("button", name="Make a link for each player").click()
    return {
        name: page.get_by_role("textbox", name=f"{name}'s seat link").input_value()
        for name in ("Ann", "Bob", "Cy", "Di")
    }


def test_followers_and_seat_phones_follow_the_table_to_its_next_game(browser, live_server, client, shots):
    phones = [phone(browser) for _ in range(5)]
    (_, keeper), (_, follower), (_, bob), (_, late_reader), (_, results_reader) = phones
    try:
        old_id, key = create(client, record(hands=HANDS[:1]), claim=False)  # one hand of two to play
        keeper.goto(f"{live_server}/games/{old_id}/claim/{key}")
        links = offer_seat_links(keeper, live_server, old_id)
        follower.goto(f"{live_server}/games/{old_id}")
        bob.goto(links["Bob"])
        bob.wait_for_url(re.compile(rf"/games/{old_id}/mine$"))

        # The last hand: Bob deals 2; Cy 0, Di 1, Ann 0, Bob 0 (the hook forbids 1); Bob takes the other.
        keeper.goto(f"{live_server}/games/{old_id}")
        keeper.get_by_role("button", name="hearts").click()
        for number in (0, 1, 0, 0):
            bid(keeper, number)
        keeper.get_by_role("button", name="Save tricks").click()  # the last hand opens the results (issue 25)
        keeper.wait_for_url(re.compile(r"/over$"))
        results_reader.goto(f"{live_server}/games/{old_id}/over")  # a follower reading the results
        keeper.get_by_role("button", name="New game, same table").click()
        expect(keeper.locator("main")).to_contain_text("Bob deals 1")
        new_id = re.search(r"/games/([^/]+)/", keeper.url).group(1)
        assert new_id != old_id

        # The follower's sheet and Bob's phone go there by themselves.
        follower.wait_for_url(re.compile(rf"/games/{new_id}"))
        expect(follower.locator(".where")).to_contain_text("read-only")
        shots(follower, "moving-on-01-follower")
        results_reader.wait_for_url(re.compile(rf"/games/{new_id}$"))
        bob.wait_for_url(re.compile(rf"/games/{new_id}/mine$"))
        expect(bob.locator("main")).to_contain_text("Bob", use_inner_text=True)
        shots(bob, "moving-on-02-seat-phone")

        # Someone opening the finished game afterwards stays on it.
        late_reader.goto(f"{live_server}/games/{old_id}/sheet")
        tag = late_reader.locator("script[data-revision]").get_attribute("data-revision")
        assert tag.endswith("+next")
        late_reader.wait_for_timeout(400)  # four polls at the tests' 100 ms
        assert f"/games/{old_id}/sheet" in late_reader.url
    finally:
        for context, _page in phones:
            context.close()


def test_a_late_arrival_is_offered_a_seat_link_in_the_share_panel(browser, live_server, client, shots):
    (keeper_context, keeper), (ed_context, ed) = phone(browser), phone(browser)
    try:
        game_id, key = create(client, record(hands=HANDS[:1]), claim=False)
        keeper.goto(f"{live_server}/games/{game_id}/claim/{key}")
        offer_seat_links(keeper, live_server, game_id)
        keeper.goto(f"{live_server}/games/{game_id}/sheet")
        seat_late_arrival(keeper, "Ed", 4)
        keeper.get_by_role("link", name="Sheet").click()
        keeper.locator("details.share summary").click()
        link = keeper.get_by_role("textbox", name="Ed's seat link")
        expect(link).to_be_visible()
        shots(keeper, "moving-on-03-share-newcomer")
        ed.goto(link.input_value())
        ed.wait_for_url(re.compile(rf"/games/{game_id}/mine$"))
        expect(ed.locator("main")).to_contain_text("Ed", use_inner_text=True)
    finally:
        keeper_context.close()
        ed_context.close()
