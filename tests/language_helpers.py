"""The languages' tests (issue 19): the messages the code marks, a pseudo-locale built from them, and one live
server per test module on an app that may speak it (tests/test_languages_catalogues.py, test_browser_*_game.py,
test_browser_pseudo_locale.py, test_browser_languages_fit.py)."""

import contextlib
import re
import shutil
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.extract import DEFAULT_KEYWORDS, extract_from_dir
from babel.messages.frontend import parse_mapping_cfg
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po
from werkzeug.exceptions import HTTPException

from scorekeeper import create_app, store
from tests.game_helpers import create, record
from tests.owner_helpers import owner_client

ROOT = Path(__file__).resolve().parent.parent
TRANSLATIONS = ROOT / "scorekeeper" / "translations"
LANGUAGES = ("nl", "de", "fr", "es")
# As `make messages` extracts: the default gettext keywords, the lazy ones of text/words.py and the engine's
# values of what it says (rules/said.py: said, nsaid, psaid).
KEYWORDS = dict(
    DEFAULT_KEYWORDS,
    lazy_gettext=None,
    lazy_pgettext=((1, "c"), 2),
    N_=None,
    said=None,
    nsaid=(1, 2),
    psaid=((1, "c"), 2),
)
# What the language's own text may hold that a translation must keep: named values and markup tags.
PLACEHOLDER = re.compile(r"%\((\w+)\)[#0 +-]*\d*(?:\.\d+)?[a-zA-Z]")
TAG = re.compile(r"</?[a-zA-Z][^<>]*>")
ENTITY = re.compile(r"&#?\w+;")

PSEUDO = "eo"  # Esperanto: Babel knows it, the app does not ship it
OPEN, CLOSE = "⟦", "⟧"
# Every ASCII letter becomes an accented look-alike: a word still in plain letters on a page was never translated.
_LOOK_ALIKES = dict(
    zip("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ", "àƀçđéƒĝĥîĵķĺɱñöþɋŕšţûʋŵẋýžÀƁÇĐÉƑĜĤÎĴĶĹṀÑÖÞɊŔŠŢÛѴŴẊÝŽ")
)
# The parts of a message that are not words, kept as they are: values (%(name)s, %(x).1f, %s, {name}), Jinja's
# own %% for a percent sign, markup and entities.
NOT_WORDS = re.compile(r"%(?:\(\w+\))?[#0 +-]*\d*(?:\.\d+)?[a-zA-Z%]|\{[\w.]*\}|<[^<>]*>|&#?\w+;")


def extracted():
    """Yield (msgid, context, where) for every message the code marks, extracted as `make messages` does (babel.cfg).

    A plural message's id is the tuple (singular, plural), as in Babel's catalogues.
    """
    with (ROOT / "babel.cfg").open() as mapping:
        method_map, options_map = parse_mapping_cfg(mapping)
    for filename, line, message, _comments, context in extract_from_dir(
        ROOT, method_map, options_map, keywords=KEYWORDS
    ):
        message = message if isinstance(message, str) else tuple(message[:2])
        if message if isinstance(message, str) else message[0]:
            yield message, context, f"{filename}:{line}"


def code_messages():
    """Return {msgid: where it is marked first} for every message the code marks."""
    found = {}
    for message, _context, where in extracted():
        found.setdefault(message, where)
    return found


def pseudo(text):
    """Return text as the pseudo-locale says it: ⟦ + the letters swapped for look-alikes + ⟧, values kept."""
    kept, pieces, start = NOT_WORDS.finditer(text), [], 0
    for match in kept:
        pieces.append(text[start : match.start()].translate(str.maketrans(_LOOK_ALIKES)))
        pieces.append(match.group())
        start = match.end()
    pieces.append(text[start:].translate(str.maketrans(_LOOK_ALIKES)))
    return OPEN + "".join(pieces) + CLOSE


def write_pseudo_catalogue(directory):
    """Write <directory>/eo/LC_MESSAGES/messages.mo: every marked message in the pseudo-locale, plurals too."""
    catalogue = Catalog(locale=PSEUDO)
    for message, context, _where in extracted():
        said = tuple(pseudo(form) for form in message) if isinstance(message, tuple) else pseudo(message)
        catalogue.add(message, said, context=context)
    target = Path(directory) / PSEUDO / "LC_MESSAGES"
    target.mkdir(parents=True, exist_ok=True)
    with (target / "messages.mo").open("wb") as compiled:
        write_mo(compiled, catalogue)
    return directory


def make_app(tmp_path, migrated_database, **config):
    """The real app on a copy of the migrated database (as tests/conftest.py's app fixture), with config on top."""
    from tests.owner_helpers import OWNER_KEY
    from tests.server_helpers import FOLLOW_POLL_MS

    database = tmp_path / "languages.db"
    shutil.copyfile(migrated_database, database)
    return create_app(
        {
            "TESTING": True,
            "DATABASE": str(database),
            "SECRET_KEY": "test secret",
            "SERVER_NAME": None,
            "FOLLOW_POLL_MS": FOLLOW_POLL_MS,
            "OWNER_KEY": OWNER_KEY,
            "RATELIMIT_ENABLED": False,
            **config,
        }
    )


@contextlib.contextmanager
def serving(app):
    """Serve app with waitress on 127.0.0.1 and a free port for a whole test module; yield its base URL."""
    from tests.server_helpers import waitress_serving

    try:
        with waitress_serving(app) as url:
            yield url
    finally:
        store.close(app)


def sign_in_as_owner(page, base):
    """Sign this browser in as the instance's owner on /owner (by the field's name: the page may be in any language)."""
    from tests.owner_helpers import OWNER_KEY

    page.goto(base + "/owner")
    page.locator("input[name=key]").fill(OWNER_KEY)
    page.locator("form:has(input[name=key]) button").click()
    page.wait_for_load_state()


EVENT_NAME = "Zwolle"
EVENT_PLAYERS = ["Ann", "Bob", "Cy", "Di", "Ed", "Flo", "Gus", "Hal"]


def seed_event(client):
    """Create an event through the API (client: the owner's) and seat its first round; return the API's answer."""
    event = client.post(
        "/api/events",
        json={
            "name": EVENT_NAME,
            "format": "rounds",
            "seed": 7,
            "players": EVENT_PLAYERS,
            "options": {"rounds": 1},
            "rules": {"scoring": "exact", "hook": False, "deals": {"pattern": "custom", "sizes": [1, 1]}},
        },
    ).get_json()
    started = client.post(
        f"/api/events/{event['id']}/actions",
        json={"action": "start"},
        headers={"Authorization": f"Bearer {event['director_key']}"},
    )
    assert started.status_code == 200, started.get_json()
    return event


def seed_screens(app):
    """Store a game at its bid screen, a finished game (sheet, settle-up) and an event with its first round seated.

    Return (the URLs each browser opens first to hold the edit and director keys, {screen: URL}).
    """
    from tests.game_helpers import create, record
    from tests.owner_helpers import owner_client

    client = owner_client(app)
    bidding, bidding_key = create(
        client, record(hands=[{"cards": 1, "dealer": 0, "trump": "hearts", "bids": [None, 1, None, None]}]), claim=False
    )
    finished, finished_key = create(client, record(), claim=False)
    event = seed_event(client)
    keys = [
        f"/games/{bidding}/claim/{bidding_key}",
        f"/games/{finished}/claim/{finished_key}",
        f"/events/{event['id']}/direct/{event['director_key']}",
    ]
    return keys, {
        "bids": f"/games/{bidding}/bids",
        "sheet": f"/games/{finished}/sheet",
        "setup": "/games/new",
        "settle": f"/games/{finished}/settle",
        "director": f"/events/{event['id']}",
    }


def phone(browser, accept_language, width=360, **options):
    """A phone that speaks accept_language ("nl-NL,nl;q=0.9"), width px wide; no service worker, so every page
    is the server's. options: more of Playwright's context options."""
    context = browser.new_context(
        viewport={"width": width, "height": 640},
        has_touch=True,
        is_mobile=True,
        locale=accept_language.split(",")[0].split(";")[0],
        extra_http_headers={"Accept-Language": accept_language},
        service_workers="block",
        **options,
    )
    context.set_default_timeout(15000)  # a long walk on a machine others share: wait longer before giving up
    return context


# The words typed by the people at the table: the players' names, the event's.
PLAYERS = ["Ann", "Bob", "Cy", "Di"]


def endpoint_of(app, url):
    try:
        return app.url_map.bind("localhost").match(url.split("?")[0], method="GET")[0]
    except HTTPException:
        return None  # a page that does not exist: the error page


def seed(app):
    """Store a game at each screen of the table, an event with its first round seated, and seat links."""
    client = owner_client(app)
    hand = {"cards": 1, "dealer": 0, "trump": "hearts"}
    games = {
        "finished": create(client, record(players=PLAYERS)),
        "dealing": create(client, record(players=PLAYERS, hands=[])),
        "seated": create(client, record(players=PLAYERS, hands=[])),
        "bidding": create(client, record(players=PLAYERS, hands=[dict(hand, bids=[None, 1, None, None])])),
        "together": create(
            client, record(players=PLAYERS, bidding="simultaneous", hands=[dict(hand, bids=[None] * 4)])
        ),
        "trump": create(
            client,
            record(players=PLAYERS, trump="highest_bidder", hands=[{"cards": 1, "dealer": 0, "bids": [1, 0, 0, 1]}]),
        ),
        "tricks": create(client, record(players=PLAYERS, hands=[dict(hand, bids=[1, 1, 0, 1])])),
        "last": create(client, record(players=PLAYERS, hands=record()["hands"][:1])),
    }
    event = seed_event(client)
    return client, games, event


def confirm_seat_links(client, game_id):
    """Make the seat links on the scorekeeper's phone (the test client, in English); return one of them."""
    page = client.get(f"/games/{game_id}/seats").get_data(as_text=True)
    token = re.search(r'name="csrf_token"[^>]*value="([^"]+)"', page).group(1)
    assert client.post(f"/games/{game_id}/seats", data={"csrf_token": token, "confirm": "on"}).status_code == 302
    page = client.get(f"/games/{game_id}/seats").get_data(as_text=True)
    return re.search(r'value="http://localhost(/games/[^"]+/seat/[^"]+)"', page).group(1)


def load_po(path):
    with path.open("rb") as file:
        return read_po(file)


def pot():
    return load_po(TRANSLATIONS / "messages.pot")


def po(code):
    return load_po(TRANSLATIONS / code / "LC_MESSAGES" / "messages.po")


def messages(catalogue):
    """The catalogue's messages, header left out."""
    return [message for message in catalogue if message.id]


def shown(message_id):
    return " | ".join(message_id) if isinstance(message_id, tuple) else message_id


def forms(message):
    """The translation's forms: one for a message, one per plural form for a counted message."""
    return list(message.string) if isinstance(message.string, (tuple, list)) else [message.string]
