"""Walk every registry: each entry is documented, cites its source and has a worked example."""

import html
import json
import re
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scorekeeper import rules
from scorekeeper.cli import systems_markdown
from scorekeeper.rules.scoring.presets import PRESETS, preset_rules
from scorekeeper.rules.said import json_default
from scorekeeper.text import words
from tests.cli_helpers import run_cli
from tests.examples import REQUESTS

ROOT = Path(__file__).resolve().parent.parent
RULES_MD_SYSTEMS = [
    "exact",
    "basic",
    "basic5",
    "exact_penalty",
    "ten_times",
    "double_whammy",
    "penalty_under_zero_over",
    "cypriot",
    "set_penalty",
    "progressive_penalty",
    "reduced_zero",
    "adjusted_zero",
    "progressive",
    "montreal",
    "negative",
    "simplified_negative",
    "variant_negative",
    "trick",
    "binary",
    "binary_nil",
    "binary_halving",
    "scratch",
    "adjusted_exact",
    "get_fred",
    "novacastrian",
    "gentleman",
    "variable_bonus",
    "penalty",
    "basas",
    "stackpot",
    "okenuff",
    "exact_slam",
]
SOURCE = re.compile(r"\b00[0-4]\b|house rules")


def all_entries():
    for registry in (
        rules.SYSTEMS,
        rules.PATTERNS,
        rules.MODIFIERS,
        rules.PENALTIES,
        rules.SETTLEMENTS,
        rules.TRUMP_METHODS,
        rules.BIDDING_STYLES,
        PRESETS,
        rules.FORMATS,
    ):
        for entry in registry:
            yield pytest.param(entry, id=f"{registry.kind}:{entry.id}")


def test_the_ids_are_exactly_those_of_rules_md():
    assert rules.SYSTEMS.ids() == RULES_MD_SYSTEMS + ["formula"]
    assert rules.PATTERNS.ids() == ["down-up", "up-down", "up", "down", "odd-up-down", "okenuff", "cartier", "custom"]
    assert rules.MODIFIERS.ids() == [
        "spades_double",
        "no_trump_doubles",
        "blind",
        "ultimate_loser",
        "identical_cards_cancel",
    ]
    assert rules.FORMATS.ids() == ["cartier", "wpohl", "rounds"]


@pytest.mark.parametrize("entry", list(all_entries()))
def test_every_entry_has_a_name_a_description_and_a_source(entry):
    assert entry.name and str(entry.description).endswith(".")
    assert SOURCE.search(entry.source), entry.source


@pytest.mark.parametrize("system", list(rules.SYSTEMS), ids=rules.SYSTEMS.ids())
def test_every_system_has_worked_examples_that_hold(system):
    assert system.examples
    for example in system.examples:
        assert system.score(example.hand(), example.options) == example.expected, example.note


@pytest.mark.parametrize("preset", list(PRESETS), ids=PRESETS.ids())
def test_every_preset_has_worked_examples_that_hold_under_exactly_its_rules(preset):
    assert preset.examples
    for example in preset.examples:
        players = len(example.bids)
        record = {
            "players": ["Ann", "Bob", "Cy", "Di", "Ed"][:players],
            "rules": preset_rules(preset.id, players),
            "hands": [
                {
                    "cards": example.cards,
                    "dealer": players - 1,
                    "bids": example.bids,
                    "tricks": example.tricks,
                    "trump": "hearts",
                }
            ],
        }
        assert rules.score(rules.load(record))["hands"][0]["scores"] == example.expected, example.note


@pytest.mark.parametrize("pattern", list(rules.PATTERNS), ids=rules.PATTERNS.ids())
def test_every_pattern_has_a_worked_example_that_holds(pattern):
    assert pattern.examples
    for n, sizes in pattern.examples:
        players = 4 if pattern.id != "odd-up-down" else 3
        assert rules.hand_sizes(pattern.id, players, max_cards=n, sizes=sizes) == sizes


@pytest.mark.parametrize("fmt", list(rules.FORMATS), ids=rules.FORMATS.ids())
def test_every_tournament_format_has_worked_examples_that_hold(fmt):
    """Each example: a field of players and the table sizes of every round when nobody withdraws."""
    assert fmt.examples
    for players, options, rounds in fmt.examples:
        assert rules.events.planned_rounds(fmt.id, players, options) == rounds
        assert sum(rounds[0]) == players and len(rounds[-1]) == 1


def one_hand(scoring, modifiers, hand, players=("A", "B", "C")):
    record = {"players": list(players), "rules": {"scoring": scoring, "modifiers": modifiers}, "hands": [hand]}
    return rules.score(rules.load(record))


MODIFIER_EXAMPLES = {
    # id: (scoring, hand, totals without the modifier (None: refused), totals with it)
    "spades_double": (
        "exact",
        {"cards": 3, "dealer": 2, "trump": "spades", "bids": [2, 0, 0], "tricks": [2, 0, 1]},
        [12, 10, 0],
        [24, 20, 0],
    ),
    "no_trump_doubles": (
        "okenuff",
        {"cards": 4, "dealer": 2, "trump": "none", "bids": [4, 0, 1], "tricks": [4, 0, 0]},
        [15, 5, -5],
        [30, 10, -10],
    ),
    "identical_cards_cancel": (
        "exact",
        {"cards": 3, "dealer": 2, "bids": [1, 0, 1], "tricks": [1, 0, 1]},
        None,
        [11, 10, 11],
    ),
    "ultimate_loser": (
        "exact",
        {"cards": 3, "dealer": 2, "bids": [1, 0, 1], "tricks": [1, 0, 2]},
        [11, 10, 0],
        [11, 10, 0],
    ),
    # C starts 20 behind (joins at -20), so may bid blind: a made blind 2 scores 12 + 10.
    "blind": (
        "exact",
        {
            "cards": 3,
            "dealer": 2,
            "bids": [0, 0, 2],
            "tricks": [1, 0, 2],
            "blind": [2],
            "joins": [{"seat": 2, "total": -20}],
        },
        None,
        [0, 10, 2],
    ),
}


@pytest.mark.parametrize("modifier", list(rules.MODIFIERS), ids=rules.MODIFIERS.ids())
def test_every_modifier_has_a_worked_example_that_holds(modifier):
    assert modifier.example
    scoring, hand, without, with_it = MODIFIER_EXAMPLES[modifier.id]
    if without is None:
        with pytest.raises(rules.RecordError):
            one_hand(scoring, [], hand)
    else:
        assert one_hand(scoring, [], hand)["totals"] == without
    scored = one_hand(scoring, [modifier.id], hand)
    assert scored["totals"] == with_it
    if modifier.id == "ultimate_loser":  # the scores stay; the loser is named only with the modifier
        assert scored["ultimate_loser"] == ["C"]
        assert "ultimate_loser" not in one_hand(scoring, [], hand)


def test_registries_refuse_a_duplicate_id():
    entry = rules.SYSTEMS.find("exact")
    with pytest.raises(ValueError, match="declared twice"):
        rules.SYSTEMS.__class__("scoring system", [entry, entry.__class__(**{**entry.__dict__, "id": "other"})])


def test_find_by_alias_and_unknown_id():
    assert rules.SYSTEMS.find("hassenpfeffer").id == "exact_penalty"
    assert rules.SYSTEMS.find("Montreal").id == "montreal"
    assert rules.SYSTEMS.find("golf").lowest_wins
    with pytest.raises(ValueError, match="unknown scoring system 'bridge'"):
        rules.SYSTEMS.find("bridge")


def test_docs_rules_md_is_current():
    """docs/rules.md is generated from the registries; regenerate with `python -m scorekeeper systems --markdown`."""
    assert (ROOT / "docs" / "rules.md").read_text() == systems_markdown() + "\n"


def test_systems_command_lists_every_entry():
    out = run_cli("systems", check=True, cwd=ROOT).stdout
    for registry in (rules.SYSTEMS, rules.PATTERNS, rules.MODIFIERS):
        for entry in registry:
            assert f"  {entry.id} " in out and str(entry.description) in out


# What differs between entries is an attribute of the entry: these tests hold each attribute to what it does.


@pytest.mark.parametrize("pattern", list(rules.PATTERNS), ids=rules.PATTERNS.ids())
def test_only_a_pattern_that_takes_sizes_accepts_a_typed_list(pattern):
    from scorekeeper import printing

    if pattern.takes_sizes:
        assert printing.blank_params(players=4, pattern=pattern.id, sizes="3 2 1")["plan"] == (3, 2, 1)
        with pytest.raises(ValueError, match="needs its list of hand sizes"):
            rules.hand_sizes(pattern.id, 4)
    else:
        with pytest.raises(printing.SheetError, match="hand sizes may only be listed"):
            printing.blank_params(players=4, pattern=pattern.id, sizes="3 2 1", max_cards=5)


@pytest.mark.parametrize("settlement", list(rules.SETTLEMENTS), ids=rules.SETTLEMENTS.ids())
def test_only_a_settlement_that_moves_money_has_anyone_pay(settlement):
    settled = rules.settle(settlement.id, ["Ann", "Bob", "Cy"], [30, 10, -5], stake=1)
    assert bool(settled["payments"]) == settlement.moves_money
    assert any(settled["net"]) == settlement.moves_money


def test_the_setup_page_names_the_systems_whose_formula_is_typed(client):
    page = client.get("/games/new").get_data(as_text=True)
    found = re.search(
        r'<select[^>]*data-typed-formula="([^"]*)"[^>]*id="scoring"|'
        r'<select[^>]*id="scoring"[^>]*data-typed-formula="([^"]*)"',
        page,
    )
    assert found, "the scoring select carries the typed-formula systems for house.js and setup.js"
    listed = json.loads(html.unescape(found.group(1) or found.group(2)))
    assert listed == [system.id for system in rules.SYSTEMS if system.typed_formula] and listed
    for system_id in listed:  # each has the three formula fields house.js previews
        for name in ("made", "over", "under"):
            assert f'name="opt__{system_id}__{name}"' in page


def test_each_registry_default_is_said_once_and_the_record_and_setup_form_use_it(app):
    """A record that names nothing gets each registry's default entry; the setup form starts from the same."""
    from scorekeeper.web.setup_form import setup_fields, setup_form

    game = rules.load({"players": ["A", "B", "C"], "rules": {}, "hands": []})
    defaults = {
        "scoring": rules.SYSTEMS,
        "pattern": rules.PATTERNS,
        "bidding": rules.BIDDING_STYLES,
        "trump": rules.TRUMP_METHODS,
        "settlement": rules.SETTLEMENTS,
    }
    assert game.rules.system.id == rules.SYSTEMS.default.id == "exact"
    assert (game.rules.pattern, game.rules.bidding, game.rules.trump, game.rules.settlement) == (
        rules.PATTERNS.default.id,
        rules.BIDDING_STYLES.default.id,
        rules.TRUMP_METHODS.default.id,
        rules.SETTLEMENTS.default.id,
    )
    assert game.rules.hook is True and game.rules.hook_from == 1
    with app.test_request_context("/games/new"):
        form = setup_form()
        fields = setup_fields({})
        for name, registry in defaults.items():
            assert form[name].data == fields[name] == registry.default.id, name
        assert form.hook.data == fields["hook"] is True and form.hook_from.data == fields["hook_from"] == 1


# Names in the reader's language (docs/languages.md): translated names, local names, matching stays English.


def local_names():
    for entry in all_entries():
        entry = entry.values[0]
        for code, names in entry.local_names.items():
            yield entry, code, rules.registry.local_names_of(names)


def test_every_local_name_is_documented_in_the_languages_page():
    docs = (ROOT / "docs" / "languages.md").read_text()
    section = docs[docs.index("### Local names") :]
    listed = list(local_names())
    assert listed, "Boerenbridge is the Dutch preset's own name"
    for entry, code, names in listed:
        rows = [line for line in section.splitlines() if f"`{entry.id}`" in line and f"| {code} |" in line]
        assert rows and all(name in rows[0] for name in names), (entry.id, code, names)


def test_a_local_name_is_shown_in_its_own_language_only_and_found_in_every_one(app):
    boerenbridge = PRESETS.find("boerenbridge")
    for code, shown in (("nl", "Boerenbridge"), ("en", "Boerenbridge (Dutch)")):
        with app.test_request_context(headers={"Accept-Language": code}):
            assert words.word(boerenbridge.name) == f"{words.lazy(boerenbridge.name)}" == shown
            for typed in ("boerenbridge", "Boerenbridge (Dutch)", "10 op en neer", "Chinees poepen"):
                assert PRESETS.find(typed) is boerenbridge
            # Machines read English: the JSON of a name is its English msgid, whatever the reader's language.
            assert json.dumps({"name": boerenbridge.name}, default=json_default) == '{"name": "Boerenbridge (Dutch)"}'
    assert str(boerenbridge.name) == "Boerenbridge (Dutch)"  # outside a request: English (the CLI)


NAMED = (
    rules.SYSTEMS,
    rules.PATTERNS,
    rules.MODIFIERS,
    rules.PENALTIES,
    rules.SETTLEMENTS,
    rules.TRUMP_METHODS,
    rules.BIDDING_STYLES,
    PRESETS,
)


@given(
    st.sampled_from(["nl", "de", "fr", "es"]),
    st.one_of(
        st.text(max_size=30),
        st.sampled_from(["Exact met straf", "Af en op", "Boerenbridge", "exact", "Hassenpfeffer", "Kachuful"]),
    ),
)
@settings(suppress_health_check=[HealthCheck.function_scoped_fixture], max_examples=REQUESTS)
def test_what_a_user_types_finds_the_same_entry_in_every_language(app, code, typed):
    """Ids, aliases and English names find their entry whatever the page's language, and any other text finds
    the same entry (or none) as in English: a translated name is never a key."""

    def found(headers):
        with app.test_request_context(headers=headers):
            for registry in NAMED:
                for entry in registry:
                    assert all(registry.find(key) is entry for key in (entry.id, entry.name.message, *entry.aliases))
            return [registry.find(typed).id if typed in registry else None for registry in NAMED]

    assert found({"Accept-Language": code}) == found({})


def catalogue_translates(code, message):
    from babel.support import Translations

    catalogue = Translations.load(str(ROOT / "scorekeeper" / "translations"), [code])
    return catalogue.gettext(message) != message


def test_the_dutch_setup_page_lists_boerenbridge_and_the_english_one_its_english_name(client):
    dutch = client.get("/games/new", headers={"Accept-Language": "nl"}).get_data(as_text=True)
    assert '<option selected value="boerenbridge">Boerenbridge</option>' in dutch  # issue 25: the Dutch default
    english = client.get("/games/new").get_data(as_text=True)
    assert '<option value="boerenbridge">Boerenbridge (Dutch)</option>' in english


def test_the_house_rules_card_says_the_system_in_dutch(client):
    query = {"preset": "pagat", "players": "4"}
    dutch = client.get("/house/card", query_string=query, headers={"Accept-Language": "nl"}).get_data(as_text=True)
    assert "Exact. Gehaald: 10 + bod. Niet gehaald: niets." in dutch
    assert "Af en op" in dutch and "Omgedraaide kaart" in dutch
    english = client.get("/house/card", query_string=query).get_data(as_text=True)
    assert "Exact. Made: 10 + bid. Missed: nothing." in english
    setup = client.get("/games/new", headers={"Accept-Language": "nl"}).get_data(as_text=True)
    assert "<b>Af en op</b>: Van N kaarten af naar 1, dan weer op naar N." in setup  # printed by a template


def test_the_api_answers_the_english_names_whatever_the_readers_language(client):
    record = {
        "players": ["Ann", "Bob", "Cy"],
        "rules": {"scoring": "basic", "modifiers": ["spades_double"]},
        "hands": [],
    }
    game_id = client.post("/api/games", json=record).get_json()["id"]
    english = client.get(f"/api/games/{game_id}")
    dutch = client.get(f"/api/games/{game_id}", headers={"Accept-Language": "nl"})
    assert dutch.get_json()["system_name"] == "Basic" and dutch.data == english.data
