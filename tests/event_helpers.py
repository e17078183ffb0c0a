"""Tables played through the engine's actions with random legal hands, and an independent reading of
RULES.md's tournament rules to check the engine's events against (tests/test_events.py, test_events_web.py)."""

import hashlib
import json
import itertools
import random

import pytest

from scorekeeper import rules
from scorekeeper.rules import actions, events


def _split(rng, cards, seats):
    """A random split of `cards` tricks among `seats`: {seat: tricks}."""
    cuts = sorted(rng.randint(0, cards) for _ in range(len(seats) - 1))
    bounds = [0, *cuts, cards]
    return {seat: bounds[i + 1] - bounds[i] for i, seat in enumerate(seats)}


def play_table(seats, table_rules, rng, alike=(), miss=False, start=None, tap=None):
    """Play a whole game through rules.actions (deal, blind and open bids, trump, tricks) and return its record.

    Hands are random and legal. The seats in `alike` bid and take the same every hand, so they finish
    level: a tie that a cut must break; with `miss` they miss every bid (exact scoring: they end on 0).
    Eligible players sometimes bid blind where the rules allow it. `start`: the game record to play from
    (a stored game's); `tap(action, **fields)`: called with every action as the actions API takes it, so a
    test can play the same hands through the web app.
    """
    tap = tap or (lambda action, **fields: None)
    game = rules.load(start or {"players": list(seats), "rules": table_rules, "hands": []})
    n = len(seats)
    alike = list(alike)
    others = [seat for seat in range(n) if seat not in alike]
    while actions.step(game) != "over":
        trump = rng.choice(rules.TRUMPS)
        game = actions.deal(game, trump=trump).game
        tap("deal", trump=trump)
        hand = game.hands[-1]
        cards, dealer = hand.cards, hand.dealer
        each = rng.randint(0, cards // max(len(alike), 1)) if alike else 0
        tricks = {seat: each for seat in alike}
        tricks.update(_split(rng, cards - each * len(alike), others))
        bids = {seat: rng.randint(0, cards) for seat in others}
        alike_bid = (
            each
            if rng.random() < 0.6 and not miss
            else rng.choice([b for b in range(cards + 1) if b != each] or [each])
        )
        bids.update({seat: alike_bid for seat in alike})
        if sum(bids.values()) == cards:  # the hook: a non-alike player bids one more or one fewer
            seat = others[0]
            bids[seat] += 1 if bids[seat] < cards else -1
        blind = [
            seat for seat in actions.blind_offers(game) if seat not in alike and seat != dealer and rng.random() < 0.4
        ]
        for seat in blind:
            game = actions.bid(game, seat, bids[seat], blind=True).game
            tap("bid", seat=seat, bid=bids[seat], blind=True)
        for seat in rules.bidding_order(dealer, n):
            if seat not in blind:
                game = actions.bid(game, seat, bids[seat]).game
                tap("bid", seat=seat, bid=bids[seat])
        if actions.step(game) == "trump":
            named = rng.choice(rules.TRUMPS)
            game = actions.name_trump(game, named).game
            tap("trump", trump=named)
        game = actions.record_tricks(game, [tricks[seat] for seat in range(n)]).game
        tap("tricks", tricks=[tricks[seat] for seat in range(n)])
    return rules.dump(game)


def post_table(request, base, game_id, key, rng):
    """A whole table of a live server: its hands worked out by the engine from the stored game, posted hand by hand
    through the actions API (Playwright's `request`; a tap at a time is tests/test_events_web.py's)."""
    start = request.get(f"{base}/api/games/{game_id}/export").json()
    record = play_table(start["players"], None, rng, start=start)
    headers = {"Authorization": f"Bearer {key}", "Content-Type": "application/json"}
    for hand in record["hands"]:
        answer = request.post(f"{base}/api/games/{game_id}/hands", data=json.dumps(hand), headers=headers)
        assert answer.status == 201, answer.text()


def play_event(fmt, players, seed, table_play, rules=None, options=None):
    """Play a whole event through the director's actions (new_event, start_round, set_table_record):
    each table's game through the table's actions. `table_play(round, table)` says which seats play alike."""
    rng = random.Random(seed)
    record = events.new_event(f"{fmt} test", fmt, players, seed, rules, options).record
    record = events.start_round(record).record
    while True:
        event = events.load_event(record)
        index = len(record["rounds"]) - 1
        for j, table in enumerate(record["rounds"][index]["tables"]):
            game = play_table(table["seats"], event.table_rules, rng, **table_play(index, j))
            record = events.set_table_record(record, index, j, game).record
        if events.score_event(record)["champion"] is not None:
            return record
        record = events.start_round(record).record


# ---- an independent reading of RULES.md "Tournaments (events)" -------------------------------------


def lot_position(seed, name):
    """docs/events.md: the lot orders players by the SHA-256 of "{seed}:lot:{name}", smallest first."""
    return hashlib.sha256(f"{seed}:lot:{name}".encode()).hexdigest()


def results_of(record):
    """{name: (total, bids made)} of a finished game: the total from the engine's game scoring, the bids made
    counted from the record (hands where the tricks taken equal the bid)."""
    totals = rules.score(rules.load(record))["totals"]
    return {
        name: (totals[seat], sum(1 for hand in record["hands"] if hand["tricks"][seat] == hand["bids"][seat]))
        for seat, name in enumerate(record["players"])
    }


def reading_order(names, results, previous, seed, lowest=False):
    """RULES.md's order at a line: the better total (the game's places: higher, or lower where the lowest wins),
    then more bids made in the round, then the better total in the previous round (none counts below any),
    then the drawn lot."""
    sign = 1 if lowest else -1

    def key(name):
        total, made = results[name]
        before = previous.get(name)
        return (sign * total, -made, (0, sign * before) if before is not None else (1, 0), lot_position(seed, name))

    return sorted(names, key=key)


def reading_tie(order, keep, results, previous, seed):
    """The tie at the line after the first `keep` of `order`, as (group, broken_by), or None."""
    if not 0 < keep < len(order):
        return None
    inside, outside = order[keep - 1], order[keep]
    if results[inside][0] != results[outside][0]:
        return None
    group = [name for name in order if results[name][0] == results[inside][0]]
    if results[inside][1] != results[outside][1]:
        return group, "bids_made"
    if previous.get(inside) != previous.get(outside):
        return group, "previous_total"
    return group, "lot"


def reading_points(totals, lowest=False):
    """Placement points at a table of k: 1st k - 1 ... last 0, tied players share the average."""
    k = len(totals)
    points = []
    for total in totals:
        better = sum((other < total) if lowest else (other > total) for other in totals)
        level = sum(other == total for other in totals)
        points.append(sum(k - 1 - place for place in range(better, better + level)) / level)
    return points


# ---- the checks of a played event against that reading --------------------------------------------------


def table_games(rounds):
    """Every table's game record, round by round."""
    return [table["record"] for rnd in rounds for table in rnd["tables"]]


def round_results(rnd):
    results = {}
    for table in rnd["tables"]:
        results.update(results_of(table["record"]))
    return results


def check_round(scored_round, stored_round, advanced, eliminated, ties, is_last):
    assert scored_round["advanced"] == advanced
    assert scored_round["eliminated"] == eliminated
    assert [(tie["players"], tie["broken_by"]) for tie in scored_round["ties"]] == ties
    if not is_last:  # start_round wrote down what it confirmed
        assert stored_round["advanced"] == advanced and stored_round["eliminated"] == eliminated


def check_tie_wording(tie, results, previous, seed, verb):
    """RULES.md: a tie-break is worded for people, e.g. "Di goes on: 3 bids made to Cy's 2"."""
    words = str(tie["text"])
    better = words.split(f" {verb}: ")[0]
    assert better in tie["players"]
    worse = tie["players"][tie["players"].index(better) + 1]
    if tie["broken_by"] == "bids_made":
        assert words == f"{better} {verb}: {results[better][1]} bids made to {worse}'s {results[worse][1]}"
    elif tie["broken_by"] == "previous_total":
        assert (
            words == f"{better} {verb}: {previous[better]} points in the previous round to {worse}'s {previous[worse]}"
        )
    else:
        assert tie["broken_by"] == "lot" and "by lot" in words


def check_standings(record, scored):
    """Room standings: placement points, then the sum of game totals, then bids made (then the lot)."""
    rows = {}
    for rnd in record["rounds"]:
        for table in rnd["tables"]:
            results = results_of(table["record"])
            totals = [results[name][0] for name in table["seats"]]
            for name, points in zip(table["seats"], reading_points(totals)):
                row = rows.setdefault(name, [0, 0, 0])
                row[0] += points
                row[1] += results[name][0]
                row[2] += results[name][1]
    order = sorted(
        rows, key=lambda name: (-rows[name][0], -rows[name][1], -rows[name][2], lot_position(record["seed"], name))
    )
    assert [row["player"] for row in scored["standings"]] == order
    for row in scored["standings"]:
        assert [row["points"], row["total"], row["bids_made"]] == pytest.approx(rows[row["player"]])


def cartier_play(index, table):
    # Three seats level at every other table: a tie at the line that the cut must break, every round.
    return {"alike": (0, 1, 2)} if table % 2 == 0 else {}


def check_cartier_rounds(rounds, scored, seed):
    """Check each round of a 3-round Cartier event (RULES.md 003); return each round's table winners and the
    tie-breaks seen."""
    previous, seen_breaks = {}, set()
    winners_of_round = []
    for index, (rnd, scored_round) in enumerate(zip(rounds, scored["rounds"])):
        results = round_results(rnd)
        advanced, eliminated, ties, winners = [], [], [], []
        keep = 1 if index == 1 else 2  # the winner and runner-up of each first-round table, then each winner
        for table in rnd["tables"]:
            order = reading_order(table["seats"], results, previous, seed)
            winners.append(order[0])
            tie = reading_tie(order, 1 if index == 2 else keep, results, previous, seed)
            ties += [tie] if tie else []
            if index < 2:
                advanced += order[:keep]
                eliminated += order[keep:]
        check_round(scored_round, rnd, advanced, eliminated, ties, index == 2)
        for tie in scored_round["ties"]:
            check_tie_wording(tie, results, previous, seed, "wins" if index == 2 else "goes on")
            seen_breaks.add(tie["broken_by"])
        winners_of_round.append(winners)
        previous = {name: total for name, (total, _made) in results.items()}
    return winners_of_round, seen_breaks


def wpohl_play(index, table):
    # The last two tables of the first rounds each have three players who miss every bid: six level at 0
    # at the bottom of the room, so the elimination line cuts through a tie.
    if index <= 1 and table >= 2:
        return {"alike": (0, 1, 2), "miss": True}
    return {}


def check_wpohl_rounds(rounds, scored, seed):
    """Check each round of a WPOHL event (RULES.md 003): the lowest in the room out; return the tie-breaks seen."""
    previous, seen_breaks, out = {}, set(), set()
    for index, (rnd, scored_round) in enumerate(zip(rounds, scored["rounds"])):
        results = round_results(rnd)
        seated = [name for table in rnd["tables"] for name in table["seats"]]
        assert not out & set(seated)
        order = reading_order(seated, results, previous, seed)
        if index == len(rounds) - 1:
            tie = reading_tie(order, 1, results, previous, seed)
            check_round(scored_round, rnd, [], [], [tie] if tie else [], True)
            assert scored["champion"] == order[0]
        else:
            # The 5 lowest totals in the room (10 when more than 25 play), never leaving fewer than 5.
            dropping = min(10 if len(seated) > 25 else 5, len(seated) - 5)
            keep = len(seated) - dropping
            tie = reading_tie(order, keep, results, previous, seed)
            check_round(scored_round, rnd, order[:keep], order[keep:], [tie] if tie else [], False)
            assert sorted(itertools.chain(*(t["seats"] for t in rounds[index + 1]["tables"]))) == sorted(order[:keep])
            out |= set(order[keep:])
        for tie in scored_round["ties"]:
            check_tie_wording(tie, results, previous, seed, "wins" if index == len(rounds) - 1 else "goes on")
            seen_breaks.add(tie["broken_by"])
        previous = {name: total for name, (total, _made) in results.items()}
    return seen_breaks
