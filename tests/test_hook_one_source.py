"""The hook has one check (rules.bids.bidding.hooked_bid) and one sentence (rules.hook_reason): the engine refusing a
dealer's bid, the record refusing it on load and the bid screen striking it out always agree, word for word."""

from hypothesis import event, given, settings
from hypothesis import strategies as st

from scorekeeper import rules
from scorekeeper.rules import RecordError, actions


@st.composite
def dealers_turns(draw):
    """A hand at the dealer's turn: every other player dealt in has bid; the hook on or off, from some size."""
    players = draw(st.integers(2, 6))
    out = draw(st.sets(st.integers(0, players - 1), max_size=players - 2))
    dealer = draw(st.sampled_from([s for s in range(players) if s not in out]))
    cards = draw(st.integers(1, min(8, 52 // (players - len(out)))))
    bids = [None if s in out or s == dealer else draw(st.integers(0, cards)) for s in range(players)]
    record = {
        "players": [f"P{s}" for s in range(players)],
        "rules": {"hook": draw(st.booleans()), "hook_from": draw(st.integers(1, 6))},
        "hands": [{"cards": cards, "dealer": dealer, "out": sorted(out), "bids": bids, "trump": "hearts"}],
    }
    even = min(max(cards - sum(b for b in bids if b is not None), 0), cards)  # the bid that makes it even, in range
    return record, draw(st.integers(0, cards) | st.just(even))


def refusal(attempt):
    try:
        attempt()
    except RecordError as error:
        return error.path, error.message
    return None


@settings(deadline=None)
@given(dealers_turns())
def test_the_engine_the_record_and_the_bid_screen_agree_on_the_hook(case):
    record, amount = case
    game = rules.load(record)
    hand = game.hands[-1]
    state = rules.bid_state(game, hand)
    assert state.seat == hand.dealer
    struck = rules.bids.bidding.hooked_bid(hand.cards, hand.dealer, hand.bids, hand.out, game.rules.hook_in(hand.cards))
    assert state.forbidden == struck
    made = {
        **record,
        "hands": [{**record["hands"][0], "bids": [amount if s == hand.dealer else b for s, b in enumerate(hand.bids)]}],
    }
    by_engine = refusal(lambda: actions.bid(record, hand.dealer, amount))
    on_load = refusal(lambda: rules.load(made))
    if amount in state.allowed:
        assert by_engine is None and on_load is None
    else:
        event("refused")
        assert amount == struck
        assert by_engine == on_load == (f"hands[0].bids[{hand.dealer}]", state.reason_text)
        assert state.reason_text == rules.hook_reason(hand.cards, amount)
