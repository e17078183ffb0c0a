"""Nothing a player reads is clipped (issue 25): every screen in every language at 320 and 360 px, measured.

A heading, button, label, tab or cell is clipped when its text is wider than its box and the box hides the rest
(overflow or an ellipsis), or when it reaches past the screen's edge outside a part made to scroll (the sheet's
wrapper). The brand ("Oh Hell" / "Boerenbridge") may give way to an ellipsis first: that is its design
(tests/test_browser_bar_languages.py). Each failure names the language, width, screen and the clipped text.
"""

import pytest

from scorekeeper import store

from tests.language_helpers import LANGUAGES, make_app, phone, serving, sign_in_as_owner
from tests.test_browser_pseudo_locale import confirm_seat_links, seed

pytestmark = pytest.mark.browser

WIDTHS = (320, 360)
READ = ("h1, h2, h3, button, label, th, td, summary, legend, .button, .tab, .where, .bt, .tot, .pts, .announce, "
        ".tally, .queue, .who, figcaption b")
CLIPPED = """(selector) => {
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
  if (document.documentElement.scrollWidth > page + 1) out.push('the page scrolls sideways');
  return out;
}"""


@pytest.fixture(scope="module")
def fit_app(tmp_path_factory, migrated_database):
    return make_app(tmp_path_factory.mktemp("fit-db"), migrated_database)


@pytest.fixture(scope="module")
def base(fit_app):
    with serving(fit_app) as url:
        yield url


@pytest.fixture(scope="module")
def screens(fit_app):
    """The screens a table and its players read, each at a game or event seeded at that step; and the keys."""
    client, games, event = seed(fit_app)
    g = {name: game_id for name, (game_id, _key) in games.items()}
    seat_link = confirm_seat_links(client, g["seated"])
    with fit_app.app_context():
        evening = store.evening_of(store.get_db(), g["finished"])
    claims = [f"/games/{game_id}/claim/{key}" for game_id, key in games.values()]
    urls = [("home", "/"), ("setup", "/games/new"), ("deal", f"/games/{g['dealing']}/deal"),
            ("bids", f"/games/{g['bidding']}/bids"), ("bids all at once", f"/games/{g['together']}/bids"),
            ("trump", f"/games/{g['trump']}/trump"), ("tricks", f"/games/{g['tricks']}/tricks"),
            ("table", f"/games/{g['dealing']}/table"), ("sheet", f"/games/{g['finished']}/sheet"),
            ("edit", f"/games/{g['finished']}/hands/1/edit"), ("history", f"/games/{g['finished']}/history"),
            ("over", f"/games/{g['finished']}/over"), ("settle", f"/games/{g['finished']}/settle"),
            ("evenings", "/evenings"), ("evening", f"/evenings/{evening}"), ("players", "/players"), ("player", "/players/Ann"),
            ("house card", "/house/card"), ("sheets page", "/sheets/"), ("seat links", f"/games/{g['seated']}/seats"),
            ("events new", "/events/new"), ("event standings", f"/events/{event['id']}/standings"),
            ("offline", "/offline")]
    return claims, urls, seat_link


@pytest.mark.parametrize("width", WIDTHS)
@pytest.mark.parametrize("language", LANGUAGES)
def test_nothing_is_clipped(browser, base, screens, shots, language, width):
    claims, urls, seat_link = screens
    context = phone(browser, f"{language},{language};q=0.9", width=width)
    page = context.new_page()
    sign_in_as_owner(page, base)
    for claim in claims:
        page.goto(base + claim)
    found = {}
    for name, url in urls + [("seat phone", seat_link)]:
        page.goto(base + url)
        page.wait_for_load_state()
        page.evaluate("document.querySelectorAll('main details').forEach(d => { d.open = true; })")  # panels too
        clipped = page.evaluate(CLIPPED, READ)
        if clipped:
            found[name] = clipped
            shots(page, f"fit-{language}-{width}-{name.replace(' ', '-')}")
    context.close()
    assert not found, f"{language} at {width} px:\n" + "\n".join(f"  {name}: {lines}" for name, lines in found.items())
