"""The table changes as actions of the registry (registry.py adds them to the hand's): someone arrives, leaves, sits
out or comes back; the plan of hands changes (a hand inserted, resized or skipped, the game cut short, a plan the
deck cannot deal capped or dealt from more decks). Each is the engine's `rules.actions.table_change` under its own
name, the scorekeeper's (the edit key's) only; made on any step of the hand the table is on, as the Table screen
offers them (views/table/changes.py sends its forms here). On an event's game they are the director's: the store
refuses them (store/events.refuse_locked), whatever the path.

A table change is made on the game as it stands: one drawn on an older revision is a conflict (409), as a
correction is, since it names seats and hands of the table as it was.
"""

import math

from scorekeeper import rules, store
from scorekeeper.rules.game import limits
from scorekeeper.text.words import _
from .body import whole
from .conflicts import Conflict
from .declare import Action, Example, Field, Use
from .roles import SCOREKEEPER

# The keys only the table changes use; "seat" and "cards" are the hand's too (registry.py).
FIELDS = {
    field.name: field
    for field in (
        Field(
            "name",
            {"type": "string", "maxLength": limits.MAX_NAME},
            lambda v: isinstance(v, str) and len(v) <= limits.MAX_NAME,
            f"a name of at most {limits.MAX_NAME} characters",
        ),
        Field(
            "start",
            {"enum": list(rules.START_CHOICES)},
            lambda v: v in rules.START_CHOICES,
            "one of " + ", ".join(rules.START_CHOICES),
        ),
        Field(
            "total",
            {"type": "number", "minimum": -limits.MAX_POINTS, "maximum": limits.MAX_POINTS},
            lambda v: isinstance(v, (int, float)) and not isinstance(v, bool) and math.isfinite(v),
            "a number",
        ),
        Field("position", {"type": "integer", "minimum": 1, "maximum": limits.MAX_HANDS + 1}, whole, "a whole number"),
    )
}


def _as_it_stands(tap):
    if tap.stale:
        raise Conflict(_("A change at the table is made on the game as it stands, and another phone has acted since."))


def _change(name):
    """The apply of the table change `name`: the engine's, on the game as the tap saw it."""

    def apply(tap, **values):
        _as_it_stands(tap)
        return rules.actions.table_change(tap.loaded, name, **values)

    return apply


def _arrive(tap, name=None, start=None, total=None):
    _as_it_stands(tap)
    return rules.actions.table_change(tap.loaded, "arrive", name=name, start=start or "zero", total=total)


def seat_links_too(tap):
    """Where the players bid from their phones, a newcomer gets a seat link too (the Share panel)."""
    record = store.get_game(tap.db, tap.game_id)["record"]
    left = set(rules.table_state(record)["left"])
    store.offer_seats_too(tap.db, tap.game_id, [seat for seat in range(len(record["players"])) if seat not in left])


ONLY_THE_SCOREKEEPER = frozenset({SCOREKEEPER})
SEAT = Use("seat", "the player's seat (0 is the first player)", required=True, in_game=True)
POSITION = Use("position", "the hand of the plan (1 for the first), one still to come", required=True, in_game=True)
CARDS = Use("cards", "the hand's cards (at most what the deck deals the players)", required=True, in_game=True)
# A plan of two hands of 13 for four players: a fifth player arrives and the deck cannot deal it any more.
_UNDEALABLE = ({"deals": {"pattern": "custom", "sizes": [13, 13]}}, (("arrive", {"name": "Eve"}),), {})


def _seat_change(name, summary, before=()):
    return Action(name, summary, None, ONLY_THE_SCOREKEEPER, (SEAT,), _change(name), Example({}, before, {"seat": 2}))


ACTIONS = (
    Action(
        "arrive",
        "a late arrival takes the last seat; plays from the next hand",
        None,
        ONLY_THE_SCOREKEEPER,
        (
            Use("name", "the newcomer's name", required=True, in_game=True),
            Use("start", "the starting total: zero (when left out), the last place's (lowest) or a number"),
            Use("total", "the starting total, when start is number"),
        ),
        _arrive,
        Example({}, (), {"name": "Eve", "start": "number", "total": -5}),
        then=seat_links_too,
    ),
    _seat_change("leave", "a player leaves: out of every further hand"),
    _seat_change("sit_out", "a player sits out the next hand"),
    _seat_change("sit_in", "a player who was to sit out plays the next hand", (("sit_out", {"seat": 2}),)),
    Action(
        "insert",
        "insert a hand of the plan before a hand still to come",
        None,
        ONLY_THE_SCOREKEEPER,
        (POSITION, CARDS),
        _change("insert"),
        Example({}, (), {"position": 2, "cards": 5}),
    ),
    Action(
        "resize",
        "change the cards of a hand still to come",
        None,
        ONLY_THE_SCOREKEEPER,
        (POSITION, CARDS),
        _change("resize"),
        Example({}, (), {"position": 2, "cards": 5}),
    ),
    Action(
        "skip",
        "skip a hand still to come",
        None,
        ONLY_THE_SCOREKEEPER,
        (POSITION,),
        _change("skip"),
        Example({}, (), {"position": 3}),
    ),
    Action(
        "cut",
        "end the game early: after the hand being played, else after the last hand played",
        None,
        ONLY_THE_SCOREKEEPER,
        (),
        _change("cut"),
        Example({}, (("deal", {"trump": "hearts"}),), {}),
    ),
    Action(
        "cap",
        "cap the hands still to come at what the deck deals the players (a plan it cannot deal)",
        None,
        ONLY_THE_SCOREKEEPER,
        (),
        _change("cap"),
        Example(*_UNDEALABLE),
    ),
    Action(
        "decks",
        "deal the hands still to come from as few more decks as deal them (a plan the deck cannot deal)",
        None,
        ONLY_THE_SCOREKEEPER,
        (),
        _change("decks"),
        Example(*_UNDEALABLE),
    ),
)
assert {action.name for action in ACTIONS} == set(rules.actions.TABLE_CHANGES), "a table change has no entry"
