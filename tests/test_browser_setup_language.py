"""A Spanish phone sets up a game in Chromium: the sheet language and the currency start at its own."""

import re

import pytest
from playwright.sync_api import expect

from scorekeeper import store

pytestmark = pytest.mark.browser


@pytest.fixture
def spanish_page(browser):
    """A phone-sized page whose browser asks for Spanish (Argentina) first."""
    context = browser.new_context(
        viewport={"width": 360, "height": 640}, has_touch=True, is_mobile=True, locale="es-AR"
    )
    context.set_default_timeout(15_000)
    yield context.new_page()
    context.close()


def test_a_spanish_phone_sets_up_in_its_language_and_refuses_cents_of_a_peso_without_them(
    spanish_page, live_server, app
):
    page = spanish_page
    page.goto(live_server + "/games/new")
    for seat, name in enumerate(["Ana", "Beto", "Ciro", "Dora"]):
        page.locator(f"input[name=player_{seat}]").fill(name)
    page.locator("form.setup details summary").click()
    assert page.locator("#sheet_language").input_value() == "es"
    assert page.locator("#currency").input_value() == "EUR"
    page.locator("#currency").select_option("CLP")
    page.locator("#stake").fill("1.5")  # the Chilean peso has no cents
    page.locator("button[name=start]").first.click()
    expect(page.locator(".flash.error").filter(has_text="CLP")).to_have_count(1)  # waits for the page drawn again
    if not page.locator("#stake").is_visible():  # the page drawn again keeps the Rules folded
        page.locator("form.setup details summary").click()
    assert page.locator("#currency").input_value() == "CLP"
    page.locator("#stake").fill("100")
    page.locator("button[name=start]").first.click()
    page.wait_for_url(re.compile(r"/deal$"))
    game_id = re.search(r"/games/([^/]+)/", page.url).group(1)
    with app.app_context():
        record = store.get_game(store.get_db(), game_id)["record"]
    assert record["language"] == "es"
    assert record["rules"]["currency"] == "CLP" and record["rules"]["stake"] == 100
