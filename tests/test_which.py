"""Which system do we play? From a few remembered hands to the systems (and presets) that score them."""

import itertools
import json
from pathlib import Path

import pytest

from scorekeeper import rules
from scorekeeper.rules.scoring import which
from tests.cli_helpers import run_cli

ROOT = Path(__file__).resolve().parent.parent
# Hands a table remembers; each system is told apart by three of them.
POOL = ["2/2@7", "1/3@7", "4/1@7", "0/0@7", "3/3@7", "2/5@7", "6/6@7", "0/1@3", "0/0@3", "5/5@7"]
SYSTEMS = [system for system in rules.SYSTEMS if system.id != "formula"]


def run(*args):
    return run_cli("which", *args, cwd=ROOT)


def remembered(system, hands):
    """The points the system gives for the hands, as the table would remember them."""
    return [
        which.Remembered(e.bid, e.tricks, e.cards, which.scores(system, {}, e))
        for e in (which.parse_example(f"{hand}=0") for hand in hands)
    ]


@pytest.mark.parametrize("system", SYSTEMS, ids=[s.id for s in SYSTEMS])
def test_three_remembered_hands_find_the_system_and_nothing_else(system):
    for hands in itertools.combinations(POOL, 3):
        examples = remembered(system, hands)
        assert system.id in {match.system for match in which.which(examples)}, examples
        if {match.system for match in which.which(examples)} == {system.id}:
            return
    pytest.fail(f"no three hands of the pool tell {system.id} apart")


def test_most_common_first_and_presets_by_name():
    found = which.which([which.parse_example(e) for e in ("2/2=12", "1/3=0", "3/1=0")])
    assert found[0].system == "exact"
    assert [str(m.name) for m in which.which([which.parse_example(e) for e in ("2/2=14", "1/3=-4", "3/1=-4")])] == [
        "Boerenbridge (Dutch)"
    ]


def test_the_command_lists_systems_with_their_options():
    done = run("2/2=20", "0/0=5", "0/1=-5", "1/3=0", "--cards", "7")
    assert done.returncode == 0, done.stderr
    assert "10 times exact (zero_five)" in done.stdout and "--system ten_times --option 'zero_five=True'" in done.stdout


def test_json_is_a_list_of_system_options_and_name():
    done = run("2/2@5=12", "1/3@5=-2", "4/1@5=-3", "--json")
    assert json.loads(done.stdout) == [{"system": "get_fred", "options": {}, "name": "Get Fred"}]
    squared = json.loads(run("3/3=19", "1/3=-2", "4/1=-3", "--json").stdout)
    assert squared == [{"system": "get_fred", "options": {"squared": True}, "name": "Get Fred (Squared)"}]


def test_when_nothing_fits_the_simplest_formula_is_proposed_as_a_guess():
    examples = ("2/2=15", "4/4=25", "1/3=-10", "3/0=-10")  # 5 + 5 a trick; a flat -10 for any miss
    done = run(*examples)
    assert "No system scores" in done.stdout and "A guess" in done.stdout
    assert "made: 5 + 5*bid; more: -10; fewer: the same" in done.stdout
    guessed = json.loads(run(*examples, "--json").stdout)
    assert guessed == [
        {
            "system": "formula",
            "options": {"made": "5 + 5*bid", "over": "-10"},
            "name": "House formula (a guess)",
            "guess": True,
        }
    ]
    # The guess scores every example when played.
    for example in map(which.parse_example, examples):
        assert which.scores(rules.SYSTEMS.find("formula"), guessed[0]["options"], example) == example.points


@pytest.mark.parametrize(
    "bad, message",
    [
        ("2/2=1x", "'2/2=1x' is not BID/TRICKS=POINTS"),
        ("5/2@3=0", "cannot be more than the 3 cards"),
    ],
)
def test_bad_examples_are_refused_with_exit_status_2(bad, message):
    done = run(bad)
    assert done.returncode == 2 and message in done.stderr and done.stdout == ""
