"""The director's take-backs and check-in in the engine (rules/events: undo.py, registration.py, corrections.py;
issue 43): a removal brought back where the player sat, a withdrawal no path refuses for good, the roll call, the
players not checked in, a correction said in one sentence, a draw taken back."""

import pytest

from scorekeeper.rules import RecordError, events

PLAYERS = [f"P{n}" for n in range(1, 10)]


def event(**extra):
    return events.new_event("Night", "rounds", PLAYERS, "undo", options={"rounds": 1}).record | extra


def test_a_correction_is_said_in_one_sentence():
    assert str(events.cut_change(["Ann", "Dirk"], ["Ann", "Lotte"])) == "Lotte goes on instead of Dirk."
    assert str(events.cut_change(["A", "B", "C"], ["A", "D", "E"])) == "D and E go on instead of B and C."
    assert str(events.cut_change(["A"], ["A", "B"])) == "B goes on as well."
    assert str(events.cut_change(["A", "B"], ["A"])) == "B no longer goes on."
    assert events.cut_change(["A", "B"], ["B", "A"]) is None


def test_a_withdrawal_before_the_draw_is_taken_back_by_undo_check_in_or_registering():
    record = events.withdraw_player(event(), "P3").record
    back = events.bring_back(record, "P3")
    assert str(back.message) == "P3 is back in the event." and not back.record.get("withdrawn")
    assert back.log == ("back", {"player": "P3"})
    assert str(events.check_in(record, "P3").message) == "P3 is back and checked in."
    assert str(events.register_player(record, "p3").message) == "P3 is registered again."
    with pytest.raises(RecordError, match="P4 has not withdrawn"):
        events.bring_back(record, "P4")


def test_a_player_taken_off_a_table_comes_back_to_the_same_seat_until_the_table_starts():
    record = events.start_round(
        events.new_event("Night", "rounds", PLAYERS[:8], "undo", options={"rounds": 1}).record
    ).record
    seats = record["rounds"][0]["tables"][0]["seats"]
    out = events.withdraw_player(record, seats[2])
    assert out.log[1] == {"player": seats[2], "table": 0, "seat": 2, "from_round": 1}
    back = events.bring_back(out.record, seats[2], (0, 2))
    assert (
        back.record["rounds"][0]["tables"][0]["seats"] == seats
        and str(back.message) == f"{seats[2]} is back at table 1."
    )
    # A withdrawal made before the round now seated was drawn is not taken back: that draw left them out.
    later = events.withdraw_player(
        events.new_event("Night", "rounds", PLAYERS, "undo", options={"rounds": 1}).record, "P9"
    ).record
    later = events.start_round(later).record
    with pytest.raises(RecordError, match="withdrew before round 1 was drawn"):
        events.bring_back(later, "P9")
    # ... but they may still be seated at a table not started, as a late player.
    assert "P9 joins table 1" in str(events.add_late_player(later, "P9", 0).message)


def test_a_replacement_taken_back_gives_the_seat_back_and_drops_a_new_player():
    record = events.start_round(
        events.new_event("Night", "rounds", PLAYERS[:8], "undo", options={"rounds": 1}).record
    ).record
    seated = record["rounds"][0]["tables"][1]["seats"][0]
    replaced = events.replace_player(record, seated, "Sub")
    assert replaced.log[1]["new"] is True and replaced.log[1]["seat"] == 0
    back = events.bring_back(replaced.record, seated, (1, 0), "Sub", True)
    assert back.record["rounds"][0]["tables"][1]["seats"] == record["rounds"][0]["tables"][1]["seats"]
    assert "Sub" not in back.record["players"] and not back.record.get("withdrawn")


def test_the_roll_call_and_those_not_checked_in():
    record = event()
    assert events.absent(events.load_event(record)) == []  # nobody checked in yet: no warning
    called = events.roll_call(record, here=PLAYERS[:7], paid=["P1", "P9"])
    assert str(called.message) == "Checked in: 7 of 9. Paid: 2 of 9."
    assert called.log == ("roll_call", {"here": PLAYERS[:7], "away": [], "paid": ["P1", "P9"], "unpaid": []})
    assert events.absent(called.event) == ["P8", "P9"]
    gone = events.withdraw_absent(called.record)
    assert str(gone.message) == "2 players not checked in withdraw: P8, P9."
    assert events.absent(gone.event) == [] and events.load_event(gone.record).entrants() == PLAYERS[:7]
    # The no-show who paid is owed the fee back.
    money = events.set_money(gone.record, 5, "100").record
    scored = events.score_event(money)
    assert scored["money"]["refunds"] == [{"player": "P9", "amount": 5.0}] and scored["money"]["pot"] == 35
    # A withdrawn player is not checked in by the roll call; once drawn, check-in is over.
    with pytest.raises(RecordError, match="P8 has withdrawn: bring them back first"):
        events.roll_call(gone.record, here=PLAYERS)
    drawn = events.start_round(gone.record).record
    with pytest.raises(RecordError, match="check-in is over"):
        events.roll_call(drawn, here=PLAYERS[:7])
    with pytest.raises(RecordError, match="P9 has withdrawn: bring them back"):
        events.check_in(drawn, "P9")
    assert events.roll_call(drawn, paid=PLAYERS[:3]).record["money"]["paid"] == PLAYERS[:3]


def test_a_draw_is_taken_back_until_a_table_starts():
    record = events.start_round(event()).record
    taken = events.reopen_round(record)
    assert taken.record["rounds"] == [] and taken.log[0] == "reopen"
    assert str(taken.message) == "The draw of round 1 is taken back: its cards are void."
    table = record["rounds"][0]["tables"][0]
    game = {"players": table["seats"], "rules": {}, "hands": [{"cards": 1, "dealer": 0, "trump": "hearts"}]}
    started = events.set_table_record(record, 0, 0, game).record
    with pytest.raises(RecordError, match="Table 1 of round 1 has started: its draw stands"):
        events.reopen_round(started)
