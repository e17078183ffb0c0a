"""The director's log in words: each stored entry (kind, payload: rules/events/director.py) as the reader says it."""

from scorekeeper.web.local_time import local_clock
from ...rules import events, words
from ...rules.words import _, ngettext


def _event(p):
    try:
        shown = events.FORMATS.find(p["format"]).name
    except ValueError:
        shown = p["format"]
    return ngettext("event %(name)s set up: %(format)s, %(num)d player",
                    "event %(name)s set up: %(format)s, %(num)d players", len(p["players"]), name=p["name"],
                    format=shown)


def _money(p):
    split = " ".join(f"{part}%" for part in p.get("split") or [])
    fee = words.money(p.get("entry_fee", 0), p.get("currency", ""))
    said = _("money: entry fee %(fee)s, prizes %(split)s", fee=fee, split=split or _("none"))
    if p.get("charity"):
        said += "; " + _("%(percent)s to %(cause)s", percent=words.percent(p["charity"]),
                         cause=p.get("cause") or _("charity"))
    return said


def _totals(table):
    return ", ".join(f"{name} {words.number(total)}" for name, total in zip(table["seats"], table["totals"] or []))


def _correction(p):
    said = _("round %(round)d, table %(table)d corrected: before %(before)s; after %(after)s", round=p["round"],
             table=p["table"], before=_totals(p["before"]), after=_totals(p["after"]))
    if sorted(p["advanced_before"]) != sorted(p["advanced_after"]):
        said += "; " + _("it would send on %(names)s", names=", ".join(p["advanced_after"]))
    if p["choice"] == "redraw":
        return said + "; " + _("round %(round)d drawn again", round=p["round"] + 1)
    return said + "; " + _("the confirmed cut stands")


SAID = {
    "unlock": lambda p: _("round %(round)d, table %(table)d opened for a correction; it stood at %(before)s",
                          round=p["round"], table=p["table"], before=_totals(p["before"])),
    "correction": _correction,
    "event": _event,
    "import": lambda p: ngettext("event imported with %(num)d game", "event imported with %(num)d games", p["games"]),
    "round": lambda p: ngettext("round %(round)d drawn: %(num)d table", "round %(round)d drawn: %(num)d tables",
                                len(p["tables"]), round=p["number"]),
    "swap": lambda p: _("round %(round)d: %(first)s and %(second)s swap seats", round=p["round"],
                        first=p["players"][0], second=p["players"][1]),
    "late": lambda p: _("round %(round)d: %(name)s joins table %(table)d", round=p["round"], name=p["player"],
                        table=p["table"] + 1),
    "withdraw": lambda p: _("%(name)s withdraws from round %(round)d on", name=p["player"], round=p["from_round"]),
    "link": lambda p: _("round %(round)d, table %(table)d: its game linked", round=p["round"], table=p["table"] + 1),
    "record": lambda p: _("round %(round)d, table %(table)d: its game recorded", round=p["round"],
                          table=p["table"] + 1),
    "money": _money,
    "seat": lambda p: _("round %(round)d: %(name)s seated at table %(table)d", round=p["round"], name=p["player"],
                        table=p["table"] + 1),
    "replace": lambda p: _("round %(round)d: %(name)s takes %(seated)s's seat at table %(table)d", round=p["round"],
                           name=p["in"], seated=p["out"], table=p["table"] + 1),
    "remove": lambda p: _("round %(round)d: %(name)s taken off table %(table)d", round=p["round"],
                          name=p["player"], table=p["table"] + 1),
    "register": lambda p: _("%(name)s registered", name=p["player"]),
    "check_in": lambda p: (_("%(name)s checked in", name=p["player"]) if p["present"]
                           else _("%(name)s not checked in", name=p["player"])),
    "time_limit": lambda p: (ngettext("time limit: %(num)d minute a round", "time limit: %(num)d minutes a round",
                                      p["minutes"]) if p["minutes"] else _("no time limit")),
    "paid": lambda p: (_("%(name)s paid the entry fee", name=p["player"]) if p["paid"]
                       else _("%(name)s marked as not paid", name=p["player"])),
}


def log_line(entry):
    """Return one log entry as a line: "15:04 round 2 drawn: 3 tables" (the time of day in the instance's zone); an
    entry it cannot read, as stored."""
    try:
        said = SAID[entry["kind"]](entry["payload"])
    except (AttributeError, KeyError, IndexError, TypeError, ValueError):
        said = f"{entry['kind']} {entry['payload']}"
    return f"{local_clock(entry['at'])} {said}"
