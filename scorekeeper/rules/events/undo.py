"""Taking back what removed a player (the director's undo, until the next round is drawn): a withdrawal, a player
taken off a table, a seat given to another. The player comes back where they were: at their table of the round
being seated, if it has not started (whoever took their seat, if anyone, leaves it), or simply in the event again
(drawn in the next round)."""

import copy

from ..game.record import RecordError
from ..said import said
from .director import reseat, without_withdrawal
from .outcome import done, loaded


def _undoable(event, name, seat):
    """Refuse taking back a withdrawal made before the round now seated was drawn (that draw left them out)."""
    first = event.withdrawn[name]
    seated = len(event.rounds)
    if first > seated or (first == seated and seat is not None):
        return
    raise RecordError(
        "player",
        said(
            "%(name)s withdrew before round %(round)d was drawn: seat them at a table of it as a late player instead.",
            name=name,
            round=seated,
        ),
    )


def bring_back(event, name, seat=None, taken_by=None, new=False, games=None):
    """Take back what removed `name`: their withdrawal, and where they sat in the last round before it started
    (`seat`: (table index, seat index), from the log), giving back the seat `taken_by` took (a player `new` to
    the event then leaves it)."""
    event = loaded(event, games)
    if name not in event.players:
        raise RecordError("player", said("%(name)s is not a player of this event.", name=repr(name)))
    withdrawn = name in event.withdrawn
    if withdrawn:
        _undoable(event, name, seat)
    elif seat is None:
        raise RecordError("player", said("%(name)s has not withdrawn.", name=name))
    record = copy.deepcopy(event.record)
    without_withdrawal(record, name)
    if seat is None:
        return done(record, games, said("%(name)s is back in the event.", name=name), "back", {"player": name})
    table, index = seat
    rnd = event.rounds[-1] if event.rounds else None
    if rnd is None or not 0 <= table < len(rnd.tables):
        raise RecordError("table", said("No such table in this event."))
    for number, other in enumerate(rnd.tables, start=1):
        if name in other.seats:
            raise RecordError("player", said("%(name)s is already seated at table %(table)d.", name=name, table=number))
    if rnd.tables[table].started:
        raise RecordError(
            "player",
            said(
                "Table %(table)d has started without %(name)s: seat them at a table not "
                "started as a late player instead.",
                table=table + 1,
                name=name,
            ),
        )
    raw_table = record["rounds"][-1]["tables"][table]
    seats = list(raw_table["seats"])
    if taken_by in seats:
        seats[seats.index(taken_by)] = name
        if new and not any(
            taken_by in other["seats"] for r in record["rounds"] for other in r["tables"] if other is not raw_table
        ):
            record["players"] = [player for player in record["players"] if player != taken_by]
    else:
        seats.insert(min(index, len(seats)), name)
    reseat(raw_table, seats)
    return done(
        record,
        games,
        said("%(name)s is back at table %(table)d.", name=name, table=table + 1),
        "back",
        {"player": name, "round": len(event.rounds), "table": table, "instead_of": taken_by},
    )
