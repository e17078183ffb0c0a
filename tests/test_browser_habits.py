"""A player's bidding habits on their page at phone size (Chromium, 360 x 640): by hand size, zero bids, the
hook as dealer, and a small chart."""

import re

import pytest
from playwright.sync_api import expect

from tests.game_helpers import create, record

pytestmark = pytest.mark.browser


def test_bidding_habits_on_the_players_page(page, live_server, client, shots):
    create(client, record())  # worked by hand in test_habits.py
    create(
        client,
        record(
            first_dealer=1,
            hands=[{"cards": 1, "dealer": 1, "trump": "hearts", "bids": [0, 1, 0, 1], "tricks": [1, 0, 0, 0]}],
        ),
    )
    page.goto(live_server + "/")
    page.get_by_role("link", name="Players").click()
    page.get_by_role("link", name="Ann").click()
    page.wait_for_url(re.compile(r"/players/Ann$"))
    table = page.locator("table.habits")
    table.scroll_into_view_if_needed()
    rows = [" ".join(r.split()) for r in table.locator("tbody tr").all_inner_texts()]
    # 1 card: hand 1 of the first game (bid 1, took 0) and the second game's (bid 0, took 1).
    assert rows == ["1 2 0% 50% 50%", "2 1 100% 0% 0%"]
    expect(page.locator("#zero-bids")).to_have_text("Zero bids made: 0 of 1")
    expect(page.locator("#hook-cost")).to_contain_text(
        "As dealer under the hook: 1 time, missed 1; the hook cost 1", use_inner_text=True
    )
    chart = page.locator(".habits-chart svg")
    chart.scroll_into_view_if_needed()
    box = chart.bounding_box()
    assert box["width"] <= 360 and box["height"] > 60
    assert "1 card, 2 hands: 0% made, 50% over, 50% under" in chart.get_attribute("aria-label")
    assert page.evaluate("document.scrollingElement.scrollWidth <= window.innerWidth")
    shots(page, "habits-01-player")
