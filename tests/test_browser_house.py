"""House rules in Debian's Chromium at phone size: a formula typed on setup, and 'which system do we play?'."""

import re

import pytest
from playwright.sync_api import expect

from tests.setup_form import fill_players, fill_rules, start

pytestmark = pytest.mark.browser


def bid(page, number):
    page.locator("form.bidpad").get_by_role("button", name=str(number), exact=True).click()


def test_type_a_formula_see_the_preview_and_play_a_hand_with_it(page, live_server, shots):
    page.goto(live_server + "/games/new")
    fill_players(page)
    fill_rules(page, scoring="formula")
    made = page.locator('[name="opt__formula__made"]')
    made.fill("10 + 2*trick")
    page.locator('[name="opt__formula__over"]').fill("-2*off")
    # A mistake is pointed at while typing, before anything is sent.
    expect(page.locator("#formula-preview")).to_contain_text("made: unknown name 'trick' at column 8")
    made.fill("10 + 2*tricks")
    preview = page.locator("#formula-preview table")
    expect(preview).to_be_visible()
    expect(preview.locator("tr").nth(3)).to_have_text(re.compile(r"2\s*14\s*-2\s*-2"))
    preview.scroll_into_view_if_needed()
    shots(page, "house-01-formula-preview")
    start(page)

    # Hand 1: Ann deals 1 card; Bob bids 1 and takes it, the others bid 0 (Ann may not: the hook).
    page.get_by_role("button", name="hearts").click()
    for number in (1, 0, 0, 1):  # Bob, Cy, Di, Ann
        bid(page, number)
    page.wait_for_url(re.compile(r"/tricks$"))
    page.get_by_role("button", name="Save tricks").click()
    page.wait_for_url(re.compile(r"/sheet$"))
    # Bob made 1: 10 + 2; Cy and Di made 0: 10; Ann bid 1, took 0: -2.
    expect(page.locator("tfoot td")).to_have_text(["-2", "12", "10", "10"])
    shots(page, "house-02-sheet")
    page.locator("#house-card").click()
    expect(page.locator("#card")).to_contain_text("made: 10 + 2*tricks; more: -2*off")
    shots(page, "house-03-card")


def test_which_system_from_three_hands_then_start_a_game_with_it(page, live_server, shots):
    page.goto(live_server + "/games/new")
    page.locator("details summary", has_text="Rules").click()
    page.locator("#which-link").click()
    for row, (bid_, took, points) in enumerate([("2", "2", "12"), ("1", "3", "-2"), ("3", "1", "-2")], start=1):
        page.get_by_label(f"hand {row} bid").fill(bid_)
        page.get_by_label(f"hand {row} took").fill(took)
        page.get_by_label(f"hand {row} points").fill(points)
    page.get_by_role("button", name="Find the system").click()
    match = page.get_by_role("link", name="Get Fred")
    expect(match).to_be_visible()
    shots(page, "house-04-which")
    match.click()
    page.wait_for_url(re.compile(r"/games/new\?"))
    expect(page.get_by_label("System", exact=True)).to_have_value("get_fred")
    fill_players(page, ["Ann", "Bob", "Cy"], first_dealer=None)
    start(page)
    page.goto(page.url.rsplit("/", 1)[0] + "/card")
    expect(page.locator("#card")).to_contain_text("Get Fred")


def test_a_formula_preset_picked_from_the_list_shows_its_preview(page, live_server, shots):
    page.goto(live_server + "/games/new")
    fill_players(page)
    page.get_by_label("House rules").select_option("boerenbridge")
    page.locator("details summary", has_text="Rules").click()
    # Made: 10 + 2 a trick; one off: -2. The preview appears without choosing "House formula" by hand.
    preview = page.locator("#formula-preview table")
    expect(preview).to_be_visible()
    expect(preview.locator("tr").nth(3)).to_have_text(re.compile(r"2\s*14\s*-2\s*-2"))
    expect(page.get_by_label("Hook from N cards")).to_have_value("4")  # Dutch tables: the hook from 4 cards
    shots(page, "house-03-preset-preview")
