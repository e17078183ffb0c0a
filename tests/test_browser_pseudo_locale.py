"""A pseudo-locale walks every screen (issue 19, item 5): any word a person reads that was not marked for translation.

The app is given a pseudo-language ("eo", which Babel knows and the app does not ship) whose catalogue, built from
the code's marked messages at test time, says every message as ⟦ + its letters swapped for accented look-alikes
+ ⟧. Chromium opens every screen at 320 px in that language; what is left of the visible text once the ⟦...⟧,
the players' names and the numbers are taken out was never marked: the failure lists it screen by screen.
"""

import re
import subprocess
from collections import Counter

import pytest
from babel import Locale

from scorekeeper import store
from scorekeeper.web.i18n import LANGUAGES, TRANSLATIONS
from tests.game_helpers import create, record
from tests.language_helpers import (
    CLOSE,
    EVENT_NAME,
    EVENT_PLAYERS,
    OPEN,
    PSEUDO,
    ROOT,
    make_app,
    phone,
    pseudo,
    seed_event,
    serving,
    sign_in_as_owner,
    write_pseudo_catalogue,
)
from tests.language_helpers import PLAYERS, confirm_seat_links, endpoint_of, seed
from tests.owner_helpers import owner_client

pytestmark = pytest.mark.browser

USER_WORDS = set(EVENT_PLAYERS) | {EVENT_NAME}
# Words that are the same in every language by design: each language's own name in the gear menu's switch.
SAME_EVERYWHERE = set(" ".join(LANGUAGES.values()).split())
WORD = re.compile(r"[^\W\d_]{2,}")

# Everything a person reads on a page: its text, the title, what a screen reader says, the options of a list.
VISIBLE_TEXT = """() => {
  document.querySelectorAll('details').forEach(d => { d.open = true; });
  const texts = [document.title, document.body.innerText];
  for (const el of document.querySelectorAll('[placeholder], [aria-label], [title], [alt]'))
    for (const name of ['placeholder', 'aria-label', 'title', 'alt'])
      if (el.hasAttribute(name)) texts.push(el.getAttribute(name));
  for (const el of document.querySelectorAll('input[type=submit], input[type=button], input[type=reset]'))
    texts.push(el.value);
  for (const el of document.querySelectorAll('option, optgroup'))
    texts.push(el.getAttribute('label') || '', el.tagName === 'OPTION' ? el.textContent : '');
  return texts.join('\\n');
}"""


def locale_words(code):
    """The words Babel's own data for the locale says (month and day names in a date, currencies' names, symbols
    and ISO codes in money): not the app's to translate."""
    locale = Locale.parse(code)
    names = [
        name
        for table in (locale.months, locale.days)
        for context in table.values()
        for width in context.values()
        for name in width.values()
    ]
    names += [*locale.currencies.values(), *locale.currency_symbols.values(), *Locale("en").currencies]
    return set(WORD.findall(" ".join(names)))


def outside_brackets(text):
    """Return text with every ⟦...⟧ (nested ones too) replaced by a space: what the catalogue did not say."""
    kept, depth = [], 0
    for char in text:
        if char == OPEN:
            depth += 1
            kept.append(" ")
        elif char == CLOSE and depth:
            depth -= 1
        elif not depth:
            kept.append(char)
    return "".join(kept)


def untranslated(text, allowed):
    """Return the lines of text that still hold a word of 2+ letters outside ⟦...⟧, other than the allowed ones."""
    found = []
    for line in outside_brackets(text).splitlines():
        line = re.sub(r"https?://\S+", " ", line)
        # A link's id or key, or a piece of a link wrapped over lines: no word of the app's.
        line = re.sub(r"\S*/\S*|\b(?=[\w-]*\d)(?=[\w-]*[^\W\d_])[\w-]{8,}\b", " ", line)
        line = re.sub(r'\{\s*"[^{}]*\}', " ", line).strip()  # a JSON example (record keys stay English)
        if any(word not in allowed for word in WORD.findall(line)) and line not in found:
            found.append(line)
    return found


def page_routes(app):
    """The GET routes that show a person a page: every one but /static/, /api/, files (.pdf, .js, .csv...) and
    the JSON that docs/screens.md says a route answers with."""
    machine = set()
    for row in (ROOT / "docs" / "screens.md").read_text().splitlines():
        cells = [cell.strip() for cell in row.split("|")]
        if len(cells) > 4 and cells[1].startswith("`GET") and cells[4].startswith(("(JSON", "(CSV", "(PNG")):
            machine.add(normal(cells[1].strip("`").split(" ", 2)[-1]))
    return {
        rule.endpoint
        for rule in app.url_map.iter_rules()
        if "GET" in rule.methods
        and rule.endpoint != "static"
        and not rule.rule.startswith("/api/")
        and not re.search(r"\.\w+$", rule.rule)
        and normal(rule.rule) not in machine
    }


def normal(rule):
    return re.sub(r"<[^>]*>", "<>", rule)


@pytest.fixture(scope="module")
def pseudo_app(tmp_path_factory, migrated_database):
    catalogues = write_pseudo_catalogue(tmp_path_factory.mktemp("pseudo"))
    return make_app(
        tmp_path_factory.mktemp("pseudo-db"),
        migrated_database,
        LANGUAGES=dict(LANGUAGES, **{PSEUDO: pseudo("Pseudo")}),
        BABEL_TRANSLATION_DIRECTORIES=f"{catalogues};{TRANSLATIONS}",
    )


@pytest.fixture(scope="module")
def base(pseudo_app):
    with serving(pseudo_app) as url:
        yield url


@pytest.fixture(scope="module")
def walk(browser, pseudo_app, base):
    """Open every screen in the pseudo-language at 320 px; return ({screen: untranslated lines}, endpoints seen)."""
    client, games, event = seed(pseudo_app)
    with pseudo_app.app_context():
        evening = store.evening_of(store.get_db(), games["finished"][0])
        season = store.create_season(store.get_db(), EVENT_NAME, "2000-01-01", "2999-12-31")
    g = {name: game_id for name, (game_id, _key) in games.items()}
    allowed = USER_WORDS | SAME_EVERYWHERE | locale_words(PSEUDO)
    found, seen = {}, set()

    def context():
        return phone(browser, PSEUDO, width=320)

    def visit(page, name, url, read=True, submit=None):
        seen.add(endpoint_of(pseudo_app, url))
        page.goto(base + url)
        if submit:  # send the page's form with what a person got wrong: the server's messages are read
            page.evaluate(
                "document.querySelectorAll('form').forEach(f => { f.noValidate = true; }); "
                "document.querySelectorAll('details').forEach(d => { d.open = true; })"
            )
            for field, value in submit["fill"].items():
                page.locator(field).fill(value)
            page.locator(submit["press"]).first.click()
        page.wait_for_load_state()
        seen.add(endpoint_of(pseudo_app, page.url.removeprefix(base)))
        if not read:
            return  # a link that leads to a screen the walk reads anyway
        lines = untranslated(page.evaluate(VISIBLE_TEXT), allowed)
        if lines:
            found[name] = lines

    scorekeeper = context()
    own = scorekeeper.new_page()
    visit(own, "owner sign-in", "/owner")
    visit(own, "events new, not signed in", "/events/new")
    sign_in_as_owner(own, base)
    visit(own, "owner, signed in", "/owner")
    for game_id, key in games.values():
        visit(own, "claim", f"/games/{game_id}/claim/{key}", read=False)
    screens = [
        ("home", "/"),
        ("setup", "/games/new"),
        ("deal", f"/games/{g['dealing']}/deal"),
        ("bids", f"/games/{g['bidding']}/bids"),
        ("bids all at once", f"/games/{g['together']}/bids"),
        ("trump", f"/games/{g['trump']}/trump"),
        ("tricks", f"/games/{g['tricks']}/tricks"),
        ("play (to the screen the table is on)", f"/games/{g['tricks']}"),
        ("table changes", f"/games/{g['dealing']}/table"),
        ("sheet", f"/games/{g['finished']}/sheet"),
        ("sheet, last hands", f"/games/{g['last']}/sheet"),
        ("edit", f"/games/{g['finished']}/hands/1/edit"),
        ("history", f"/games/{g['finished']}/history"),
        ("over", f"/games/{g['finished']}/over"),
        ("settle", f"/games/{g['finished']}/settle"),
        ("compare", f"/games/{g['finished']}/compare"),
        ("evenings", "/evenings"),
        ("evening", f"/evenings/{evening}"),
        ("players", "/players"),
        ("player", "/players/Ann"),
        ("compare players", "/compare?a=Ann&b=Bob"),
        ("seasons", "/seasons"),
        ("season", f"/seasons/{season}"),
        ("season edit", f"/seasons/{season}/edit"),
        ("money", "/money"),
        ("house card", "/house/card"),
        ("game's house card", f"/games/{g['finished']}/card"),
        ("which", "/house/which"),
        ("sheets page", "/sheets/"),
        ("transfer", "/import"),
        ("seats, before the links", f"/games/{g['seated']}/seats"),
        ("events new", "/events/new"),
        ("event director", f"/events/{event['id']}/direct/{event['director_key']}"),
        ("event standings", f"/events/{event['id']}/standings"),
        ("event screen", f"/events/{event['id']}/screen"),
        ("event results", f"/events/{event['id']}/results"),
        ("director's log", f"/events/{event['id']}/log"),
        ("offline", "/offline"),
        ("members", "/owner/members"),
        ("roster", "/owner/roster"),
        ("games to accept", "/owner/games"),
        ("this phone, the owner's", "/me"),
        ("game not found", "/games/nope"),
        ("page not found", "/no-such-page"),
    ]
    for name, url in screens:
        visit(own, name, url)
    visit(
        own,
        "setup, what to fix",
        "/games/new",
        submit={"fill": {"input[name=player_0]": "Ann", "input[name=stake]": "-1"}, "press": "button[name=start]"},
    )
    visit(
        own,
        "events new, what to fix",
        "/events/new",
        submit={"fill": {"#players": "Ann"}, "press": "form:has(#players) button.primary"},
    )
    seat_link = confirm_seat_links(client, g["seated"])
    visit(own, "seats, the links", f"/games/{g['seated']}/seats")
    scorekeeper.close()

    with pseudo_app.app_context():
        member_key = store.add_member(store.get_db(), "Ann")
    member = context()
    ann = member.new_page()
    visit(ann, "this phone, nobody's", "/me")
    visit(ann, "member link", f"/member/{member_key}", read=False)
    visit(ann, "this phone, a member's", "/me")
    visit(ann, "money, a member's", "/money")
    member.close()

    follower = context()
    other = follower.new_page()
    visit(other, "follow, bidding", f"/games/{g['bidding']}")
    visit(other, "follow, game over", f"/games/{g['finished']}")
    visit(other, "seat link, my phone", seat_link)
    visit(other, "my phone, next game", f"/games/{g['seated']}/mine/next")
    follower.close()
    return found, seen


def test_the_walk_opens_every_page_of_the_app(pseudo_app, walk):
    _found, seen = walk
    missing = sorted(page_routes(pseudo_app) - seen)
    assert not missing, f"pages the pseudo-locale walk does not open (add them to its screens): {missing}"


def report(found):
    """The untranslated lines, those of most screens (the page's frame: base.html) first, then screen by screen."""
    counts = Counter(line for lines in found.values() for line in lines)
    common = [line for line, count in counts.items() if count >= max(2, len(found) // 2)]
    parts = [f"on most of these {len(found)}:"] + [f"    {line}" for line in common] if common else []
    for screen, lines in found.items():
        own = [line for line in lines if line not in common]
        if own:
            parts += [f"{screen}:"] + [f"    {line}" for line in own]
    return "\n".join(parts)


def test_every_screen_says_only_marked_words(walk):
    found, _seen = walk
    assert not found, f"words not marked for translation, screen by screen:\n{report(found)}"


def pdf_words(data, tmp_path):
    """The PDF's text in the order it was written (pdftotext -raw): a message wrapped over lines stays whole, and
    no column of a table beside it runs into its ⟦...⟧. A link wrapped over lines is put back on one."""
    path = tmp_path / "printed.pdf"
    path.write_bytes(data)
    text = subprocess.run(["pdftotext", "-raw", str(path), "-"], check=True, capture_output=True, text=True).stdout
    lines = []
    for line in text.splitlines():
        if lines and lines[-1].startswith("http") and line.strip() and not re.search(r"\s|⟦", line.strip()):
            lines[-1] += line.strip()
        else:
            lines.append(line)
    return "\n".join(lines)


def test_every_pdf_says_only_marked_words(pseudo_app, tmp_path):
    """The PDFs people print (a game's sheet, a blank sheet, the house-rules cards, an event's table cards and
    results), read back with pdftotext: what is left outside ⟦...⟧ was never marked."""
    client = owner_client(pseudo_app)
    game_id, _key = create(client, record(players=PLAYERS))
    event = seed_event(client)
    director = {"Authorization": f"Bearer {event['director_key']}"}
    with pseudo_app.app_context():
        season = store.create_season(store.get_db(), EVENT_NAME, "2000-01-01", "2999-12-31")
    allowed = USER_WORDS | SAME_EVERYWHERE | locale_words(PSEUDO)
    found = {}
    for url in (
        f"/games/{game_id}/sheet.pdf",
        "/sheets/blank.pdf",
        "/house/card.pdf",
        f"/games/{game_id}/card.pdf",
        f"/events/{event['id']}/rounds/1/cards.pdf",
        f"/events/{event['id']}/results.pdf",
        f"/seasons/{season}/season.pdf",
    ):
        response = client.get(url, headers={"Accept-Language": PSEUDO, **director})
        assert response.status_code == 200 and response.mimetype == "application/pdf", url
        lines = untranslated(pdf_words(response.get_data(), tmp_path), allowed)
        if lines:
            found[url] = lines
    assert not found, f"words not marked for translation, PDF by PDF:\n{report(found)}"
