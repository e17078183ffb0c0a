"""The date and note of a game and of an evening, typed by the scorekeeper on a phone (Chromium, 360 x 640)."""

import re

import pytest
from playwright.sync_api import expect

from scorekeeper import store
from tests.game_helpers import HANDS, create, record

pytestmark = pytest.mark.browser


def test_the_scorekeeper_dates_and_notes_the_game_and_the_evening(page, live_server, client, app, shots):
    game_id, key = create(client, record(hands=HANDS[:1]), claim=False)
    page.goto(f"{live_server}/games/{game_id}/claim/{key}")
    page.goto(f"{live_server}/games/{game_id}/sheet")
    page.get_by_text("Date and note…").click()
    page.get_by_label("Date").fill("2026-11-20")
    page.get_by_label("Note").fill("Birthday at Ann's")
    shots(page, "about-01-form")
    page.get_by_role("button", name="Save the date and note").click()
    page.wait_for_url(re.compile(r"/sheet$"))
    expect(page.locator("#about")).to_have_text("Nov 20, 2026 · Birthday at Ann's")
    expect(page.locator(".flash")).to_contain_text("Date and note: Nov 20, 2026", use_inner_text=True)
    shots(page, "about-02-sheet")
    page.goto(live_server + "/")
    expect(page.locator("ul.games li").first).to_contain_text("Nov 20, 2026 · Birthday at Ann's", use_inner_text=True)

    with app.app_context():
        evening_id = store.evening_of(store.get_db(), game_id)
    page.goto(f"{live_server}/evenings/{evening_id}")
    page.get_by_text("Date and note…").click()
    page.get_by_label("Note").fill("Ann's birthday, the long evening")
    page.get_by_role("button", name="Save the date and note").click()
    page.wait_for_url(re.compile(rf"/evenings/{evening_id}$"))
    expect(page.locator("#evening-name")).to_contain_text(" · Ann's birthday, the long evening")
    assert "Ann's birthday, the long evening" in page.locator("#evening-text").input_value()
    shots(page, "about-03-evening")
