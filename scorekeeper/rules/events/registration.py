"""Registration before the draw (the director's actions): late registrants and check-in. A no-show is
withdrawn (director.withdraw_player) and, withdrawn before their first table, is no entrant; who has paid
is the money's (prizes.mark_paid)."""

import copy

from ..record import RecordError
from ..words import _
from .outcome import done, loaded


def register_player(event, name, games=None):
    """Add a player before the first round is drawn (after it, a late player joins a table)."""
    event = loaded(event, games)
    if event.rounds:
        raise RecordError("player", _("Round 1 is drawn: add a late player to a table instead."))
    if not isinstance(name, str) or not name.strip():
        raise RecordError("player", _("Enter the player's name."))
    name = name.strip()
    if name.casefold() in {player.strip().casefold() for player in event.players}:
        raise RecordError("player", _("%(name)s is already a player of this event.", name=name))
    record = copy.deepcopy(event.record)
    record["players"] = list(record["players"]) + [name]
    return done(record, games, _("%(name)s is registered.", name=name), "register", {"player": name})


def check_in(event, name, present=True, games=None):
    """Mark a player as arrived (or not): the director's list before the draw."""
    event = loaded(event, games)
    if name not in event.players:
        raise RecordError("player", _("%(name)s is not a player of this event.", name=repr(name)))
    record = copy.deepcopy(event.record)
    names = [player for player in record.get("checked_in") or [] if player != name]
    record["checked_in"] = names + [name] if present else names
    said = _("%(name)s is here.", name=name) if present else _("%(name)s is not checked in.", name=name)
    return done(record, games, said, "check_in", {"player": name, "present": bool(present)})
