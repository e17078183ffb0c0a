"""The round's time limit (the director's action): how many minutes a round may take, counted from its draw; the
pages count down to it (docs/events.md "The round's clock"). Kept in the record as `round_minutes` (ours)."""

import copy

from ..game.numbers import NumberError, parse_whole
from ..game.record import RecordError
from ..said import nsaid, said
from .outcome import done, loaded

MAX_MINUTES = 600


def parse_minutes(value):
    """The time limit typed or sent: whole minutes, 1 to 600; empty or 0 for none (returns 0)."""
    text = "" if value is None else str(value).strip()
    if text in ("", "0") and not isinstance(value, bool):
        return 0
    try:
        if isinstance(value, bool):
            raise NumberError(value)
        return parse_whole(text, 0, MAX_MINUTES)
    except NumberError:
        raise RecordError(
            "minutes", said("must be whole minutes from 1 to %(most)d, or empty for no time limit", most=MAX_MINUTES)
        ) from None


def set_time_limit(event, minutes, games=None):
    """Set how many minutes each round may take from its draw (0 or empty: no limit)."""
    event = loaded(event, games)
    minutes = parse_minutes(minutes)
    record = copy.deepcopy(event.record)
    record.pop("round_minutes", None)
    if minutes:
        record["round_minutes"] = minutes
        saying = nsaid(
            "A round has %(num)d minute from its draw.", "A round has %(num)d minutes from its draw.", minutes
        )
    else:
        saying = said("No time limit for a round.")
    return done(record, games, saying, "time_limit", {"minutes": minutes})


def time_limit(record):
    """The record's time limit in whole minutes, or 0."""
    minutes = record.get("round_minutes")
    return minutes if isinstance(minutes, int) and not isinstance(minutes, bool) and 0 < minutes <= MAX_MINUTES else 0
