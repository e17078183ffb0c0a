"""What a director's action returns (the actions are in director.py, registration.py, corrections.py and
prizes.py): the new record, it loaded, a sentence for the room, and the event to log as (kind, payload)."""

from typing import NamedTuple

from ..game.record import RecordError
from .event import Event
from .record import load_event


class EventOutcome(NamedTuple):
    record: dict
    event: Event
    message: str
    log: tuple


def loaded(event, games):
    """The event loaded: an Event as it is, a record loaded with its games."""
    return event if isinstance(event, Event) else load_event(event, games)


def done(record, games, message, kind, payload):
    """The outcome of an action that made `record`, said by `message`, logged as (kind, payload)."""
    return EventOutcome(record, load_event(record, games), message, (kind, payload))


def mended(record, games, message, kind, payload):
    """done, for an action that may mend an event that cannot be scored (a confirmed table reopened): while the
    record still cannot be loaded, the outcome's event is None."""
    try:
        event = load_event(record, games)
    except RecordError:
        event = None
    return EventOutcome(record, event, message, (kind, payload))
