"""A bonus is entered and shown as one; a tie at the top is said with the winner (Chromium, 360 x 640)."""

import re

import pytest
from playwright.sync_api import expect

from tests.setup_form import set_up
from tests.game_helpers import SHARED, TIED_SCRATCH, create

pytestmark = pytest.mark.browser


def bid(page, number):
    page.locator("form.bidpad").get_by_role("button", name=str(number), exact=True).click()


def test_a_bonus_is_entered_and_marked_as_a_bonus(page, live_server, shots):
    set_up(page, live_server, hook=False)
    page.get_by_role("button", name="hearts").click()
    for number in (1, 0, 0, 0):  # Bob, Cy, Di, Ann
        bid(page, number)
    page.get_by_text("Penalty or bonus…").click()
    page.get_by_label("penalty or bonus for").select_option(label="Bob")
    page.get_by_label("reason").select_option(label="Bonus (10)")
    shots(page, "bonus-01-tricks")
    page.get_by_role("button", name="Save tricks").click()
    page.wait_for_url(re.compile(r"/sheet$"))
    bob = page.locator("tbody tr").first.locator("td").nth(1)
    mark = bob.get_by_label("bonus")
    assert mark.inner_text() == "★" and bob.get_by_label("penalty").count() == 0
    mark.click()
    expect(bob.get_by_text("Bonus +10")).to_be_visible()
    expect(page.locator("tfoot td")).to_have_text(["10", "21", "10", "10"])
    shots(page, "bonus-02-sheet")
    page.get_by_role("link", name="History").click()
    expect(page.locator("main")).to_contain_text("bonus: Bob +10 (bonus)", use_inner_text=True)
    assert "penalty" not in page.inner_text("main")


def claim(page, live_server, client, record):
    game_id, key = create(client, record, claim=False)
    page.goto(f"{live_server}/games/{game_id}/claim/{key}")
    page.goto(f"{live_server}/games/{game_id}/sheet")
    return game_id


def test_the_tie_break_is_said_with_the_winner(page, live_server, client, shots):
    claim(page, live_server, client, TIED_SCRATCH)
    said = "Ann wins on the tie-break: 2 bids made to Bob's 1 and Cy's 0"
    expect(page.locator("#tie")).to_have_text(said)
    shots(page, "tie-01-sheet")
    page.get_by_role("link", name="Game over: results").click()
    page.wait_for_url(re.compile(r"/over$"))
    expect(page.locator("#tie")).to_have_text(said)
    shots(page, "tie-02-over")


def test_a_tie_that_stands_is_shared_on_the_sheet_and_at_game_over(page, live_server, client, shots):
    claim(page, live_server, client, SHARED)
    expect(page.locator("#tie")).to_have_text("Ann and Bob share first place")
    page.get_by_role("link", name="Game over: results").click()
    expect(page.locator("#tie")).to_have_text("Ann and Bob share first place")
