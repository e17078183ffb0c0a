"""Issue 26 in Debian's Chromium: for the same hand, the screen drawn on the phone offline and the server's screen
online say the same words and offer the same buttons (the bids in turn and all at once, trump, tricks and the next
deal)."""

import re

import pytest
from playwright.sync_api import expect

from tests.offline_helpers import PLAYERS, go_offline, offline_bid

# Being offline is the service worker's part: every phone here has it.
SERVICE_WORKER = "allow"

pytestmark = pytest.mark.browser

RULES = {
    "scoring": "exact",
    "hook": True,
    "trump": "highest_bidder",
    "deals": {"pattern": "up", "max": 3},
    "first_dealer": 0,
}
# What only one side has, and why: online, links to the server's other pages, Undo of a saved action and the deal's
# number of cards (offline the phone deals the pattern's); offline, undo of a tap still waiting on the phone and the
# hand it holds.
ONLINE_ONLY = {"Change the dealer's bid", "Undo", "Cards"}
OFFLINE_ONLY = {"Undo the last tap", "not saved yet", "Hand 1 is recorded on this phone."}  # and what waits, marked


def shown(page, root):
    """The screen's visible lines of text, its buttons' names (as a person reads and a screen reader says them) and
    the choices of its menus (the penalties, folded away until opened)."""
    lines = [line.strip() for line in page.locator(root).inner_text().splitlines() if line.strip()]
    buttons = (
        page.locator(root)
        .locator("button:visible, a:visible")
        .evaluate_all(
            "nodes => nodes.map(n => { const c = n.cloneNode(true); c.querySelectorAll('.unsent-mark').forEach(m => m.remove());"
            " return n.getAttribute('aria-label') || c.textContent.replace(/\\s+/g, ' ').trim(); })"
        )
    )
    menus = page.locator(root).locator("select option").evaluate_all("nodes => nodes.map(n => n.textContent.trim())")
    # The parts drawn from the server's macros on both sides, as markup: the announcement (its kind, said aloud).
    parts = (
        page.locator(root)
        .locator(".announce")
        .evaluate_all("nodes => nodes.map(n => [n.tagName, n.className, n.hasAttribute('data-speak'), n.textContent])")
    )
    return (
        [line for line in lines if line not in ONLINE_ONLY | OFFLINE_ONLY],
        [name for name in buttons if name not in ONLINE_ONLY | OFFLINE_ONLY],
        menus,
        parts,
    )


def online_screen(page, base, rules, taps):
    """The server's screen after `taps` sent through the actions API: the hand's, or the deal's once it is played."""
    body = page.request.post(base + "/api/games", data={"players": PLAYERS, "rules": rules, "hands": []}).json()
    revision = 1
    for n, tap in enumerate(taps):
        answer = page.request.post(
            f"{base}/api/games/{body['id']}/actions",
            headers={"Authorization": f"Bearer {body['edit_key']}"},
            data={"id": f"t{n}", "revision": revision, "hand": 1, **tap},
        )
        assert answer.ok, answer.text()
        revision = answer.json()["revision"]
    page.goto(body["url"])
    if taps[-1]["action"] == "tricks":  # the table is on the sheet, and deals the next hand from there or /deal
        page.goto(f"{base}/games/{body['id']}/deal")
    expect(page.locator("main .handline")).to_be_visible()
    return shown(page, "main")


def offline_screen(page, context, link, base, rules, taps):
    """The phone's own screen after the same taps made offline."""
    body = page.request.post(base + "/api/games", data={"players": PLAYERS, "rules": rules, "hands": []}).json()
    page.goto(body["url"].replace(base, link.url))
    page.wait_for_url(re.compile(r"/deal$"))
    # The phone has the hand screens' scripts before the connection drops: kept by its service worker, or (a page no
    # worker controls yet) fetched at once by the page; cut halfway, they would come only with the connection.
    page.wait_for_function(
        "() => navigator.serviceWorker.controller !== null"
        " || (window.OfflineHand !== undefined && window.BidsAll !== undefined)"
    )
    go_offline(context, link)
    for waiting, tap in enumerate(taps, start=1):
        if tap["action"] == "deal":
            page.get_by_role("button", name=tap.get("trump", "Dealt — start bidding")).click()
        elif tap["action"] == "bid":
            offline_bid(page, tap["bid"])
        elif tap["action"] == "tricks":  # the dealer takes the one trick: the rest, as the screen fills it in
            page.get_by_role("button", name="Save tricks").click()
        else:
            page.get_by_role("button", name=tap["trump"]).click()
        # Kept and drawn (the count is said after the screen): the next tap is made on the screen it leads to.
        expect(page.locator("#queue-count")).to_contain_text(re.compile(rf"^{waiting} taps? waiting"))
    if page.url.endswith("/sheet"):  # saved tricks opened the sheet the phone had kept, as they open it online
        page.get_by_role("link", name="Back to the hand").click()
        expect(page.locator("#offline-hand .handline")).to_contain_text("Hand 2")  # the next deal
    return shown(page, "#offline-hand")


BIDS = [{"action": "deal"}, {"action": "bid", "seat": 1, "bid": 1}, {"action": "bid", "seat": 2, "bid": 1}]
ALL_BIDS = BIDS + [{"action": "bid", "seat": 3, "bid": 0}, {"action": "bid", "seat": 0, "bid": 1}]
TOGETHER = RULES | {"bidding": "simultaneous", "hook": False}
SCREENS = {
    "bids": (RULES, BIDS),
    "trump": (RULES, ALL_BIDS),
    "tricks": (RULES, ALL_BIDS + [{"action": "trump", "trump": "spades"}]),
    "deal-trump-after-bids": (
        RULES,
        ALL_BIDS + [{"action": "trump", "trump": "spades"}, {"action": "tricks", "tricks": [1, 0, 0, 0]}],
    ),
    "deal-trump-turned-up": (
        RULES | {"trump": "turned"},
        [{"action": "deal", "trump": "hearts"}, *ALL_BIDS[1:], {"action": "tricks", "tricks": [1, 0, 0, 0]}],
    ),
    "deal-trump-known": (RULES | {"trump": "rotation"}, ALL_BIDS + [{"action": "tricks", "tricks": [1, 0, 0, 0]}]),
    "bids-together": (TOGETHER, [{"action": "deal"}]),
    "bids-cooperative": (TOGETHER | {"bidding": "cooperative"}, [{"action": "deal"}]),
}


@pytest.mark.parametrize("screen", SCREENS)
def test_the_offline_screen_says_what_the_online_one_says(live_server, link, keeper, shots, screen):  # noqa: F811
    context, page = keeper
    errors = []  # a script that fails as it loads leaves the screen undrawn
    page.on("pageerror", lambda error: errors.append(str(error)))
    online = online_screen(page, live_server, *SCREENS[screen])
    shots(page, f"parity-{screen}-online")
    offline = offline_screen(page, context, link, live_server, *SCREENS[screen])
    shots(page, f"parity-{screen}-offline")
    assert offline[0] == online[0]  # the words, line by line
    assert offline[1] == online[1]  # the buttons, in order
    assert offline[2] == online[2]  # the menus' choices
    assert offline[3] == online[3]  # the announcement's markup
    assert errors == []
