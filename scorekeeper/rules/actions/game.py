"""Actions on the game as a whole: settle up another way, play again at the same table, its date and note."""

import copy
import datetime

from ..game.limits import LimitError, checked_date, checked_note
from ..game.record import RecordError
from ..money.settlement import SETTLEMENTS
from ..game.steps import as_game
from ..said import Day, Number, said
from .outcome import changed, done


def again(game):
    """Return the record of a new game at the same table, the first dealer passed left."""
    game = as_game(game)
    record = copy.deepcopy(game.record)
    record["hands"] = []
    for key in ABOUT_KEYS:  # the next game is played on its own day, with its own note
        record.pop(key, None)
    record.setdefault("rules", {})["first_dealer"] = (game.rules.first_dealer + 1) % len(game.players)
    return done(record)


def settle_by(game, method, stake, payouts=None):
    """Settle up by `method` at `stake`; a sliding scale's `payouts`, or None for its default (1, 2, 3... stakes)."""
    game = as_game(game)
    entry = changed(SETTLEMENTS.find, method)
    record = copy.deepcopy(game.record)
    chosen = record.setdefault("rules", {})
    chosen["settlement"], chosen["stake"] = entry.id, stake
    if entry.takes_payouts and payouts:
        chosen["payouts"] = list(payouts)
    else:
        chosen.pop("payouts", None)
    return done(
        record,
        said("Settling up by %(method)s, stake %(stake)s.", method=entry.name, stake=Number(stake, places=2)),
        "settlement",
        {"settlement": entry.id, "stake": stake, "payouts": chosen.get("payouts")},
    )


# A game's date and note: top-level keys of its record, both optional (docs/rule-decisions.md). The date is
# `played_on`: an export already writes `date` beside each record (when the game was set up).
DATE_KEY, NOTE_KEY = "played_on", "note"
ABOUT_KEYS = (DATE_KEY, NOTE_KEY)


def about_of(record, created=""):
    """Return the game's date (else the day it was created, from an ISO time) and note ("" when none)."""
    date, note = record.get(DATE_KEY), record.get(NOTE_KEY)
    return {
        "date": date if isinstance(date, str) and date else str(created or "")[:10],
        "note": note if isinstance(note, str) else "",
    }


def describe(game, date, note):
    """Set the game's date (empty: the day it was created) and note (empty: none)."""
    game = as_game(game)
    try:
        date = checked_date(date.strip()) if (date or "").strip() else None
        note = checked_note(note or "")
    except LimitError as error:
        raise RecordError(error.path, error.message) from None
    record = copy.deepcopy(game.record)
    for key, value in ((DATE_KEY, date), (NOTE_KEY, note)):
        if value:
            record[key] = value
        else:
            record.pop(key, None)
    day = Day(datetime.date.fromisoformat(date)) if date else None  # checked_date made it ISO
    if date and note:
        saying = said("Date and note: %(date)s, “%(note)s”.", date=day, note=note)
    elif date or note:
        saying = said("Date and note: %(date)s.", date=day) if date else said("Date and note: “%(note)s”.", note=note)
    else:
        saying = said("Date and note: the day it was set up, no note.")
    return done(record, saying, "about", {"date": date, "note": note or None})
