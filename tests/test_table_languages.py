"""The table's screens in the reader's language (docs/languages.md): the bid screen's sentences, counted words,
the offline page's messages and the follower's kept sheet, through a small Dutch catalogue made here (the
app's own catalogues are the lead's to merge; this checks the plumbing, not the wording)."""

import json
import re
import shutil
from html import unescape

import pytest
from babel.messages.catalog import Catalog
from babel.messages.mofile import write_mo

from scorekeeper import create_app, store
from scorekeeper.rules.bids import bidding
from scorekeeper.text import words
from tests.html_forms import submit
from tests.table_helpers import new_game, play_hand

DUTCH = "nl"
HOOK = bidding.MESSAGES["hook"]
# A few of the table's messages as a Dutch table says them.
MESSAGES = {
    HOOK: "De deler mag geen %(bid)s bieden: dan komen de boden op %(cards)s (de delersregel).",
    "under by %(by)s": "%(by)s onder",
    "UNDER by %(by)s": "%(by)s ONDER",
    "NT": "GT",
    ("%(count)s card", "%(count)s cards"): ("%(count)s kaart", "%(count)s kaarten"),
    (
        "Tick the box to delete a game with %(num)d hand played.",
        "Tick the box to delete a game with %(num)d hands played.",
    ): (
        "Vink aan om een spel met %(num)d gespeelde ronde te verwijderen.",
        "Vink aan om een spel met %(num)d gespeelde rondes te verwijderen.",
    ),
}


@pytest.fixture
def dutch_app(tmp_path, migrated_database):
    folder = tmp_path / "translations" / DUTCH / "LC_MESSAGES"
    folder.mkdir(parents=True)
    catalog = Catalog(locale=DUTCH)
    for message, said in MESSAGES.items():
        catalog.add(message, said)
    with open(folder / "messages.mo", "wb") as file:
        write_mo(file, catalog)
    database = tmp_path / "test.db"
    shutil.copyfile(migrated_database, database)
    app = create_app(
        {
            "TESTING": True,
            "DATABASE": str(database),
            "SECRET_KEY": "test secret",
            "SERVER_NAME": None,
            "RATELIMIT_ENABLED": False,
            "BABEL_TRANSLATION_DIRECTORIES": str(tmp_path / "translations"),
        }
    )
    yield app
    store.close(app)


@pytest.fixture
def dutch(dutch_app):
    client = dutch_app.test_client()
    client.environ_base["HTTP_ACCEPT_LANGUAGE"] = DUTCH
    return client


def bid_screen(client, game_id):
    """Play hands 1 and 2; in hand 3 (3 cards, no trump) Di, Ann and Bob bid 1, 0, 1: Cy, the dealer, may not bid 1."""
    play_hand(client, game_id, "hearts", [1, 1, 0, 0])
    play_hand(client, game_id, "hearts", [0, 1, 0, 0])
    assert submit(client, f"/games/{game_id}/deal", {"trump": "none"}).status_code == 302
    for bid in (1, 0, 1):
        assert submit(client, f"/games/{game_id}/bids", {"bid": str(bid)}).status_code == 302
    return client.get(f"/games/{game_id}/bids").get_data(as_text=True)


def test_the_bid_screen_says_the_hook_the_tally_and_the_cards_in_the_readers_language(dutch):
    game_id = new_game(dutch, hook_from="1")  # a Dutch table's form opens on Boerenbridge: the hook from 4 cards
    page = bid_screen(dutch, game_id)
    assert '<html lang="nl">' in page
    assert "De deler mag geen 1 bieden: dan komen de boden op 3 (de delersregel)." in page
    assert "1 onder" in page and "3 kaarten" in page and ">GT<" in page  # no trump's mark is the reader's too
    # The offline page gets the same sentences, their values as {names} for static/bidstate.js to fill in.
    table = json.loads(unescape(re.search(r'data-table="([^"]*)"', page).group(1)))
    assert (
        table["messages"]["hook"] == "De deler mag geen {bid} bieden: dan komen de boden op {cards} (de delersregel)."
    )
    assert table["messages"]["under"] == "{by} onder" and table["messages"]["announce_under"] == "{by} ONDER"
    assert table["symbols"]["none"] == "GT"


def test_english_is_as_it_was(client):
    page = bid_screen(client, new_game(client))
    assert HOOK % {"bid": 1, "cards": 3} in page
    assert "under by 1" in page and "3 cards" in page and ">NT<" in page


def test_a_count_takes_the_catalogues_plural_form(dutch_app):
    with dutch_app.test_request_context(headers={"Accept-Language": DUTCH}):
        assert words.ngettext("%(count)s card", "%(count)s cards", 1, count=1) == "1 kaart"
        said = [
            words.ngettext(
                "Tick the box to delete a game with %(num)d hand played.",
                "Tick the box to delete a game with %(num)d hands played.",
                n,
            )
            for n in (1, 4)
        ]
    assert said == [
        "Vink aan om een spel met 1 gespeelde ronde te verwijderen.",
        "Vink aan om een spel met 4 gespeelde rondes te verwijderen.",
    ]


def test_a_follower_gets_the_kept_sheet_in_their_own_language(dutch_app, dutch):
    game_id = new_game(dutch)
    english = dutch_app.test_client()
    for _round in range(2):  # the second time the pages come from what was kept
        assert '<html lang="nl">' in dutch_app.test_client().get(
            f"/games/{game_id}", headers={"Accept-Language": DUTCH}
        ).get_data(as_text=True)
        assert '<html lang="en">' in english.get(f"/games/{game_id}").get_data(as_text=True)
