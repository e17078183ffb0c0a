"""What every action returns: an `Outcome`, built from a new record that never changes the one given."""

import copy
from typing import NamedTuple

from ..game.record import Game, RecordError, load
from ..said import Sentence, reason


class Outcome(NamedTuple):
    """The new record, that record loaded, a sentence for the table (or None), the history entry: (kind, payload)."""

    record: dict
    game: Game
    message: str | None = None
    entry: tuple = ()


def done(record, message=None, kind=None, payload=None, before=None):
    """The outcome of an action; `before`, the game it was made on, spares checking the hands they share."""
    return Outcome(record, load(record, known=before), message, (kind, payload) if kind else ())


def with_last_hand_copied(game):
    """Return a copy of the game's record whose last hand may be changed; the players, the rules and the other
    hands are shared with it (a record is never changed in place), so loading the copy knows them already."""
    record = dict(game.record)
    record["hands"] = list(game.record["hands"])
    record["hands"][-1] = copy.deepcopy(record["hands"][-1])
    return record


def changed(change, *args):
    """Run a change of rules/game/table.py, saying its ValueError as a RecordError of the table."""
    try:
        return change(*args)
    except RecordError:
        raise
    except ValueError as error:
        raise RecordError("table", Sentence(reason(error))) from None
