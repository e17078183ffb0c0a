"""The offline page's bid engine (static/bidstate.js) says exactly what the server's (rules.state_of_bids) says,
and names the same player to name trump (rules.trump_namer).

Hypothesis deals hands (2 to 8 players, any cards, dealer, seats out, the hook on or off, hook_from, the bidding
styles, bids partly entered, a seat asking to bid, blind); one `node` process works each batch out with the
JavaScript module, and any difference fails.
"""

from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scorekeeper import rules
from scorekeeper.text.display import bid_messages
from tests.node_lines import node_answering

MODULE = Path(__file__).resolve().parent.parent / "scorekeeper" / "static" / "bidstate.js"
# Reads one JSON batch a line, answers one line: each hand's state and its reason in words.
RUNNER = """
const engine = require(process.argv[1]);
const lines = require("readline").createInterface({input: process.stdin});
lines.on("line", (line) => {
  const {messages, hands} = JSON.parse(line);
  const states = hands.map((hand) => {
    const state = engine.bidState(hand);
    return {state, said: engine.say(messages, state.reason), standing: engine.say(messages, state.standing),
            namer: engine.trumpNamer(hand)};
  });
  process.stdout.write(JSON.stringify(states) + "\\n");
});
"""


@pytest.fixture(scope="module")
def node():
    """One node process with the module loaded, for every batch of the module's tests."""
    with node_answering(RUNNER, str(MODULE)) as ask:
        yield lambda hands: ask({"messages": bid_messages(), "hands": hands})


@st.composite
def hands(draw):
    """A hand as the offline page holds it: the plain values rules.bid_inputs sends, plus who asks to bid."""
    players = draw(st.integers(2, 8))
    out = draw(st.sets(st.integers(0, players - 1), max_size=players - 2))
    dealer = draw(st.sampled_from([s for s in range(players) if s not in out]))
    cards = draw(st.integers(1, 13))
    style = draw(st.sampled_from(list(rules.BIDDING_STYLES)))
    order = rules.bidding_order(dealer, players, out)
    bids = [None] * players
    # Bids partly entered: mostly in turn, sometimes out of turn or all of them.
    for seat in draw(st.lists(st.sampled_from(order), unique=True, max_size=len(order))):
        bids[seat] = draw(st.integers(0, cards))
    complete = all(bids[s] is not None for s in order)
    tricks = None
    if complete and draw(st.booleans()):
        tricks = [None if s in out else draw(st.integers(0, cards)) for s in range(players)]
    return {
        "cards": cards,
        "dealer": dealer,
        "bids": bids,
        "out": sorted(out),
        "hook": draw(st.booleans()) and style.hook_applies,
        "hook_from": draw(st.integers(1, 8)),
        "all_at_once": style.all_at_once,
        "tricks": tricks,
        "seat": draw(st.none() | st.integers(0, players - 1)),
        "blind": draw(st.booleans()),
    }


def python_side(hand):
    state = rules.state_of_bids(**hand)
    return {
        "state": state.as_dict(),
        "said": str(state.reason_text),
        "standing": str(state.standing_text),
        "namer": rules.trump_namer(hand["dealer"], hand["bids"], hand["out"]),
    }


@settings(deadline=None)
@given(st.lists(hands(), min_size=1, max_size=40))
def test_the_javascript_engine_agrees_with_the_python_engine(node, batch):
    for hand, answer in zip(batch, node(batch), strict=True):
        assert answer == python_side(hand), hand


def test_the_hook_sentence_comes_from_the_server(node):
    # The dealer of 3 cards, the others bid 1 + 0: 2 is forbidden, said in the server's words.
    hand = {
        "cards": 3,
        "dealer": 2,
        "bids": [1, 0, None],
        "out": [],
        "hook": True,
        "hook_from": 1,
        "all_at_once": False,
        "tricks": None,
        "seat": None,
        "blind": False,
    }
    [answer] = node([hand])
    assert answer["state"]["forbidden"] == 2 and answer["state"]["allowed"] == [0, 1, 3]
    assert answer["said"] == str(rules.hook_reason(3, 2)) == python_side(hand)["said"]
    for script in (
        MODULE,
        MODULE.with_name("queue.js"),
        MODULE.with_name("queue_engine.js"),
        MODULE.with_name("offline_hand.js"),
    ):  # no copy of it
        assert "may not bid" not in script.read_text()


def test_hook_from_frees_the_dealer_in_small_hands_in_both_engines(node):
    # Dutch tables: the hook from 4 cards. In 3 cards the dealer is free; in 4 the hook bites.
    small = {
        "cards": 3,
        "dealer": 2,
        "bids": [1, 0, None],
        "out": [],
        "hook": True,
        "hook_from": 4,
        "all_at_once": False,
        "tricks": None,
        "seat": None,
        "blind": False,
    }
    large = dict(small, cards=4)
    answers = node([small, large])
    assert answers[0]["state"]["forbidden"] is None and answers[0]["state"]["hook"] is False
    assert answers[1]["state"]["forbidden"] == 3 and answers[1]["state"]["hook"] is True
    assert answers == [python_side(small), python_side(large)]
