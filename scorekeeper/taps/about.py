"""A game's date and note as an action of the registry (registry.py adds it to the hand's): the engine's
`rules.actions.describe`, the scorekeeper's (the edit key's) only, on any step of the hand the table is on, as the
sheet's "Date and note…" form offers it (views/table/sheet.py sends it here). It sets both: one drawn on an older
revision is a conflict (409), since it would put back what another phone changed."""

from scorekeeper import rules
from scorekeeper.rules.game import limits
from scorekeeper.text.words import _
from .conflicts import Conflict
from .declare import Action, Example, Field, Use
from .roles import SCOREKEEPER

# What is read at all, as the form reads it; the engine's limits (a real day, a note of one line and at most
# limits.MAX_NOTE characters) come after, in the table's words.
MAX_DATE, MAX_NOTE = 40, 1000

FIELDS = {
    field.name: field
    for field in (
        Field(
            "date",
            {"type": "string", "maxLength": MAX_DATE},
            lambda v: isinstance(v, str) and len(v) <= MAX_DATE,
            f"a day written YYYY-MM-DD (at most {MAX_DATE} characters), or empty",
        ),
        Field(
            "note",
            {"type": "string", "maxLength": MAX_NOTE},
            lambda v: isinstance(v, str) and len(v) <= MAX_NOTE,
            f"text of at most {MAX_NOTE} characters",
        ),
    )
}


def _describe(tap, date=None, note=None):
    if tap.stale:
        raise Conflict(_("The date and note are set on the game as it stands, and another phone has acted since."))
    return rules.actions.describe(tap.loaded, date or "", note or "")


ACTIONS = (
    Action(
        "about",
        "the game's date and note (both set: one left out is cleared)",
        None,
        frozenset({SCOREKEEPER}),
        (
            Use("date", "the day it was played, YYYY-MM-DD (left out or empty: the day it was set up)"),
            Use("note", f"a note of one line, at most {limits.MAX_NOTE} characters (left out or empty: none)"),
        ),
        _describe,
        Example({}, (), {"date": "2026-11-20", "note": "Birthday at Ann's"}),
    ),
)
