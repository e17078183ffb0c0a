"""Places and days the reader's way (docs/languages.md): one ordinal and one day function for the whole app."""

import contextlib
import datetime
import gettext
import re
import threading

import pytest
from hypothesis import given, strategies as st

from scorekeeper import rules
from scorekeeper.rules import RecordError, events
from scorekeeper.rules.club import stats
from scorekeeper.rules.events import cuts
from scorekeeper.rules.said import Said
from scorekeeper.text import words
from scorekeeper.views.events.log_lines import log_line
from scorekeeper.web.refusals import explain
from scorekeeper.web.setup_form import setup_form
from tests.evening_helpers import play_evening
from tests.event_web_helpers import act, new_event
from tests.owner_helpers import owner_client


@pytest.fixture
def speaking():
    with contextlib.ExitStack() as said:

        def speak(code):
            said.enter_context(words.saying(lambda: (words.ENGLISH, code)))

        yield speak


@pytest.mark.parametrize(
    "code, places",
    [
        ("en", ["1st", "2nd", "3rd", "4th", "11th", "12th", "13th", "21st", "22nd", "101st", "111th"]),
        ("nl", ["1e", "2e", "3e", "4e", "11e", "12e", "13e", "21e", "22e", "101e", "111e"]),
        ("de", ["1.", "2.", "3.", "4.", "11.", "12.", "13.", "21.", "22.", "101.", "111."]),
        ("fr", ["1er", "2e", "3e", "4e", "11e", "12e", "13e", "21e", "22e", "101e", "111e"]),
        ("es", ["1.º", "2.º", "3.º", "4.º", "11.º", "12.º", "13.º", "21.º", "22.º", "101.º", "111.º"]),
    ],
)
def test_each_language_writes_a_place_its_way(speaking, code, places):
    speaking(code)
    assert [words.ordinal(n) for n in (1, 2, 3, 4, 11, 12, 13, 21, 22, 101, 111)] == places


@given(st.integers(min_value=1, max_value=10**6), st.sampled_from(["en", "nl", "de", "fr", "es"]))
def test_a_place_starts_with_its_number_and_the_events_say_it_the_same_way(place, code):
    with words.saying(lambda: (words.ENGLISH, code)):
        assert words.ordinal(place).startswith(str(place)) and words.word(cuts.Ordinal(place)) == words.ordinal(place)


def test_a_day_reads_the_locales_way_and_text_that_is_no_day_stays(speaking):
    assert words.day("2026-11-25") == words.day("2026-11-25T20:15:00+00:00") == "Nov 25, 2026"
    speaking("nl")
    assert words.day("2026-11-25") == "25 nov 2026"
    speaking("de")
    assert words.day("2026-11-25") == "25.11.2026"
    assert words.day("") == "" and words.day("soon") == "soon"


@given(st.dates(min_value=datetime.date(1900, 1, 1)))
def test_every_day_reads_with_its_year(day):
    assert str(day.year) in words.day(day.isoformat())


def test_the_player_page_says_the_place_in_the_readers_language(client, app):
    play_evening(client, app)
    players = client.get("/players").get_data(as_text=True)
    path = re.search(r'href="(/players/[^"]+)"', players).group(1)
    english = client.get(path).get_data(as_text=True)
    dutch = client.get(path, headers={"Accept-Language": "nl"}).get_data(as_text=True)
    assert re.search(r"\b\d+(st|nd|rd|th) of \d", english)
    assert not re.search(r"\b\d+(st|nd|rd|th)\b", dutch) and re.search(r"\b\d+e\b", dutch)


def test_a_record_errors_path_reads_in_the_readers_language(app):
    players = ["Ann", "Bob", "Cy"]
    assert (
        explain(RecordError("hands[3].bids[2]", "must be 0 or more"), players) == "Hand 4, Cy's bid: must be 0 or more"
    )
    assert explain(RecordError("hands[0].trump", "x"), players) == "Hand 1, trump: x"
    assert explain(RecordError("rules.modifiers[1]", "x"), players) == "Rules, modifier 2: x"
    assert explain(RecordError("rules.options.zero_five", "x"), players) == "Rules, system options, zero_five: x"
    with words.saying(lambda: (Bracketed(), "eo")):  # every word said through the catalogue comes back in brackets
        said = explain(RecordError("hands[3].penalties[0].reason", "x"), players)
        assert said == "⟦⟦hand 4⟧, ⟦penalty 1⟧, ⟦reason⟧: x⟧"
        assert explain(RecordError("hands[0].bids[1]", "x"), players) == "⟦⟦hand 1⟧, ⟦Bob's bid⟧: x⟧"


class Bracketed(gettext.NullTranslations):
    def gettext(self, message):
        return f"⟦{message}⟧"


@given(st.from_regex(r"\A(hands\[\d{1,3}\]|players\[\d\]|rules|[a-z_]{1,10})(\.[a-z_]{1,10}(\[\d{1,2}\])?){0,3}\Z"))
def test_every_path_is_explained_without_its_brackets(path):
    text = explain(RecordError(path, "why"), ["Ann", "Bob"])
    assert text.endswith(": why") and "[" not in text and "." not in text


def declared_options():
    registries = (rules.SYSTEMS, rules.PATTERNS, rules.MODIFIERS, rules.SETTLEMENTS, events.FORMATS)
    return [option for registry in registries for entry in registry for option in entry.options]


def test_every_option_and_choice_has_a_translated_label_and_keeps_its_id():
    for option in declared_options():
        assert isinstance(option.label, Said), option.id  # the engine's label, worded where it is shown
        assert all(isinstance(option.choice_label(choice), Said) for choice in option.choices), option.id
    assert [str(o.label) for o in rules.SYSTEMS.find("formula").options] == ["made", "more", "fewer", "lowest wins"]
    assert str(rules.SYSTEMS.find("ten_times").title({"zero_five": True})) == "10 times exact, zero bid ±5"
    assert str(rules.SYSTEMS.find("get_fred").title({"squared": True})) == "Get Fred, squared (Oy Vey)"


def test_the_pages_show_option_labels_and_post_the_ids(client, app):
    event_page = client.get("/events/new").get_data(as_text=True)
    assert '-advance">go on</label>' in event_page and '-advance">advance</label>' not in event_page
    with app.test_request_context():
        form = setup_form()
        base = form["opt__reduced_zero__base"]
        assert [(value, str(label)) for value, label, *_ in base.iter_choices()] == [
            ("basic", "basic"),
            ("exact", "exact"),
        ]
        assert all(isinstance(label, words.LazyText) for _value, label, *_ in base.iter_choices())


def test_an_unknown_id_and_a_wrong_option_say_so_in_the_readers_words():
    with words.saying(lambda: (Bracketed(), "eo")):

        def refused(call):  # the engine's refusal, worded in the reader's language
            with pytest.raises(ValueError) as caught:
                call()
            return words.word(caught.value)

        assert re.search(r"⟦unknown ⟦scoring system⟧ 'nope'", refused(lambda: rules.SYSTEMS.find("nope")))
        assert re.search(
            r"⟦option '⟦based on⟧' must be one of ⟦basic⟧, ⟦exact⟧⟧",
            refused(lambda: rules.SYSTEMS.find("reduced_zero").resolve_options({"base": "x"})),
        )
        assert re.search(
            r"⟦option '⟦from hand⟧' must be a whole number⟧",
            refused(lambda: rules.SYSTEMS.find("double_whammy").resolve_options({"from_hand": "x"})),
        )


def test_the_directors_log_reads_as_sentences(app):
    director = owner_client(app)
    event_id = new_event(director)
    act(director, event_id, do="start")
    page = act(director, event_id, do="money", entry_fee="2.5", split="60 40", currency="EUR")
    log = re.search(r'<details class="event-log"[^>]*>(.*?)</details>', page, re.S)[1]
    lines = [re.sub(r"<[^>]+>", "", line).strip() for line in re.findall(r"<li[^>]*>(.*?)</li>", log)]
    assert [line[6:] for line in lines] == [
        "event Clubavond set up: Qualifying rounds and a final, 8 players",
        "round 1 drawn: 2 tables",
        "money: entry fee €2.50, prizes 60% 40%",
    ]
    assert all(re.match(r"\d\d:\d\d ", line) for line in lines) and "{" not in log


@given(
    st.sampled_from(["event", "import", "round", "swap", "late", "withdraw", "link", "record", "money", "x"]),
    st.one_of(
        st.none(),
        st.dictionaries(
            st.sampled_from(["name", "round", "players", "table", "games", "number"]),
            st.one_of(st.integers(), st.text(max_size=3), st.lists(st.integers())),
        ),
    ),
)
def test_a_log_entry_it_cannot_read_is_shown_as_stored(kind, payload):
    line = log_line({"kind": kind, "payload": payload, "at": "2026-11-25T15:04:00"})
    assert line.startswith("15:04 ")


def test_the_leftover_words_read_dutch_and_german(app):
    with app.test_request_context(headers={"Accept-Language": "nl"}):
        assert explain(RecordError("hands[3].penalties[0]", "x"), ["Ann"]) == "Ronde 4, straf 1: x"
        assert words.word(rules.SYSTEMS.find("reduced_zero").title({"base": "exact"})).endswith(", gebaseerd op exact")
        with pytest.raises(ValueError) as unknown:
            rules.SYSTEMS.find("nope")
        assert "bestaat niet" in words.word(unknown.value)
    with app.test_request_context(headers={"Accept-Language": "de"}):
        assert (
            log_line(
                {"kind": "round", "payload": {"number": 2, "tables": [[1], [2], [3]]}, "at": "2026-11-25T15:04:00"}
            )
            == "15:04 Durchgang 2 ausgelost: 3 Tische"
        )
        assert words.ordinal(3) == "3." and words.day("2026-11-25") == "25.11.2026"
    director = owner_client(app)
    director.set_cookie("lang", "fr")
    page = director.get("/events/new").get_data(as_text=True)
    assert '-advance">qualifiés</label>' in page


def test_a_source_is_cited_by_its_files_without_its_english_names():
    cited = {entry.id: str(entry.citation) for entry in rules.PATTERNS}
    assert all("(" not in citation for citation in cited.values())
    assert all(
        str(entry.citation) in entry.source or entry.source.startswith(str(entry.citation).split(",")[0])
        for registry in (rules.PATTERNS, rules.SYSTEMS, events.FORMATS)
        for entry in registry
    )
    with words.saying(lambda: (Bracketed(), "eo")):
        assert {words.word(entry.citation) for entry in rules.PATTERNS if "house" in entry.source} == {
            "003, ⟦house rules⟧"
        }


def test_a_stored_system_label_shows_its_options_by_their_labels():
    assert (
        str(stats.shown_label("ten_times", "10 times exact (penalty, zero_five)"))
        == "10 times exact (penalty, zero bid ±5)"
    )
    assert (
        str(stats.shown_label("reduced_zero", "Reduced zero bid (base exact)")) == "Reduced zero bid (based on exact)"
    )
    assert str(stats.shown_label("get_fred", "Get Fred (squared, unknown 3)")) == "Get Fred (squared, unknown 3)"
    with words.saying(lambda: (Bracketed(), "eo")):
        assert (
            words.word(stats.shown_label("double_whammy", "Double whammy (from_hand 3)"))
            == "⟦Double whammy⟧ (⟦from hand⟧ 3)"
        )


def test_a_language_said_in_for_a_while_stays_in_its_own_thread():
    """A game's PDF said in Dutch (words.saying) does not reach a request another thread answers meanwhile."""
    inside, elsewhere = threading.Event(), []
    with words.saying(lambda: (words.ENGLISH, "nl")):
        worker = threading.Thread(target=lambda: (inside.wait(5), elsewhere.append(words.locale())))
        worker.start()
        inside.set()
        worker.join(5)
        assert words.locale() == "nl" and words.number(1.5, 1) == "1,5"
    assert elsewhere == ["en"] and words.locale() == "en"
