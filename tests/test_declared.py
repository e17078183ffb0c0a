"""Behaviour that differs by system, bidding style, modifier or settlement is declared on its registry
entry, so that the rest of the code asks the entry and never compares ids."""

import ast
import pathlib

from scorekeeper import rules
from scorekeeper.text import sentences

PACKAGE = pathlib.Path(rules.__file__).parent.parent


def test_the_bidding_styles_declare_how_bids_are_entered_and_whether_a_miss_is_dealt_again():
    styles = {style.id: style for style in rules.BIDDING_STYLES}
    assert [s for s in styles if styles[s].all_at_once] == ["simultaneous", "cooperative"]
    assert [s for s in styles if styles[s].redeal_on_miss] == ["cooperative"]
    assert [s for s in styles if styles[s].hook_applies] == ["sequential"]


def test_the_pot_is_declared_by_the_stackpot_system_and_settlement():
    assert [s.id for s in rules.SYSTEMS if s.has_pot] == ["stackpot"]
    assert [s.id for s in rules.SETTLEMENTS if s.has_pot] == ["stackpot"]


def test_the_modifiers_declare_blind_bids_the_loser_and_short_tricks():
    def declaring(attribute):
        return [m.id for m in rules.MODIFIERS if getattr(m, attribute)]

    assert declaring("bids_blind") == ["blind"]
    assert declaring("names_loser") == ["ultimate_loser"]
    assert declaring("tricks_may_fall_short") == ["identical_cards_cancel"]


def test_the_ultimate_losers_sentence_is_said_once_for_every_page():
    record = {
        "players": ["Ann", "Bob", "Cy"],
        "rules": {"scoring": "exact", "modifiers": ["ultimate_loser"], "deals": {"pattern": "custom", "sizes": [1]}},
        "hands": [{"cards": 1, "dealer": 0, "trump": "hearts", "bids": [0, 1, 1], "tricks": [0, 1, 0]}],
    }
    assert sentences.loser_text(rules.score(rules.load(record))) == "Ultimate Loser: Cy"
    record["rules"]["modifiers"] = []
    assert sentences.loser_text(rules.score(rules.load(record))) is None


def test_the_engine_compares_no_behaviour_ids_outside_their_declarations():
    """Outside their declarations, views included, no behaviour id is written: read from the code's syntax, so
    the id is found however a call is laid out."""
    ids = {"stackpot", "cooperative", "simultaneous", "ultimate_loser"}
    declarations = {"S", "BiddingStyle", "Modifier", "Settlement"}
    found = []
    for path in PACKAGE.rglob("*.py"):
        tree = ast.parse(path.read_text())
        declared = set()
        for node in ast.walk(tree):
            if isinstance(node, ast.Call) and getattr(node.func, "id", None) in declarations:
                declared.update(id(value) for value in [*node.args, *(keyword.value for keyword in node.keywords)])
            elif isinstance(node, ast.Assign) and any(getattr(t, "id", None) == "LOSER_KEY" for t in node.targets):
                declared.add(id(node.value))
        for node in ast.walk(tree):
            if isinstance(node, ast.Constant) and node.value in ids and id(node) not in declared:
                found.append(f"{path.name}:{node.lineno}: {node.value!r}")
    assert found == []


def test_penalties_and_the_pot_are_said_one_way():
    record = {
        "players": ["Ann", "Bob", "Cy"],
        "rules": {
            "scoring": "exact",
            "settlement": "stackpot",
            "stake": 1,
            "deals": {"pattern": "custom", "sizes": [1]},
        },
        "hands": [
            {
                "cards": 1,
                "dealer": 0,
                "trump": "hearts",
                "bids": [0, 1, 1],
                "tricks": [0, 1, 0],
                "penalties": [{"seat": 2, "reason": "revoke"}],
            }
        ],
    }
    scored = rules.score(rules.load(record))
    hand = scored["hands"][0]
    assert sentences.penalty_text(scored["players"], hand, hand["penalties"][0]) == "hand 1: Cy revoke -20"
    assert sentences.pot_text(scored["settlement"]) == "left in the pot: -1.00"  # 10 + 11 - 20 came out of it
    record["rules"]["settlement"] = "pairwise"
    assert sentences.pot_text(rules.score(rules.load(record))["settlement"]) is None
