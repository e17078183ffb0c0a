"""After the game in Debian's Chromium at phone size (360 x 640): settling up, the evening, a player.

Screenshots go to test-artifacts/.
"""

import re

import pytest

from tests.evening_helpers import play_evening
from tests.game_helpers import create, record
from tests.pictures import SCALE

expect = pytest.importorskip("playwright.sync_api").expect

pytestmark = pytest.mark.browser


def no_sideways_scroll(page):
    return page.evaluate("document.scrollingElement.scrollWidth <= window.innerWidth")


def lines(locator):
    """Return the text of each element as read: words separated by single spaces."""
    return [" ".join(text.split()) for text in locator.all_inner_texts()]


def font_px(locator):
    return float(locator.evaluate("e => getComputedStyle(e).fontSize").removesuffix("px"))


def test_settle_up_on_a_phone(page, live_server, client, shots):
    game_id, key = create(client, record(), claim=False)
    page.context.grant_permissions(["clipboard-read", "clipboard-write"], origin=live_server)
    page.goto(f"{live_server}/games/{game_id}/claim/{key}")
    page.goto(f"{live_server}/games/{game_id}/over")
    shots(page, "settle-01-game-over")
    page.get_by_role("link", name=re.compile("Settle up")).click()
    page.wait_for_url(re.compile(r"/settle$"))
    payments = page.locator(".settle-list li")
    assert lines(payments) == ["Ann pays Di 19.00", "Bob pays Cy 17.00", "Bob pays Di 2.00"]
    # Readable across a table: the payments are large, and the three fit on the first screen.
    assert font_px(payments.first) >= 24
    assert payments.last.bounding_box()["y"] + payments.last.bounding_box()["height"] <= 640
    assert no_sideways_scroll(page)
    shots(page, "settle-02-pairwise")

    copy = page.locator("button[data-copy]")
    assert copy.inner_text() == "Copy"
    copy.click()
    expect(copy).to_have_text("Copied")  # the clipboard answers asynchronously
    copied = page.evaluate("navigator.clipboard.readText()")
    assert "Ann pays Di 19.00\nBob pays Cy 17.00\nBob pays Di 2.00" in copied

    # The table settles by Prospect instead: Cy pays 1, Ann and Bob share 3rd and 4th at 2.50 each.
    page.locator("details.settle-change summary").click()
    page.get_by_label("Settlement").select_option("prospect")
    page.get_by_label("Prospect: what each place pays").fill("1 2 3")
    shots(page, "settle-03-change")
    page.get_by_role("button", name="Settle this way").click()
    page.wait_for_url(re.compile(r"/settle$"))
    expect(page.locator("main")).to_contain_text("Settling up by Prospect sliding scale", use_inner_text=True)
    assert lines(payments) == ["Ann pays Di 2.50", "Bob pays Di 2.50", "Cy pays Di 1.00"]
    shots(page, "settle-04-prospect")


def test_settle_up_read_only_and_without_javascript(browser, live_server, client, shots):
    game_id, _key = create(client, record(), claim=False)
    context = browser.new_context(
        viewport={"width": 360, "height": 640}, java_script_enabled=False, device_scale_factor=SCALE
    )
    try:
        page = context.new_page()
        page.goto(f"{live_server}/games/{game_id}/settle")
        assert lines(page.locator(".settle-list li"))[0] == "Ann pays Di 19.00"
        # Without JavaScript the Copy button stays hidden; the text is there to select.
        assert not page.locator("button[data-copy]").is_visible()
        assert "Bob pays Di 2.00" in page.locator("#settle-text").input_value()
        expect(page.locator("details.settle-change")).to_have_count(0)
        shots(page, "settle-05-read-only-no-js")
    finally:
        context.close()


def test_evening_ledger_on_a_phone(page, live_server, client, app, shots):
    games = play_evening(client, app)
    page.goto(f"{live_server}/games/{games[2]}/over")
    page.get_by_role("link", name="Evening", exact=True).click()
    page.wait_for_url(re.compile(r"/evenings/"))
    assert no_sideways_scroll(page)
    shots(page, "evening-01-top")
    ledger = page.locator("table.ledger tbody tr")
    assert [row.split() for row in ledger.all_inner_texts()] == [
        ["Ann", "3", "+32.00"],
        ["Bob", "3", "-60.00"],
        ["Cy", "3", "-28.00"],
        ["Di", "3", "+56.00"],
    ]
    assert page.locator("table.ledger").evaluate("e => e.getBoundingClientRect().right") <= 360
    payments = page.locator(".settle-list li")
    assert lines(payments) == ["Bob pays Di 56.00", "Cy pays Ann 28.00", "Bob pays Ann 4.00"]
    # At the end of the night the money comes first: every payment on the first screen, in large type.
    assert payments.last.bounding_box()["y"] + payments.last.bounding_box()["height"] <= 640
    assert font_px(payments.first) >= 24
    page.locator(".evening-games").scroll_into_view_if_needed()
    shots(page, "evening-02-games")
    page.goto(live_server + "/")
    expect(page.get_by_role("link", name="Ann, Bob, Cy, Di").first).to_be_visible()
    shots(page, "evening-03-home")


def test_player_page_on_a_phone(page, live_server, client, app, shots):
    play_evening(client, app)
    page.goto(live_server + "/")
    page.get_by_role("link", name="Players").click()
    shots(page, "player-01-list")
    page.get_by_role("link", name="Ann").click()
    page.wait_for_url(re.compile(r"/players/Ann$"))
    stats = page.locator(".stats div").all_inner_texts()
    assert [s.split("\n")[0] for s in stats] == ["3", "2", "83.3%"]
    assert no_sideways_scroll(page)
    shots(page, "player-02-top")
    chart = page.locator(".chartbox svg")
    chart.scroll_into_view_if_needed()
    box = chart.bounding_box()
    assert box["width"] <= 360 and box["height"] > 100
    shots(page, "player-03-chart")


def test_sheet_chart_on_a_phone(page, live_server, client, shots):
    game_id, key = create(client, record(), claim=False)
    page.goto(f"{live_server}/games/{game_id}/claim/{key}")
    page.goto(f"{live_server}/games/{game_id}/sheet")
    chart = page.locator(".chartbox svg")
    chart.scroll_into_view_if_needed()
    assert chart.bounding_box()["width"] <= 360
    assert no_sideways_scroll(page)
    shots(page, "sheet-chart")
    page.goto(f"{live_server}/games/{game_id}/compare?system=negative")
    expect(page.locator(".whatif")).to_contain_text("Winners: Cy and Di", use_inner_text=True)
    shots(page, "compare-01")
    page.locator("table.compare").scroll_into_view_if_needed()
    assert no_sideways_scroll(page)
    # Each player's name in the header is whole: its text takes one line (it once read "An" over "n").
    lines = page.locator("table.compare thead th").evaluate_all("""cells => cells.slice(1).map(cell => {
        const text = document.createRange(); text.selectNodeContents(cell);
        return [cell.textContent.trim(), text.getClientRects().length]; })""")
    assert lines == [["Ann", 1], ["Bob", 1], ["Cy", 1], ["Di", 1]]
    shots(page, "compare-02-table")


def test_the_chart_takes_the_page_colours_in_dark_mode(browser, live_server, client, shots):
    game_id, key = create(client, record(), claim=False)
    context = browser.new_context(color_scheme="dark", viewport={"width": 360, "height": 640})
    page = context.new_page()
    page.goto(f"{live_server}/games/{game_id}/claim/{key}")
    page.goto(f"{live_server}/games/{game_id}/sheet")
    chart = page.locator(".chartbox svg")
    chart.scroll_into_view_if_needed()
    fill = "e => getComputedStyle(e).fill"
    # Not a white card in a dark page: the chart's ground is the page's card colour, its words the page's ink.
    assert chart.locator("rect.bg").evaluate(fill) == "rgb(29, 32, 36)"
    assert set(chart.locator("text").evaluate_all("els => els.map(e => getComputedStyle(e).fill)")) == {
        "rgb(235, 232, 224)"
    }
    shots(page, "sheet-chart-dark")
    context.close()
