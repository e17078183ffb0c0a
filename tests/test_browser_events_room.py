"""The room's clock and where everyone sits, in Debian's Chromium (issue 24): the round's clock on the director's
page and the big screen ticks every second without a reload; between the draw and the play the big screen shows
where everyone sits, alphabetically, in columns that fit 1920 x 1080.

Screenshots go to test-artifacts/events-room-*.png.
"""

import json
import re

import pytest
from playwright.sync_api import expect

from tests.owner_helpers import OWNER_KEY
from tests.pictures import ARTIFACTS, picture

pytestmark = pytest.mark.browser

WIDE = {"viewport": {"width": 1920, "height": 1080}}
FIRSTS = ["Ann", "bob", "Cy", "Dee", "Eli", "Flo", "Gus", "Hal", "Ida", "Jo"]
LASTS = ["North", "South", "East", "West", "Up", "Down", "Left", "Right", "Far", "Near"]
PLAYERS = [f"{first} {last}" for first in FIRSTS for last in LASTS][:96]  # 24 tables of 4


def started_event(context, base, players):
    """Sign in as the owner, make a Cartier event through the API and draw its first round: (id, director's url)."""
    page = context.new_page()
    page.goto(base + "/events/new")
    page.get_by_label("Owner key or password").fill(OWNER_KEY)
    page.get_by_role("button", name="Sign in").click()
    page.wait_for_load_state()
    made = context.request.post(
        base + "/api/events",
        data=json.dumps({"name": "Room night", "format": "cartier", "seed": "room", "players": players}),
        headers={"Content-Type": "application/json"},
    )
    assert made.status == 201, made.text()
    event = made.json()
    started = context.request.post(
        f"{base}/api/events/{event['id']}/actions",
        data=json.dumps({"action": "start"}),
        headers={"Content-Type": "application/json", "Authorization": f"Bearer {event['director_key']}"},
    )
    assert started.status == 200, started.text()
    page.goto(base + f"/events/{event['id']}/direct/{event['director_key']}")
    return event["id"], page


def clock_text(page, selector):
    return page.locator(selector).inner_text()


def test_the_round_clock_ticks_on_the_directors_page_and_the_screen(browser, live_server):
    context = browser.new_context(**WIDE)
    event_id, director = started_event(context, live_server, PLAYERS[:8])
    director.evaluate("window.__notReloaded = true")
    clock = "#round-clock .round-clock"
    expect(director.locator("#round-clock")).to_contain_text(re.compile(r"Round drawn at \d\d:\d\d, playing for"))
    first = clock_text(director, clock)
    assert re.fullmatch(r"\d+:[0-5]\d", first), first
    # It moves on by itself, a second at a time, and reads as minutes and seconds since the draw.
    expect(director.locator(clock)).not_to_have_text(first, timeout=5000)
    later = clock_text(director, clock)
    minutes, seconds = map(int, later.split(":"))
    assert 0 <= minutes < 5 and (minutes, seconds) > tuple(map(int, first.split(":")))
    assert director.evaluate("window.__notReloaded") is True
    screen = context.new_page()
    screen.goto(f"{live_server}/events/{event_id}/screen")
    shown = clock_text(screen, "#screen-clock .round-clock")
    assert re.fullmatch(r"\d+:[0-5]\d", shown), shown
    expect(screen.locator("#screen-clock .round-clock")).not_to_have_text(shown, timeout=5000)
    context.close()


def test_the_screen_shows_where_everyone_sits_between_the_draw_and_the_play(browser, live_server):
    ARTIFACTS.mkdir(exist_ok=True)
    context = browser.new_context(**WIDE)
    event_id, director = started_event(context, live_server, PLAYERS)
    screen = context.new_page()
    screen.goto(f"{live_server}/events/{event_id}/screen")
    seating = screen.locator("#screen-seating-1")
    expect(seating).to_have_count(1)
    # The slide shows in its turn (the slides change every 8 s); read it at once while it shows.
    expect(seating).to_be_visible(timeout=30000)
    read = screen.evaluate("""() => {
        const rows = [...document.querySelectorAll('#screen-seating-1 .screen-seating li')];
        return {title: document.querySelector('#screen-seating-1 h2').innerText,
                rows: rows.map(li => ({who: li.querySelector('.who').innerText, at: li.querySelector('.at').innerText,
                                      box: li.getBoundingClientRect().toJSON(),
                                      cut: li.querySelector('.who').scrollWidth > li.querySelector('.who').clientWidth})),
                wide: document.scrollingElement.scrollWidth <= window.innerWidth};
    }""")
    picture(screen, ARTIFACTS / "events-room-seating-1920.png")
    assert read["title"] == "Where everyone sits"
    names = [row["who"] for row in read["rows"]]
    assert names == sorted(PLAYERS, key=str.casefold)
    # Each name with its table, as the director's draw seated it.
    tables = {}
    api = context.request.get(f"{live_server}/api/events/{event_id}").json()
    for number, table in enumerate(api["rounds"][0]["tables"], start=1):
        for name in table["seats"]:
            tables[name] = str(number)
    assert [row["at"] for row in read["rows"]] == [tables[name] for name in names]
    # Every row inside the 1920 x 1080 screen, no name cut, in columns.
    boxes = [row["box"] for row in read["rows"]]
    assert max(box["right"] for box in boxes) <= 1920 and max(box["bottom"] for box in boxes) <= 1080
    assert len({round(box["x"]) for box in boxes}) == 5
    assert not any(row["cut"] for row in read["rows"]) and read["wide"]
    context.close()
