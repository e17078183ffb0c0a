"""A tap as read: the refusal (`Refused`), the frozen `Tap` handed down the pipeline, and the helpers that read a
body's values (each field's type and bounds are the registry's, registry.py); what a value must be in this game
(a seat that exists, a legal bid) the action checks."""

import hashlib
import json
from dataclasses import dataclass, replace
from datetime import datetime, UTC

from scorekeeper.rules.game import numbers

PENALTY_KEYS = {"seat", "reason", "points"}  # a tap's penalty holds these only: no unknown key rides into the record


class Refused(Exception):
    """A refused action: a status, a message and the field it names; `error`, the engine's RecordError it was (the
    forms word it with the field named as the table says it: web/refusals.py)."""

    def __init__(self, status, message, field=None, error=None):
        super().__init__(message)
        self.status, self.message, self.field, self.error = status, message, field, error


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
    if isinstance(value, float) and value.is_integer() and abs(value) < 10**numbers.MAX_DIGITS:
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


def digest(body):
    """What an action said, as the applied id remembers it: the same id with another body is refused."""
    text = json.dumps(body, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    return hashlib.sha256(text.encode()).hexdigest()


def seat_of(body, loaded):
    """The body's seat, one of this game's."""
    return need(
        body,
        "seat",
        lambda v: whole(v) and 0 <= v < len(loaded.players),
        f"a seat number from 0 to {len(loaded.players) - 1}",
    )


def bids_by_seat(chosen, loaded):
    """A reveal's bids (an object, or None) as {seat: bid}, each seat one of this game's."""
    bids = {}
    for seat, value in (chosen or {}).items():
        number = numbers.whole_or(str(seat), None, 0, len(loaded.players) - 1)
        if number is None or not str(seat).isdigit() or not whole(value):
            raise Refused(422, "'bids' must map seat numbers to whole numbers", "bids")
        bids[number] = value
    return bids
