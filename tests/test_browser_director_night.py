"""The director's whole night in Debian's Chromium (issue 24): a Cartier of 37 players, with a no-show, a late
entry, a tie at a line and a correction after the cut, to the champion and the payout list, on the director's
pages at 1920 x 1080 and at 360 px. The tables' hands go through the games' API (as their phones send them); the
correction after the cut goes through table 1's own phone page, refused until the director approves it.

Screenshots go to test-artifacts/director-night-*.png.
"""

import json
import random
import re

import pytest
from playwright.sync_api import expect

from tests.browser_helpers import PHONE
from tests.event_helpers import play_table
from tests.owner_helpers import OWNER_KEY
from tests.pictures import ARTIFACTS, picture

pytestmark = pytest.mark.browser

PLAYERS = [f"Player {n:02}" for n in range(1, 38)] + ["Nora Noshow"]
WIDE = {"viewport": {"width": 1920, "height": 1080}}


def fits_width(page):
    return page.evaluate("document.scrollingElement.scrollWidth <= window.innerWidth")


def shot(page, name):
    picture(page, ARTIFACTS / f"director-night-{name}.png", full_page=True)


def act(page, form, fields=None, button=None):
    """Fill and submit one of the director's forms (by its action name), as a director taps it."""
    locator = page.locator(f"form:has(input[name=do][value={form}])").first
    for name, value in (fields or {}).items():
        field = locator.locator(f"[name={name}]")
        if field.evaluate("e => e.tagName") == "SELECT":
            field.select_option(value)
        else:
            field.fill(value)
    (locator.get_by_role("button", name=button, exact=True) if button else locator.locator("button").first).click()
    page.wait_for_load_state()


def tables_of(page):
    """The round's tables from the director's page: (game id, edit key) from each scorekeeper link."""
    links = page.locator(".event-table a", has_text="scorekeeper link")
    return [
        re.search(r"/games/([^/]+)/claim/([^/?]+)", links.nth(i).get_attribute("href")).groups()
        for i in range(links.count())
    ]


def play(request, base, game_id, key, rng, alike=()):
    """A whole table: its hands worked out by the engine from the stored game, posted hand by hand."""
    start = request.get(f"{base}/api/games/{game_id}/export").json()
    alike = alike[: len(start["players"]) - 1]  # one seat at least plays its own game
    record = play_table(start["players"], None, rng, alike=alike, start=start)
    headers = {"Authorization": f"Bearer {key}", "Content-Type": "application/json"}
    for hand in record["hands"]:
        answer = request.post(f"{base}/api/games/{game_id}/hands", data=json.dumps(hand), headers=headers)
        assert answer.status == 201, answer.text()
    return record


def test_a_cartier_night_of_37_to_the_champion_and_the_payouts(browser, live_server):
    ARTIFACTS.mkdir(exist_ok=True)
    rng = random.Random(37)
    context = browser.new_context(**WIDE)
    context.set_default_timeout(15000)
    director = context.new_page()
    director.goto(live_server + "/events/new")
    director.get_by_label("Owner key or password").fill(OWNER_KEY)
    director.get_by_role("button", name="Sign in").click()
    director.goto(live_server + "/events/new")
    director.get_by_label("Name", exact=True).fill("Cartier night")
    director.locator("input[name=format][value=cartier]").check()
    director.get_by_label("Players, one per line").fill("\n".join(PLAYERS))
    director.get_by_label("Draw code (the same code draws the same tables)").fill("cartier-37")
    director.locator("details summary", has_text="Table rules, money").click()
    director.locator("#entry_fee").fill("10")
    director.locator("#currency").fill("GBP")
    director.locator("#split").fill("60 40")
    director.get_by_role("button", name="Create the event").click()
    expect(director.locator("main")).to_contain_text("38 players", use_inner_text=True)
    event_url = director.url

    # The no-show before the draw: no entrant, not counted.
    director.locator("details#more summary").click()
    act(director, "withdraw", {"player": "Nora Noshow"})
    director.locator("#ask").get_by_role("button", name="Withdraw Nora Noshow").click()  # asked first
    expect(director.locator("main")).to_contain_text("Cartier tournament · 37 players", use_inner_text=True)
    director.locator("details#more summary").click()
    act(director, "money", {"charity": "10", "cause": "Lifeboats"})
    director.locator("details#more summary").click()
    director.get_by_label("Player 01 has paid").check()  # before the draw, on the roll call
    director.get_by_role("button", name="Save the roll call").click()
    expect(director.locator(".flash").first).to_contain_text("Paid: 1 of 37.", use_inner_text=True)
    expect(director.locator("#draw li")).to_have_count(10)
    shot(director, "draw-1920")
    director.get_by_role("button", name="Confirm round 1").click()
    expect(director.locator("#round-summary")).to_contain_text("0 of 10 tables finished", use_inner_text=True)

    # A late entry: not at a full table (4 at most, and the page says why), at a table of 3.
    menu = director.locator("form:has(input[name=do][value=late]) select[name=table] option")
    assert "Player" in menu.first.inner_text()  # the menu shows each table's seats
    act(director, "late", {"player": "Lucy Late", "table": "1"})
    expect(director.locator(".flash")).to_contain_text(
        "a Cartier tournament table seats at most 4", use_inner_text=True
    )
    three = [i + 1 for i in range(10) if director.locator(f"#table-{i + 1} table.seats tr").count() == 3][0]
    act(director, "late", {"player": "Lucy Late", "table": str(three)})
    expect(director.locator(f"#table-{three}")).to_contain_text("Lucy Late", use_inner_text=True)
    expect(director.locator("main")).to_contain_text("38 players", use_inner_text=True)

    # Round 1: every table played; three seats level at the even tables, a tie at the line.
    tables = tables_of(director)
    assert len(tables) == 10
    first_round = [
        play(director.request, live_server, game, key, rng, alike=(0, 1, 2) if n % 2 == 0 else ())
        for n, (game, key) in enumerate(tables)
    ]
    expect(director.locator("#round-summary")).to_contain_text("Every table has finished", use_inner_text=True)
    expect(director.locator("#cut .tie").first).to_contain_text("goes on", use_inner_text=True)
    assert director.locator(".goes-on").count() == 20
    shot(director, "cut-1920")
    director.get_by_role("button", name="Confirm round 2").click()
    expect(director.locator(".event-table")).to_have_count(5)

    # A correction after the cut, on table 1's own phone (its scorekeeper link, its hand's edit page): refused,
    # saying why, until the director approves it.
    game, key = tables[0]
    last = dict(first_round[0]["hands"][-1])
    number = len(first_round[0]["hands"])
    tricks = list(last["bids"])  # the hand entered again: the first seats take their bids, the last what is left
    left = last["cards"] - sum(tricks)
    for seat in reversed(range(len(tricks))):
        change = max(-tricks[seat], min(last["cards"] - tricks[seat], left))
        tricks[seat] += change
        left -= change
    assert tricks != last["tricks"]
    table_phone = browser.new_context(**PHONE)
    table_phone.set_default_timeout(15000)
    scorekeeper = table_phone.new_page()
    scorekeeper.goto(f"{live_server}/games/{game}/claim/{key}")
    scorekeeper.wait_for_load_state()

    def correct_on_the_phone():
        scorekeeper.goto(f"{live_server}/games/{game}/hands/{number}/edit")
        for seat, name in enumerate(first_round[0]["players"]):
            scorekeeper.get_by_label(f"{name} took", exact=True).fill(str(tricks[seat]))
        scorekeeper.get_by_role("button", name="Save the correction").click()
        scorekeeper.wait_for_load_state()

    correct_on_the_phone()
    expect(scorekeeper.locator("main")).to_contain_text("its tables are locked", use_inner_text=True)
    shot(scorekeeper, "correction-refused-360")
    director.locator("details#more summary").click()
    act(director, "approve", {"where": "1-1"})
    correct_on_the_phone()
    scorekeeper.wait_for_url(re.compile(rf"/games/{game}/sheet$"))
    assert director.request.get(f"{live_server}/api/games/{game}/export").json()["hands"][-1]["tricks"] == tricks
    table_phone.close()
    director.reload()
    fix = director.locator("#correction-1-1")
    expect(fix).to_contain_text("Before:", use_inner_text=True)
    expect(fix).to_contain_text("Now:", use_inner_text=True)
    fix_text = fix.inner_text()
    shot(director, "correction-1920")
    fix.get_by_role("button", name="Let the cut stand").click()
    expect(director.locator("#correction-1-1")).to_have_count(0)
    before = fix_text.split("Before:")[1].split("Now:")[0].strip()
    assert before != fix_text.split("Now:")[1].split("\n")[0].strip()  # the correction changed the totals
    director.locator(".event-log summary").click()
    expect(director.locator(".event-log")).to_contain_text("round 1, table 1 corrected: before", use_inner_text=True)
    expect(director.locator(".event-log")).to_contain_text("The confirmed cut stands.", use_inner_text=True)

    # Round 2, then the final of one table of 4 (5 winners: the best 4 by total).
    for game, key in tables_of(director):
        play(director.request, live_server, game, key, rng)
    expect(director.locator("#round-summary")).to_contain_text("Every table has finished", use_inner_text=True)
    director.get_by_role("button", name="Confirm round 3").click()
    expect(director.locator(".event-table")).to_have_count(1)
    expect(director.locator(".event-table tr")).to_have_count(4)
    for game, key in tables_of(director):
        play(director.request, live_server, game, key, rng)
    champion = director.locator("a.button.primary", has_text="is the champion")
    expect(champion).to_be_visible()
    shot(director, "champion-1920")
    champion.click()
    expect(director.locator("#final-results tbody tr")).to_have_count(38)
    expect(director.locator("#payouts li")).to_have_count(2)
    expect(director.locator("main")).to_contain_text("Pot: £380.00 (38 × £10.00)", use_inner_text=True)
    expect(director.locator("#charity")).to_contain_text("To Lifeboats: £38.00", use_inner_text=True)
    expect(director.locator("#withdrawn-apart")).to_contain_text("Nora Noshow", use_inner_text=True)
    assert " pays " not in director.locator("main").inner_text()
    reached = director.locator("#final-results tbody tr td:nth-child(3)").all_inner_texts()
    assert reached[:4] == ["Final"] * 4 and reached[-1] == "Round 1"
    shot(director, "results-1920")

    # The room at 360 px: the director's page, the standings, the results fit across.
    phone = browser.new_context(**PHONE)
    phone.add_cookies(context.cookies())
    small = phone.new_page()
    for name, path in (("director", ""), ("standings", "/standings"), ("results", "/results")):
        small.goto(event_url + path)
        assert fits_width(small), name
        shot(small, f"{name}-360")
    screen = context.new_page()
    screen.goto(event_url + "/screen")
    picture(screen, ARTIFACTS / "director-night-screen-1920.png")
