"""One tap, one round trip: a write answers with a redirect straight to the next screen (POST + one GET).

The client tests follow every redirect by hand and count the requests a tap costs; the browser test
counts the documents Chromium loads for each tap on a phone.
"""

import re

import pytest
from playwright.sync_api import expect

from tests.game_helpers import create, game_id_of, record
from tests.html_forms import form_data, submit
from tests.table_helpers import PLAYERS, SETUP, new_game, stored

# The documents a tap loads are counted through the service worker, which could add one.
SERVICE_WORKER = "allow"


def tap(client, url, fields=None, action=None):
    """Press a screen's form as a phone does; return (requests after the press, the address shown, its HTML).

    The screen itself is already showing, so its GET is not counted: the press is the POST and
    every redirect the browser then follows.
    """
    response = submit(client, url, fields, action=action)
    requests, shown = 1, url
    while response.status_code in (301, 302, 303):
        shown = response.headers["Location"]
        assert not re.search(r"/games/[^/]+$", shown), f"went through the game's address: {shown}"
        response = client.get(shown)
        requests += 1
    assert response.status_code == 200, response.get_data(as_text=True)
    return requests, shown, response.get_data(as_text=True)


def screen_of(url):
    return url.rsplit("/", 1)[-1].split("?")[0]


def test_each_tap_of_a_hand_is_one_post_and_one_get(client, app):
    # Okenuff names the trump after the bids, so one game has all four kinds of tap: deal, bid, trump, tricks.
    requests, shown, html = tap(
        client,
        "/games/new",
        SETUP
        | {"preset": "okenuff", "scoring": "okenuff", "pattern": "okenuff", "max_cards": "", "trump": "highest_bidder"},
    )
    assert (requests, screen_of(shown)) == (2, "deal") and "Ann</b> deals" in html
    game_id = game_id_of(shown)

    requests, shown, html = tap(client, shown, {"trump": "none"})  # the button "Dealt — start bidding"
    assert (requests, screen_of(shown)) == (2, "bids") and "<b>Bob</b> bids" in html

    for bid, name in zip((2, 0, 1, 0), ["Bob", "Cy", "Di", "Ann"]):
        assert f"<b>{name}</b> bids" in html
        requests, shown, html = tap(client, shown, {"bid": bid})
        assert requests == 2
    assert screen_of(shown) == "trump" and "Bob" in html and "bid highest" in html

    requests, shown, html = tap(client, shown, {"trump": "spades"})
    assert (requests, screen_of(shown)) == (2, "tricks") and "UNDER" in html

    requests, shown, html = tap(client, shown)  # everyone as bid: "Save tricks"
    assert (requests, screen_of(shown)) == (2, "sheet")
    assert stored(app, game_id)["record"]["hands"][0]["tricks"] is not None

    # The sheet's "Next hand" is a plain link straight to the deal: one GET.
    assert re.search(rf'id="next-hand" href="/games/{game_id}/deal"', html)


def test_a_refused_or_stale_tap_costs_one_round_trip_too(client, app):
    game_id = new_game(client)
    requests, shown, _ = tap(client, f"/games/{game_id}/deal", {"trump": "hearts"})
    assert (requests, screen_of(shown)) == (2, "bids")
    for bid in (1, 0, 0):
        _, shown, html = tap(client, shown, {"bid": bid})
    # Ann deals 1 card and may not bid 0: refused, back on the bids screen with the reason.
    requests, shown, html = tap(client, shown, {"bid": 0})
    assert requests == 2 and screen_of(shown) == "bids" and "The dealer may not bid 0" in html
    before = stored(app, game_id)["revision"]

    # A page drawn before another phone wrote: nothing stored, straight to the current screen.
    page = client.get(f"/games/{game_id}/bids").get_data(as_text=True)
    action, fields = form_data(page)
    stale = dict(fields) | {"revision": str(before - 1), "bid": "1"}
    response = client.post(action or f"/games/{game_id}/bids", data=stale)
    assert response.status_code == 302 and screen_of(response.headers["Location"]) == "bids"
    assert "changed on another phone" in client.get(response.headers["Location"]).get_data(as_text=True)
    assert stored(app, game_id)["revision"] == before


def test_bids_at_once_undo_and_the_edit_link_go_straight_to_the_screen(client, app):
    game_id = new_game(client, bidding="simultaneous")
    _, shown, _ = tap(client, f"/games/{game_id}/deal", {"trump": "clubs"})
    requests, shown, html = tap(client, shown, {"bid_0": 0, "bid_1": 1, "bid_2": 0, "bid_3": 0})
    assert (requests, screen_of(shown)) == (2, "tricks") and "EVEN" in html

    # Undo from the tricks screen takes back the bids: straight to the bids screen.
    requests, shown, html = tap(client, shown, action=f"/games/{game_id}/undo")
    assert (requests, screen_of(shown)) == (2, "bids")
    assert "Undone: the bids of hand 1 (Ann 0 · Bob 1 · Cy 0 · Di 0)." in html

    # Another phone opening the edit link lands on the screen the table is on.
    other = app.test_client()
    response = other.get(f"/games/{game_id}/claim/{stored(app, game_id)['edit_key']}")
    assert response.status_code == 302 and screen_of(response.headers["Location"]) == "bids"


def test_the_sheet_links_straight_to_the_hand_in_progress(client, app):
    game_id, _key = create(client, record(players=PLAYERS, hands=[]))
    tap(client, f"/games/{game_id}/deal", {"trump": "hearts"})
    sheet = client.get(f"/games/{game_id}/sheet").get_data(as_text=True)
    assert f'href="/games/{game_id}/bids">Back to the hand<' in sheet
    assert f'href="/games/{game_id}/bids">Hand<' in sheet


def test_again_opens_the_new_game_on_its_deal(client, app):
    game_id, _key = create(client, record())
    requests, shown, html = tap(client, f"/games/{game_id}/over", action=f"/games/{game_id}/again")
    assert (requests, screen_of(shown)) == (2, "deal") and "Bob</b> deals <b>1</b>" in html
    assert game_id_of(shown) != game_id


@pytest.mark.browser
def test_a_phone_loads_one_page_per_tap_after_the_post(app, page, live_server, client):
    """Count the documents Chromium asks for on each tap: the POST and the next screen, nothing between."""
    app.config["FOLLOW_POLL_MS"] = 600_000  # no follower reload in the middle of a count
    game_id, key = create(client, record(players=PLAYERS, hands=[], hook=False))
    documents = []

    def seen(request):
        if request.resource_type == "document":
            documents.append((request.method, request.url.removeprefix(live_server)))

    page.on("request", seen)

    def press(locator, shown):
        """Tap, wait until the next screen shows, and return the documents loaded meanwhile."""
        documents.clear()
        locator.click()
        expect(shown).to_be_visible()
        page.wait_for_load_state()
        return list(documents)

    page.goto(f"{live_server}/games/{game_id}/claim/{key}")
    expect(page.get_by_role("button", name="hearts")).to_be_visible()
    game = f"/games/{game_id}"
    assert press(page.get_by_role("button", name="hearts"), page.locator(".who", has_text="Bob")) == [
        ("POST", f"{game}/deal"),
        ("GET", f"{game}/bids"),
    ]
    for number, after in (
        (0, ".who >> text=Cy"),
        (1, ".who >> text=Di"),
        (0, ".who >> text=Ann"),
        (0, "#save-tricks"),
    ):  # Ann deals last; her bid leads to the tricks
        pad = page.locator("form.bidpad").get_by_role("button", name=str(number), exact=True)
        loads = press(pad, page.locator(after))
        assert [method for method, _ in loads] == ["POST", "GET"], loads
    assert loads[-1] == ("GET", f"{game}/tricks")
    assert press(page.get_by_role("button", name="Save tricks"), page.locator("#next-hand")) == [
        ("POST", f"{game}/tricks"),
        ("GET", f"{game}/sheet"),
    ]
    assert press(page.locator("#next-hand"), page.get_by_role("button", name="spades")) == [("GET", f"{game}/deal")]
