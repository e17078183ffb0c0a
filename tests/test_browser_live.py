"""Following live in Debian's Chromium at phone size: a scorekeeper and a follower in two browser contexts,
the display settings (wake lock, dark mode, speech), 320 px, and axe-core on every screen.

Screenshots go to test-artifacts/.
"""

import json
import re
from pathlib import Path

import pytest
from playwright.sync_api import expect

from scorekeeper import store
from tests.browser_helpers import PHONE, axe_violations, bid
from tests.game_helpers import create, record
from tests.setup_form import set_up

# Followers and the kept shell: every phone here has the service worker.
SERVICE_WORKER = "allow"

pytestmark = pytest.mark.browser

# A stand-in for the Screen Wake Lock API that behaves as the browser's does (the lock is dropped when the page is
# hidden) and counts what the page asks for, so that the test sees every request and release.
FAKE_WAKE_LOCK = """
window.__locks = {requested: 0, released: 0, held: 0};
Object.defineProperty(navigator, "wakeLock", {configurable: true, value: {request: function (type) {
  var listeners = [], sentinel = {type: type, released: false,
    addEventListener: function (name, fn) { listeners.push(fn); },
    release: function () { if (sentinel.released) return Promise.resolve(); sentinel.released = true;
      window.__locks.released++; window.__locks.held--; listeners.forEach(function (fn) { fn(); }); return Promise.resolve(); }};
  window.__locks.requested++; window.__locks.held++;
  document.addEventListener("visibilitychange", function () { if (document.hidden) sentinel.release(); });
  return Promise.resolve(sentinel);
}}});
"""
FAKE_SPEECH = """
window.__spoken = [];
window.SpeechSynthesisUtterance = function (text) { this.text = text; };
Object.defineProperty(window, "speechSynthesis", {configurable: true, value: {speak: function (u) { window.__spoken.push(u.text); }}});
"""


def open_settings(page):
    """Tap the gear in the bar: the display settings."""
    page.locator("#prefs summary").click()


def set_visible(page, visible):
    """Pretend the phone's screen went off (or came back): what the page sees when it is hidden."""
    page.evaluate(
        """visible => {
        Object.defineProperty(document, "hidden", {configurable: true, get: () => !visible});
        Object.defineProperty(document, "visibilityState", {configurable: true, get: () => visible ? "visible" : "hidden"});
        document.dispatchEvent(new Event("visibilitychange"));
    }""",
        visible,
    )


def test_the_follower_sees_each_bid_in_place_without_a_reload(browser, page, app, live_server, shots):
    set_up(page, live_server, hook=True, pattern="down", max_cards="3")
    game_url = page.url.removesuffix("/deal")
    other = browser.new_context(**PHONE)
    follower = other.new_page()
    follower.goto(game_url)
    expect(follower.locator("#live-hand")).to_contain_text("Next: Ann deals 3", use_inner_text=True)
    asked = []
    follower.on("request", lambda request: asked.append(request))
    # The follower folds the chart and scrolls down a little; a marker shows the page was never reloaded.
    follower.locator("details.chartbox summary").click()
    assert follower.evaluate("document.querySelector('details.chartbox').open") is False
    follower.evaluate("window.__notReloaded = true; window.scrollTo(0, 40)")
    scrolled = follower.evaluate("window.scrollY")

    page.get_by_role("button", name="hearts").click()
    follower.wait_for_function(
        "() => document.querySelector('#live-turn') && document.querySelector('#live-turn').textContent === 'Bob'",
        timeout=2000,
    )
    for number, name, next_up in ((1, "Bob", "Cy"), (0, "Cy", "Di"), (1, "Di", "Ann")):
        bid(page, number)
        # Each bid reaches the follower's page within 2 s, in place.
        follower.wait_for_function(
            """([name, bid, next]) => [...document.querySelectorAll('#live-hand .bidders li')].some(li =>
                 li.querySelector('.name').textContent.trim() === name && li.querySelector('.bid').textContent === bid)
               && document.querySelector('#live-turn').textContent === next""",
            arg=[name, str(number), next_up],
            timeout=2000,
        )
    expect(follower.locator("#live-tally")).to_contain_text("Bid 2 of 3 · under by 1 · Ann to bid", use_inner_text=True)
    expect(follower.locator("#live-hand .hook")).to_have_text("Ann may not bid 1.", use_inner_text=True)
    shots(follower, "40-follower-bidding")
    bid(page, 2)
    follower.wait_for_function("() => document.querySelector('#live-announce')", timeout=2000)
    expect(follower.locator("#live-announce")).to_have_text("OVER by 1", use_inner_text=True)
    assert follower.evaluate("getComputedStyle(document.querySelector('#live-announce')).fontSize") == "41.6px"
    assert follower.evaluate("window.__notReloaded") is True
    assert follower.evaluate("document.querySelector('details.chartbox').open") is False
    assert follower.evaluate("window.scrollY") == scrolled
    shots(follower, "41-follower-announce")

    page.get_by_role("button", name="Save tricks").click()
    follower.wait_for_function("() => document.querySelector('tfoot').innerText.includes('11')", timeout=2000)
    assert follower.evaluate("window.__notReloaded") is True
    expect(follower.locator("#live-hand")).to_contain_text("Next: Bob deals 2", use_inner_text=True)
    # Each refresh says it is fetched, not opened, so it leaves a message a form flashed to another tab of the same
    # browser for the page that form opens (web/template_globals.py, flashes(); tests/test_table_live.py).
    refreshes = [request for request in asked if request.resource_type == "fetch" and request.url == follower.url]
    assert refreshes, [request.url for request in asked]
    for request in refreshes:
        assert request.all_headers().get("x-background") == "1" and request.all_headers()["sec-fetch-mode"] == "cors"
    other.close()


def test_the_screen_stays_on_with_a_toggle_and_comes_back_after_the_page_is_hidden(
    browser, page, live_server, client, shots
):
    game_id, key = create(client, record(hands=[]), claim=False)
    page.context.add_init_script(FAKE_WAKE_LOCK)
    page.goto(f"{live_server}/games/{game_id}/claim/{key}")
    page.wait_for_function("() => window.__locks.held === 1")  # on by default while a game is open
    open_settings(page)
    toggle = page.get_by_label("Keep the screen on")
    assert toggle.is_checked()
    expect(page.locator("#pref-status")).to_have_text("The screen stays on.", use_inner_text=True)
    shots(page, "42-display-settings")
    # The browser drops the lock when the screen goes off; it is taken again when the page comes back.
    set_visible(page, False)
    page.wait_for_function("() => window.__locks.held === 0")
    set_visible(page, True)
    page.wait_for_function("() => window.__locks.held === 1 && window.__locks.requested === 2")
    toggle.uncheck()
    page.wait_for_function("() => window.__locks.held === 0")
    expect(page.locator("#pref-status")).to_have_text("The screen may sleep.", use_inner_text=True)
    # Off is remembered: the next game page does not ask for the lock, and coming back does not either.
    page.reload()
    open_settings(page)
    assert not page.get_by_label("Keep the screen on").is_checked()
    set_visible(page, False)
    set_visible(page, True)
    assert page.evaluate("window.__locks.requested") == 0
    # Pages that are not a game never ask.
    page.goto(live_server + "/")
    open_settings(page)
    assert page.get_by_label("Keep the screen on").count() == 0


def test_the_browsers_own_wake_lock_is_taken_on_a_game_page(whole_browser, live_server, client):
    game_id, key = create(client, record(hands=[]), claim=False)
    page = whole_browser.new_context(**PHONE).new_page()
    page.goto(f"{live_server}/games/{game_id}/claim/{key}")  # Chromium's real Screen Wake Lock API, no stand-in
    page.wait_for_function("() => document.getElementById('pref-status').textContent === 'The screen stays on.'")
    open_settings(page)
    page.get_by_label("Keep the screen on").uncheck()
    expect(page.locator("#pref-status")).to_have_text("The screen may sleep.", use_inner_text=True)
    page.context.close()


def test_dark_mode_follows_the_phone_and_the_toggle_is_remembered(browser, live_server, client, shots):
    game_id, key = create(client, record(hands=record()["hands"][:1]), claim=False)
    context = browser.new_context(color_scheme="dark", **PHONE)
    page = context.new_page()
    page.goto(f"{live_server}/games/{game_id}/claim/{key}")
    page.goto(f"{live_server}/games/{game_id}/sheet")
    background = "getComputedStyle(document.body).backgroundColor"
    assert page.evaluate(background) == "rgb(18, 20, 22)"
    page.locator("details.share summary").click()
    shots(page, "43-sheet-dark")
    open_settings(page)
    page.get_by_label("Colours").select_option("light")
    assert page.evaluate(background) == "rgb(251, 250, 246)"
    page.reload()
    assert page.evaluate(background) == "rgb(251, 250, 246)"
    shots(page, "44-sheet-light")
    page.goto(f"{live_server}/games/{game_id}/deal")
    assert page.evaluate(background) == "rgb(251, 250, 246)"
    open_settings(page)
    page.get_by_label("Colours").select_option("auto")
    assert page.evaluate(background) == "rgb(18, 20, 22)"
    shots(page, "45-deal-dark")
    context.close()


def test_the_follower_may_hear_the_announcement(browser, page, live_server, app, client):
    game_id, key = create(client, record(hook=False, hands=[]), claim=False)
    page.goto(f"{live_server}/games/{game_id}/claim/{key}")
    other = browser.new_context(**PHONE)
    other.add_init_script(FAKE_SPEECH)
    follower = other.new_page()
    follower.goto(f"{live_server}/games/{game_id}")
    open_settings(follower)
    speak = follower.get_by_label("Speak the announcement")
    assert not speak.is_checked()  # off by default
    speak.check()
    page.get_by_role("button", name="hearts").click()
    for number in (0, 0, 0, 0):
        bid(page, number)
    follower.wait_for_function("() => window.__spoken.length > 0", timeout=3000)
    assert follower.evaluate("window.__spoken") == ["under by 1"]
    other.close()


def overflows(page):
    """True when the page is wider than the screen, or the bar's words wrap onto a second line."""
    return page.evaluate(
        "document.scrollingElement.scrollWidth > window.innerWidth "
        "|| document.querySelector('.bar .home').getBoundingClientRect().height > 30"
    )


# What a colour scheme changes: a dark page is checked for these alone, the light one for every WCAG A/AA rule.
COLOUR_RULES = ("color-contrast", "link-in-text-block")


def screens(app, client):
    """Return (name, url, visitor) for every screen of the app: 'editor' holds the edit key, 'follower' not."""
    finished, key = create(client, record(), claim=False)
    dealing, dealing_key = create(client, record(hands=[]), claim=False)
    bidding, bidding_key = create(
        client, record(hands=[{"cards": 1, "dealer": 0, "trump": "hearts", "bids": [None, 1, None, None]}]), claim=False
    )
    tricks, tricks_key = create(
        client, record(hands=[{"cards": 1, "dealer": 0, "trump": "hearts", "bids": [1, 1, 0, 1]}]), claim=False
    )
    together, together_key = create(
        client,
        record(bidding="simultaneous", hands=[{"cards": 1, "dealer": 0, "trump": "hearts", "bids": [None] * 4}]),
        claim=False,
    )
    trump, trump_key = create(
        client, record(trump="highest_bidder", hands=[{"cards": 1, "dealer": 0, "bids": [1, 0, 0, 1]}]), claim=False
    )
    seven, _key = create(
        client, json.loads((Path(__file__).parent / "games" / "seven_players_25_hands.json").read_text()), claim=False
    )
    # One hand of two left: the sheet says what each needs in the last hands (issue 17, item 9).
    last, last_key = create(client, record(hands=record()["hands"][:1]), claim=False)
    with app.app_context():
        evening = store.evening_of(store.get_db(), finished)
    claims = [
        f"/games/{g}/claim/{k}"
        for g, k in (
            (finished, key),
            (dealing, dealing_key),
            (bidding, bidding_key),
            (tricks, tricks_key),
            (together, together_key),
            (trump, trump_key),
            (last, last_key),
        )
    ]
    editor = [
        ("home", "/"),
        ("setup", "/games/new"),
        ("deal", f"/games/{dealing}/deal"),
        ("bids", f"/games/{bidding}/bids"),
        ("bids-together", f"/games/{together}/bids"),
        ("trump", f"/games/{trump}/trump"),
        ("tricks", f"/games/{tricks}/tricks"),
        ("table", f"/games/{dealing}/table"),
        ("sheet", f"/games/{finished}/sheet"),
        ("edit", f"/games/{finished}/hands/1/edit"),
        ("over", f"/games/{finished}/over"),
        ("history", f"/games/{finished}/history"),
        ("settle", f"/games/{finished}/settle"),
        ("compare", f"/games/{finished}/compare"),
        ("evening", f"/evenings/{evening}"),
        ("players", "/players"),
        ("player", "/players/Ann"),
        ("import", "/import"),
        ("print", "/sheets/"),
        ("offline", "/offline"),
        ("missing", "/games/nope"),
        ("sheet-last-hands", f"/games/{last}/sheet"),
    ]
    follower = [
        ("follow", f"/games/{bidding}"),
        ("follow-over", f"/games/{finished}"),
        ("follow-7", f"/games/{seven}"),
        ("follow-tricks", f"/games/{tricks}"),
        ("follow-last-hands", f"/games/{last}"),
    ]
    return claims, editor, follower


def test_every_screen_passes_axe_and_fits_320_px(browser, live_server, app, client, shots):
    """Each screen loaded once: every WCAG A/AA rule in the light scheme, then the colours again in the dark."""
    claims, editor, follower = screens(app, client)
    problems = {}
    for role, visits in (("editor", editor), ("follower", follower)):
        context = browser.new_context(
            color_scheme="light", viewport={"width": 320, "height": 640}, has_touch=True, is_mobile=True
        )
        page = context.new_page()
        if role == "editor":
            for claim in claims:
                page.goto(live_server + claim)
        for name, url in visits:
            page.goto(live_server + url)
            page.locator("details").evaluate_all("all => all.forEach(d => d.open = true)")
            for scheme in ("light", "dark"):
                page.emulate_media(color_scheme=scheme)
                found = axe_violations(page, COLOUR_RULES if scheme == "dark" else None)
                if found:
                    problems[f"{name} ({scheme})"] = found
            if overflows(page):
                problems.setdefault(name, []).append("wider than 320 px, or the bar wraps")
            if name in ("follow", "bids", "sheet", "deal", "tricks"):
                page.evaluate("document.getElementById('prefs').open = false")
                for scheme in ("light", "dark"):
                    page.emulate_media(color_scheme=scheme)
                    shots(page, f"46-{scheme}-{name}-320")
        context.close()
    assert not problems, json.dumps(problems, indent=1)


def test_the_app_shell_says_what_to_do_when_the_connection_drops(browser, live_server, client, shots):
    game_id, key = create(client, record(), claim=False)
    context = browser.new_context(**PHONE)
    page = context.new_page()
    page.goto(f"{live_server}/games/{game_id}/claim/{key}")
    # The service worker installs (keeping the hashed styles and scripts); the next visit goes through it.
    page.wait_for_function("() => navigator.serviceWorker.controller !== null")  # a timeout, not a hang
    page.reload()
    assert page.evaluate("navigator.serviceWorker.controller !== null")
    context.set_offline(True)
    page.goto(f"{live_server}/games/{game_id}/history")
    expect(page.locator("h1")).to_contain_text("No connection", use_inner_text=True)
    expect(page.locator("main")).to_contain_text(
        "A tap made on this phone without a connection waits on it", use_inner_text=True
    )
    # Styled and scripted from the kept shell: the bar, and the display settings (prefs.js) work offline.
    assert page.evaluate("getComputedStyle(document.querySelector('.bar')).display") == "flex"
    assert page.locator("#prefs").is_visible()
    shots(page, "47-offline")
    context.set_offline(False)
    page.goto(f"{live_server}/games/{game_id}/history")
    assert "History" in page.title()
    context.close()


def test_the_scorekeepers_phone_may_speak_the_hook_and_the_announcement(browser, live_server, client):
    game_id, key = create(client, record(hands=[]), claim=False)
    context = browser.new_context(**PHONE)
    context.add_init_script(FAKE_SPEECH)
    page = context.new_page()
    page.goto(f"{live_server}/games/{game_id}/claim/{key}")
    open_settings(page)
    page.get_by_label("Speak the announcement").check()
    open_settings(page)  # the gear again closes them: the suits are under the panel
    page.get_by_role("button", name="hearts").click()
    for number in (1, 0, 0):
        bid(page, number)
    # The click returns before the dealer's page has come: wait for what it says (a loaded machine).
    page.wait_for_function("() => window.__spoken.length > 0")
    assert page.evaluate("window.__spoken") == [
        "the dealer may not bid 0: the bids would add up to 1, the number of cards (the hook)."
    ]
    bid(page, 1)
    page.wait_for_url(re.compile(r"/tricks$"))
    page.wait_for_function("() => window.__spoken.length > 0")
    assert page.evaluate("window.__spoken") == ["over by 1"]  # a new page: what it has to say, once
    page.reload()
    assert page.evaluate("window.__spoken") == []  # said already
    context.close()


def quiet(page, asked, still_ms=700, at_most_s=15):
    """Wait until the server has been asked nothing new for `still_ms` (a loaded machine: not a fixed pause) but
    the follower's poll, which asks every 700 ms here (FOLLOW_POLL_MS) and never goes quiet."""
    seen, still = -1, 0
    for _ in range(int(at_most_s * 1000 / 100)):
        now = sum(not path.endswith("/revision") for path in asked)
        if now == seen:
            still += 100
            if still >= still_ms:
                return
        else:
            seen, still = now, 0
        page.wait_for_timeout(100)


def test_after_the_first_visit_a_page_view_costs_one_request(browser, app, live_server, client):
    finished, key = create(client, record(), claim=False)
    other, _other_key = create(client, record(), claim=False)
    asked = []
    serve = app.wsgi_app

    def counting(environ, start_response):
        asked.append(environ["PATH_INFO"])
        return serve(environ, start_response)

    app.wsgi_app = counting
    context = browser.new_context(**PHONE)
    page = context.new_page()
    page.goto(f"{live_server}/games/{finished}")
    page.wait_for_function("() => navigator.serviceWorker.controller !== null")  # a timeout, not a hang
    page.goto(f"{live_server}/games/{finished}/history")
    quiet(page, asked)  # the service worker keeps the shell and scripts in the background: let it finish
    asked.clear()
    page.goto(f"{live_server}/games/{other}")
    page.wait_for_load_state("load")
    quiet(page, asked)  # anything the page or the browser would still ask for
    # Besides the follower's poll, the browser checks the service worker for a new version after a page view
    # (views/shell.py serves it "no-cache" on purpose, so a new release installs): neither is the page's cost.
    assert [path for path in asked if not path.endswith("/revision") and path != "/sw.js"] == [f"/games/{other}"]
    context.close()
