"""The scorekeeper's phone without a network: its context, the link cut and back, bids typed offline, and what the
server then holds."""

import html
import json
import re
import time

import pytest

from tests.browser_helpers import phone_context


PLAYERS = ["Ann", "Bob", "Cy", "Di"]


def phone(browser):
    context = phone_context(browser)
    return context, context.new_page()


def new_game(page, base, bidding="sequential", hook=True, through=None):
    """Store a game and open its edit link on `page` (through the cuttable link's address when given)."""
    record = {
        "players": PLAYERS,
        "rules": {
            "scoring": "exact",
            "hook": hook,
            "bidding": bidding,
            "deals": {"pattern": "up", "max": 3},
            "first_dealer": 0,
        },
        "hands": [],
    }
    body = page.request.post(base + "/api/games", data=record).json()
    page.goto(body["url"].replace(base, through or base))  # the edit link: this phone keeps the score
    return body["id"], body["edit_key"]


@pytest.fixture
def keeper(browser):
    """The scorekeeper's phone: (its browser context, its page)."""
    context, page = phone(browser)
    yield context, page
    context.close()


def go_offline(context, link):
    """The Wi-Fi drops: the phone knows it is offline, and nothing, not even its service worker, gets through."""
    link.cut()
    context.set_offline(True)


def go_online(context, link, delay=0.0):
    link.restore(delay)
    context.set_offline(False)


def server_record(page, base, game_id):
    return page.request.get(f"{base}/api/games/{game_id}/export").json()


def recorded_hands(page, base, game_id, until, seconds=15):
    """The server's hands once `until(hands)` holds (the queue sends in the background), or as they are."""
    deadline = time.monotonic() + seconds
    while not until(hands := server_record(page, base, game_id)["hands"]) and time.monotonic() < deadline:
        time.sleep(0.2)
    return hands


def offline_bid(page, number):
    page.locator("#offline-hand .pad").get_by_role("button", name=str(number), exact=True).click()


def table_data(page):
    found = re.search(r'<div id="offline" hidden data-table="([^"]*)"', page)
    assert found, "the hand page carries no offline data"
    return json.loads(html.unescape(found.group(1)))
