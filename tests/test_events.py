"""Tournaments played end to end through the engine's API (rules.events), with random legal hands at every
table, and every advancement, elimination, tie-break, seating and standing checked against an independent
reading of RULES.md "Tournaments (events)" (tests/event_helpers.py), never against the engine's own functions."""

import copy
import itertools
import json
import random

import pytest
from hypothesis import given, settings, strategies as st

from scorekeeper.rules import RecordError, events
from scorekeeper.rules.events import draw
from scorekeeper.text.words import worded
from tests.event_helpers import (
    cartier_play,
    check_cartier_rounds,
    check_standings,
    check_wpohl_rounds,
    lot_position,
    play_event,
    play_table,
    reading_order,
    reading_points,
    results_of,
    table_games,
    wpohl_play,
)


# ---- Cartier: 32 players, 8 tables, then 4, then the final of 4 (003) ---------------------------------------


@pytest.mark.parametrize("seed", ["cartier-1995", "cartier-2026"])
def test_a_32_player_cartier_event_end_to_end(seed):
    players = [f"Player {n:02}" for n in range(1, 33)]
    record = play_event("cartier", players, seed, cartier_play)
    scored = events.score_event(record)
    rounds = record["rounds"]
    assert [[len(t["seats"]) for t in rnd["tables"]] for rnd in rounds] == [[4] * 8, [4] * 4, [4]]
    assert sorted(itertools.chain(*(t["seats"] for t in rounds[0]["tables"]))) == players
    # Every table plays Cartier's game: 23 hands 13..2..13, the highest bidder names trump, two decks.
    for game in table_games(rounds):
        assert [hand["cards"] for hand in game["hands"]] == list(range(13, 1, -1)) + list(range(3, 14))
        assert game["rules"]["trump"] == "highest_bidder" and game["rules"]["deals"]["decks"] == 2
    winners_of_round, seen_breaks = check_cartier_rounds(rounds, scored, seed)
    # Round 2: winners and runners-up split (two of each a table), first-round tablemates kept apart.
    first_tables = [set(t["seats"]) for t in rounds[0]["tables"]]
    for table in rounds[1]["tables"]:
        assert len(set(table["seats"]) & set(winners_of_round[0])) == 2
        for a, b in itertools.combinations(table["seats"], 2):
            assert not any({a, b} <= old for old in first_tables), (a, b)
    # The final: each second-round table's winner; its winner is the champion.
    assert sorted(rounds[2]["tables"][0]["seats"]) == sorted(winners_of_round[1])
    assert scored["champion"] == winners_of_round[2][0]
    assert scored["next"] is None
    assert {"lot", "previous_total"} <= seen_breaks
    check_standings(record, scored)


# ---- WPOHL: Prospect rules, tables of 5, the lowest in the room eliminated each round (003) -------------------


@pytest.mark.parametrize("seed", ["rehoboth-2013", "montrose"])
def test_a_23_player_wpohl_event_end_to_end(seed):
    players = [f"Player {n:02}" for n in range(1, 24)]
    record = play_event("wpohl", players, seed, wpohl_play)
    scored = events.score_event(record)
    rounds = record["rounds"]
    # 23 -> 18 -> 13 -> 8 -> 5: five eliminated each round, never leaving fewer than 5; tables as equal as
    # possible, of 5 and the rest of 4 (docs/events.md).
    assert [[len(t["seats"]) for t in rnd["tables"]] for rnd in rounds] == [
        [5, 5, 5, 4, 4],
        [5, 5, 4, 4],
        [5, 4, 4],
        [4, 4],
        [5],
    ]
    for game in table_games(rounds):
        assert [hand["cards"] for hand in game["hands"]] == list(range(10, 0, -1)) + list(range(2, 11))
        assert "blind" in game["rules"]["modifiers"]
    assert any(hand.get("blind") for game in table_games(rounds) for hand in game["hands"])
    seen_breaks = check_wpohl_rounds(rounds, scored, seed)
    assert {"lot", "previous_total"} <= seen_breaks
    check_standings(record, scored)


# ---- rounds: qualifying rounds drawn afresh, placement points, a final table --------------------------------

SHORT = {"scoring": "exact", "deals": {"pattern": "custom", "sizes": [3, 2, 1, 2]}}


def test_a_rounds_event_qualifies_by_placement_points_and_keeps_opponents_apart():
    players = [f"P{n}" for n in range(1, 17)]
    record = play_event(
        "rounds",
        players,
        "wizard",
        lambda i, t: {"alike": (0, 1)} if t == 0 else {},
        rules=SHORT,
        options={"rounds": 2},
    )
    scored = events.score_event(record)
    rounds = record["rounds"]
    assert [[len(t["seats"]) for t in rnd["tables"]] for rnd in rounds] == [[4] * 4, [4] * 4, [4]]
    # Round 2 is drawn afresh: 16 players at 4 tables of 4 can all meet new opponents, and do.
    met = {frozenset(pair) for t in rounds[0]["tables"] for pair in itertools.combinations(t["seats"], 2)}
    assert not any(
        frozenset(pair) in met for t in rounds[1]["tables"] for pair in itertools.combinations(t["seats"], 2)
    )
    for rnd, scored_round in zip(rounds, scored["rounds"]):
        for table, scored_table in zip(rnd["tables"], scored_round["tables"]):
            results = results_of(table["record"])
            assert scored_table["points"] == pytest.approx(reading_points([results[n][0] for n in table["seats"]]))
    assert scored["rounds"][0]["advanced"] == [n for t in rounds[0]["tables"] for n in t["seats"]]
    # After the last qualifying round the top 4 of the standings (points, total, bids made, lot) play the final.
    standing = {}
    for rnd in rounds[:2]:
        for table in rnd["tables"]:
            results = results_of(table["record"])
            for name, points in zip(table["seats"], reading_points([results[n][0] for n in table["seats"]])):
                row = standing.setdefault(name, [0, 0, 0])
                row[0], row[1], row[2] = row[0] + points, row[1] + results[name][0], row[2] + results[name][1]
    order = sorted(
        standing, key=lambda n: (-standing[n][0], -standing[n][1], -standing[n][2], lot_position("wizard", n))
    )
    assert scored["rounds"][1]["advanced"] == order[:4]
    assert sorted(rounds[2]["tables"][0]["seats"]) == sorted(order[:4])
    check_standings(record, scored)


def test_where_the_lowest_total_wins_places_points_and_the_cut_read_its_way():
    """Negative (golf) scoring: the lowest total is 1st at its table, and the room's best go to the final."""
    golf = dict(SHORT, scoring="negative")
    players = [f"P{n}" for n in range(1, 13)]
    record = play_event("rounds", players, "golf", lambda i, t: {}, rules=golf, options={"rounds": 1})
    scored = events.score_event(record)
    standing = {}
    for table, scored_table in zip(record["rounds"][0]["tables"], scored["rounds"][0]["tables"]):
        results = results_of(table["record"])
        points = reading_points([results[n][0] for n in table["seats"]], lowest=True)
        assert scored_table["points"] == pytest.approx(points)
        for name, got in zip(table["seats"], points):
            standing[name] = (got, results[name][0], results[name][1])
    order = sorted(standing, key=lambda n: (-standing[n][0], standing[n][1], -standing[n][2], lot_position("golf", n)))
    assert scored["rounds"][0]["advanced"] == order[:4]
    final = record["rounds"][1]["tables"][0]
    results = results_of(final["record"])
    champion = reading_order(final["seats"], results, {n: standing[n][1] for n in final["seats"]}, "golf", lowest=True)[
        0
    ]
    assert scored["champion"] == champion


# ---- tie-breaks, crafted -------------------------------------------------------------------------------------


def scripted_game(seats, table_rules, script):
    """A game played through the actions with each hand's bids and tricks given by script(number, cards)."""
    from scorekeeper import rules
    from scorekeeper.rules import actions

    game = rules.load({"players": seats, "rules": table_rules, "hands": []})
    while actions.step(game) != "over":
        game = actions.deal(game, trump="hearts").game
        hand = game.hands[-1]
        bids, tricks = script(len(game.hands), hand.cards)
        for seat in rules.bidding_order(hand.dealer, len(seats)):
            game = actions.bid(game, seat, bids[seat]).game
        game = actions.record_tricks(game, tricks).game
    return rules.dump(game)


def level_at_20(number, cards):
    """X (seat 0) makes two zero bids (10 + 10), Y (seat 1) one bid of 10 (20): level on 20, X with more
    bids made; C (seat 2) takes every other trick and makes the rest of its bids."""
    if number == 1:
        return [0, 10, 1], [0, 10, 0]
    if number == 2:
        return [0, 1, cards], [0, 0, cards]
    return [1, 1, cards], [0, 0, cards]


def high_table(number, cards):
    """Everyone well above 20: D takes and makes every trick but one; E and F take turns making a zero bid."""
    zero, one = (1, 2) if number % 2 else (2, 1)
    bids, tricks = [cards, 0, 0], [cards, 0, 0]
    bids[one] = 1
    return bids, tricks


def test_a_tie_at_the_elimination_line_goes_first_to_more_bids_made():
    record = events.new_event("crafted", "wpohl", ["X", "Y", "C", "D", "E", "F"], "s").record
    record["rounds"] = [{"tables": [{"seats": ["X", "Y", "C"]}, {"seats": ["D", "E", "F"]}]}]
    rules_ = events.load_event(record).table_rules
    record["rounds"][0]["tables"][0]["record"] = scripted_game(["X", "Y", "C"], rules_, level_at_20)
    record["rounds"][0]["tables"][1]["record"] = scripted_game(["D", "E", "F"], rules_, high_table)
    scored = events.score_event(record)
    totals = dict(zip(["X", "Y", "C"], scored["rounds"][0]["tables"][0]["totals"]))
    assert totals["X"] == totals["Y"] == 20
    first = scored["rounds"][0]
    # 6 play: one is eliminated (never fewer than 5 left); X and Y are level at the bottom.
    assert first["eliminated"] == ["Y"]
    assert worded(first["ties"]) == [
        {"players": ["X", "Y"], "broken_by": "bids_made", "text": "X goes on: 2 bids made to Y's 1"}
    ]
    assert scored["next"]["final"] and sorted(scored["next"]["tables"][0]["seats"]) == ["C", "D", "E", "F", "X"]
    # Had X withdrawn, the cut is made among the other five: never fewer than 5, so nobody else goes out.
    withdrawn = events.score_event(events.withdraw_player(record, "X").record)
    assert withdrawn["rounds"][0]["eliminated"] == [] and withdrawn["rounds"][0]["withdrawn"] == ["X"]
    assert sorted(withdrawn["next"]["tables"][0]["seats"]) == ["C", "D", "E", "F", "Y"]


def test_placement_points_share_the_average_of_tied_places():
    assert events.placement_points([1, 2, 3, 4]) == [3, 2, 1, 0]
    assert events.placement_points([1, 2, 2, 4]) == [3, 1.5, 1.5, 0]
    assert events.placement_points([1, 1, 1, 4, 5]) == [3, 3, 3, 1, 0]


# ---- the draw ------------------------------------------------------------------------------------------------


@settings(deadline=None)
@given(st.integers(3, 500), st.integers(3, 7))
def test_tables_are_as_equal_as_possible_and_never_fewer_than_3(players, size):
    sizes = events.table_sizes(players, size)
    assert sum(sizes) == players and max(sizes) - min(sizes) <= 1
    fits = any(3 * tables <= players <= size * tables for tables in range(1, players + 1))
    # A table over the format's size only when no split into tables of 3..size exists (7 at tables of 3: 4 + 3).
    assert max(sizes) <= size or not fits
    if len(sizes) > 1:
        assert min(sizes) >= 3
    else:  # one table only when the players cannot make two of 3
        assert players <= size or players < 6


def test_the_same_seed_draws_the_same_tables_and_the_draw_is_the_documented_one():
    players = [f"P{n}" for n in range(20)]
    first = events.new_event("a", "rounds", players, "seed-7").record
    again = events.new_event("b", "rounds", list(players), "seed-7").record
    other = events.new_event("c", "rounds", players, "seed-8").record
    draw_of = lambda record: events.score_event(record)["next"]["tables"]  # noqa: E731
    assert draw_of(first) == draw_of(again) != draw_of(other)
    # docs/events.md: round n is drawn from random.Random(f"{seed}:{n}").
    expected = draw.draw([players], [4] * 5, random.Random("seed-7:1"))
    assert [t["seats"] for t in draw_of(first)] == expected


# ---- the director ---------------------------------------------------------------------------------------------


def twelve(**options):
    record = events.new_event(
        "club night", "rounds", [f"P{n}" for n in range(1, 13)], "night", SHORT, options or {"rounds": 1}
    ).record
    return events.start_round(record).record


def test_the_director_swaps_two_players_before_their_tables_start():
    record = twelve()
    a, b = record["rounds"][0]["tables"][0]["seats"][0], record["rounds"][0]["tables"][1]["seats"][0]
    outcome = events.swap_players(record, a, b)
    tables = outcome.record["rounds"][0]["tables"]
    assert tables[0]["seats"][0] == b and tables[1]["seats"][0] == a
    assert outcome.log == ("swap", {"round": 1, "players": [a, b]})
    assert record["rounds"][0]["tables"][0]["seats"][0] == a  # the record given is never changed
    started = events.load_event(outcome.record).table_rules
    game = play_table(tables[0]["seats"], started, random.Random(1))
    game["hands"] = game["hands"][:1]
    record = events.set_table_record(outcome.record, 0, 0, game).record
    with pytest.raises(RecordError, match="Table 1 has started"):
        events.swap_players(record, b, a)


def test_a_late_player_joins_a_table_not_yet_started():
    record = twelve()
    outcome = events.add_late_player(record, "Latecomer", 2)
    assert outcome.record["players"][-1] == "Latecomer"
    assert outcome.record["rounds"][0]["tables"][2]["seats"][-1] == "Latecomer"
    assert outcome.log == ("late", {"round": 1, "table": 2, "player": "Latecomer"})
    with pytest.raises(RecordError, match="already seated at table 3"):
        events.add_late_player(outcome.record, "latecomer", 1)
    # A WPOHL table of 5 is full: 6 players cannot be dealt 10 cards each from one deck.
    wpohl = events.start_round(events.new_event("w", "wpohl", [f"P{n}" for n in range(10)], "w").record).record
    with pytest.raises(RecordError, match="Table 1 cannot take another player") as refused:
        events.add_late_player(wpohl, "Latecomer", 0)
    assert refused.value.path == "rounds[0].tables[0].seats"


def test_a_withdrawn_player_leaves_from_the_next_round_and_the_next_at_the_table_goes_on():
    players = [f"P{n}" for n in range(1, 9)]
    record = events.start_round(events.new_event("w", "cartier", players, "w").record).record
    rules_ = events.load_event(record).table_rules
    rng = random.Random(3)
    for j, table in enumerate(record["rounds"][0]["tables"]):
        record = events.set_table_record(record, 0, j, play_table(table["seats"], rules_, rng)).record
    scored = events.score_event(record)
    goer = scored["rounds"][0]["advanced"][0]
    table = next(t for t in record["rounds"][0]["tables"] if goer in t["seats"])
    outcome = events.withdraw_player(record, goer)
    assert outcome.record["withdrawn"] == [{"player": goer, "from_round": 2}]
    after = events.score_event(outcome.record)
    results = results_of(table["record"])
    order = reading_order([n for n in table["seats"] if n != goer], results, {}, "w")
    assert goer not in after["rounds"][0]["advanced"] and goer not in after["rounds"][0]["eliminated"]
    assert order[:2] == [n for n in after["rounds"][0]["advanced"] if n in table["seats"]]
    assert goer not in itertools.chain(*(t["seats"] for t in after["next"]["tables"]))
    with pytest.raises(RecordError, match="withdrawn already"):
        events.withdraw_player(outcome.record, goer)


def test_the_next_round_waits_for_every_table_and_the_event_ends_with_its_champion():
    record = twelve()
    with pytest.raises(RecordError, match="Round 1 is still being played: tables 1, 2, 3"):
        events.start_round(record)
    # Four players at Cartier: the first round is the final table, and its winner the champion.
    record = events.start_round(events.new_event("f", "cartier", ["Ann", "Bob", "Cy", "Di"], "f").record).record
    assert events.score_event(record)["rounds"][0]["final"]
    game = play_table(
        record["rounds"][0]["tables"][0]["seats"], events.load_event(record).table_rules, random.Random(2)
    )
    record = events.set_table_record(record, 0, 0, game).record
    scored = events.score_event(record)
    order = reading_order(game["players"], results_of(game), {}, "f")
    assert scored["champion"] == order[0] and scored["next"] is None
    with pytest.raises(RecordError, match=f"The event is over: {order[0]} is the champion"):
        events.start_round(record)


# ---- the record ------------------------------------------------------------------------------------------------


def test_the_event_record_exports_and_imports_losslessly_with_its_games():
    record = twelve()
    record["venue"] = "the fire hall"
    record["rounds"][0]["tables"][0]["note"] = "by the window"
    rules_ = events.load_event(record).table_rules
    seats = record["rounds"][0]["tables"][0]["seats"]
    record = events.set_table_record(record, 0, 0, play_table(seats, rules_, random.Random(5))).record
    text = events.dumps_event(events.load_event(record))
    assert json.loads(text) == record
    assert events.dump_event(events.load_event(text)) == record


def test_tables_may_name_stored_games_which_the_caller_passes_in():
    """The web app keeps each table's game in its store: the event names it by id (`game`)."""
    record = twelve()
    rules_ = events.load_event(record).table_rules
    games, inline = {}, copy.deepcopy(record)
    for j, table in enumerate(record["rounds"][0]["tables"]):
        games[f"g{j}"] = play_table(table["seats"], rules_, random.Random(j))
        record = events.link_game(record, 0, j, f"g{j}").record
        inline = events.set_table_record(inline, 0, j, games[f"g{j}"]).record
    assert record["rounds"][0]["tables"][0]["game"] == "g0"
    with_games = events.score_event(record, games)
    assert with_games["standings"] == events.score_event(inline)["standings"]
    assert with_games["next"] == events.score_event(inline)["next"] and with_games["next"]["final"]
    assert not any(table["finished"] for table in events.score_event(record)["rounds"][0]["tables"])
    # Exported with its games inline, and imported again: the same event, the same games.
    exported = events.inline_games(record, games)
    assert events.score_event(exported) == with_games
    stripped, found = events.split_games(json.loads(json.dumps(exported)))
    assert stripped == record and {(i, j): game for i, j, game in found} == {(0, j): games[f"g{j}"] for j in range(3)}


def test_rounds_follow_one_another_only_when_the_one_before_is_over():
    record = twelve(rounds=2)
    record["rounds"].append(copy.deepcopy(record["rounds"][0]))
    rules_ = events.load_event(record).table_rules
    seats = record["rounds"][0]["tables"][1]["seats"]
    game = play_table(seats, rules_, random.Random(4))
    game["hands"] = game["hands"][:2]
    record["rounds"][0]["tables"][1]["record"] = game
    with pytest.raises(RecordError, match="table 2 of round 1 is still playing, but round 2 is seated") as refused:
        events.load_event(record)
    assert refused.value.path == "rounds[0].tables[1]"
    four = events.start_round(events.new_event("f", "cartier", ["A", "B", "C", "D"], "f").record).record
    four["rounds"].append(copy.deepcopy(four["rounds"][0]))
    with pytest.raises(RecordError, match="round 1 was the final: no round comes after it"):
        events.load_event(four)
    eight = events.new_event("e", "cartier", [f"P{n}" for n in range(4)], "e").record
    eight["rounds"] = [{"tables": [{"seats": ["P0", "P1"]}, {"seats": ["P2", "P3"]}]}]
    with pytest.raises(RecordError, match="round 1 is the final: one table"):
        events.load_event(eight)


@pytest.mark.parametrize(
    "change, path",
    [
        (lambda r: r.update(format="bridge"), "format"),
        (lambda r: r.update(seed=None), "seed"),
        (
            lambda r: r["rounds"][0]["tables"][1]["seats"].__setitem__(2, r["rounds"][0]["tables"][0]["seats"][0]),
            "rounds[0].tables[1].seats[2]",
        ),
        (lambda r: r["rounds"][0]["tables"][0]["seats"].__setitem__(0, "Stranger"), "rounds[0].tables[0].seats[0]"),
        (
            lambda r: r["rounds"][0]["tables"][0].update(record={"players": ["A", "B"], "hands": []}),
            "rounds[0].tables[0].record.players",
        ),
        (lambda r: r.update(options={"rounds": 99}), "options"),
        (lambda r: r.update(options={"laps": 2}), "options"),
        (lambda r: r.update(players=r["players"] + ["p1"]), "players[12]"),
        (lambda r: r.update(withdrawn=[{"player": "P1", "from_round": 1}]), "withdrawn[0].from_round"),
        (lambda r: r.update(rules={"scoring": "nonsense"}), "rules.scoring"),
    ],
)
def test_bad_events_are_refused_naming_the_field(change, path):
    record = twelve()
    change(record)
    with pytest.raises(RecordError) as refused:
        events.load_event(record)
    assert refused.value.path == path, str(refused.value)


@settings(deadline=None)
@given(st.integers(1, 32), st.text(max_size=10))
def test_the_cartier_draw_splits_winners_and_runners_up_and_keeps_tablemates_apart(first_tables, seed):
    """Any number of first-round tables: their winners and runners-up sit two and two, never with a tablemate."""
    winners = [f"W{n}" for n in range(first_tables)]
    runners_up = [f"R{n}" for n in range(first_tables)]
    met = {(f"R{n}", f"W{n}") for n in range(first_tables)}
    sizes = events.table_sizes(2 * first_tables, 4)
    tables = draw.draw([winners, runners_up], sizes, random.Random(seed), met)
    assert sorted(itertools.chain(*tables)) == sorted(winners + runners_up)
    assert [len(table) for table in tables] == sizes
    for table in tables:
        assert abs(sum(name in winners for name in table) - len(table) / 2) <= 0.5
        if len(sizes) > 1:
            assert not any(name.replace("W", "R") in table for name in table if name in winners)


def test_a_player_who_did_not_play_the_previous_round_comes_after_one_who_did():
    """A late player level at the line with the same bids made: the one with a previous round goes on."""
    from scorekeeper.rules.events import cuts

    ctx = cuts.Context(
        tables=[{"seats": ["Late", "Old", "Cy"], "places": [1, 1, 3], "totals": [50, 50, 10], "bids_made": [3, 3, 1]}],
        previous={"Old": 40, "Cy": 90},
        lot={"Late": 1, "Old": 2, "Cy": 3},
        standings={},
        leaving=set(),
    )
    decision = cuts.TableCut(1).decide(ctx)
    assert decision.advanced == ["Old"] and decision.eliminated == ["Late", "Cy"]
    assert worded(decision.ties) == [
        {
            "players": ["Old", "Late"],
            "broken_by": "previous_total",
            "text": "Old goes on: 40 points in the previous round, which Late did not play",
        }
    ]


@settings(deadline=None)
@given(
    st.sampled_from(["cartier", "wpohl", "rounds"]),
    st.integers(3, 500),
    st.lists(st.integers(1, 2), min_size=1, max_size=4),
    st.integers(1, 8),
    st.integers(1, 8),
)
def test_every_event_comes_down_to_one_final_table(fmt, players, advance, rounds, eliminate):
    """Whatever the field and the options, the rounds shrink to one final table of at least 2."""
    options = {
        "cartier": {"advance": advance},
        "wpohl": {"eliminate": eliminate, "eliminate_large": 2 * eliminate},
        "rounds": {"rounds": rounds},
    }[fmt]
    try:
        planned = events.planned_rounds(fmt, players, options)
    except ValueError as error:  # 500 players losing 1 a round: refused, never an endless event
        assert "more than 100 rounds" in str(error) and fmt == "wpohl"
        with pytest.raises(RecordError, match="more than 100 rounds") as refused:
            events.new_event("long", fmt, [f"P{n}" for n in range(players)], "s", options=options)
        assert refused.value.path == "options"
        return
    assert sum(planned[0]) == players
    assert len(planned[-1]) == 1 and planned[-1][0] >= 2
    assert all(len(sizes) > 1 for sizes in planned[:-1]) or fmt == "rounds"
    assert [sum(sizes) for sizes in planned] == sorted((sum(sizes) for sizes in planned), reverse=True)


ANYTHING = st.none() | st.booleans() | st.integers(-5, 20) | st.text(max_size=50) | st.lists(st.integers(), max_size=2)


@settings(deadline=None)
@given(st.sampled_from(["swap", "late", "withdraw", "link"]), ANYTHING, ANYTHING)
def test_the_directors_actions_refuse_anything_odd_with_a_record_error(action, first, second):
    record = twelve()
    names = record["players"]
    first = names[first] if isinstance(first, int) and 0 <= first < len(names) and action != "late" else first
    try:
        if action == "swap":
            outcome = events.swap_players(record, first, second)
        elif action == "late":
            outcome = events.add_late_player(record, first, second)
        elif action == "withdraw":
            outcome = events.withdraw_player(record, first)
        else:
            outcome = events.link_game(record, 0, first, second)
    except RecordError as error:
        assert error.message
        return
    assert events.load_event(outcome.record).players[:12] == names and outcome.log
