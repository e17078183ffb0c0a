"""The director's night (issue 24): RULES.md's new paragraphs of "Tournaments (events)" through the engine:
decks (a Cartier table is never more than 4), a full final, withdrawn players, final results by the round
reached and the event's money. Checked against an independent reading (tests/event_helpers.py)."""

import random

import pytest

from scorekeeper.rules import RecordError, events
from tests.event_helpers import lot_position, play_event, play_table, reading_order, results_of


def names(count, prefix="P"):
    return [f"{prefix}{n:02}" for n in range(1, count + 1)]


def play_round(record, seed=1):
    rng = random.Random(seed)
    rules_ = events.load_event(record).table_rules
    index = len(record["rounds"]) - 1
    for j, table in enumerate(record["rounds"][index]["tables"]):
        record = events.set_table_record(record, index, j, play_table(table["seats"], rules_, rng)).record
    return record


# ---- decks: a Cartier table is never more than 4 ---------------------------------------------------------


def test_five_cartier_players_are_refused_saying_why():
    with pytest.raises(RecordError) as refused:
        events.new_event("five", "cartier", names(5), "s")
    assert refused.value.path == "players"
    assert "seats at most 4" in str(refused.value.message) and "one deck of 52 cards" in str(refused.value.message)


def test_a_late_entry_cannot_push_a_cartier_table_past_4():
    record = events.start_round(events.new_event("n", "cartier", names(8), "s").record).record
    with pytest.raises(RecordError) as refused:
        events.add_late_player(record, "Late", 0)
    assert refused.value.path == "rounds[0].tables[0].seats"
    assert str(refused.value.message).startswith(
        "Table 1 cannot take another player: a Cartier tournament table seats at most 4"
    )
    # A table of 3 takes the fourth.
    nine = events.start_round(events.new_event("n", "cartier", names(9), "s").record).record
    assert events.add_late_player(nine, "Late", 0).record["rounds"][0]["tables"][0]["seats"][-1] == "Late"


def test_an_event_file_with_a_cartier_table_of_5_is_refused_naming_the_table():
    record = events.start_round(events.new_event("n", "cartier", names(8), "s").record).record
    record["rounds"][0]["tables"][0]["seats"].append(record["rounds"][0]["tables"][1]["seats"].pop())
    with pytest.raises(RecordError, match="seats at most 4") as refused:
        events.load_event(record)
    assert refused.value.path == "rounds[0].tables[0].seats"


def test_an_event_of_2_players_is_refused():
    with pytest.raises(RecordError, match="at least 3") as refused:
        events.new_event("two", "rounds", names(2), "s")
    assert refused.value.path == "players"


# ---- a full final --------------------------------------------------------------------------------------------


@pytest.mark.parametrize("players", [9, 12, 16, 20, 31])
def test_a_cartier_final_is_one_full_table_of_4(players):
    assert events.planned_rounds("cartier", players)[-1] == [4]


def round_results(rnd):
    found = {}
    for table in rnd["tables"]:
        found.update(results_of(table["record"]))
    return found


@pytest.mark.parametrize("players, second", [(12, [3, 3]), (18, [4, 3, 3])])
def test_the_final_is_filled_with_the_best_runners_up_by_total_then_tie_breaks(players, second):
    seed = "fill"
    record = play_event("cartier", names(players), seed, lambda i, t: {})
    rounds = record["rounds"]
    assert [len(t["seats"]) for t in rounds[1]["tables"]] == second
    previous = round_results(rounds[0])
    results = round_results(rounds[1])
    orders = [
        reading_order(t["seats"], results, {n: previous[n][0] for n in previous}, seed) for t in rounds[1]["tables"]
    ]
    runners_up = reading_order([order[1] for order in orders], results, {n: previous[n][0] for n in previous}, seed)
    filling = 4 - len(orders)
    assert sorted(rounds[2]["tables"][0]["seats"]) == sorted([order[0] for order in orders] + runners_up[:filling])


def test_37_cartier_players_send_5_winners_on_and_the_best_4_by_total_take_the_final():
    seed = "thirty-seven"
    record = play_event("cartier", names(37), seed, lambda i, t: {})
    rounds = record["rounds"]
    assert [[len(t["seats"]) for t in rnd["tables"]] for rnd in rounds] == [[4] * 7 + [3] * 3, [4] * 5, [4]]
    previous = {n: v[0] for n, v in round_results(rounds[0]).items()}
    results = round_results(rounds[1])
    winners = [reading_order(t["seats"], results, previous, seed)[0] for t in rounds[1]["tables"]]
    best = reading_order(winners, results, previous, seed)
    assert sorted(rounds[2]["tables"][0]["seats"]) == sorted(best[:4])
    scored = events.score_event(record)
    assert best[4] in scored["rounds"][1]["eliminated"]


# ---- withdrawn before play: no entrant ---------------------------------------------------------------------


def test_a_player_withdrawn_before_the_draw_is_no_entrant():
    record = events.new_event(
        "n",
        "cartier",
        names(9) + ["Nora Noshow"],
        "s",
    ).record
    record = events.withdraw_player(record, "Nora Noshow").record
    record = events.set_money(record, 20, [100]).record
    record = events.start_round(record).record
    scored = events.score_event(record)
    assert "Nora Noshow" not in scored["players"] and len(scored["players"]) == 9
    assert {"player": "Nora Noshow", "from_round": 1, "entrant": False} in scored["withdrawn"]
    assert "Nora Noshow" not in [row["player"] for row in scored["standings"]]
    money = events.event_money(scored, record["money"])
    assert money["pot"] == 180 and money["entrants"] == 9 and "Nora Noshow" not in money["unpaid"]


def test_a_no_show_in_a_drawn_round_leaves_their_table_and_is_no_entrant():
    record = events.start_round(events.new_event("n", "cartier", names(8), "s").record).record
    noshow = record["rounds"][0]["tables"][0]["seats"][2]
    outcome = events.withdraw_player(record, noshow)
    assert noshow not in outcome.record["rounds"][0]["tables"][0]["seats"]
    assert len(outcome.record["rounds"][0]["tables"][0]["seats"]) == 3
    scored = events.score_event(outcome.record)
    assert noshow not in scored["players"] and len(scored["players"]) == 7
    # Or a late player takes the no-show's seat.
    replaced = events.replace_player(record, noshow, "Lucy Late").record
    assert replaced["rounds"][0]["tables"][0]["seats"][2] == "Lucy Late"
    assert noshow not in events.score_event(replaced)["players"]


def test_a_table_of_3_keeps_its_3_a_no_show_is_replaced_instead():
    record = events.start_round(events.new_event("n", "cartier", names(9), "s").record).record
    noshow = record["rounds"][0]["tables"][2]["seats"][0]
    with pytest.raises(RecordError, match="would seat only 2"):
        events.withdraw_player(record, noshow)


# ---- final results by the round reached ------------------------------------------------------------------------


def test_final_results_rank_by_the_round_reached_then_place_total_bids_and_lot():
    seed = "results"
    record = play_event("cartier", names(12), seed, lambda i, t: {"alike": (0, 1)} if t == 0 else {})
    scored = events.score_event(record)
    results = scored["results"]
    assert sorted(row["player"] for row in results) == sorted(scored["players"])
    assert [row["place"] for row in results] == list(range(1, 13))
    assert results[0]["player"] == scored["champion"]
    reached = {}
    for number, rnd in enumerate(record["rounds"], start=1):
        for table in rnd["tables"]:
            for name in table["seats"]:
                reached[name] = (number, table)
    assert [row["round_reached"] for row in results] == sorted((reached[n][0] for n in reached), reverse=True)

    def key(name):
        number, table = reached[name]
        ranks = events.score_event(record)["rounds"][number - 1]["tables"]
        own = next(t for t in ranks if t["seats"] == table["seats"])
        total, made = results_of(table["record"])[name]
        return (
            -number,
            name != scored["champion"],
            own["places"][own["seats"].index(name)],
            -total,
            -made,
            lot_position(seed, name),
        )

    assert [row["player"] for row in results] == sorted(reached, key=key)
    assert events.score_event(record["rounds"] and {**record, "rounds": record["rounds"][:1]})["results"] is None


# ---- money: a payout list, who has paid, a charity share -------------------------------------------------------


def test_the_events_money_is_a_payout_list_and_who_has_paid_with_a_charity_share():
    record = events.new_event("n", "cartier", names(8), "s").record
    record = events.set_money(record, 20, [60, 40], currency="GBP", charity=10, cause="Lifeboats").record
    record = events.mark_paid(record, "P01").record
    record = events.mark_paid(record, "P02").record
    record = events.mark_paid(record, "P02", paid=False).record
    record = events.start_round(record).record
    record = play_round(record)
    record = events.start_round(record).record
    record = play_round(record, 2)
    scored = events.score_event(record)
    money = events.event_money(scored, record["money"])
    assert money["pot"] == 160 and money["charity"] == {"percent": 10, "cause": "Lifeboats", "amount": 16}
    assert money["prizes"] == [
        {"place": 1, "player": scored["results"][0]["player"], "amount": 86.4},
        {"place": 2, "player": scored["results"][1]["player"], "amount": 57.6},
    ]
    assert money["paid"] == ["P01"] and len(money["unpaid"]) == 7
    assert "payments" not in money and "net" not in money


def test_all_to_charity_leaves_no_prizes():
    record = events.new_event("n", "cartier", names(8), "s").record
    record = events.set_money(record, 10, [], charity=100, cause="Hospice").record
    money = events.event_money(events.score_event(record), record["money"])
    assert money["charity"]["amount"] == 80 and money["prizes"] == []
    with pytest.raises(RecordError, match="whole pot"):
        events.set_money(record, 10, [100], charity=100)


def test_the_charity_may_be_named_as_the_events_option_as_rules_md_writes_it():
    record = events.new_event("n", "cartier", names(8), "s", options={"charity": 100, "cause": "Hospice"}).record
    record["money"] = {"entry_fee": 10, "split": []}
    money = events.score_event(record)["money"]
    assert money["charity"] == {"percent": 100, "cause": "Hospice", "amount": 80} and money["prizes"] == []
