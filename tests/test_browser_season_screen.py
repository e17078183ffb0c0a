"""Issue 42: a season's big screen read from across a club's room, at 1920 x 1080 in Chromium: the table fills
the screen's width in large type, a club of thirty regulars is shown a page at a time (no scrolling on a TV),
the pages turn by themselves and between them show every player once, and the screen does not reload while
nothing changes (it did every 15 seconds: the page wrote its revision with spaces that JSON.stringify has not)."""

import random
import re

import pytest
from playwright.sync_api import expect

from tests.game_helpers import create
from tests.owner_helpers import owner_client
from tests.regular_helpers import name_season, random_game

pytestmark = pytest.mark.browser

PLAYERS = [f"Player {number:02d}" for number in range(1, 31)]


def test_the_big_screen_is_legible_across_the_room_and_turns_its_pages(app, live_server, browser, shots):
    owner = owner_client(app)
    rng = random.Random(42)
    for start in range(0, 30, 3):  # ten tables of three, twice: everyone plays two games
        for _twice in range(2):
            create(owner, random_game(rng, PLAYERS[start : start + 3]), claim=False)
    season_id = name_season(owner, best="1").headers["Location"].rsplit("/", 1)[1]

    context = browser.new_context(viewport={"width": 1920, "height": 1080})
    screen = context.new_page()
    screen.clock.install()
    screen.goto(f"{live_server}/seasons/{season_id}?screen=1")
    # Large type across the full width: 14 px text in a corner is not read from the bar.
    size = screen.locator(".season-table tbody td").first.evaluate("e => parseFloat(getComputedStyle(e).fontSize)")
    width = screen.locator(".season-table").evaluate("e => e.getBoundingClientRect().width")
    assert size >= 36 and width >= 0.9 * 1920
    expect(screen.locator(".best-note")).to_have_text("Each player's best game counts.")
    # A page at a time: what shows fits the screen, and the pages together show all thirty once.
    label = screen.locator("#season-page")
    screen.evaluate("window.stayed = true")  # gone if the page reloads: nothing changed, so it must not
    expect(label).to_have_text(re.compile(r"Page 1 of [2-9]"))
    pages = int(label.inner_text().rsplit(" ", 1)[1])
    seen = []
    for page in range(1, pages + 1):
        expect(label).to_have_text(f"Page {page} of {pages}")
        assert screen.evaluate("document.scrollingElement.scrollHeight <= window.innerHeight")
        shown = screen.locator(".season-table tbody tr:not(.off-page) th").all_inner_texts()
        assert shown
        seen += shown
        shots(screen, f"season-screen-page-{page}")
        screen.clock.run_for(12_500)
    assert sorted(seen) == PLAYERS
    expect(label).to_have_text(f"Page 1 of {pages}")  # and round again
    assert screen.evaluate("window.stayed === true")  # it asked for the results three times and kept the page
    context.close()
