"""A Dutch table (issue 19, item 5): a phone that speaks Dutch records a whole short game in Chromium, every
screen reads Dutch, and the game's PDF reads Dutch on an English phone (read back with pdftotext).

Screenshots of the bid screen, the sheet and the settle-up in each language, at 360 px, go to
test-artifacts/screenshots/languages/.
"""

import json
import re
import urllib.request

import pytest

from scorekeeper.web.i18n import LANGUAGES
from tests.browser_helpers import bid
from tests.language_helpers import make_app, phone, seed_screens, serving
from tests.pdf_reading import text as pdf_text
from tests.pictures import ARTIFACTS, picture

pytestmark = pytest.mark.browser

DUTCH = "nl-NL,nl;q=0.9"
# Words a Dutch table's screens say (the glossary, docs/languages.md), as patterns: each must be on its screen.
DUTCH_WORDS = {
    "setup": [r"\bdeler\b", r"\bspelers?\b"],
    "deal": [r"\bdeelt\b|\bdeler\b", r"\btroef\b"],
    "bids": [r"\bbod\b|\bbiedt\b|\bbieden\b|\bboden\b", r"\bdeelt\b|\bdeler\b"],
    "trump": [r"\btroef\b"],
    "tricks": [r"\bslag(en)?\b"],
    "sheet": [r"\bdeler\b", r"\bbod\b|\bboden\b", r"\bslag(en)?\b|\bgehaald\b"],
    "over": [r"\bafrekenen\b"],
    "settle": [r"\bafrekenen\b|\bbetaalt\b"],
}
# English a Dutch screen never shows (whole words, as written).
ENGLISH_WORDS = [
    "Bids",
    "Bid",
    "Tricks",
    "Dealer",
    "deals",
    "Sheet",
    "Undo",
    "Trump",
    "trump",
    "hearts",
    "spades",
    "Save",
    "Settle",
    "Settling",
    "pays",
    "Total",
    "Winner",
    "Players",
]
# What the game's PDF says at a Dutch table, and what it does not.
PDF_DUTCH = [r"\bDeler\b", r"\bTroef\b", r"\bBod\b"]
PDF_ENGLISH = ["Dealer", "Trump", "Bid", "Took", "Total", "Winner", "pays", "Scoring", "Settlement"]
SHOTS = ARTIFACTS / "screenshots" / "languages"


@pytest.fixture(scope="module")
def app(tmp_path_factory, migrated_database):
    return make_app(tmp_path_factory.mktemp("dutch"), migrated_database)


@pytest.fixture(scope="module")
def base(app):
    with serving(app) as url:
        yield url


def not_dutch(page, screen):
    """Return what is not Dutch on the page: the lang attribute, a glossary word missing, an English word shown."""
    problems = []
    if page.get_attribute("html", "lang") != "nl":
        problems.append(f"<html lang={page.get_attribute('html', 'lang')!r}>")
    shown = page.locator("body").inner_text()
    problems += [f"no {pattern!r}" for pattern in DUTCH_WORDS[screen] if not re.search(pattern, shown, re.I)]
    problems += [f"English {word!r}" for word in ENGLISH_WORDS if re.search(rf"\b{word}\b", shown)]
    return problems


def set_up_in_dutch(page, base):
    """Fill the setup form by its fields' names (the labels are Dutch): Ann, Bob, Cy, Di, Ann deals first, 1 then
    2 cards, no hook, the highest bidder names trump, settled pairwise at 1 a point, the sheets in Dutch."""
    page.goto(base + "/games/new")
    page.locator("details").evaluate_all("all => all.forEach(d => d.open = true)")
    for seat, name in enumerate(["Ann", "Bob", "Cy", "Di"]):
        page.locator(f"input[name=player_{seat}]").fill(name)
    page.locator("select[name=first_dealer]").select_option("0")
    page.locator("select[name=pattern]").select_option("up")
    page.locator("input[name=max_cards]").fill("2")
    page.locator("input[name=hook]").uncheck()
    page.locator("select[name=trump]").select_option("highest_bidder")
    page.locator("select[name=settlement]").select_option("pairwise")
    page.locator("input[name=stake]").fill("1")
    has_language = page.locator("select[name=language]").count() > 0
    if has_language:
        page.locator("select[name=language]").select_option("nl")
    return has_language


def play_hand(page, hand, bids, trump, problems):
    """Deal, bid in turn, name trump, save the tricks as bid; check each screen reads Dutch on the way."""
    page.wait_for_url(re.compile(r"/deal$"))
    problems[f"deal, hand {hand}"] = not_dutch(page, "deal")
    page.locator("form.deal button[name=trump]").first.click()
    page.wait_for_url(re.compile(r"/bids$"))
    problems[f"bids, hand {hand}"] = not_dutch(page, "bids")
    for number in bids:
        bid(page, number)
    page.wait_for_url(re.compile(r"/trump$"))
    problems[f"trump, hand {hand}"] = not_dutch(page, "trump")
    page.locator(f"button[name=trump][value={trump}]").click()
    page.wait_for_url(re.compile(r"/tricks$"))
    problems[f"tricks, hand {hand}"] = not_dutch(page, "tricks")
    page.locator("#save-tricks").click()
    page.wait_for_url(re.compile(r"/(sheet|deal|over)$"))


def test_a_dutch_phone_records_a_whole_game_in_dutch_and_its_sheet_prints_dutch(browser, base, tmp_path):
    context = phone(browser, DUTCH)
    page = context.new_page()
    problems = {}
    page.goto(base + "/games/new")
    problems["setup"] = not_dutch(page, "setup")
    chose_dutch = set_up_in_dutch(page, base)
    page.locator("button[name=start]").first.click()
    page.wait_for_url(re.compile(r"/deal$"))
    game_id = re.search(r"/games/([^/]+)/deal$", page.url).group(1)

    # Hand 1, Ann deals 1: Bob bids 1 and names spades; hand 2, Bob deals 2: Cy and Di bid 1.
    play_hand(page, 1, [1, 0, 0, 0], "spades", problems)
    page.goto(f"{base}/games/{game_id}/sheet")
    problems["sheet"] = not_dutch(page, "sheet")
    page.goto(f"{base}/games/{game_id}/deal")
    play_hand(page, 2, [1, 1, 0, 0], "hearts", problems)
    page.goto(f"{base}/games/{game_id}/over")
    problems["over"] = not_dutch(page, "over")
    page.locator("#settle-up").click()
    page.wait_for_url(re.compile(r"/settle$"))
    problems["settle"] = not_dutch(page, "settle")
    context.close()

    english = urllib.request.Request(f"{base}/games/{game_id}/sheet.pdf", headers={"Accept-Language": "en"})
    with urllib.request.urlopen(english, timeout=60) as response:
        sheet = pdf_text(response.read(), tmp_path)
    problems["the PDF on an English phone"] = [
        f"no {pattern!r}" for pattern in PDF_DUTCH if not re.search(pattern, sheet, re.I)
    ] + [f"English {word!r}" for word in PDF_ENGLISH if re.search(rf"\b{word}\b", sheet)]
    with urllib.request.urlopen(f"{base}/api/games/{game_id}/export", timeout=30) as response:
        language = json.load(response).get("language")
    if not chose_dutch:
        problems["setup"].append("no sheet language to choose (select name=language)")
    elif language != "nl":
        problems["setup"].append(f"the game record's language is {language!r}, not 'nl'")
    problems = {screen: found for screen, found in problems.items() if found}
    assert not problems, "not Dutch:\n" + "\n".join(
        f"{screen}: {', '.join(found)}" for screen, found in problems.items()
    )


def test_screenshots_of_the_bid_screen_the_sheet_and_the_settle_up_in_every_language(browser, app, base):
    """For the eye (issue 19: 'screenshots ... in each, looked at'): each screen in each language, 360 px wide."""
    SHOTS.mkdir(parents=True, exist_ok=True)
    keys, screens = seed_screens(app)
    wrong = []
    for code in LANGUAGES:
        context = phone(browser, code)
        page = context.new_page()
        for key in keys:
            page.goto(base + key)
        for screen in ("bids", "sheet", "settle"):
            page.goto(base + screens[screen])
            picture(page, SHOTS / f"{code}-{screen}.png", full_page=True)
            if page.get_attribute("html", "lang") != code:
                wrong.append(f"{code}-{screen}.png is in {page.get_attribute('html', 'lang')}")
        context.close()
    assert not wrong, wrong
