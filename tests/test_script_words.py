"""The browser's words (/words/<code>.js, i18n.script_words) run in node: _() and ngettext() say the language,
ngettext picks the language's plural form (French says 0 in the singular, Dutch in the plural), and the English
script carries no words at all (the scripts' own are the English: the first load stays small)."""

import shutil

import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from tests.node_lines import node_answering
from tests.examples import REQUESTS

TAPS = ("%(num)d tap waiting on this phone", "%(num)d taps waiting on this phone")
pytestmark = pytest.mark.skipif(shutil.which("node") is None, reason="node is not installed")


# One node for the module: each words script runs in a context of its own (nothing of one language is left for the
# next), and answers the calls made on it.
RUNNER = r"""
const vm = require("vm");
require("readline").createInterface({input: process.stdin}).on("line", (line) => {
  const {script, calls} = JSON.parse(line), page = vm.createContext({});
  vm.runInContext(script, page);
  const said = calls.map((c) => (c[0] === "_" ? page._ : page.ngettext).apply(null, c.slice(1)));
  process.stdout.write(JSON.stringify(said) + "\n");
});
"""


@pytest.fixture(scope="module")
def run():
    """Return a function: what each call ([function, *arguments]) says in node with the words script loaded."""
    with node_answering(RUNNER) as ask:
        yield lambda script, calls: ask({"script": script, "calls": calls})


def words(client, code):
    response = client.get(f"/words/{code}.js")
    assert response.status_code == 200
    return response.get_data(as_text=True)


def test_ngettext_picks_the_languages_plural(client, run):
    calls = [["ngettext", *TAPS, n] for n in (0, 1, 2)]
    assert run(words(client, "nl"), calls) == [
        "0 invoeren wachten op deze telefoon",
        "1 invoer wacht op deze telefoon",
        "2 invoeren wachten op deze telefoon",
    ]
    assert run(words(client, "fr"), calls) == [
        "0 saisie en attente sur ce téléphone",
        "1 saisie en attente sur ce téléphone",
        "2 saisies en attente sur ce téléphone",
    ]
    assert run(words(client, "en"), calls) == [
        "0 taps waiting on this phone",
        "1 tap waiting on this phone",
        "2 taps waiting on this phone",
    ]


def test_named_values_fill_the_translated_sentence(client, run):
    said = run(
        words(client, "de"),
        [
            ["_", "%(name)s bids %(bid)s", {"name": "Änne", "bid": 3}],
            ["_", "Save tricks"],
            ["_", "a message no script says"],
        ],
    )
    assert said == ["Änne sagt 3 an", "Stiche speichern", "a message no script says"]


def test_the_english_script_carries_no_words(client):
    script = words(client, "en")
    assert "var WORDS = {};" in script and "var PLURALS = {};" in script


@settings(max_examples=REQUESTS, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(counts=st.lists(st.integers(min_value=0, max_value=10**7), min_size=1, max_size=20))
@example(counts=[0, 1, 2, 1_000_000, 3_000_000])
def test_every_count_gets_a_form_of_the_message(client, run, counts):
    # Any count, however large: never undefined, and a million takes French's "many" form ("de saisies").
    said = run(words(client, "fr"), [["ngettext", *TAPS, n] for n in counts])
    for n, text in zip(counts, said):
        many = n and n % 1_000_000 == 0
        assert text.startswith(f"{n} de saisies" if many else f"{n} saisie") and "undefined" not in text
