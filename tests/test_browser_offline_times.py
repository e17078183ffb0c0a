"""Issue 25 in Debian's Chromium: taps made offline keep the times they were tapped. History showed every tap of
a hand at the moment the phone came back (16:00:15 for all of hand 9)."""

import re
import time
from datetime import UTC, datetime

import pytest
from playwright.sync_api import expect

from scorekeeper import store
from tests.offline_helpers import go_offline, go_online, new_game, offline_bid, recorded_hands

# Being offline is the service worker's part: every phone here has it.
SERVICE_WORKER = "allow"

pytestmark = pytest.mark.browser


def test_history_shows_when_each_offline_tap_was_made(app, live_server, link, keeper, shots):  # noqa: F811
    context, page = keeper
    game_id, _key = new_game(page, live_server, through=link.url)
    page.wait_for_url(re.compile(r"/deal$"))
    go_offline(context, link)
    taps = [lambda: page.get_by_role("button", name="hearts").click()]
    taps += [lambda bid=bid: offline_bid(page, bid) for bid in (1, 0, 0, 1)]  # Bob, Cy, Di, Ann
    taps.append(lambda: page.get_by_role("button", name="Save tricks").click())
    for made in taps:
        time.sleep(1.2)  # a tap or two a second at the table: each in a second of its own
        made()
    expect(page.locator("#queue-count")).to_have_text("6 taps waiting on this phone")
    time.sleep(1.2)
    back = datetime.now(UTC).isoformat(timespec="seconds")
    go_online(context, link)
    recorded_hands(page, live_server, game_id, until=lambda hands: hands and "tricks" in hands[-1])
    expect(page.locator("#queue-status")).to_be_hidden()
    entries = store.history(store.connect(app.config["DATABASE"]), game_id)
    assert [e["kind"] for e in entries] == ["create", "deal", "bid", "bid", "bid", "bid", "tricks"]
    tapped = [e["created"] for e in entries[1:]]
    assert tapped == sorted(set(tapped))  # six times, one per tap, in order
    assert tapped[-1] < back  # each the time it was tapped, not the moment the phone came back
    page.goto(f"{link.url}/games/{game_id}/history")
    shown = page.locator("ol.history li small")
    expect(shown).to_have_count(7)
    for entry, line in zip(entries, shown.all()):
        expect(line).to_contain_text(f"#{entry['seq']} · {entry['created'][11:19]}")
    shots(page, "offline-11-history-times")


def kept_sheet(page, game_id):
    """Whether the phone keeps the game's sheet for use without a connection (evaluate awaits the promise)."""
    return page.evaluate(
        "async id => !!(await (await caches.open('hands-v1')).match(`/games/${id}/offline-sheet`))", game_id
    )


def test_tricks_saved_offline_open_the_sheet_as_online(live_server, link, keeper, shots):  # noqa: F811
    """Issue 25: offline, saving the tricks opened the next deal; online it opens the sheet."""
    context, page = keeper
    game_id, _key = new_game(page, live_server, through=link.url)
    page.wait_for_url(re.compile(r"/deal$"))
    # The deal page keeps the sheet beside itself while the connection is there.
    page.wait_for_function("() => navigator.serviceWorker.controller !== null")
    deadline = time.monotonic() + 15
    while not kept_sheet(page, game_id) and time.monotonic() < deadline:
        time.sleep(0.2)
    assert kept_sheet(page, game_id)
    go_offline(context, link)
    page.get_by_role("button", name="hearts").click()
    for bid in (1, 0, 0, 1):  # Bob, Cy, Di, Ann
        offline_bid(page, bid)
    page.get_by_label("Bob took").fill("0")
    page.get_by_role("button", name="Save tricks").click()
    expect(page).to_have_url(re.compile(r"/sheet$"))
    expect(page.locator("#offline-recorded")).to_have_text("Hand 1 is recorded on this phone.")
    expect(page.locator("#queue-count")).to_have_text("6 taps waiting on this phone")
    played = page.locator("table.sheet tr.unsent")
    expect(played.locator("td")).to_have_text(["1/1", "1/0", "0/0", "0/0"])
    shots(page, "offline-12-tricks-open-the-sheet")
    page.get_by_role("link", name="Back to the hand").click()
    expect(page.locator("#offline-hand .handline")).to_contain_text("Hand 2 · 2 cards · Bob deals")
    go_online(context, link)
    recorded_hands(page, live_server, game_id, until=lambda hands: hands and "tricks" in hands[0])
    expect(page).to_have_url(re.compile(r"/sheet$"))
    expect(page.locator("#queue-status")).to_be_hidden()
