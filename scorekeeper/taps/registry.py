"""Every action of the table, declared once as data: its name, the step it is made on, the keys that may send it,
its body (each field's type and bounds, required or not, what it means there) and the function that applies it.

The pipeline (taps/__init__.py) reads a body against it; the roles table (`MAY`), the OpenAPI's `Action` schema and
the docs' tables are generated from it (taps/described.py); tests/test_action_registry.py walks it: every entry
documented, its worked example run through the real pipeline. A new action is one entry here and its function; the
table changes (arrive, leave, the plan...) are declared in table_changes.py, a game's date and note in about.py,
its settlement in settlement.py, and added here, in the same shapes (declare.py).
"""

from scorekeeper import rules
from scorekeeper.rules.game import numbers
from . import about, actions, sealed, settlement, table_changes
from .body import PENALTY_KEYS, Refused, counts, need, optional, tapped_time, whole
from .declare import Action, Example, Field, Use
from .roles import OWN_SEAT, SCOREKEEPER

MAX_ID = 100
TRUMP_WORDS = "one of " + ", ".join(rules.TRUMPS)


def _penalties(value):
    return isinstance(value, list) and all(isinstance(p, dict) and set(p) <= PENALTY_KEYS for p in value)


def _indices(value):
    return isinstance(value, list) and all(whole(i) for i in value)


def _trump(value):
    return value in rules.TRUMPS


_ID_PATTERN = "^[^:\\u0000-\\u001f\\u007f-\\u009f]+$"
_COUNT = {"type": ["integer", "null"], "minimum": 0}

# Every key a tap may hold, in the order the body is checked: the envelope every action has, then the actions'.
FIELDS = {
    field.name: field
    for field in (
        # No ':' (review F-22): a seat's ids are kept as "seat<N>:<id>", so no other key can send one of them first.
        Field(
            "id",
            {
                "type": "string",
                "minLength": 1,
                "maxLength": MAX_ID,
                "pattern": _ID_PATTERN,
                "description": "unique per game, made by the client; no ':' (a seat's ids are kept as seat<N>:<id>)",
            },
            lambda v: isinstance(v, str) and 0 < len(v) <= MAX_ID and v.isprintable() and ":" not in v,
            f"a unique string of 1 to {MAX_ID} characters made by the client, without ':'",
        ),
        Field(
            "revision",
            {
                "type": "integer",
                "minimum": 1,
                "maximum": 10**numbers.MAX_DIGITS - 1,
                "description": "the game's revision the tap was made on",
            },
            lambda v: whole(v) and v >= 1,
            "the game's revision the tap was made on (a whole number)",
        ),
        Field(
            "hand",
            {
                "type": "integer",
                "minimum": 1,
                "maximum": 1001,
                "description": (
                    "the hand the tap was made on (1 for the first; the record's hands counted, a hand dealt again counts anew): "
                    "deal: the hand it deals; bid, reveal, trump, tricks: the hand being played; undo: the hand the table is on; "
                    "correct: the finished hand it records again; a change at the table (arrive, leave, the plan...), about and settle: "
                    "the hand the table is on. Applied only to that hand at that step (a deal before the deal, "
                    "a bid or reveal during the bids, trump at trump, tricks at tricks), else 409 with the hand as recorded "
                    "(`recorded`)"
                ),
            },
            lambda v: whole(v) and v >= 1,
            "the number of the hand the tap was made on (1 for the first; a deal names the hand it deals)",
        ),
        Field("action", {}, None, None),  # its enum and check: the names of ACTIONS (below)
        Field("cards", {"type": "integer", "minimum": 1}, whole, "a whole number of cards"),
        Field("trump", {"enum": list(rules.TRUMPS)}, _trump, TRUMP_WORDS),
        Field(
            "seat",
            {"type": "integer", "minimum": 0},
            lambda v: whole(v) and v >= 0,
            "a seat number (0 for the first player)",
        ),
        Field("bid", {"type": "integer", "minimum": 0}, whole, "a whole number"),
        Field("blind", {"type": "boolean"}, lambda v: True, "true or false"),  # any value is read as true or false
        Field(
            "tricks",
            {"type": "array", "items": _COUNT},
            counts,
            "a list of trick counts by seat (null: as bid, or as recorded)",
        ),
        Field(
            "penalties",
            {"type": "array", "maxItems": 100, "items": {"$ref": "#/components/schemas/TapPenalty"}},
            _penalties,
            'a list of penalties, each {"seat", "reason", "points"} and nothing else',
        ),
        Field(
            "bids",
            {
                "type": ["object", "array"],
                "propertyNames": {"pattern": "^[0-9]+$"},
                "additionalProperties": {"type": "integer", "minimum": 0},
                "maxItems": 30,
                "items": _COUNT,
            },
            lambda v: isinstance(v, dict) or counts(v),
            "bids by seat",
        ),
        # A correction's number must be its hand (`read`): no check of its own before that one.
        Field("number", {"type": "integer", "minimum": 1, "maximum": 1000}, lambda v: True, "the hand"),
        Field(
            "drop_penalties",
            {"type": "array", "maxItems": 100, "items": {"type": "integer", "minimum": 0}},
            _indices,
            "a list of the recorded penalties' indices to drop",
        ),
        Field(
            "blinds",
            {"type": "array", "maxItems": 30, "items": {"type": "integer", "minimum": 0}},
            lambda v: _indices(v) and len(v) <= 30 and all(i >= 0 for i in v),
            "a list of seat numbers",
        ),
        Field(
            "tapped",
            {
                "type": "string",
                "maxLength": 40,
                "format": "date-time",
                "description": (
                    "when the tap was made, with its offset (ISO 8601): a tap queued offline keeps it as its History time, "
                    "bounded by the server's clock and the game's previous entry"
                ),
            },
            lambda v: tapped_time(v) is not None,
            "the time the tap was made, with its offset (ISO 8601, as 2026-11-27T16:00:15Z)",
        ),
    )
}
# The keys only the table changes use (a newcomer's name, a hand of the plan...), the game's date and note, and its
# settlement.
for _more in (table_changes.FIELDS, about.FIELDS, settlement.FIELDS):
    assert not FIELDS.keys() & _more.keys(), "a field is declared twice"
    FIELDS |= _more
# The worked examples' bids of a 1-card hand, four players, Bob first: Bob and Ann bid one, the others none.
_BIDS = tuple(("bid", {"seat": seat, "bid": bid}) for seat, bid in ((1, 1), (2, 0), (3, 0), (0, 1)))
ENVELOPE = ("id", "revision", "hand", "action")  # required of every tap; "tapped" is optional
# The reveal's example: a game whose bids are made all at once, and need not add up to the cards.
_ALL_AT_ONCE = next(
    style.id for style in rules.BIDDING_STYLES if style.all_at_once and not style.bids_must_sum_to_cards
)

ACTIONS = (
    (
        Action(
            "deal",
            "deal the next hand",
            "deal",
            frozenset({SCOREKEEPER}),
            (Use("cards", "the cards, when not as planned"), Use("trump", "the trump turned up")),
            actions.deal,
            Example({}, (), {"trump": "hearts"}),
        ),
        Action(
            "bid",
            "one player's bid",
            "bids",
            frozenset({SCOREKEEPER, OWN_SEAT}),
            (
                Use("seat", "the seat bidding (0 is the first player)", required=True, in_game=True),
                Use("bid", "the bid", required=True),
                Use("blind", "bid blind (when offered)"),
            ),
            actions.bid,
            Example({}, (("deal", {"trump": "hearts"}),), {"seat": 1, "bid": 0}),
        ),
        Action(
            "trump",
            "the trump named after the bids",
            "trump",
            frozenset({SCOREKEEPER}),
            (Use("trump", "the trump named", required=True),),
            actions.trump,
            Example(
                {"trump": "highest_bidder"},
                (("deal", {}), *_BIDS),
                {"trump": "spades"},
            ),
        ),
        Action(
            "tricks",
            "the tricks each seat took",
            "tricks",
            frozenset({SCOREKEEPER}),
            (
                Use(
                    "tricks",
                    "by seat; null takes the bid; the dealer gets what is left",
                    required=True,
                    words="a list of trick counts by seat (null: as bid)",
                ),
                Use("penalties", "penalties of the hand"),
            ),
            actions.tricks,
            Example(
                {},
                (("deal", {"trump": "hearts"}), *_BIDS),
                {"tricks": [1, 0, 0, 0]},
            ),
        ),
        Action(
            "undo",
            "take back the last action",
            None,
            frozenset({SCOREKEEPER}),
            (),
            actions.undo,
            Example({}, (("deal", {"trump": "hearts"}),), {}),
            history=True,
        ),
        Action(
            "reveal",
            "show the bids made all at once",
            "bids",
            frozenset({SCOREKEEPER}),
            (
                Use(
                    "bids",
                    'bids by seat number ("0", "1"...) entered by the scorekeeper, an object; the sealed ones fill '
                    "the rest",
                    check=lambda v: isinstance(v, dict),
                    words='an object of bids by seat: {"0": 2}',
                ),
                Use("blinds", "the seats whose bid entered by the scorekeeper is blind (when offered)"),
            ),
            sealed.reveal,
            Example(
                {"hook": False, "bidding": _ALL_AT_ONCE},
                (("deal", {"trump": "hearts"}),),
                {"bids": {"0": 0, "1": 1, "2": 0, "3": 1}},
            ),
        ),
        Action(
            "correct",
            "record a finished hand again, every later hand rescored",
            "recorded",
            frozenset({SCOREKEEPER}),
            (
                Use(
                    "number",
                    "the finished hand to record again, the same as `hand` (may be left out); refused when the "
                    "game has moved on since the tap",
                ),
                Use(
                    "bids",
                    "the hand's bids, a list by seat",
                    required=True,
                    check=counts,
                    words="a list of bids by seat",
                ),
                Use(
                    "tricks",
                    "by seat; null keeps the recorded count",
                    required=True,
                    words="a list of trick counts by seat (null: as recorded)",
                ),
                Use("trump", "the hand's trump (absent: none recorded)"),
                Use("drop_penalties", "the indices of the hand's recorded penalties to drop"),
                Use("penalties", "one penalty to add"),
            ),
            actions.correct,
            Example(
                {},
                (("deal", {"trump": "hearts"}), *_BIDS, ("tricks", {"tricks": [None, 1, 0, 0]})),
                {"number": 1, "bids": [1, 1, 0, 0], "tricks": [1, 0, 0, 0]},
            ),
        ),
    )
    + table_changes.ACTIONS
    + about.ACTIONS
    + settlement.ACTIONS
)
BY_NAME = {action.name: action for action in ACTIONS}
assert len(BY_NAME) == len(ACTIONS), "an action's name is declared twice"
assert all(use.field in FIELDS for action in ACTIONS for use in action.fields), "an action uses an unknown field"
KEYS = tuple(FIELDS)
# Who may send each action: generated, the one table the pipeline checks (docs/security.md shows it).
MAY = {action.name: action.roles for action in ACTIONS}


def may(action, role):
    """True when a key of this role may send this action."""
    return role in MAY[action]


def read(body):
    """Return (id, revision, action, hand) of a well-formed tap, its every field's type checked, or refuse it (422)
    naming the field."""
    if not isinstance(body, dict):
        raise Refused(422, "an action must be a JSON object", "body")
    unknown = next((key for key in body if key not in FIELDS), None)
    if unknown is not None:
        raise Refused(
            422, f"'{str(unknown)[:40]}' is not part of an action; it may hold " + ", ".join(KEYS), str(unknown)[:40]
        )
    action_id = need(body, "id", FIELDS["id"].check, FIELDS["id"].words)
    revision = need(body, "revision", FIELDS["revision"].check, FIELDS["revision"].words)
    action = need(body, "action", lambda v: v in BY_NAME, "one of " + ", ".join(BY_NAME))
    hand = need(body, "hand", FIELDS["hand"].check, FIELDS["hand"].words)
    for field in FIELDS.values():
        if field.name not in ENVELOPE:
            optional(body, field.name, field.check, field.words)
    if action == "correct" and body.get("number", hand) != hand:
        raise Refused(422, "'number' must be the hand the correction was made on ('hand'), or left out", "number")
    return action_id, revision, action, hand
