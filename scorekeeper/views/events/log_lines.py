"""The director's log in words: each stored entry (kind, payload: rules/events/director.py) as the reader says it."""

from scorekeeper.web.local_time import local_clock
from ...rules import events
from ...text import words
from ...text.words import _, ngettext


def _event(p):
    try:
        shown = events.FORMATS.find(p["format"]).name
    except ValueError:
        shown = p["format"]
    return ngettext(
        "event %(name)s set up: %(format)s, %(num)d player",
        "event %(name)s set up: %(format)s, %(num)d players",
        len(p["players"]),
        name=p["name"],
        format=shown,
    )


def _money(p):
    split = " ".join(f"{part}%" for part in p.get("split") or [])
    fee = words.money(p.get("entry_fee", 0), p.get("currency", ""))
    said = _("money: entry fee %(fee)s, prizes %(split)s", fee=fee, split=split or _("none"))
    if p.get("charity"):
        said += "; " + _(
            "%(percent)s to %(cause)s", percent=words.percent(p["charity"]), cause=p.get("cause") or _("charity")
        )
    return said


def _totals(table):
    return ", ".join(f"{name} {words.number(total)}" for name, total in zip(table["seats"], table["totals"] or []))


def _correction(p):
    said = _(
        "round %(round)d, table %(table)d corrected: before %(before)s; after %(after)s",
        round=p["round"],
        table=p["table"],
        before=_totals(p["before"]),
        after=_totals(p["after"]),
    )
    change = events.cut_change(p["advanced_before"], p["advanced_after"])
    if change:
        said += "; " + words.word(change)
    if p["choice"] == "redraw" and p.get("seated") is not None:
        return (
            said
            + " "
            + _(
                "Round %(round)d seated again: %(changes)s; the other tables kept their seats.",
                round=p["round"] + 1,
                changes="; ".join(
                    _("%(name)s takes %(seated)s's seat at table %(table)d", name=coming, seated=going, table=number)
                    for coming, going, number in p["seated"]
                ),
            )
        )
    if p["choice"] == "redraw":
        return said + " " + _("Round %(round)d drawn again.", round=p["round"] + 1)
    return said + " " + _("The confirmed cut stands.")


def _roll_call(p):
    parts = [
        (_("checked in: %(names)s"), "here"),
        (_("not checked in: %(names)s"), "away"),
        (_("paid: %(names)s"), "paid"),
        (_("not paid: %(names)s"), "unpaid"),
    ]
    said = [text % {"names": ", ".join(p[key])} for text, key in parts if p.get(key)]
    return _("roll call: %(changes)s", changes="; ".join(said)) if said else _("roll call: nothing changed")


SAID = {
    "unlock": lambda p: _(
        "round %(round)d, table %(table)d opened for a correction; it stood at %(before)s",
        round=p["round"],
        table=p["table"],
        before=_totals(p["before"]),
    ),
    "correction": _correction,
    "event": _event,
    "import": lambda p: ngettext("event imported with %(num)d game", "event imported with %(num)d games", p["games"]),
    "round": lambda p: ngettext(
        "round %(round)d drawn: %(num)d table",
        "round %(round)d drawn: %(num)d tables",
        len(p["tables"]),
        round=p["number"],
    ),
    "swap": lambda p: _(
        "round %(round)d: %(first)s and %(second)s swap seats",
        round=p["round"],
        first=p["players"][0],
        second=p["players"][1],
    ),
    "late": lambda p: _(
        "round %(round)d: %(name)s joins table %(table)d", round=p["round"], name=p["player"], table=p["table"] + 1
    ),
    "withdraw": lambda p: _("%(name)s withdraws from round %(round)d on", name=p["player"], round=p["from_round"]),
    "link": lambda p: _("round %(round)d, table %(table)d: its game linked", round=p["round"], table=p["table"] + 1),
    "record": lambda p: _(
        "round %(round)d, table %(table)d: its game recorded", round=p["round"], table=p["table"] + 1
    ),
    "money": _money,
    "seat": lambda p: _(
        "round %(round)d: %(name)s seated at table %(table)d", round=p["round"], name=p["player"], table=p["table"] + 1
    ),
    "replace": lambda p: _(
        "round %(round)d: %(name)s takes %(seated)s's seat at table %(table)d",
        round=p["round"],
        name=p["in"],
        seated=p["out"],
        table=p["table"] + 1,
    ),
    "remove": lambda p: _(
        "round %(round)d: %(name)s taken off table %(table)d", round=p["round"], name=p["player"], table=p["table"] + 1
    ),
    "register": lambda p: _("%(name)s registered", name=p["player"]),
    "check_in": lambda p: (
        _("%(name)s is back and checked in", name=p["player"])
        if p.get("back")
        else _("%(name)s checked in and paid", name=p["player"])
        if p.get("paid")
        else _("%(name)s checked in", name=p["player"])
        if p["present"]
        else _("%(name)s not checked in", name=p["player"])
    ),
    "roll_call": _roll_call,
    "withdraw_absent": lambda p: ngettext(
        "%(num)d player not checked in withdrawn: %(names)s",
        "%(num)d players not checked in withdrawn: %(names)s",
        len(p["players"]),
        names=", ".join(p["players"]),
    ),
    "back": lambda p: (
        _("%(name)s brought back to table %(table)d", name=p["player"], table=p["table"] + 1)
        if isinstance(p.get("table"), int)
        else _("%(name)s brought back", name=p["player"])
    ),
    "reopen": lambda p: _("the draw of round %(round)d taken back", round=p["round"]),
    "request": lambda p: _(
        "round %(round)d, table %(table)d asks for a correction", round=p["round"], table=p["table"]
    ),
    "time_limit": lambda p: (
        ngettext("time limit: %(num)d minute a round", "time limit: %(num)d minutes a round", p["minutes"])
        if p["minutes"]
        else _("no time limit")
    ),
    "paid": lambda p: (
        _("%(name)s paid the entry fee", name=p["player"])
        if p["paid"]
        else _("%(name)s marked as not paid", name=p["player"])
    ),
}


def log_line(entry):
    """Return one log entry as a line: "15:04 round 2 drawn: 3 tables" (the time of day in the instance's zone); an
    entry it cannot read, as stored."""
    try:
        said = SAID[entry["kind"]](entry["payload"])
    except (AttributeError, KeyError, IndexError, TypeError, ValueError):
        said = f"{entry['kind']} {entry['payload']}"
    return f"{local_clock(entry['at'])} {said}"
