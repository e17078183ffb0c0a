"""The roster in Chromium at 360 px (issue 42): the owner merges "jose" into "José" with one thumb, the roster lists
one José with the spelling under him, his page answers to "jose", and a new event's players are picked from it."""

import pytest
from playwright.sync_api import expect

from tests.browser_helpers import axe_violations
from tests.language_helpers import sign_in_as_owner
from tests.money_helpers import totals_game

pytestmark = pytest.mark.browser


def test_the_owner_merges_a_spelling_and_picks_names_from_the_roster(page, live_server, shots):
    sign_in_as_owner(page, live_server)
    for players in (["José", "Ann", "Bob"], ["jose", "Cy", "Di"]):
        made = page.request.post(live_server + "/api/games", data=totals_game(players, [30, 20, 10], 0.5))
        assert made.status == 201 and made.json()["recognised"] is True
    page.goto(live_server + "/owner/roster")
    page.locator("#merge-spelling").fill("jose")
    page.locator("#merge-into").fill("José")
    page.locator("#merge-players button.primary").click()
    expect(page.locator(".flash")).to_contain_text("jose is merged into José")
    row = page.locator("#roster-table tr").filter(has_text="José")
    expect(row).to_have_count(1)
    expect(row).to_contain_text("also: jose")
    assert page.evaluate("document.scrollingElement.scrollWidth") <= 360  # nothing scrolls sideways on the phone
    assert not axe_violations(page)
    shots(page, "roster-00-merged")
    row.scroll_into_view_if_needed()
    shots(page, "roster-01-the-spelling-under-him")

    page.goto(live_server + "/players/jose")
    expect(page.locator(".where")).to_have_text("José")
    expect(page.locator(".stats > div").first).to_contain_text("2")  # both games, his own and the one as "jose"

    page.goto(live_server + "/events/new")
    page.locator("#roster-pick").fill("José")
    page.locator("#roster-add").click()
    page.locator("#roster-pick").fill("Ann")
    page.locator("#roster-pick").press("Enter")
    assert page.locator("#players").input_value() == "José\nAnn\n"
    options = page.locator("datalist#roster option").evaluate_all("options => options.map(o => o.value)")
    assert "José" in options and "jose" not in options
