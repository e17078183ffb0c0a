"""The director's actions by name (the form's and the API's alike): how each reads its fields, which ask first
(they remove someone, or void cards), which may run while the event cannot be scored, and what the director may
take back (removals until the next round is drawn, read from the log)."""

from scorekeeper import store
from ...rules import RecordError, events
from ...text.words import _, decimal_comma, lazy_gettext, word
from scorekeeper.web.event_room import act

# The actions that remove someone (or void a round's cards) ask first on the director's page: each with the
# button that says it. The API's scripts do not ask.
ASKS_FIRST = {
    "withdraw": lazy_gettext("Withdraw %(player)s"),
    "remove": lazy_gettext("Take %(player)s off the table"),
    "replace": lazy_gettext("Put %(with)s in %(player)s's seat"),
    "withdraw_absent": lazy_gettext("Withdraw them"),
    "reopen": lazy_gettext("Take the draw back"),
}
ASKED_FIELDS = ("player", "with")


def _names(fields, name):
    """A list of player names: the API's JSON list (absent: None, leave it as it is), or a form's boxes ticked
    (the form says which lists it carries in `lists`, since a list with none ticked sends nothing)."""
    if hasattr(fields, "getlist"):
        return fields.getlist(name) if name in str(fields.get("lists", "")).split(",") else None
    return fields.get(name)


# What each entry of the log took away, and from whom: (player, where they sat, who took the seat, new to the
# event) for the removals; a later entry about the same player (brought back, seated, registered) ends it.
def _removed(entry):
    p = entry["payload"] if isinstance(entry["payload"], dict) else {}
    kind = entry["kind"]
    seat = (p["table"], p.get("seat", 99)) if isinstance(p.get("table"), int) else None
    if kind == "withdraw":
        return [(p.get("player"), {"seat": seat if "seat" in p else None})]
    if kind == "remove":
        return [(p.get("player"), {"seat": seat})]
    if kind == "replace":
        return [(p.get("out"), {"seat": seat, "taken_by": p.get("in"), "new": bool(p.get("new"))}), (p.get("in"), None)]
    if kind == "withdraw_absent":
        return [(name, {}) for name in p.get("players") or []]
    if kind in ("back", "late", "seat", "register", "check_in"):
        return [(p.get("player"), None)]
    return []


def _removals(room):
    """{player: how to bring them back} for the removals since the last draw, latest first."""
    found, seen = {}, set()
    for entry in reversed(store.event_log(store.get_db(), room.id)):
        if entry["kind"] in ("round", "reopen") or (
            entry["kind"] == "correction" and (entry["payload"] or {}).get("choice") == "redraw"
        ):
            break  # a draw since: what came before it stands
        for name, how in _removed(entry):
            if isinstance(name, str) and name not in seen:
                seen.add(name)
                if how is not None:
                    found[name] = how
    return found


def _brought_back(fields, room):
    """bring_back's arguments for the player named: (name, seat, taken_by, new), where they were from the log."""
    name = _text(fields, "player", lazy_gettext("Choose the player to bring back."))
    how = _removals(room).get(name) or {}
    return name, how.get("seat"), how.get("taken_by"), how.get("new", False)


def undoable(room):
    """The removals the director may take back now: [{player, said}] with what bringing them back does."""
    if room.problem or room.event is None:
        return []
    offered = []
    for name, how in list(_removals(room).items())[:30]:
        try:
            said = events.bring_back(room.event, name, how.get("seat"), how.get("taken_by"), how.get("new", False))
        except RecordError:
            continue
        offered.append({"player": name, "said": word(said.message)})
    return offered


def _text(fields, name, missing):
    """The named field's text; `missing` says what to give when it is empty."""
    value = fields.get(name)
    if not isinstance(value, str) or not value.strip():
        raise RecordError(name, str(missing))
    return value.strip()[:200]


def _table_number(fields):
    value = fields.get("table")
    try:
        number = int(value)
    except (TypeError, ValueError):
        raise RecordError("table", _("Choose the table by its number, from 1.")) from None
    if isinstance(value, bool) or not 1 <= number <= 10_000:
        raise RecordError("table", _("Choose the table by its number, from 1."))
    return number - 1


# The director's actions by name, each with how its fields are read (the form's and the API's alike).
ACTIONS = {
    "start": (events.start_round, lambda f, room: ()),
    "swap": (
        events.swap_players,
        lambda f, room: (
            _text(f, "first", lazy_gettext("Choose the first player to swap.")),
            _text(f, "second", lazy_gettext("Choose the second player to swap.")),
        ),
    ),
    "late": (
        events.add_late_player,
        lambda f, room: (_text(f, "player", lazy_gettext("Enter the late player's name.")), _table_number(f)),
    ),
    "withdraw": (
        events.withdraw_player,
        lambda f, room: (_text(f, "player", lazy_gettext("Choose the player who withdraws.")),),
    ),
    "money": (
        lambda event, fee, split, currency, charity, cause: events.set_money(
            event, fee, split, currency=currency, charity=charity, cause=cause, comma=decimal_comma()
        ),
        lambda f, room: (
            f.get("entry_fee", 0),
            f.get("split", ""),
            f.get("currency"),
            f.get("charity"),
            f.get("cause"),
        ),
    ),
    "replace": (
        events.replace_player,
        lambda f, room: (
            _text(f, "player", lazy_gettext("Choose the player whose seat is taken.")),
            _text(f, "with", lazy_gettext("Choose the player who takes the seat.")),
        ),
    ),
    "remove": (
        events.remove_player,
        lambda f, room: (_text(f, "player", lazy_gettext("Choose the player to take off the table.")),),
    ),
    "register": (
        events.register_player,
        lambda f, room: (_text(f, "player", lazy_gettext("Enter the player's name.")),),
    ),
    "check_in": (
        events.check_in,
        lambda f, room: (
            _text(f, "player", lazy_gettext("Choose the player.")),
            _yes(f, "present"),
            _yes(f, "paid") if "paid" in f else False,
        ),
    ),
    "roll_call": (events.roll_call, lambda f, room: (_names(f, "here"), _names(f, "paid"))),
    "withdraw_absent": (events.withdraw_absent, lambda f, room: ()),
    "back": (events.bring_back, lambda f, room: _brought_back(f, room)),
    "approve": (events.approve_correction, lambda f, room: _round_table(f)),
    "decide": (
        events.decide_correction,
        lambda f, room: (
            *_round_table(f),
            _text(f, "choice", lazy_gettext("Choose: draw the next round again, or let the cut stand.")) == "redraw",
        ),
    ),
    "reopen": (events.reopen_round, lambda f, room: ()),
    "paid": (
        events.mark_paid,
        lambda f, room: (_text(f, "player", lazy_gettext("Choose the player.")), _yes(f, "paid")),
    ),
    "time_limit": (events.set_time_limit, lambda f, room: (f.get("minutes"),)),
}


def _round_table(fields):
    """(round, table), both from 1: the form's "3-2" (round 3, table 2) or the API's round and table."""
    if isinstance(fields.get("where"), str) and "-" in fields["where"]:
        fields = dict(zip(("round", "table"), fields["where"].split("-", 1)))
    try:
        number = int(fields.get("round"))
    except (TypeError, ValueError):
        raise RecordError("round", _("Choose the round by its number, from 1.")) from None
    return number, _table_number(fields) + 1


def _yes(fields, name):
    """A yes-or-no field: absent, "1", "yes", "true" or true mean yes; "0", "no", "false" or false mean no."""
    value = fields.get(name, True)
    return value if isinstance(value, bool) else str(value).strip().lower() not in ("0", "no", "false", "")


# What the director may still do while the event cannot be scored: open a table for a correction (it enters
# its hand again) or take the last draw back. Nothing can lock the director out.
MENDING = ("approve", "reopen")


def _may_run(room, name):
    if not isinstance(name, str) or name not in ACTIONS:
        raise RecordError(
            "action",
            _("Unknown action %(name)s: one of %(actions)s.", name=repr(str(name)[:30]), actions=", ".join(ACTIONS)),
        )
    if room.problem and name not in MENDING:
        raise RecordError(
            "event",
            _(
                "The event cannot change while it cannot be scored (%(why)s): approve a "
                "correction at that table, or take the last draw back.",
                why=room.problem,
            ),
        )


def run_action(room, name, fields):
    """Run the named director's action with its fields; raise RecordError saying what to fix."""
    _may_run(room, name)
    action, read = ACTIONS[name]
    return act(room, action, *read(fields, room))


def preview(room, name, fields):
    """What the named action would do, without storing it (the question asked before a removal): its sentence;
    raise RecordError when it would be refused."""
    _may_run(room, name)
    action, read = ACTIONS[name]
    event = room.event if room.event is not None else events.inline_games(room.record, room.game_records())
    return word(action(event, *read(fields, room)).message)
