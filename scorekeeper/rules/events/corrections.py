"""Locked rounds (RULES.md): once the director confirms a round's cut (the next round is seated), its tables'
records are locked. A correction needs the director's approval (`approve_correction`, logged with the table
as it stood); once the table is entered again the director decides (`decide_correction`, logged with before
and after): draw the next round again (none of its tables started) or let the confirmed cut stand.

The record keeps the tables open for a correction in `unlocked`: [{"round", "table" (both from 1), "before"}]."""

import copy

from ..record import RecordError
from ..words import N_, _
from .director import start_round
from .outcome import done, loaded
from .scored import score_event

LOCKED = N_("Round %(round)d of %(event)s is confirmed: its tables are locked. Ask the director to approve "
            "a correction.")


def table_locked(rounds_seated, round_index, table_index, unlocked):
    """True when a table's game may not change: its round's cut is confirmed (a later round is seated) and the
    director has not opened it for a correction. `unlocked`: the record's list."""
    if round_index >= rounds_seated - 1:
        return False
    return not any(isinstance(entry, dict) and entry.get("round") == round_index + 1
                   and entry.get("table") == table_index + 1 for entry in unlocked or [])


def _table(event, round_number, table_number):
    whole = all(isinstance(n, int) and not isinstance(n, bool) for n in (round_number, table_number))
    if not (whole and 1 <= round_number < len(event.rounds)):
        raise RecordError("round", _("Choose a round whose cut is confirmed."))
    if not 1 <= table_number <= len(event.rounds[round_number - 1].tables):
        raise RecordError("table", _("No such table in this event."))


def _open_entry(record, round_number, table_number):
    for entry in record.get("unlocked") or []:
        if entry.get("round") == round_number and entry.get("table") == table_number:
            return entry
    return None


def approve_correction(event, round_number, table_number, games=None):
    """Open a table of a confirmed round for a correction; the log keeps the table as it stood."""
    event = loaded(event, games)
    _table(event, round_number, table_number)
    record = copy.deepcopy(event.record)
    if _open_entry(record, round_number, table_number):
        raise RecordError("table", _("Table %(table)d of round %(round)d is open for a correction already.",
                                     table=table_number, round=round_number))
    table = score_event(event, games)["rounds"][round_number - 1]["tables"][table_number - 1]
    before = {"seats": table["seats"], "totals": table["totals"]}
    record["unlocked"] = list(record.get("unlocked") or []) + [{"round": round_number, "table": table_number,
                                                                 "before": before}]
    return done(record, games, _("Table %(table)d of round %(round)d may correct its game: then decide here.",
                                  table=table_number, round=round_number), "unlock",
                 {"round": round_number, "table": table_number, "before": before})


def decide_correction(event, round_number, table_number, redraw, games=None):
    """Close a corrected table again and decide: draw the next round again (when none of its tables has
    started; the corrected cut goes on) or let the confirmed cut stand. Logged with before and after."""
    event = loaded(event, games)
    _table(event, round_number, table_number)
    entry = _open_entry(event.record, round_number, table_number)
    if entry is None:
        raise RecordError("table", _("Table %(table)d of round %(round)d is not open for a correction.",
                                     table=table_number, round=round_number))
    scored = score_event(event, games)
    rnd = scored["rounds"][round_number - 1]
    table = rnd["tables"][table_number - 1]
    if not table["finished"]:
        raise RecordError("table", _("Table %(table)d of round %(round)d is not finished yet.",
                                     table=table_number, round=round_number))
    confirmed = list(event.rounds[round_number - 1].advanced)
    corrected = (rnd.get("correction") or {}).get("advanced", confirmed)
    record = copy.deepcopy(event.record)
    record["unlocked"] = [other for other in record.get("unlocked") or [] if other is not None
                          and (other.get("round"), other.get("table")) != (round_number, table_number)]
    payload = {"round": round_number, "table": table_number, "before": entry.get("before"),
               "after": {"seats": table["seats"], "totals": table["totals"]}, "advanced_before": confirmed,
               "advanced_after": corrected, "choice": "redraw" if redraw else "stand"}
    if not redraw:
        return done(record, games, _("The confirmed cut of round %(round)d stands.", round=round_number),
                     "correction", payload)
    if round_number != len(event.rounds) - 1 or any(t.started for t in event.rounds[-1].tables):
        raise RecordError("round", _("Round %(round)d has started: its draw stands.", round=round_number + 1))
    record["rounds"].pop()
    record["rounds"][-1]["advanced"], record["rounds"][-1]["eliminated"] = [], []
    outcome = start_round(record, games)
    return outcome._replace(message=_("Round %(round)d is drawn again after the correction.",
                                      round=round_number + 1), log=("correction", payload))
