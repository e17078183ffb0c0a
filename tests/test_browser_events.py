"""The director's evening in Debian's Chromium: an event created in the page, the first round confirmed, two tables
scored on two phones through their real screens while the director's page follows in place, the round's table
cards printed (read back with pdftotext), the round finished and the next one confirmed in the page.

Screenshots go to test-artifacts/: the director's page (1280 x 720 and 360 px), the big screen, a table card.
"""

import json
import re
import subprocess

import pytest
from playwright.sync_api import expect

from tests.browser_helpers import PHONE, bid
from tests.owner_helpers import OWNER_KEY
from tests.pictures import ARTIFACTS, picture

pytestmark = pytest.mark.browser

PLAYERS = ["Ann", "Bob", "Cy", "Di", "Ed", "Flo", "Gus", "Hal"]
# Two hands of one card at every table, no hook: a hand is a deal, four bids and the tricks as bid.
RULES = {"scoring": "exact", "hook": False, "deals": {"pattern": "custom", "sizes": [1, 1]}}
SCREEN = {"viewport": {"width": 1280, "height": 720}}


def fits_width(page):
    return page.evaluate("document.scrollingElement.scrollWidth <= window.innerWidth")


def save_a_hand(phone):
    """On a table's scorekeeper phone: deal (hearts), bid 0, 0, 1, 0 in turn, save the tricks as bid."""
    phone.wait_for_url(re.compile(r"/deal$"))
    phone.get_by_role("button", name="hearts").click()
    for number in (0, 0, 1, 0):
        bid(phone, number)
    phone.wait_for_url(re.compile(r"/tricks$"))
    phone.get_by_role("button", name="Save tricks").click()
    phone.wait_for_url(re.compile(r"/(sheet|deal|over)$"))


def finish_through_the_api(request, base, game_id, key):
    """The rest of a table's hands through the actions API (as its phone would send them)."""
    headers = {"Authorization": f"Bearer {key}", "Content-Type": "application/json"}
    for n in range(20):
        game = request.get(f"{base}/api/games/{game_id}").json()
        if game["finished"]:
            return
        revision = request.get(f"{base}/games/{game_id}/revision").json()["revision"]
        made_on = len(game["hands"]) + 1  # the hand this deal deals (every hand before it is finished)
        hand = {"id": f"api-{n}-deal", "revision": revision, "hand": made_on, "action": "deal", "trump": "spades"}
        answer = request.post(f"{base}/api/games/{game_id}/actions", data=json.dumps(hand), headers=headers).json()
        revision = answer["revision"]
        dealer = answer["game"]["hands"][-1]["dealer"]
        seats = [(dealer + k) % 4 for k in range(1, 5)]
        for k, seat in enumerate(seats):
            tap = {
                "id": f"api-{n}-bid-{seat}",
                "revision": revision,
                "hand": made_on,
                "action": "bid",
                "seat": seat,
                "bid": 1 if k == 0 else 0,
            }
            revision = request.post(
                f"{base}/api/games/{game_id}/actions", data=json.dumps(tap), headers=headers
            ).json()["revision"]
        tricks = [1 if seat == seats[0] else 0 for seat in range(4)]
        request.post(
            f"{base}/api/games/{game_id}/actions",
            headers=headers,
            data=json.dumps(
                {"id": f"api-{n}-tricks", "revision": revision, "hand": made_on, "action": "tricks", "tricks": tricks}
            ),
        )


def test_the_director_runs_a_round_with_two_tables_live(browser, live_server, tmp_path):
    ARTIFACTS.mkdir(exist_ok=True)
    context = browser.new_context(**SCREEN)
    context.set_default_timeout(15_000)
    director = context.new_page()
    # Running events is the instance owner's: the director signs in with the owner key first.
    director.goto(live_server + "/events/new")
    expect(director.get_by_label("Owner key or password")).to_be_visible()
    director.get_by_label("Owner key or password").fill(OWNER_KEY)
    director.get_by_role("button", name="Sign in").click()
    director.goto(live_server + "/events/new")
    director.get_by_label("Name", exact=True).fill("Club night")
    director.locator("input[name=format][value=rounds]").check()
    director.locator("#opt-rounds-rounds").fill("1")
    director.get_by_label("Players, one per line").fill("\n".join(PLAYERS))
    director.get_by_label("Draw code (the same code draws the same tables)").fill("club-night")
    director.locator("details summary", has_text="Table rules, money").click()
    director.locator("#rules").fill(json.dumps(RULES))
    director.locator("#entry_fee").fill("5")
    director.locator("#split").fill("60 40")
    director.get_by_role("button", name="Create the event").click()
    # The first draw is shown, from the seed, before anything is seated.
    expect(director.locator("#draw")).to_contain_text("round 1", use_inner_text=True)
    director.get_by_role("button", name="Confirm round 1").click()
    expect(director.locator("#table-2")).to_contain_text("not started", use_inner_text=True)
    event_url = director.url
    # Each table's scorekeeper link opens on its own phone.
    links = director.locator(".event-table a", has_text="scorekeeper link")
    expect(links).to_have_count(2)
    urls = [links.nth(i).get_attribute("href") for i in range(2)]
    phones = []
    for url in urls:
        phone = browser.new_context(**PHONE).new_page()
        phone.goto(live_server + url)
        phones.append(phone)
    # A hand saved at each table reaches the director's page in place within 2 s (no reload).
    director.evaluate("window.__notReloaded = true")
    for number, phone in enumerate(phones, start=1):
        save_a_hand(phone)
        expect(director.locator(f"#table-{number} .status")).to_have_text("hand 2 of 2", timeout=2000)
        expect(director.locator(f"#table-{number} td.num", has_text="11")).to_have_count(
            1, timeout=2000
        )  # the 1 bid, made
    assert director.evaluate("window.__notReloaded") is True
    picture(director, ARTIFACTS / "event-director-1280.png", full_page=True)

    # The round's table cards and sheets: one PDF, read back.
    response = director.request.get(event_url + "/rounds/1/cards.pdf")
    assert response.status == 200 and response.headers["content-type"] == "application/pdf"
    pdf = tmp_path / "cards.pdf"
    pdf.write_bytes(response.body())
    text = subprocess.run(["pdftotext", "-layout", str(pdf), "-"], capture_output=True, text=True, check=True).stdout
    assert "Table 1" in text and "Table 2" in text
    assert "Club night · Round 1, table 1" in text and "Club night · Round 1, table 2" in text
    for name in PLAYERS:
        assert name in text
    subprocess.run(
        [
            "pdftoppm",
            "-png",
            "-r",
            "60",
            "-f",
            "1",
            "-l",
            "1",
            "-singlefile",
            str(pdf),
            str(ARTIFACTS / "event-table-card"),
        ],
        check=True,
    )

    # The big screen, large type, no controls.
    screen = context.new_page()
    screen.goto(event_url + "/screen")
    expect(screen.locator("main")).to_contain_text("Table 1", use_inner_text=True)
    assert screen.locator("form, button, input").count() == 0
    # One slide at a time (the tables, then the standings), cycled by event_screen.js.
    expect(screen.locator(".slide:visible")).to_have_count(1)
    assert screen.locator(".slide").count() == 2
    picture(screen, ARTIFACTS / "event-screen-1280.png")

    # The rest of the round through the API; the standings move, and the cut and next draw appear in place.
    ids = [re.search(r"/games/([^/]+)/claim/([^/]+)", url).groups() for url in urls]
    for game_id, key in ids:
        finish_through_the_api(director.request, live_server, game_id, key)
    expect(director.locator("#cut")).to_contain_text("Round 1 is finished", timeout=2000, use_inner_text=True)
    expect(director.locator(".event-standings tbody tr").first.locator("td.num").first).not_to_have_text(
        "0", timeout=2000
    )
    assert director.evaluate("window.__notReloaded") is True
    picture(director, ARTIFACTS / "event-director-cut-1280.png", full_page=True)
    director.get_by_role("button", name="Confirm round 2").click()
    expect(director.locator("main")).to_contain_text("Round 2 — the final", use_inner_text=True)
    expect(director.locator(".event-table")).to_have_count(1)

    # At phone width the director's page fits across.
    narrow = browser.new_context(**PHONE)
    narrow.add_cookies(context.cookies())
    small = narrow.new_page()
    small.goto(event_url)
    expect(small.locator("main")).to_contain_text("Round 2", use_inner_text=True)
    assert fits_width(small)
    picture(small, ARTIFACTS / "event-director-360.png", full_page=True)
    # A player's phone: the standings from the card's QR code; and the form for a new event.
    for name, path in (("standings", "/standings"), ("new", "")):
        small.goto(event_url + path if path else live_server + "/events/new")
        assert fits_width(small), name
        picture(small, ARTIFACTS / f"event-{name}-360.png", full_page=True)
    screen.goto(event_url + "/screen")
    picture(screen, ARTIFACTS / "event-screen-final-1280.png")
