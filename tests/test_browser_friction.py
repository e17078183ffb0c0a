"""What a new table found on a 360 x 640 phone (issue 17, item 7), driven in Chromium as a person does."""

import pytest
from playwright.sync_api import expect

from tests.browser_helpers import PHONE
from tests.game_helpers import create, record
from tests.owner_helpers import OWNER_KEY

pytestmark = pytest.mark.browser

# A share sheet as a phone has one (desktop Chromium on Linux has none): it records what it was given.
FAKE_SHARE = "navigator.share = (data) => { window.shared = data; return Promise.resolve(); };"


def both_schemes(page, shots, name):
    shots(page, name)
    page.emulate_media(color_scheme="dark")
    shots(page, name + "-dark")
    page.emulate_media(color_scheme="light")


def test_the_share_links_have_copy_and_share_buttons(browser, live_server, client, shots):
    game_id, key = create(client, record(hands=record()["hands"][:1]), claim=False)
    context = browser.new_context(permissions=["clipboard-read", "clipboard-write"], **PHONE)
    context.add_init_script(FAKE_SHARE)
    page = context.new_page()
    page.goto(f"{live_server}/games/{game_id}/claim/{key}")
    page.goto(f"{live_server}/games/{game_id}/sheet")
    page.locator("details.share summary").click()
    follow_link = page.get_by_label("Follow along (read-only):").input_value()
    assert follow_link.endswith(f"/games/{game_id}")

    copy = page.locator("[data-copy=follow-link]")
    copy.click()
    expect(copy).to_have_text("Copied")
    assert page.evaluate("navigator.clipboard.readText()") == follow_link

    page.locator("[data-share=edit-link]").click()
    shared = page.evaluate("window.shared")
    assert shared["url"] == page.get_by_label("Hand the scorekeeping over:").input_value()
    assert shared["url"].endswith(f"/claim/{key}")
    page.locator("details.share").scroll_into_view_if_needed()
    both_schemes(page, shots, "share-buttons")
    context.close()


def test_without_a_share_sheet_only_copy_shows(page, live_server, client):
    game_id, key = create(client, record(hands=record()["hands"][:1]), claim=False)
    page.goto(f"{live_server}/games/{game_id}/claim/{key}")
    page.goto(f"{live_server}/games/{game_id}/sheet")
    page.locator("details.share summary").click()
    assert page.evaluate("typeof navigator.share") == "undefined"
    expect(page.locator("[data-copy=edit-link]")).to_be_visible()
    expect(page.locator("[data-share=edit-link]")).to_be_hidden()


FIVE = ["Ann", "Bob", "Cy", "Di", "Ed"]


def on_the_tricks_screen(client, players=FIVE):
    """A game of len(players) whose first hand (3 cards, Ann dealing) is bid: the tricks screen is next."""
    hand = {"cards": 3, "dealer": 0, "trump": "hearts", "bids": [0, 1, 0, 1, 0][: len(players)]}
    rec = record(players=players, hands=[hand])
    rec["rules"]["deals"] = {"pattern": "down-up", "max": 3}
    rec["rules"]["hook"] = False
    return create(client, rec, claim=False)


def test_opening_penalty_keeps_save_on_the_screen(page, live_server, client, shots):
    game_id, key = on_the_tricks_screen(client)
    page.goto(f"{live_server}/games/{game_id}/claim/{key}")
    page.goto(f"{live_server}/games/{game_id}/tricks")
    page.locator("details.penalty summary").click()
    expect(page.get_by_label("penalty or bonus for")).to_be_visible()
    save = page.get_by_role("button", name="Save tricks")
    box = save.bounding_box()
    assert box["y"] >= 0 and box["y"] + box["height"] <= 640, box
    # Nothing covers it: the point at its middle is the button itself.
    assert (
        page.evaluate(
            "([x, y]) => document.elementFromPoint(x, y).id",
            [box["x"] + box["width"] / 2, box["y"] + box["height"] / 2],
        )
        == "save-tricks"
    )
    both_schemes(page, shots, "tricks-penalty-open")


def test_a_five_player_evening_ledger_fits_the_phone(page, live_server, client, app, shots):
    from scorekeeper import store

    names = ["Annabel", "Bartholomew", "Cyril", "Dorothea", "Edmund"]
    hands = [
        {"cards": 1, "dealer": 0, "trump": "hearts", "bids": [1, 0, 0, 0, 1], "tricks": [0, 0, 0, 0, 1]},
        {"cards": 2, "dealer": 1, "trump": "spades", "bids": [2, 1, 0, 0, 0], "tricks": [2, 0, 0, 0, 0]},
    ]
    app.config["STAKE_CEILING"] = 2_000  # the club plays high: its owner raised the ceiling to 20.00 (10.00 by default)
    game_id, _key = create(client, record(players=names, hands=hands, stake=12.5), claim=False)
    with app.app_context():
        evening_id = store.evening_of(store.get_db(), game_id)
    page.goto(f"{live_server}/evenings/{evening_id}")
    ledger = page.locator("table.ledger")
    expect(ledger).to_contain_text("-")
    ledger.scroll_into_view_if_needed()
    both_schemes(page, shots, "evening-ledger-5")
    assert ledger.evaluate("table => table.getBoundingClientRect().right") <= 360
    assert page.evaluate("document.documentElement.scrollWidth") <= 360
    # Each payment keeps its amount inside its own row (a long line used to spill it onto the next).
    boxes = page.locator(".settle-list li").evaluate_all(
        "items => items.map(li => [li.getBoundingClientRect().bottom, li.querySelector('.amount').getBoundingClientRect().bottom])"
    )
    assert all(amount <= bottom + 0.5 for bottom, amount in boxes), boxes
    # Every amount is shown whole, none cut by its column.
    assert ledger.locator("td").evaluate_all("cells => cells.filter(c => c.scrollWidth > c.clientWidth).length") == 0


def test_a_game_is_abandoned_restored_and_deleted_from_the_table_tab(page, live_server, client, shots):
    game_id, key = create(client, record(hands=record()["hands"][:1]), claim=False)
    page.goto(f"{live_server}/games/{game_id}/claim/{key}")
    page.goto(f"{live_server}/games/{game_id}/sheet")
    page.locator("#table-tab").click()
    page.locator("details#end summary").click()
    both_schemes(page, shots, "table-end-game")
    page.get_by_role("button", name="Abandon this game").click()
    page.wait_for_url(f"{live_server}/")
    expect(page.locator(".flash")).to_contain_text("Abandoned: Ann, Bob, Cy, Di.")
    expect(page.locator("ul.games.playing")).to_have_count(0)  # "None yet." in progress
    page.locator("details.abandoned summary").click()
    both_schemes(page, shots, "home-abandoned")
    page.locator("ul.games.abandoned a").first.click()
    expect(page.locator("#abandoned")).to_contain_text("This game is abandoned")
    page.locator("#abandoned a").click()
    page.get_by_role("button", name="Restore this game").click()
    expect(page.locator(".flash")).to_contain_text("Restored")

    page.goto(f"{live_server}/games/{game_id}/table")
    page.locator("details#end summary").click()
    # A game with hands played is the instance owner's to delete: the scorekeeper is told so, no button.
    expect(page.locator("#delete-owner")).to_contain_text("for this site's owner")
    expect(page.get_by_role("button", name="Delete this game")).to_have_count(0)
    page.goto(f"{live_server}/events/new")
    page.get_by_label("Owner key or password").fill(OWNER_KEY)
    page.get_by_role("button", name="Sign in").click()
    page.goto(f"{live_server}/games/{game_id}/table")
    page.locator("details#end summary").click()
    page.get_by_role("button", name="Delete this game").click()
    expect(page.locator(".flash.error")).to_contain_text("Tick the box to delete a game with 1 hand played.")
    page.get_by_label("Delete it with its 1 hand played").check()
    page.get_by_role("button", name="Delete this game").click()
    page.wait_for_url(f"{live_server}/")
    expect(page.locator(".flash")).to_contain_text("Deleted: Ann, Bob, Cy, Di · 1 hand.")
    assert page.goto(f"{live_server}/games/{game_id}").status == 404


def test_a_late_arrival_the_deck_cannot_deal_gets_the_choice_on_the_table_tab(page, live_server, client, shots):
    # Issue 17, item 5: Okenuff's with a fifth player: the sheet said "to come 11 12 13 13 13 13" and every
    # hand was dealt 10, with no note.
    hands = [
        {"cards": size, "dealer": seat % 4, "trump": "hearts", "bids": [0, 0, 0, size], "tricks": [0, 0, 0, size]}
        for seat, size in enumerate((4, 5, 6, 7))
    ]
    rec = record(hands=hands)
    rec["rules"]["deals"] = {"pattern": "okenuff"}
    rec["rules"]["hook"] = False
    game_id, key = create(client, rec, claim=False)
    page.goto(f"{live_server}/games/{game_id}/claim/{key}")
    page.goto(f"{live_server}/games/{game_id}/table")
    page.locator("#arrive summary").click()
    page.get_by_label("Name").fill("Ed")
    page.get_by_role("button", name="Seat the newcomer").click()
    page.goto(f"{live_server}/games/{game_id}/sheet")
    expect(page.locator("#deck-short")).to_contain_text(
        "5 players get at most 10 cards each from 1 deck: hands are "
        "dealt 10 until the table chooses more decks or a cap"
    )
    page.goto(f"{live_server}/games/{game_id}/table")
    warning = page.locator("#undealable")
    expect(warning).to_contain_text("Hands of 13 to come; 5 players get at most 10 each from 1 deck:")
    both_schemes(page, shots, "table-undealable")
    page.get_by_role("button", name="Cap the hands at 10").click()
    expect(warning).to_have_count(0)
    page.goto(f"{live_server}/games/{game_id}/sheet")
    expect(page.locator("#to-come")).to_have_text("To come: 8 9 10 10 10 10 10 10 10 cards")
    expect(page.locator("#deck-short")).to_have_count(0)


def test_or_the_table_deals_from_two_decks(page, live_server, client):
    rec = record(hands=[])
    rec["rules"]["deals"] = {"pattern": "okenuff"}
    game_id, key = create(client, rec, claim=False)
    page.goto(f"{live_server}/games/{game_id}/claim/{key}")
    page.goto(f"{live_server}/games/{game_id}/table")
    page.locator("#arrive summary").click()
    page.get_by_label("Name").fill("Ed")
    page.get_by_role("button", name="Seat the newcomer").click()
    page.get_by_role("button", name="Deal from 2 decks").click()
    expect(page.locator("#undealable")).to_have_count(0)
    page.goto(f"{live_server}/games/{game_id}/sheet")
    expect(page.locator("#to-come")).to_have_text("To come: 4 5 6 7 8 9 10 11 12 13 13 13 13 cards")


def test_a_follower_sees_the_game_abandoned_and_restored_without_a_reload(browser, page, live_server, client):
    game_id, key = create(client, record(hands=record()["hands"][:1]), claim=False)
    page.goto(f"{live_server}/games/{game_id}/claim/{key}")
    reader = browser.new_context(viewport={"width": 360, "height": 640})
    follower = reader.new_page()
    try:
        follower.goto(f"{live_server}/games/{game_id}")
        follower.evaluate("window.__notReloaded = true")
        expect(follower.locator("#abandoned")).to_have_count(0)
        page.goto(f"{live_server}/games/{game_id}/table")
        page.locator("details#end summary").click()
        page.get_by_role("button", name="Abandon this game").click()
        page.wait_for_url(f"{live_server}/")
        # The follower's sheet says so by itself, in place (its status changed, not its revision).
        expect(follower.locator("#abandoned")).to_contain_text("This game is abandoned", timeout=3000)
        page.goto(f"{live_server}/games/{game_id}/table#end")  # where the sheet's "Restore it" leads
        page.get_by_role("button", name="Restore this game").click()
        expect(follower.locator("#abandoned")).to_have_count(0, timeout=3000)
        assert follower.evaluate("window.__notReloaded") is True
    finally:
        reader.close()
