"""A club's month in Dutch at 360 px (issue 42's walk): the owner's phone runs four club evenings (the second goes
on with another system from the game-over screen), names and edits the season, merges on the roster the spelling
typed at one table ("jose" into "José"), pays the money plan's lines with their Paid buttons until everyone is
square, and reads the season's big screen at 1920 x 1080. The hands are sent through the API (the table's screens
have their own tests): this walk is about the club's books. Pictures with SHOTS=1: test-artifacts/club-month-*."""

import re

import pytest
from playwright.sync_api import expect

from tests.browser_helpers import axe_violations
from tests.evening_helpers import evening_of, nothing_runs_together, play_hands, set_up
from tests.language_helpers import phone, sign_in_as_owner

pytestmark = pytest.mark.browser

DUTCH = "nl-NL,nl;q=0.9"
# Four Monday evenings; at the third, José's name is typed in small letters.
EVENINGS = [
    ("2026-11-02", ["Ann", "Bob", "José", "Daan"]),
    ("2026-11-09", ["Ann", "Bob", "Eva", "Daan"]),
    ("2026-11-16", ["Ann", "Bob", "jose", "Eva"]),
    ("2026-11-23", ["Ann", "Daan", "Eva", "José"]),
]


def followed_to_the_end(page, game):
    """The phone, left on the game's screen while its hands came through the API, follows the game to its
    game-over screen, as a scorekeeper's phone does: waited for, so that this move of its own cannot land after
    the walk has gone on to another page (it did once, on a loaded machine, over the evening's page)."""
    page.wait_for_url(re.compile(rf"/games/{game}/over$"))


def date_the_evening(page, base, evening, day):
    page.goto(f"{base}/evenings/{evening}")
    page.locator("summary", has_text="Datum en notitie…").click()
    page.locator("#about-date").fill(day)
    page.locator("#about-note").fill("Clubavond")
    page.get_by_role("button", name="Datum en notitie opslaan").click()
    expect(page.locator("#evening-name")).to_contain_text("2026 · Clubavond")


def season_rows(page):
    """{player: the row's cells} of the season table on the page."""
    rows = page.locator(".season-table tbody tr").all()
    return {row.locator("th").inner_text(): row.locator("td").all_inner_texts() for row in rows}


def test_a_club_month_in_dutch_at_360_px(browser, live_server, app, shots):
    context = phone(browser, DUTCH)
    page = context.new_page()
    sign_in_as_owner(page, live_server)

    # Four evenings, each dated by its scorekeeper; the second goes on with another system.
    evenings = []
    for number, (day, names) in enumerate(EVENINGS):
        page.goto(live_server + "/games/new")
        if page.locator("#in_evening").count():
            page.locator("#in_evening").uncheck()  # a new evening: the phone's last one was another day
        game = set_up(page, names)
        play_hands(app, game, winner=number % 4)
        if number == 1:
            page.goto(f"{live_server}/games/{game}/over")
            page.get_by_role("link", name="Volgend spel: andere regels of spelers…").click()
            expect(page.locator("#in_evening")).to_be_checked()
            second = set_up(page, [], scoring="exact")
            assert evening_of(app, second) == evening_of(app, game)
            play_hands(app, second, winner=2)
        evenings.append(evening_of(app, game))
        date_the_evening(page, live_server, evenings[-1], day)
    assert len(set(evenings)) == 4
    page.goto(f"{live_server}/evenings/{evenings[1]}")
    expect(page.locator(".evening-games > li a.game")).to_have_count(2)
    assert nothing_runs_together(page) == []
    shots(page, "club-month-01-evening-continued")

    # The season, named on the phone and then edited: each player's best 2 games count.
    page.goto(live_server + "/seasons")
    page.locator("#name").fill("November")
    page.locator("#starts").fill("2026-11-01")
    page.locator("#ends").fill("2026-11-30")
    page.locator(".season-form button.primary").click()
    page.wait_for_url(re.compile(r"/seasons/[^/]+$"))
    season_url = page.url
    page.locator("#edit-season").click()
    page.locator("#name").fill("November 2026")
    page.locator("#best").fill("2")
    page.locator(".season-form button.primary").click()
    page.wait_for_url(season_url)
    expect(page).to_have_title(re.compile("^November 2026"))
    expect(page.locator("#best-note")).to_have_text("Per speler tellen de beste 2 spellen.")
    rows = season_rows(page)
    assert rows["Ann"][1] == "5 (2 geteld)", rows["Ann"]  # five games in four evenings, the best two count
    assert page.evaluate("document.documentElement.scrollWidth") <= 360
    assert axe_violations(page) == []
    shots(page, "club-month-02-season")

    # The roster: the owner merges the spelling typed at the third table into José; the season follows.
    page.goto(live_server + "/owner/roster")
    page.locator("#merge-spelling").fill("jose")
    page.locator("#merge-into").fill("José")
    page.locator("#merge-players button.primary").click()
    expect(page.locator(".flash")).to_be_visible()
    row = page.locator("#roster-table tr").filter(has_text="José")
    expect(row).to_have_count(1)
    expect(row).to_contain_text("jose")
    assert page.evaluate("document.documentElement.scrollWidth") <= 360
    shots(page, "club-month-03-roster")
    page.goto(season_url)
    rows = season_rows(page)
    assert "jose" not in rows and rows["José"][1] == "3 (2 geteld)", rows

    # The money: the plan's Paid buttons, one tap each, until everyone is square.
    page.goto(live_server + "/money")
    expect(page.locator(".money-book .owed").first).to_be_visible()
    names = page.locator(".balances li a").all_inner_texts()
    assert names.count("José") == 1 and "jose" not in names, names  # the merge moved his money too
    shots(page, "club-month-04-money")
    buttons = page.locator(".settle-all form.paid button")
    for left in range(buttons.count() - 1, -1, -1):
        buttons.first.click()
        expect(buttons).to_have_count(left)
    expect(page.locator(".money-book .owed")).to_have_count(0)
    assert page.evaluate("document.documentElement.scrollWidth") <= 360
    shots(page, "club-month-05-square")
    context.close()

    # The big screen across the club's room, in Dutch.
    screen_context = browser.new_context(
        viewport={"width": 1920, "height": 1080}, locale="nl-NL", extra_http_headers={"Accept-Language": DUTCH}
    )
    screen = screen_context.new_page()
    screen.goto(season_url + "?screen=1")
    size = screen.locator(".season-table tbody td").first.evaluate("e => parseFloat(getComputedStyle(e).fontSize)")
    width = screen.locator(".season-table").evaluate("e => e.getBoundingClientRect().width")
    assert size >= 36 and width >= 0.9 * 1920
    assert screen.evaluate("document.scrollingElement.scrollHeight <= window.innerHeight")
    shots(screen, "club-month-06-big-screen")
    screen_context.close()
