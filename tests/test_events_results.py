"""Results that agree and a fair draw (issue 43, RULES.md "Tournaments (events)"): the final results rank each
round's players as that round's cut ranked them (Cartier by table places, WPOHL by the room's totals, `rounds` by
the qualifying standings), mark players withdrawn after playing, and come with notes; the short tables' seats of
a `rounds` event rotate; the event's money is kept in the currency's minor unit. Checked against an independent
reading of RULES.md (tests/event_helpers.py)."""

import copy
import random
from collections import Counter

import pytest

from scorekeeper.rules import RecordError, events
from tests.event_helpers import lot_position, play_event, play_table, results_of


def names(count, prefix="P"):
    return [f"{prefix}{n:02}" for n in range(1, count + 1)]


def reached_in(record):
    """{name: (round number, that table's game record)} of each player's last table."""
    reached = {}
    for number, rnd in enumerate(record["rounds"], start=1):
        for table in rnd["tables"]:
            for name in table["seats"]:
                reached[name] = (number, table["record"])
    return reached


# ---- WPOHL: those eliminated in a round rank by the round's total, then the tie-breaks ---------------------------


def test_wpohl_results_rank_the_eliminated_by_their_total_in_the_room_not_their_table_place():
    seed = "wpohl-results"
    # Three at the last table miss every bid: the elimination line cuts through a tie at 0.
    record = play_event(
        "wpohl", names(13), seed, lambda i, t: {"alike": (0, 1, 2), "miss": True} if i == 0 and t == 2 else {}
    )
    scored = events.score_event(record)
    reached = reached_in(record)
    final = len(record["rounds"])
    previous = {}
    for number, rnd in enumerate(record["rounds"], start=1):
        previous[number + 1] = {
            name: total for table in rnd["tables"] for name, (total, _made) in results_of(table["record"]).items()
        }

    def key(name):
        number, game = reached[name]
        total, made = results_of(game)[name]
        if number == final:
            place = 1 + sum(other > total for other, _m in results_of(game).values())
            return (-number, name != scored["champion"], place, -total, -made, lot_position(seed, name))
        before = previous.get(number, {}).get(name)
        return (-number, True, -total, -made, (0, -before) if before is not None else (1, 0), lot_position(seed, name))

    assert [row["player"] for row in scored["results"]] == sorted(reached, key=key)
    # Out in round 1, the order is by total across the room's tables, whatever the place at each table.
    out_first = [row["player"] for row in scored["results"] if row["round_reached"] == 1]
    totals = [results_of(reached[name][1])[name][0] for name in out_first]
    assert totals == sorted(totals, reverse=True) and len(out_first) == 5


# ---- rounds: the short tables rotate; the non-finalists rank by the qualifying standings ---------------------------

QUALIFIERS = {"scoring": "get_fred", "deals": {"pattern": "up-down", "max": 4}}


def short_turns(record, rounds):
    turns = Counter()
    for rnd in record["rounds"][:rounds]:
        largest = max(len(table["seats"]) for table in rnd["tables"])
        turns.update(name for table in rnd["tables"] if len(table["seats"]) < largest for name in table["seats"])
    return turns


@pytest.mark.parametrize("seed", ["qualifiers-18", "another night"])
def test_eighteen_players_each_sit_at_a_table_of_3_once_in_three_rounds(seed):
    record = play_event("rounds", names(18), seed, lambda i, t: {}, rules=QUALIFIERS)
    sizes = [[len(table["seats"]) for table in rnd["tables"]] for rnd in record["rounds"]]
    assert sizes[:3] == [[4, 4, 4, 3, 3]] * 3
    turns = short_turns(record, 3)
    assert sorted(turns) == names(18) and set(turns.values()) == {1}  # 6 short seats a round x 3 = the field
    # Still no one meets an opponent twice where the draw allows.
    pairs = Counter(
        frozenset((a, b))
        for rnd in record["rounds"][:3]
        for table in rnd["tables"]
        for a in table["seats"]
        for b in table["seats"]
        if a < b
    )
    assert max(pairs.values()) == 1


@pytest.mark.parametrize("players, table, rounds", [(14, 4, 3), (11, 4, 4), (17, 5, 3), (10, 3, 5)])
def test_the_short_seats_rotate_as_evenly_as_the_numbers_allow(players, table, rounds):
    record = events.new_event(
        "r", "rounds", names(players), f"rotate-{players}", QUALIFIERS, {"rounds": rounds, "table": table}
    ).record
    rng = random.Random(players)
    for _round in range(rounds):
        record = events.start_round(record).record
        index = len(record["rounds"]) - 1
        rules_ = events.load_event(record).table_rules
        for j, seated in enumerate(record["rounds"][index]["tables"]):
            record = events.set_table_record(record, index, j, play_table(seated["seats"], rules_, rng)).record
    turns = short_turns(record, rounds)
    counts = [turns.get(name, 0) for name in names(players)]
    assert max(counts) - min(counts) <= 1, turns


def test_rounds_results_rank_those_who_missed_the_final_by_the_qualifying_standings():
    record = play_event("rounds", names(18), "qualifiers-18", lambda i, t: {}, rules=QUALIFIERS)
    scored = events.score_event(record)
    finalists = record["rounds"][-1]["tables"][0]["seats"]
    results = [row["player"] for row in scored["results"]]
    assert sorted(results[: len(finalists)]) == sorted(finalists) and results[0] == scored["champion"]
    # The standings after the last qualifying round, computed from the three rounds alone.
    before_final = events.score_event({**record, "rounds": record["rounds"][:3]})["standings"]
    assert results[len(finalists) :] == [row["player"] for row in before_final if row["player"] not in finalists]
    assert all(row["round_reached"] == 3 for row in scored["results"][len(finalists) :])


# ---- withdrawn after playing: marked, and said in a note -----------------------------------------------------------


def test_a_player_withdrawn_after_round_1_keeps_their_line_marked_withdrawn_with_a_note():
    record = events.start_round(events.new_event("n", "cartier", names(12), "withdraw").record).record
    rng = random.Random(1)
    rules_ = events.load_event(record).table_rules
    for j, table in enumerate(record["rounds"][0]["tables"]):
        record = events.set_table_record(record, 0, j, play_table(table["seats"], rules_, rng)).record
    runner_up = events.score_event(record)["rounds"][0]["advanced"][1]
    record = events.withdraw_player(record, runner_up).record
    while not events.score_event(record)["champion"]:
        record = events.start_round(record).record
        index = len(record["rounds"]) - 1
        for j, table in enumerate(record["rounds"][index]["tables"]):
            record = events.set_table_record(record, index, j, play_table(table["seats"], rules_, rng)).record
    scored = events.score_event(record)
    row = next(row for row in scored["results"] if row["player"] == runner_up)
    assert row == {"player": runner_up, "round_reached": 1, "place": row["place"], "withdrawn": True}
    assert [r for r in scored["results"] if r.get("withdrawn")] == [row]
    # Second at their table, they rank first among those out after round 1 who were second.
    places = {
        name: table["places"][seat]
        for table in scored["rounds"][0]["tables"]
        for seat, name in enumerate(table["seats"])
    }
    out_first = [r["player"] for r in scored["results"] if r["round_reached"] == 1]
    assert [places[name] for name in out_first] == sorted(places[name] for name in out_first)
    assert places[runner_up] == 2 and out_first[0] == runner_up
    note = next(note for note in scored["notes"] if note["kind"] == "withdrawn")
    assert note["players"] == [runner_up] and note["round"] == 1
    assert str(note["text"]).startswith(f"{runner_up} withdrew after round 1")


# ---- a cut that stood after a correction: said in a note ------------------------------------------------------------


def swapped(game, a, b):
    """The game with seats a and b's bids and tricks exchanged in every hand: their totals trade places."""
    game = copy.deepcopy(game)
    for hand in game["hands"]:
        for key in ("bids", "tricks"):
            hand[key][a], hand[key][b] = hand[key][b], hand[key][a]
    return game


def test_a_cut_that_stood_after_a_correction_is_said_with_who_would_go_on_instead_of_whom():
    record = events.start_round(events.new_event("n", "cartier", names(12), "correction").record).record
    rng = random.Random(2)
    rules_ = events.load_event(record).table_rules
    for j, table in enumerate(record["rounds"][0]["tables"]):
        record = events.set_table_record(record, 0, j, play_table(table["seats"], rules_, rng)).record
    record = events.start_round(record).record  # round 1's cut is confirmed
    table = events.score_event(record)["rounds"][0]["tables"][0]
    second, third = (table["seats"][table["places"].index(place)] for place in (2, 3))
    assert events.score_event(record)["notes"] == []
    record = events.approve_correction(record, 1, 1).record
    game = record["rounds"][0]["tables"][0]["record"]
    record = events.set_table_record(
        record, 0, 0, swapped(game, game["players"].index(second), game["players"].index(third))
    ).record
    assert events.score_event(record)["notes"] == []  # open for the correction: not decided yet
    record = events.decide_correction(record, 1, 1, redraw=False).record
    note = events.score_event(record)["notes"][0]
    assert note["kind"] == "cut_stood" and note["round"] == 1
    assert note["players"] == [third] and note["instead_of"] == [second]
    assert str(note["text"]) == (
        f"Round 1: after a correction the cut would send on {third} instead of {second}; "
        "the director let the confirmed cut stand."
    )


# ---- money in the currency's minor unit -------------------------------------------------------------------------


def money_of(players, fee, split, currency="", charity=None):
    record = events.new_event("n", "cartier", names(players), "money").record
    record = events.set_money(record, fee, split, currency=currency, charity=charity, cause="Cause").record
    return events.score_event(record)["money"]


def test_the_charity_share_rounds_half_up_to_the_cent():
    money = money_of(18, "3.33", [50, 30, 20], "EUR", 5)  # 5% of 59.94 is 2.997
    assert money["pot"] == pytest.approx(59.94) and money["charity"]["amount"] == pytest.approx(3.00)
    assert [prize["amount"] for prize in money["prizes"]] == pytest.approx([28.48, 17.08, 11.38])
    half = money_of(10, "0.25", [100], "EUR", "50")  # 50% of 2.50 is 1.25 exactly; 0.5 of a cent nowhere
    assert half["charity"]["amount"] == pytest.approx(1.25)
    odd = money_of(9, "1.01", [100], "EUR", "2.5")  # 2.5% of 9.09 is 0.22725: 0.23
    assert odd["charity"] == {"percent": 2.5, "cause": "Cause", "amount": pytest.approx(0.23)}


def test_yen_are_whole_the_prizes_add_up_to_the_pot_and_a_fractional_fee_is_refused():
    money = money_of(8, 10, [34, 33, 33], "JPY")
    assert [prize["amount"] for prize in money["prizes"]] == [28, 26, 26] and money["pot"] == 80
    assert all(isinstance(prize["amount"], int) for prize in money["prizes"])
    charity = money_of(8, 10, [34, 33, 33], "JPY", 3)  # 3% of 80 yen is 2.4: 2
    assert charity["charity"]["amount"] == 2 and sum(p["amount"] for p in charity["prizes"]) == 78
    with pytest.raises(RecordError, match="JPY has no cents") as refused:
        money_of(8, "10.5", [100], "JPY")
    assert refused.value.path == "money.entry_fee"


@pytest.mark.parametrize("typed", ["abc", "101", "-1", "2.555", "1e2"])
def test_a_charity_share_that_is_no_percentage_is_refused_naming_the_field(typed):
    with pytest.raises(RecordError, match="percentage from 0 to 100") as refused:
        money_of(8, 10, [100], "EUR", typed)
    assert refused.value.path == "money.charity"
