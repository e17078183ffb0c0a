"""The settlement as an action of the registry (registry.py adds it to the hand's): the way of settling up, the
stake a point and a Prospect scale, the engine's `rules.actions.settle_by`, the scorekeeper's (the edit key's) only,
on any step of the hand the table is on, as the settle page offers it (views/settle.py sends it here). On an
event's game it is the director's and moves no money: the store refuses it (store/events.refuse_locked,
store/money.refuse_money_at_event), whatever the path. It sets all three: one drawn on an older revision is a
conflict (409).

The instance's stake ceiling (issue 41) is its owner's setting, which the web app reads (web/stakes.py); a tap knows
no Flask, so the app gives that check here when it is made (`ceiling_check`, scorekeeper/__init__.py), and every
path (the settle page, the actions API) meets it."""

from scorekeeper import rules
from scorekeeper.rules.game import limits
from scorekeeper.text.words import _
from .conflicts import Conflict
from .declare import Action, Example, Field, Use
from .roles import SCOREKEEPER

METHODS = tuple(entry.id for entry in rules.SETTLEMENTS)


def _amount(value):
    return isinstance(value, (int, float)) and not isinstance(value, bool) and 0 <= value <= limits.MAX_MONEY


FIELDS = {
    field.name: field
    for field in (
        Field("method", {"enum": list(METHODS)}, lambda v: v in METHODS, "one of " + ", ".join(METHODS)),
        Field(
            "stake",
            {"type": "number", "minimum": 0, "maximum": limits.MAX_MONEY},
            _amount,
            f"an amount from 0 to {limits.MAX_MONEY}",
        ),
        Field(
            "payouts",
            {
                "type": ["array", "null"],
                "maxItems": limits.MAX_PLAYERS,
                "items": {"type": "number", "minimum": 0, "maximum": limits.MAX_MONEY},
            },
            lambda v: v is None or (isinstance(v, list) and len(v) <= limits.MAX_PLAYERS and all(map(_amount, v))),
            f"a list of amounts from 0 to {limits.MAX_MONEY}, one for each losing place, or null",
        ),
    )
}

_checks = []


def ceiling_check(check):
    """Give the instance's stake ceiling's check, `check(loaded, stake, payouts, settle)`: it returns `settle()`
    (the engine's outcome), or raises RecordError when the stake, the scale or what the settled game moves is beyond
    the ceiling (web/stakes.within_ceiling)."""
    _checks[:] = [check]


def _settle(tap, method=None, stake=None, payouts=None):
    if tap.stale:
        raise Conflict(_("The settlement is set on the game as it stands, and another phone has acted since."))
    if not _checks:  # no app gave the ceiling: refuse rather than let any stake in
        raise RuntimeError("the stake ceiling's check is not given (taps.settlement.ceiling_check)")
    return _checks[0](tap.loaded, stake, payouts, lambda: rules.actions.settle_by(tap.loaded, method, stake, payouts))


ACTIONS = (
    Action(
        "settle",
        "how the game settles up: the way, the stake a point and a Prospect scale",
        None,
        frozenset({SCOREKEEPER}),
        (
            Use("method", "the way of settling up", required=True),
            Use("stake", "the stake a point, in the game's currency (at most the site's ceiling)", required=True),
            Use(
                "payouts",
                "Prospect's sliding scale: what each losing place pays the winner, in stakes (left out or null: "
                "1, 2, 3...); other ways ignore it",
            ),
        ),
        _settle,
        Example({}, (), {"method": "prospect", "stake": 0.5, "payouts": [1, 2, 3]}),
    ),
)
