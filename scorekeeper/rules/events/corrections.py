"""Locked rounds (RULES.md): once the director confirms a round's cut (the next round is seated), its tables'
records are locked. A correction needs the director's approval (`approve_correction`, logged with the table
as it stood); once the table is entered again the director decides (`decide_correction`, logged with before
and after): seat the next round again from the corrected cut (none of its tables started) or let the confirmed
cut stand. `reopen_round` takes the last draw back while none of its tables has started.

Approving and taking a draw back work on the record as it stands, so they mend an event that cannot be scored
(a confirmed table reopened): the director is never locked out.

The record keeps the tables open for a correction in `unlocked`: [{"round", "table" (both from 1), "before"}],
and the tables' requests for one in `requests`: [{"round", "table"}]."""

import copy

from ..game.record import Game, RecordError, load
from ..scoring.scored import score
from ..said import N_, Names, Separated, nsaid, said
from .director import reseat, start_round
from .outcome import done, loaded, mended
from .event import Event
from .scored import score_event

LOCKED = N_(
    "Round %(round)d of %(event)s is confirmed: its tables are locked. Ask the director to approve a correction."
)


def table_locked(rounds_seated, round_index, table_index, unlocked):
    """True when a table's game may not change: its round's cut is confirmed (a later round is seated) and the
    director has not opened it for a correction. `unlocked`: the record's list."""
    if round_index >= rounds_seated - 1:
        return False
    return not any(
        isinstance(entry, dict) and entry.get("round") == round_index + 1 and entry.get("table") == table_index + 1
        for entry in unlocked or []
    )


def cut_change(confirmed, corrected):
    """What a correction changes in who goes on, in words: "Lotte Roos goes on instead of Dirk de Vries"; None
    when it changes nothing."""
    coming = [name for name in corrected if name not in confirmed]
    going = [name for name in confirmed if name not in corrected]
    if coming and going:
        return nsaid(
            "%(names)s goes on instead of %(instead)s.",
            "%(names)s go on instead of %(instead)s.",
            len(coming),
            names=Names(tuple(coming)),
            instead=Names(tuple(going)),
        )
    if coming:
        return nsaid("%(names)s goes on as well.", "%(names)s go on as well.", len(coming), names=Names(tuple(coming)))
    if going:
        return nsaid(
            "%(names)s no longer goes on.", "%(names)s no longer go on.", len(going), names=Names(tuple(going))
        )
    return None


def _raw(event):
    """The event's record, given loaded or as a record (one that may not load: an event that cannot be scored)."""
    return event.record if isinstance(event, Event) else event


def _raw_table(record, round_number, table_number):
    """The table of a confirmed round, from the record as it stands."""
    rounds = record.get("rounds") or []
    whole = all(isinstance(n, int) and not isinstance(n, bool) for n in (round_number, table_number))
    if not (whole and 1 <= round_number < len(rounds)):
        raise RecordError("round", said("Choose a round whose cut is confirmed."))
    tables = rounds[round_number - 1].get("tables") or []
    if not 1 <= table_number <= len(tables):
        raise RecordError("table", said("No such table in this event."))
    return tables[table_number - 1]


def _table_game(raw_table, games):
    """A table's game as given: inline, or by id in `games` (a record or a loaded Game); None when not there."""
    game = raw_table.get("record")
    if game is None and games:
        game = games.get(raw_table.get("game"))
    return game


def _hands(game):
    return game.hands if isinstance(game, Game) else (game or {}).get("hands") or []


def _open_entry(record, round_number, table_number):
    for entry in record.get("unlocked") or []:
        if isinstance(entry, dict) and entry.get("round") == round_number and entry.get("table") == table_number:
            return entry
    return None


def _without_request(record, round_number, table_number):
    record["requests"] = [
        entry
        for entry in record.get("requests") or []
        if not isinstance(entry, dict) or (entry.get("round"), entry.get("table")) != (round_number, table_number)
    ]
    if not record["requests"]:
        del record["requests"]


def request_correction(event, round_number, table_number, games=None):
    """A locked table asks the director for a correction (its scorekeeper's tap): the director's page shows it
    at once, with Approve."""
    record = copy.deepcopy(_raw(event))
    _raw_table(record, round_number, table_number)
    if _open_entry(record, round_number, table_number):
        raise RecordError(
            "table",
            said(
                "Table %(table)d of round %(round)d is open for a correction already.",
                table=table_number,
                round=round_number,
            ),
        )
    _without_request(record, round_number, table_number)
    record.setdefault("requests", []).append({"round": round_number, "table": table_number})
    return mended(
        record,
        games,
        said(
            "The director is asked to open table %(table)d of round %(round)d for a correction.",
            table=table_number,
            round=round_number,
        ),
        "request",
        {"round": round_number, "table": table_number},
    )


def approve_correction(event, round_number, table_number, games=None):
    """Open a table of a confirmed round for a correction; the log keeps the table as it stood. Works on an event
    that cannot be scored too (the way out of a table reopened after its round was confirmed)."""
    record = copy.deepcopy(_raw(event))
    raw_table = _raw_table(record, round_number, table_number)
    if _open_entry(record, round_number, table_number):
        raise RecordError(
            "table",
            said(
                "Table %(table)d of round %(round)d is open for a correction already.",
                table=table_number,
                round=round_number,
            ),
        )
    game, totals = _table_game(raw_table, games), None
    if game is not None:
        try:
            totals = score(game if isinstance(game, Game) else load(game))["totals"]
        except RecordError:
            totals = None
    before = {"seats": list(raw_table["seats"]), "totals": totals}
    _without_request(record, round_number, table_number)
    record["unlocked"] = list(record.get("unlocked") or []) + [
        {"round": round_number, "table": table_number, "before": before}
    ]
    return mended(
        record,
        games,
        said(
            "Table %(table)d of round %(round)d may correct its game: then decide here.",
            table=table_number,
            round=round_number,
        ),
        "unlock",
        {"round": round_number, "table": table_number, "before": before},
    )


def _substituted(record, confirmed, corrected):
    """Seat the last round again, changing only what the correction changes: each player the corrected cut no
    longer sends on gives their seat to one it now sends on, in the cut's order. Returns [(name in, name out,
    table from 1)], or None when that cannot seat the corrected cut (a different number goes on)."""
    tables = record["rounds"][-1]["tables"]
    seated = {name for table in tables for name in table["seats"]}
    coming = [name for name in corrected if name not in confirmed and name not in seated]
    going = [name for name in confirmed if name not in corrected and name in seated]
    if len(coming) != len(going) or sorted(seated - set(going) | set(coming)) != sorted(corrected):
        return None
    instead = dict(zip(going, coming))
    changes = []
    for number, table in enumerate(tables, start=1):
        seats = [instead.get(name, name) for name in table["seats"]]
        if seats != table["seats"]:
            changes += [(instead[name], name, number) for name in table["seats"] if name in instead]
            reseat(table, seats)
    return changes


def decide_correction(event, round_number, table_number, redraw, games=None):
    """Close a corrected table again and decide: seat the next round again from the corrected cut (when none of
    its tables has started) or let the confirmed cut stand. Logged with before and after.

    Seating again changes only what the correction changes: whoever now goes on takes the seat of whoever no
    longer does, and the other tables keep their seats (and so their games, cards and first dealers). Only when
    the corrected cut sends on a different number is the next round drawn afresh."""
    event = loaded(event, games)
    _raw_table(event.record, round_number, table_number)
    entry = _open_entry(event.record, round_number, table_number)
    if entry is None:
        raise RecordError(
            "table",
            said(
                "Table %(table)d of round %(round)d is not open for a correction.",
                table=table_number,
                round=round_number,
            ),
        )
    scored = score_event(event, games)
    rnd = scored["rounds"][round_number - 1]
    table = rnd["tables"][table_number - 1]
    if not table["finished"]:
        raise RecordError(
            "table",
            said("Table %(table)d of round %(round)d is not finished yet.", table=table_number, round=round_number),
        )
    confirmed = list(event.rounds[round_number - 1].advanced)
    correction = rnd.get("correction") or {}
    corrected = correction.get("advanced", confirmed)
    record = copy.deepcopy(event.record)
    record["unlocked"] = [
        other
        for other in record.get("unlocked") or []
        if other is not None and (other.get("round"), other.get("table")) != (round_number, table_number)
    ]
    payload = {
        "round": round_number,
        "table": table_number,
        "before": entry.get("before"),
        "after": {"seats": table["seats"], "totals": table["totals"]},
        "advanced_before": confirmed,
        "advanced_after": corrected,
        "choice": "redraw" if redraw else "stand",
    }
    if not redraw:
        return done(
            record,
            games,
            said("The confirmed cut of round %(round)d stands.", round=round_number),
            "correction",
            payload,
        )
    if round_number != len(event.rounds) - 1 or any(t.started for t in event.rounds[-1].tables):
        raise RecordError("round", said("Round %(round)d has started: its draw stands.", round=round_number + 1))
    changes = _substituted(record, confirmed, corrected)
    if changes is not None:
        record["rounds"][-2]["advanced"] = list(corrected)
        record["rounds"][-2]["eliminated"] = list(correction.get("eliminated", event.rounds[-2].eliminated))
        saying = [
            said("%(name)s takes %(seated)s's seat at table %(table)d", name=coming, seated=going, table=number)
            for coming, going, number in changes
        ]
        message = said(
            "Round %(round)d is seated again after the correction: %(changes)s. The other tables keep "
            "their seats and cards.",
            round=round_number + 1,
            changes=Separated(tuple(saying), "; "),
        )
        return done(record, games, message, "correction", {**payload, "seated": [list(c) for c in changes]})
    record["rounds"].pop()
    record["rounds"][-1]["advanced"], record["rounds"][-1]["eliminated"] = [], []
    outcome = start_round(record, games)
    return outcome._replace(
        message=said("Round %(round)d is drawn again after the correction.", round=round_number + 1),
        log=("correction", payload),
    )


def reopen_round(event, games=None):
    """Take the last draw back while none of its tables has started: its games are void and the round before
    is no longer confirmed (its tables take corrections again; the next confirmation cuts it afresh). Works on
    an event that cannot be scored too."""
    record = copy.deepcopy(_raw(event))
    rounds = record.get("rounds") or []
    if not rounds:
        raise RecordError("rounds", said("No round is drawn yet."))
    if isinstance(event, Event):
        started = [str(number) for number, table in enumerate(event.rounds[-1].tables, start=1) if table.started]
    else:
        started = [
            str(number)
            for number, table in enumerate(rounds[-1].get("tables") or [], start=1)
            if _hands(_table_game(table, games))
        ]
    number = len(rounds)
    if started:
        raise RecordError(
            "rounds",
            nsaid(
                "Table %(tables)s of round %(round)d has started: its draw stands.",
                "Tables %(tables)s of round %(round)d have started: its draw stands.",
                len(started),
                tables=", ".join(started),
                round=number,
            ),
        )
    taken = rounds.pop()
    if rounds:
        rounds[-1]["advanced"], rounds[-1]["eliminated"] = [], []
    for key in ("unlocked", "requests"):  # the round before is the last again: nothing of it is locked
        kept = [
            entry
            for entry in record.get(key) or []
            if isinstance(entry, dict) and isinstance(entry.get("round"), int) and entry["round"] < len(rounds)
        ]
        if kept:
            record[key] = kept
        else:
            record.pop(key, None)
    message = said("The draw of round %(round)d is taken back: its cards are void.", round=number)
    return mended(
        record,
        games,
        message,
        "reopen",
        {"round": number, "tables": [table.get("seats") for table in taken.get("tables") or []]},
    )
