"""An evening's name, the same on every page, list and link: its day and its note, never its players."""

from scorekeeper.text import words
from scorekeeper.text.words import _


def evening_name(evening):
    """Name an evening (the store's named row: day, note, number, on_day): "ma 7 dec 2026 · Clubavond"; where a day
    has several evenings, each says which it is: "ma 7 dec 2026, evening 2"."""
    name = words.weekday(evening["day"])
    if (evening.get("on_day") or 1) > 1:
        name = _("%(day)s, evening %(number)d", day=name, number=evening["number"])
    return f"{name} · {evening['note']}" if evening.get("note") else name
