"""Every language stays accessible and fits the phone (issue 19, item 5): axe-core finds nothing on the bid screen,
the sheet, setup, the settle-up and the director's page at 320 px in English, Dutch, German, French and Spanish,
and German's long words push nothing wider than the screen nor wrap the bar."""

import json

import pytest

from scorekeeper.web.i18n import LANGUAGES
from tests.language_helpers import make_app, phone, seed_screens, serving, sign_in_as_owner
from tests.test_browser_live import axe_violations

pytestmark = pytest.mark.browser

SCREENS = ("bids", "sheet", "setup", "settle", "director")


@pytest.fixture(scope="module")
def app(tmp_path_factory, migrated_database):
    return make_app(tmp_path_factory.mktemp("axe"), migrated_database)


@pytest.fixture(scope="module")
def base(app):
    with serving(app) as url:
        yield url


@pytest.fixture(scope="module")
def seeded(app):
    return seed_screens(app)


def open_every_screen(browser, base, seeded, code, check):
    """Open each screen at 320 px in language code, every <details> open; return {screen: what check found}."""
    keys, screens = seeded
    # bypass_csp: axe is injected as a script the page itself would never allow.
    context = phone(browser, code, width=320, bypass_csp=True)
    page = context.new_page()
    sign_in_as_owner(page, base)
    for key in keys:
        page.goto(base + key)
    found = {}
    for screen in SCREENS:
        page.goto(base + screens[screen])
        page.locator("details").evaluate_all("all => all.forEach(d => d.open = true)")
        problems = check(page)
        if page.get_attribute("html", "lang") != code:  # then the check did not see the language at all
            problems = [f"served in {page.get_attribute('html', 'lang')}, not {code}", *(problems or [])]
        if problems:
            found[screen] = problems
    context.close()
    return found


@pytest.mark.parametrize("code", LANGUAGES)
def test_axe_finds_nothing_in_any_language(browser, base, seeded, code):
    found = open_every_screen(browser, base, seeded, code, axe_violations)
    assert not found, f"axe in {code}:\n" + json.dumps(found, indent=1, ensure_ascii=False)


def too_wide(page):
    """What does not fit a 320 px screen: a page wider than 320 px (a phone's browser zooms out to show it all,
    so window.innerWidth grows with it: measure against 320), or the bar's words wrapping onto a second line."""
    width = page.evaluate("document.scrollingElement.scrollWidth")
    wraps = page.evaluate("document.querySelector('.bar .home').getBoundingClientRect().height > 30")
    return [f"{width} px wide"] * (width > 320) + ["the bar wraps"] * wraps


def test_german_fits_320_px(browser, base, seeded):
    found = open_every_screen(browser, base, seeded, "de", too_wide)
    english = open_every_screen(browser, base, seeded, "en", too_wide) if found else {}
    assert not found, f"German at 320 px: {found} (the same screens in English: {english or 'they fit'})"
