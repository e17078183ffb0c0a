"""The offline queue's step machine (static/queue_engine.js) takes the steps the engine takes (rules.actions and
rules.step), tap after tap, as the phone applies them while the connection is gone.

Hypothesis plays games (the presets, 2 to 6 players) on the engine to some point, the page's state there
(web.offline_page.queue_state) goes to one `node` process with the taps that follow, and the JavaScript's state after
each tap must be the engine's: the step, the hand at hand, the deal coming, the deals ahead and the bid state.
"""

from pathlib import Path

import pytest
from hypothesis import assume, event, given, settings
from hypothesis import strategies as st

from scorekeeper import rules
from scorekeeper.rules import actions
from scorekeeper.rules.bids import sealed
from scorekeeper.rules.scoring.presets import PRESETS
from scorekeeper.web.offline_page import queue_state
from tests.node_lines import node_answering
from tests.examples import REQUESTS

STATIC = Path(__file__).resolve().parent.parent / "scorekeeper" / "static"
# The browser's globals for the two scripts, then one JSON line a case: the state after each of its taps.
RUNNER = """
global.window = global;
global.BidState = require(process.argv[1]);
require(process.argv[2]);
const lines = require("readline").createInterface({input: process.stdin});
lines.on("line", (line) => {
  const answers = JSON.parse(line).map(({state, taps}) => taps.map((tap) => {
    try {
      state = QueueEngine.apply(state, tap);
    } catch (error) {
      return {error: String(error)};
    }
    return {state, bids: state.hand && state.hand.bids ? QueueEngine.bidState(state) : null};
  }));
  process.stdout.write(JSON.stringify(answers) + "\\n");
});
"""
TAPS_AFTER = 10  # taps queued after the page's state, at most


@pytest.fixture(scope="module")
def node():
    with node_answering(RUNNER, str(STATIC / "bidstate.js"), str(STATIC / "queue_engine.js")) as ask:
        yield ask


def _tricks(draw, hand):
    """Tricks by seat that add up to the cards, None for the seats not dealt in."""
    left, took = hand.cards, [None] * len(hand.bids)
    order = rules.bidding_order(hand.dealer, len(hand.bids), hand.out)
    for seat in order[:-1]:
        took[seat] = draw(st.integers(0, left))
        left -= took[seat]
    took[order[-1]] = left
    return took


def _bid(draw, game, hand):
    """A bid the engine takes: the turn's (or a seat changing its bid), in range and clear of the hook."""
    state = rules.bid_state(
        game, hand, seat=draw(st.sampled_from(rules.bidding_order(hand.dealer, len(hand.bids), hand.out)))
    )
    tap = {"action": "bid", "seat": state.seat, "bid": draw(st.sampled_from(state.allowed))}
    if state.seat in actions.blind_offers(game) and draw(st.booleans()):  # 20 or more behind, before anyone bids
        tap.update(blind=True, bid=draw(st.integers(0, hand.cards)))
    return tap


def _reveal(draw, game, hand):
    """Every bid of the hand together (the scorekeeper's screen); cooperative bids add up to the cards."""
    order = rules.bidding_order(hand.dealer, len(hand.bids), hand.out)
    bids = {seat: draw(st.integers(0, hand.cards)) for seat in order}
    if game.rules.style.bids_must_sum_to_cards and draw(st.booleans()):
        bids = dict.fromkeys(order, 0) | {order[0]: hand.cards}
    return {"action": "reveal", "bids": {str(seat): bid for seat, bid in bids.items()}}


def _tap(draw, game):
    """One tap the table could make now, or None when the game is over."""
    step = rules.step(game)
    hand = actions.current_hand(game)
    if step == "over":
        return None
    if step == "deal":
        tap = {"action": "deal"}
        if draw(st.booleans()):
            tap["trump"] = draw(st.sampled_from(rules.TRUMPS))
        if draw(st.integers(0, 4)) == 0:  # the dealer deals another size than the plan's
            tap["cards"] = draw(st.integers(1, 8))
        return tap
    if step == "bids":
        return (_reveal if game.rules.style.all_at_once else _bid)(draw, game, hand)
    if step == "trump":
        return {"action": "trump", "trump": draw(st.sampled_from(rules.TRUMPS))}
    return {"action": "tricks", "tricks": _tricks(draw, hand)}


def engine_apply(game, tap):
    """The engine's outcome of a tap (what taps/actions.py calls), or None when it refuses it."""
    try:
        if tap["action"] == "deal":
            return actions.deal(game, tap.get("cards"), tap.get("trump")).game
        if tap["action"] == "bid":
            return actions.bid(game, tap["seat"], tap["bid"], tap.get("blind", False)).game
        if tap["action"] == "reveal":
            return sealed.reveal(game, {}, {int(seat): bid for seat, bid in tap["bids"].items()}).game
        if tap["action"] == "trump":
            return actions.name_trump(game, tap["trump"]).game
        return actions.record_tricks(game, tap["tricks"]).game
    except rules.RecordError:
        return None


@st.composite
def queued_games(draw):
    """(the page's state, the taps queued after it, the engine's game after each tap)."""
    preset = draw(st.sampled_from(list(PRESETS.keys())))
    players = draw(st.integers(2, 6))
    record = {"players": [f"P{seat}" for seat in range(players)], "hands": []}
    chosen = dict(
        PRESETS[preset].rules, deals=dict(PRESETS[preset].rules.get("deals", {}), max=draw(st.integers(1, 6)))
    )
    if draw(st.integers(0, 2)) == 0:  # the bids all at once (simultaneous, cooperative) now and then
        chosen.update(bidding=draw(st.sampled_from(rules.BIDDING_STYLES.ids())))
    record["rules"] = chosen
    try:
        game = rules.load(record, new=True)
    except rules.RecordError:  # a preset's deals that do not fit so many players
        assume(False)
    for _ in range(draw(st.integers(0, 30))):  # played online, before the connection went
        tap = _tap(draw, game)
        after = tap and engine_apply(game, tap)
        if after is None:
            break
        game = after
    page, taps, games = queue_state(game), [], []
    while len(taps) < TAPS_AFTER:
        tap = _tap(draw, game)
        after = tap and engine_apply(game, tap)
        if after is None:
            break
        taps.append(tap)
        games.append(game := after)
        event(tap["action"] + (" blind" if tap.get("blind") else "") + (" sized" if "cards" in tap else ""))
    return page, taps, games


def expected(game):
    """What the page's state would be after the tap, loaded afresh from the server."""
    state = queue_state(game)
    hand = actions.current_hand(game)
    return state, rules.bid_state(game, hand).as_dict() if hand else None


def compare(step, game):
    """The JavaScript's state after a tap against the engine's; False once the phone can go no further."""
    assert "error" not in step
    js, bids = step["state"], step["bids"]
    state, bid_state = expected(game)
    if js["step"] == "recorded":
        # The hand is recorded and the next deal depends on it (or the game is over): the phone waits for the
        # server, and the page it loads then shows the engine's step.
        assert state["step"] in ("deal", "over") and js["finished"] == state["finished"]
        return False
    for name in ("step", "number", "finished"):
        assert js[name] == state[name], name
    if state["step"] == "deal":  # the deal coming (a phone in the middle of a hand still holds the one it dealt)
        assert js["next"] == state["next"]
    if state["hand"] is None:
        assert js["hand"] is None
    else:
        assert {name: js["hand"][name] for name in state["hand"]} == state["hand"]
        assert bids == bid_state
    # The phone knows fewer deals ahead as it plays them; the ones it knows are the engine's.
    assert js["ahead"] == state["ahead"][: len(js["ahead"])]
    return True


@settings(max_examples=REQUESTS, deadline=None)
@given(st.lists(queued_games(), min_size=1, max_size=8))
def test_the_queue_engine_takes_the_engines_steps(node, batch):
    answers = node([{"state": page, "taps": taps} for page, taps, _ in batch])
    for (_, _, games), steps in zip(batch, answers, strict=True):
        for game, step in zip(games, steps, strict=True):
            if not compare(step, game):
                break


def play(game, *taps):
    for tap in taps:
        game = engine_apply(game, tap)
        assert game is not None, tap
    return game


def test_a_dealers_blind_bid_the_hook_forbids_moves_on_the_phone_as_on_the_server(node):
    # Prospect (003): Cy misses twice and is 29 behind; dealing the third hand (8 cards) Cy bids 2 blind, before
    # anyone looks; Ann and Bob bid 3 and 3, so the hook forbids Cy's 2, and it becomes 3.
    game = rules.load({"players": ["Ann", "Bob", "Cy"], "rules": PRESETS["prospect"].rules, "hands": []}, new=True)
    bid = lambda seat, amount, **more: {"action": "bid", "seat": seat, "bid": amount, **more}  # noqa: E731
    game = play(
        game,
        {"action": "deal", "trump": "hearts"},
        bid(1, 5),
        bid(2, 4),
        bid(0, 2),
        {"action": "tricks", "tricks": [2, 5, 3]},
        {"action": "deal", "trump": "hearts"},
        bid(2, 0),
        bid(0, 4),
        bid(1, 4),
        {"action": "tricks", "tricks": [4, 4, 1]},
        {"action": "deal", "trump": "hearts"},
    )
    assert 2 in actions.blind_offers(game)
    page, taps, games = queue_state(game), [bid(2, 2, blind=True), bid(0, 3), bid(1, 3)], []
    for tap in taps:
        games.append(game := play(game, tap))
    assert game.hands[-1].bids == [3, 3, 3]
    [steps] = node([{"state": page, "taps": taps}])
    for step, after in zip(steps, games, strict=True):
        compare(step, after)
