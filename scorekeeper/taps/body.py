"""What a tap's JSON body must be: its keys, each field's type, read before anything else (so a malformed tap
is 422, never 409); what a value must be in this game (a seat that exists, a legal bid) the action checks."""

import hashlib
import json
from dataclasses import dataclass, replace
from datetime import datetime, UTC

from scorekeeper import rules
from scorekeeper.rules import numbers

ACTIONS = ("deal", "bid", "trump", "tricks", "undo", "reveal", "correct")
# Every key an action may hold (openapi.json's Action): any other is refused, not silently dropped.
KEYS = ("id", "revision", "hand", "action", "cards", "trump", "seat", "bid", "blind", "tricks", "penalties", "bids",
        "number", "drop_penalties", "tapped")
MAX_ID = 100
PENALTY_KEYS = {"seat", "reason", "points"}  # a tap's penalty holds these only: no unknown key rides into the record


class Refused(Exception):
    """A refused action: a status, a message and the field it names."""

    def __init__(self, status, message, field=None):
        super().__init__(message)
        self.status, self.message, self.field = status, message, field


@dataclass(frozen=True)
class Tap:
    """One tap, read once (`taps.perform`), handed whole down the tap's path instead of its parts one by one.

    What the client sent: the body (its whole floats read as integers), the action it names, the applied id as the
    store keeps it (a seat's ids are "seat<N>:<id>"), the body's digest, the revision and hand it was made on, the
    seat whose key sent it (None: the scorekeeper's key), the time it was made (None: unknown). Then, once the game
    is read (`on`), the game's row and the loaded game it meets."""

    db: object
    game_id: int
    body: dict
    action: str
    id: str
    digest: str
    revision: int
    hand: int
    seat: int | None = None
    tapped: str | None = None
    game: object = None
    loaded: object = None

    def on(self, game, loaded):
        """The same tap, meeting the game as read (its row and the loaded game)."""
        return replace(self, game=game, loaded=loaded)

    @property
    def stale(self):
        """Made on an older revision than the game it meets."""
        return self.revision != self.game["revision"]


whole = numbers.json_whole


def plain(value):
    """Read a whole float as its integer, as JSON Schema does (a revision of 1.0 is 1), recursively."""
    if isinstance(value, float) and value.is_integer() and abs(value) < 10 ** numbers.MAX_DIGITS:
        return int(value)
    if isinstance(value, list):
        return [plain(item) for item in value]
    if isinstance(value, dict):
        return {key: plain(item) for key, item in value.items()}
    return value


def need(body, key, check, words):
    """Return the body's `key`, refused (422, naming it) unless `check` holds; `words` say what it must be."""
    value = body.get(key)
    if not check(value):
        raise Refused(422, f"'{key}' must be {words}", key)
    return value


def optional(body, key, check, words):
    """Return the body's `key`, or None when it is left out or null; else as `need`."""
    return None if body.get(key) is None else need(body, key, check, words)


def counts(value):
    """A list of counts by seat, each a whole number or null."""
    return isinstance(value, list) and all(item is None or whole(item) for item in value)


def tapped_time(value):
    """The time a tap was made, as the phone's clock said it (ISO 8601 with its offset), in UTC as the store writes
    times; None when it is not such a time."""
    if not isinstance(value, str) or len(value) > 40:
        return None
    try:
        moment = datetime.fromisoformat(value)
        return moment.astimezone(UTC).isoformat(timespec="seconds") if moment.tzinfo else None
    except (ValueError, OverflowError):
        return None


# Each field's type, checked for every action before anything else.
SHAPES = {"cards": (whole, "a whole number of cards"),
          "trump": (lambda v: v in rules.TRUMPS, "one of " + ", ".join(rules.TRUMPS)),
          "seat": (lambda v: whole(v) and v >= 0, "a seat number (0 for the first player)"),
          "bid": (whole, "a whole number"),
          "tricks": (counts, "a list of trick counts by seat (null: as bid, or as recorded)"),
          "penalties": (lambda v: isinstance(v, list) and all(isinstance(p, dict) and set(p) <= PENALTY_KEYS
                                                              for p in v),
                        "a list of penalties, each {\"seat\", \"reason\", \"points\"} and nothing else"),
          "bids": (lambda v: isinstance(v, dict) or counts(v), "bids by seat"),
          "drop_penalties": (lambda v: isinstance(v, list) and all(whole(i) for i in v),
                             "a list of the recorded penalties' indices to drop"),
          "tapped": (lambda v: tapped_time(v) is not None,
                     "the time the tap was made, with its offset (ISO 8601, as 2026-11-27T16:00:15Z)")}


def checked_body(body):
    """Return (id, revision, action, hand) of a well-formed action, or refuse it naming the field."""
    if not isinstance(body, dict):
        raise Refused(422, "an action must be a JSON object", "body")
    unknown = next((key for key in body if key not in KEYS), None)
    if unknown is not None:
        raise Refused(422, f"'{str(unknown)[:40]}' is not part of an action; it may hold " + ", ".join(KEYS),
                      str(unknown)[:40])
    # No ':' (review F-22): a seat's ids are kept as "seat<N>:<id>", so no other key can send one of them first.
    action_id = need(body, "id", lambda v: isinstance(v, str) and 0 < len(v) <= MAX_ID and v.isprintable()
                     and ":" not in v, f"a unique string of 1 to {MAX_ID} characters made by the client, without ':'")
    revision = need(body, "revision", lambda v: whole(v) and v >= 1,
                    "the game's revision the tap was made on (a whole number)")
    action = need(body, "action", lambda v: v in ACTIONS, "one of " + ", ".join(ACTIONS))
    hand = need(body, "hand", lambda v: whole(v) and v >= 1,
                "the number of the hand the tap was made on (1 for the first; a deal names the hand it deals)")
    for key, (check, words) in SHAPES.items():
        optional(body, key, check, words)
    if action == "correct" and body.get("number", hand) != hand:
        raise Refused(422, "'number' must be the hand the correction was made on ('hand'), or left out", "number")
    return action_id, revision, action, hand


def digest(body):
    """What an action said, as the applied id remembers it: the same id with another body is refused."""
    text = json.dumps(body, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    return hashlib.sha256(text.encode()).hexdigest()


def seat_of(body, loaded):
    """The body's seat, one of this game's."""
    return need(body, "seat", lambda v: whole(v) and 0 <= v < len(loaded.players),
                f"a seat number from 0 to {len(loaded.players) - 1}")


def penalties(body):
    """The body's penalties, each a copy."""
    entries = optional(body, "penalties", *SHAPES["penalties"])
    return [dict(entry) for entry in entries or []]


def bids_by_seat(body, loaded):
    """The body's bids as {seat: bid}, each seat one of this game's."""
    chosen = optional(body, "bids", lambda v: isinstance(v, dict), "an object of bids by seat: {\"0\": 2}")
    bids = {}
    for seat, value in (chosen or {}).items():
        number = numbers.whole_or(str(seat), None, 0, len(loaded.players) - 1)
        if number is None or not str(seat).isdigit() or not whole(value):
            raise Refused(422, "'bids' must map seat numbers to whole numbers", "bids")
        bids[number] = value
    return bids
