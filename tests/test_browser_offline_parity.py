"""Issue 26 in Debian's Chromium: for the same hand, the screen drawn on the phone offline and the server's screen
online say the same words and offer the same buttons (the bids, trump and tricks screens)."""

import re

import pytest
from playwright.sync_api import expect

from test_browser_offline import PLAYERS, go_offline, keeper, offline_bid  # noqa: F401

pytestmark = pytest.mark.browser

RULES = {"scoring": "exact", "hook": True, "trump": "highest_bidder", "deals": {"pattern": "up", "max": 3},
         "first_dealer": 0}
# What only one side has, and why: online, links to the server's other pages and Undo of a saved action; offline,
# undo of a tap still waiting on the phone.
ONLINE_ONLY = {"Change the dealer's bid", "Undo"}
OFFLINE_ONLY = {"Undo the last tap", "not saved yet"}  # and what waits on the phone, marked


def shown(page, root):
    """The screen's visible lines of text and its buttons' names, as a person reads and a screen reader says them."""
    lines = [line.strip() for line in page.locator(root).inner_text().splitlines() if line.strip()]
    buttons = page.locator(root).locator("button:visible, a:visible").evaluate_all(
        "nodes => nodes.map(n => { const c = n.cloneNode(true); c.querySelectorAll('.unsent-mark').forEach(m => m.remove());"
        " return n.getAttribute('aria-label') || c.textContent.replace(/\\s+/g, ' ').trim(); })")
    return [line for line in lines if line not in ONLINE_ONLY | OFFLINE_ONLY], \
        [name for name in buttons if name not in ONLINE_ONLY | OFFLINE_ONLY]


def online_screen(page, base, taps):
    """The server's screen after `taps` sent through the actions API."""
    body = page.request.post(base + "/api/games", data={"players": PLAYERS, "rules": RULES, "hands": []}).json()
    revision = 1
    for n, tap in enumerate(taps):
        answer = page.request.post(f"{base}/api/games/{body['id']}/actions",
                                   headers={"Authorization": f"Bearer {body['edit_key']}"},
                                   data={"id": f"t{n}", "revision": revision, "hand": 1, **tap})
        assert answer.ok, answer.text()
        revision = answer.json()["revision"]
    page.goto(body["url"])
    expect(page.locator("main .handline")).to_be_visible()
    return shown(page, "main")


def offline_screen(page, context, link, base, taps):
    """The phone's own screen after the same taps made offline."""
    body = page.request.post(base + "/api/games", data={"players": PLAYERS, "rules": RULES, "hands": []}).json()
    page.goto(body["url"].replace(base, link.url))
    page.wait_for_url(re.compile(r"/deal$"))
    go_offline(context, link)
    for tap in taps:
        if tap["action"] == "deal":
            page.get_by_role("button", name="Dealt — start bidding").click()
        elif tap["action"] == "bid":
            offline_bid(page, tap["bid"])
        else:
            page.get_by_role("button", name=tap["trump"]).click()
    expect(page.locator("#queue-count")).to_be_visible()
    return shown(page, "#offline-hand")


BIDS = [{"action": "deal"}, {"action": "bid", "seat": 1, "bid": 1}, {"action": "bid", "seat": 2, "bid": 1}]
ALL_BIDS = BIDS + [{"action": "bid", "seat": 3, "bid": 0}, {"action": "bid", "seat": 0, "bid": 1}]
SCREENS = {"bids": BIDS, "trump": ALL_BIDS, "tricks": ALL_BIDS + [{"action": "trump", "trump": "spades"}]}


@pytest.mark.parametrize("screen", SCREENS)
def test_the_offline_screen_says_what_the_online_one_says(live_server, link, keeper, shots, screen):  # noqa: F811
    context, page = keeper
    online = online_screen(page, live_server, SCREENS[screen])
    shots(page, f"parity-{screen}-online")
    offline = offline_screen(page, context, link, live_server, SCREENS[screen])
    shots(page, f"parity-{screen}-offline")
    assert offline[0] == online[0]  # the words, line by line
    assert offline[1] == online[1]  # the buttons, in order
