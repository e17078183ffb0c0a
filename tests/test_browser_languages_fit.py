"""Nothing a player reads is clipped (issue 25): every screen in every language at 320 and 360 px, measured.

The screens are the app's own map: every GET route of its url_map (which docs/screens.md mirrors, kept equal by
tests/test_docs_screens.py) is either MEASURED, at a game, event, season or evening seeded at that step, or
NOT_MEASURED with the reason; a route that is neither fails test_every_screen_is_measured_or_excluded, so a new
screen cannot be left out. POST-only routes show no page of their own (they redirect).

A heading, button, label, tab or cell is clipped when its text is wider than its box and the box hides the rest
(overflow or an ellipsis), or when it reaches past the screen's edge outside a part made to scroll (the sheet's
wrapper). The brand ("Oh Hell" / "Boerenbridge") may give way to an ellipsis first: that is its design
(tests/test_browser_bar_languages.py). Each failure names the language, width, screen and the clipped text.
One browser, one server and one seeding for the module; one phone per language loads each page once and is
measured at both widths. The same walk holds, on every screen, that the page speaks the phone's language and
that the bar's words do not wrap at 320 px, and runs axe-core on the bid screen, the sheet, setup, the settle-up
and the director's page in every language (issue 19, item 5: every language stays accessible).
"""

import json

import pytest

from scorekeeper import store
from tests.browser_helpers import axe_violations
from tests.language_helpers import (
    EVENT_NAME,
    LANGUAGES,
    confirm_seat_links,
    endpoint_of,
    make_app,
    phone,
    seed,
    serving,
    sign_in_as_owner,
)

WIDTHS = (320, 360)
TABS = 4  # pages loading at once in the one phone
AXE_SCREENS = ("bids", "sheet", "setup", "settle", "event director")  # axe-core in every language
BAR_WRAPS = "(home => !!home && home.getBoundingClientRect().height > 30)(document.querySelector('.bar .home'))"

# Each screen by its endpoint: (what to call it, its address; {names} are the seeded games, event and so on).
MEASURED = {
    "table.home": [("home", "/")],
    "table.new_game": [("setup", "/games/new")],
    "table.deal": [("deal", "/games/{dealing}/deal")],
    "table.bids": [("bids", "/games/{bidding}/bids"), ("bids all at once", "/games/{together}/bids")],
    "table.trump": [("trump", "/games/{trump}/trump")],
    "table.tricks": [("tricks", "/games/{tricks}/tricks")],
    "table.table_changes": [("table", "/games/{dealing}/table")],
    "table.sheet": [("sheet", "/games/{finished}/sheet"), ("sheet, last hands", "/games/{last}/sheet")],
    "table.edit_hand": [("edit", "/games/{finished}/hands/1/edit")],
    "table.history": [("history", "/games/{finished}/history")],
    "table.over": [("over", "/games/{finished}/over")],
    "settle.settle": [("settle", "/games/{finished}/settle")],
    "settle.compare": [("compare", "/games/{finished}/compare")],
    "seats.offer": [("seat links, before", "/games/{dealing}/seats"), ("seat links", "/games/{seated}/seats")],
    "seats.mine": [("seat phone", "{seat_link}")],
    "evenings.evenings_list": [("evenings", "/evenings")],
    "evenings.evening": [("evening", "/evenings/{evening}")],
    "evenings.players": [("players", "/players")],
    "evenings.player": [("player", "/players/Ann")],
    "evenings.compare": [("compare players", "/compare?a=Ann&b=Bob")],
    "seasons.seasons_list": [("seasons", "/seasons")],
    "seasons.edit": [("season edit", "/seasons/{season}/edit")],
    "seasons.season": [("season", "/seasons/{season}"), ("season, big screen", "/seasons/{season}?screen=1")],
    "money.money": [("money", "/money")],
    "house.setup_card": [("house card", "/house/card")],
    "house.game_card": [("game's house card", "/games/{finished}/card")],
    "house.which_page": [("which system", "/house/which")],
    "sheets.page": [("sheets page", "/sheets/")],
    "transfer.import_page": [("import", "/import")],
    "owner.sign_in": [("owner", "/owner")],
    "members.members": [("members", "/owner/members")],
    "roster.roster": [("roster", "/owner/roster")],
    "members.to_accept": [("games to accept", "/owner/games")],
    "members.me": [("this phone", "/me")],
    "events.new": [("events new", "/events/new")],
    "events.director": [("event director", "/events/{event}")],
    "events.standings": [("event standings", "/events/{event}/standings")],
    "events.screen": [("event screen", "/events/{event}/screen")],
    "events.results": [("event results", "/events/{event}/results")],
    "events.whole_log": [("director's log", "/events/{event}/log")],
    "shell.offline": [("offline", "/offline")],
    None: [("page not found", "/no-such-page")],  # the error page: no route of its own
}
A_REDIRECT = "a redirect to a screen measured under its own endpoint"
NOT_MEASURED = {
    "table.claim": A_REDIRECT + " (it hands over the edit key)",
    "table.play": A_REDIRECT + " (the screen the table is on; a follower's is the sheet)",
    "seats.take_seat": A_REDIRECT + " (the seat phone, seats.mine)",
    "seats.mine_next": A_REDIRECT + " (the next game's seat phone)",
    "events.claim": A_REDIRECT + " (the director's page)",
    "members.take": A_REDIRECT + " (this phone's page, members.me)",
    "table.sheet_pdf": "a PDF: its layout is read back by tests/test_pdf.py and test_table_sheet_pdf.py",
    "house.setup_card_pdf": "a PDF (tests/test_house.py)",
    "house.game_card_pdf": "a PDF (tests/test_house.py)",
    "sheets.blank_pdf": "a PDF (tests/test_sheets_views.py)",
    "sheets.preview_png": "a picture of the blank sheet's PDF",
    "events.cards": "a PDF (tests/test_events_web.py)",
    "events.results_pdf": "a PDF (tests/test_events_web.py)",
    "events.seating": "a PDF (tests/test_events_printouts.py)",
    "seasons.season_pdf": "a PDF (tests/test_seasons.py)",
    "events.results_csv": "a CSV download",
    "seasons.season_csv": "a CSV download",
    "transfer.game_csv": "a CSV download",
    "transfer.all_csv": "a CSV download",
    "transfer.all_json": "a JSON download",
    "table.revision": "JSON for the live sheet's script",
    "events.revision": "JSON for the director's script",
    "seasons.revision": "JSON for the season's script",
    "house.preview": "JSON for the setup page's formula preview",
    "regulars.favourites": "JSON for the setup page's favourites",
    "api.scored": "the API (JSON)",
    "api.export": "the API (JSON)",
    "api.openapi": "the API's description (JSON)",
    "events.api_event": "the API (JSON)",
    "events.api_export": "the API (JSON)",
    "regulars.api_players": "the API (JSON)",
    "regulars.api_player": "the API (JSON)",
    "money_api.balances": "the API (JSON)",
    "money_api.plan": "the API (JSON)",
    "money_api.pairs": "the API (JSON)",
    "money_api.payments": "the API (JSON)",
    "money_api.ledger_csv": "the ledger as CSV, a download",
    "seasons.api_season": "the API (JSON)",
    "shell.manifest": "the web app's manifest (JSON)",
    "shell.service_worker": "the service worker (JavaScript)",
    "languages.script": "the scripts' words (JavaScript)",
    "static": "files: styles, scripts, icons",
}
READ = (
    "h1, h2, h3, button, label, th, td, summary, legend, .button, .tab, .where, .bt, .tot, .pts, .announce, "
    ".tally, .queue, .who, figcaption b"
)
CLIPPED = """(selector) => {
  const WHOLE = "h1, h2, h3, button, label, th, summary, legend, .button, .tab";
  const page = document.documentElement.clientWidth, out = [];
  const scrolls = (el) => { for (let p = el.parentElement; p; p = p.parentElement) {
      const x = getComputedStyle(p).overflowX; if (x === 'auto' || x === 'scroll') return true; } return false; };
  for (const el of document.querySelectorAll(selector)) {
    if (!el.getClientRects().length || el.closest('.home, [hidden], details:not([open]) > :not(summary)')) continue;
    const style = getComputedStyle(el), text = el.textContent.trim().replace(/\\s+/g, ' ').slice(0, 60);
    if (!text) continue;
    const hides = style.overflowX !== 'visible' || style.textOverflow === 'ellipsis';
    if (hides && el.scrollWidth > el.clientWidth + 1) out.push('clipped: ' + text);
    else if (el.getBoundingClientRect().right > page + 1 && !scrolls(el)) out.push('past the edge: ' + text);
  }
  // A word broken inside itself across two lines ("Gewo|nnen"): the words of a heading, button or header stay whole
  // (they may wrap between words, or at a hyphen or soft hyphen the catalogue put there).
  for (const el of document.querySelectorAll(WHOLE)) {
    if (!el.getClientRects().length || el.closest('.home, [hidden], details:not([open]) > :not(summary)')) continue;
    const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      for (const word of node.data.matchAll(/[^\\s\\-\\u00ad\\u2010\\u2011\\/·]{2,}/g)) {
        const range = document.createRange();
        range.setStart(node, word.index);
        range.setEnd(node, word.index + word[0].length);
        const lines = new Set([...range.getClientRects()].filter(r => r.width > 0).map(r => Math.round(r.top)));
        if (lines.size > 1) out.push('split: ' + word[0]);
      }
    }
  }
  if (document.documentElement.scrollWidth > page + 1) out.push('the page scrolls sideways');
  return out;
}"""


def page_endpoints(app):
    return {rule.endpoint for rule in app.url_map.iter_rules() if "GET" in rule.methods}


def test_every_screen_is_measured_or_excluded(app):
    routes = page_endpoints(app)
    neither = sorted(routes - set(MEASURED) - set(NOT_MEASURED))
    assert not neither, f"screens neither measured nor excluded with a reason (add them to MEASURED): {neither}"
    assert not set(MEASURED) & set(NOT_MEASURED)
    gone = sorted((set(MEASURED) | set(NOT_MEASURED)) - routes - {None})
    assert not gone, f"no such route any more: {gone}"


@pytest.fixture(scope="module")
def fit_app(tmp_path_factory, migrated_database):
    return make_app(tmp_path_factory.mktemp("fit-db"), migrated_database)


@pytest.fixture(scope="module")
def base(fit_app):
    with serving(fit_app) as url:
        yield url


@pytest.fixture(scope="module")
def screens(browser, fit_app, base):
    """Seed a game at each step, an event, a season, an evening with money; sign a phone in as the owner holding
    every key. Return ([(endpoint, name, address)], the phone's cookies)."""
    client, games, event = seed(fit_app)
    state = {name: game_id for name, (game_id, _key) in games.items()}
    state["seat_link"] = confirm_seat_links(client, state["seated"])
    with fit_app.app_context():
        state["evening"] = store.evening_of(store.get_db(), state["finished"])
        state["season"] = store.create_season(store.get_db(), EVENT_NAME, "2000-01-01", "2999-12-31")
    state["event"] = event["id"]
    keys = [f"/games/{game_id}/claim/{key}" for game_id, key in games.values()]
    keys.append(f"/events/{event['id']}/direct/{event['director_key']}")
    context = phone(browser, "en")
    page = context.new_page()
    sign_in_as_owner(page, base)
    for key in keys:
        page.goto(base + key)
    held = context.storage_state()
    context.close()
    urls = [(endpoint, name, url.format(**state)) for endpoint, pages in MEASURED.items() for name, url in pages]
    return urls, held


@pytest.mark.browser
@pytest.mark.parametrize("language", ("en",) + LANGUAGES)
def test_nothing_is_clipped(browser, fit_app, base, screens, shots, language):
    urls, held = screens
    context = phone(browser, f"{language},{language};q=0.9", width=WIDTHS[0], storage_state=held)
    tabs = [context.new_page() for _tab in range(TABS)]
    found, landed, axe = {}, {}, {}
    for start in range(0, len(urls), TABS):  # a few pages load at once: the server answers one while another draws
        batch = list(zip(tabs, urls[start : start + TABS]))
        for tab, (_endpoint, _name, url) in batch:
            tab.goto(base + url, wait_until="commit")
        for tab, (endpoint, name, _url) in batch:
            tab.wait_for_load_state()
            landed[name] = (endpoint, endpoint_of(fit_app, tab.url.removeprefix(base)))
            tab.evaluate("document.querySelectorAll('main details').forEach(d => { d.open = true; })")  # panels too
            spoken = tab.get_attribute("html", "lang")
            if spoken != language:  # then nothing here was measured in the language at all
                found[f"{name}: served in {spoken}, not {language}"] = []
            if tab.evaluate(BAR_WRAPS):
                found[f"{name} at {WIDTHS[0]} px"] = ["the bar wraps"]
            for width in WIDTHS:
                tab.set_viewport_size({"width": width, "height": 640})
                clipped = tab.evaluate(CLIPPED, READ)
                if clipped:
                    found[f"{name} at {width} px"] = clipped
                    shots(tab, f"fit-{language}-{width}-{name.replace(' ', '-').replace(',', '')}")
            tab.set_viewport_size({"width": WIDTHS[0], "height": 640})
            if name in AXE_SCREENS:  # measured already: every panel may open now
                tab.locator("details").evaluate_all("all => all.forEach(d => d.open = true)")
                axe[name] = axe_violations(tab)
    context.close()
    astray = {name: seen for name, (meant, seen) in landed.items() if meant and seen != meant}
    assert not astray, f"screens that opened another page (their seeded state is wrong): {astray}"
    assert not found, f"{language}:\n" + "\n".join(f"  {name}: {lines}" for name, lines in found.items())
    assert set(axe) == set(AXE_SCREENS) and not any(axe.values()), f"axe in {language}: " + json.dumps(
        {name: seen for name, seen in axe.items() if seen}, indent=1, ensure_ascii=False
    )
