"""Hypothesis strategies for the property tests: legal games of any size, bids and tricks that add up."""

from hypothesis import strategies as st

from scorekeeper import rules


NAMES = ["Ann", "Bob", "Cy", "Di", "Ed", "Flo", "Gus"]


@st.composite
def tricks_summing_to(draw, cards, players):
    """A random split of `cards` tricks among `players`."""
    cuts = sorted(draw(st.lists(st.integers(0, cards), min_size=players - 1, max_size=players - 1)))
    bounds = [0, *cuts, cards]
    return [bounds[i + 1] - bounds[i] for i in range(players)]


@st.composite
def legal_games(draw):
    """A random legal record: bids made in turn through allowed_bids, so the hook is obeyed."""
    n = draw(st.integers(3, 7))
    pattern = draw(st.sampled_from(["down-up", "up-down", "up", "down", "odd-up-down"]))
    system = draw(st.sampled_from(rules.SYSTEMS.ids()))
    # Stackpot pays points out as money: a lowest-wins system is refused with it (rule-decisions.md).
    settlement = draw(
        st.sampled_from(
            [
                entry.id
                for entry in rules.SETTLEMENTS
                if not (entry.needs_highest_wins and rules.SYSTEMS.find(system).lowest_wins)
            ]
        )
    )
    record = {
        "players": NAMES[:n],
        "rules": {
            "scoring": system,
            "deals": {"pattern": pattern, "max": draw(st.integers(1, 52 // n - 1))},
            "stake": draw(st.sampled_from([0, 0.1, 0.25, 1, 2.5])),
            "settlement": settlement,
            "modifiers": draw(st.lists(st.sampled_from(["spades_double", "no_trump_doubles"]), unique=True)),
        },
        "hands": [],
    }
    game = rules.load(record)
    for _ in range(draw(st.integers(0, len(game.plan())))):
        upcoming = rules.next_hand(game)
        if upcoming is None:
            break
        cards, dealer = upcoming["cards"], upcoming["dealer"]
        bids = [None] * n
        for seat in rules.bidding_order(dealer, n):
            bids[seat] = draw(st.sampled_from(rules.allowed_bids(cards, seat, dealer, bids)))
        record["hands"].append(
            {
                "cards": cards,
                "dealer": dealer,
                "bids": bids,
                "trump": draw(st.sampled_from(rules.TRUMPS)),
                "tricks": draw(tricks_summing_to(cards, n)),
            }
        )
        game = rules.load(record)
    return record
