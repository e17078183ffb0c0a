"""Registration before the draw (the director's actions): late registrants, check-in one by one or as a roll call
(with who has paid), and withdrawing whoever has not checked in. A no-show is withdrawn
(director.withdraw_player) and, withdrawn before their first table, is no entrant; registering or checking in a
withdrawn player before the first draw brings them back. Who has paid is the money's (prizes.mark_paid)."""

import copy

from ..game.names import name_key
from ..game.record import RecordError
from ..said import nsaid, said
from .director import without_withdrawal
from .outcome import done, loaded


def register_player(event, name, games=None):
    """Add a player before the first round is drawn (after it, a late player joins a table); a player withdrawn
    before it is registered again."""
    event = loaded(event, games)
    if event.rounds:
        raise RecordError("player", said("Round 1 is drawn: add a late player to a table instead."))
    if not isinstance(name, str) or not name.strip():
        raise RecordError("player", said("Enter the player's name."))
    name = name.strip()
    known = {name_key(player): player for player in event.players}
    player = known.get(name_key(name))
    record = copy.deepcopy(event.record)
    if player in event.withdrawn:
        without_withdrawal(record, player)
        return done(record, games, said("%(name)s is registered again.", name=player), "back", {"player": player})
    if player is not None:
        raise RecordError("player", said("%(name)s is already a player of this event.", name=name))
    record["players"] = list(record["players"]) + [name]
    return done(record, games, said("%(name)s is registered.", name=name), "register", {"player": name})


def _present(event, name):
    if name not in event.players:
        raise RecordError("player", said("%(name)s is not a player of this event.", name=repr(name)))
    if name in event.withdrawn and event.rounds:
        raise RecordError(
            "player",
            said(
                "%(name)s has withdrawn: bring them back (Take back), or seat them at a table as a late player.",
                name=name,
            ),
        )


def check_in(event, name, present=True, paid=False, games=None):
    """Mark a player as arrived (or not): the director's list before the draw; `paid`: paid at check-in. A
    player withdrawn as a no-show who arrives after all is back."""
    event = loaded(event, games)
    _present(event, name)
    record = copy.deepcopy(event.record)
    back = bool(present) and name in event.withdrawn
    if back:
        without_withdrawal(record, name)
    names = [player for player in record.get("checked_in") or [] if player != name]
    record["checked_in"] = names + [name] if present else names
    if present and paid:
        money = record.setdefault("money", {"entry_fee": 0, "split": []})
        money["paid"] = [player for player in money.get("paid") or [] if player != name] + [name]
    if back:
        saying = said("%(name)s is back and checked in.", name=name)
    elif present and paid:
        saying = said("%(name)s is here and has paid.", name=name)
    else:
        saying = said("%(name)s is here.", name=name) if present else said("%(name)s is not checked in.", name=name)
    return done(
        record,
        games,
        saying,
        "check_in",
        {"player": name, "present": bool(present), "back": back, "paid": bool(present and paid)},
    )


def _listed(event, names, what):
    if names is None:
        return None
    if not isinstance(names, (list, tuple)) or not all(isinstance(name, str) for name in names):
        raise RecordError(what, said("List the players by name."))
    for name in names:
        if name not in event.players:
            raise RecordError(what, said("%(name)s is not a player of this event.", name=repr(name)))
    return set(names)


def roll_call(event, here=None, paid=None, games=None):
    """Check in and mark paid many at once: `here` lists every player not withdrawn who is here, before the first
    draw; `paid` every player who has paid the fee (a no-show who paid is owed a refund). None leaves that list
    as it is."""
    event = loaded(event, games)
    here, paid = _listed(event, here, "here"), _listed(event, paid, "paid")
    playing = [name for name in event.players if name not in event.withdrawn]
    record = copy.deepcopy(event.record)
    payload = {}
    if here is not None:
        if event.rounds:
            raise RecordError("here", said("Round 1 is drawn: check-in is over."))
        if here - set(playing):
            raise RecordError(
                "here", said("%(name)s has withdrawn: bring them back first.", name=sorted(here - set(playing))[0])
            )
        before = set(record.get("checked_in") or [])
        record["checked_in"] = [name for name in event.players if name in here]
        payload.update(
            here=[n for n in playing if n in here and n not in before],
            away=[n for n in playing if n not in here and n in before],
        )
    if paid is not None:
        money = record.setdefault("money", {"entry_fee": 0, "split": []})
        before = set(money.get("paid") or [])
        money["paid"] = [name for name in event.players if name in paid]
        payload.update(
            paid=[n for n in event.players if n in paid and n not in before],
            unpaid=[n for n in event.players if n not in paid and n in before],
        )
    checked = set(record.get("checked_in") or [])
    paying = set((record.get("money") or {}).get("paid") or [])
    saying = said(
        "Checked in: %(here)d of %(players)d. Paid: %(paid)d of %(players)d.",
        here=sum(name in checked for name in playing),
        paid=sum(name in paying for name in playing),
        players=len(playing),
    )
    return done(record, games, saying, "roll_call", payload)


def absent(event):
    """The players not withdrawn who have not checked in, once check-in has begun (someone is checked in) and
    before the first draw: the draw warns about them."""
    checked = set(event.record.get("checked_in") or [])
    if event.rounds or not checked:
        return []
    return [name for name in event.players if name not in event.withdrawn and name not in checked]


def withdraw_absent(event, games=None):
    """Withdraw every player not checked in before the first draw: no-shows, no entrants."""
    event = loaded(event, games)
    if event.rounds:
        raise RecordError("rounds", said("Round 1 is drawn: check-in is over."))
    missing = absent(event)
    if not missing:
        raise RecordError("player", said("Everyone not withdrawn has checked in."))
    record = copy.deepcopy(event.record)
    record["withdrawn"] = list(record.get("withdrawn") or []) + [{"player": name, "from_round": 1} for name in missing]
    return done(
        record,
        games,
        nsaid(
            "%(num)d player not checked in withdraws: %(names)s.",
            "%(num)d players not checked in withdraw: %(names)s.",
            len(missing),
            names=", ".join(missing),
        ),
        "withdraw_absent",
        {"players": missing},
    )
