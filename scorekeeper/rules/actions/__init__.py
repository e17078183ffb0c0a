"""The table's actions: every write to a game, as pure functions, one module for each thing they act on.

Each action takes a game (a record dict, or a `Game` already loaded) and what the scorekeeper
chose, and returns an `Outcome` (outcome.py): the new record, that record loaded, a sentence for
the table (or None) and the event to log as (kind, payload). The record given is never changed. A
refusal raises `RecordError` with the field's path and a message a player understands;
`WrongStep` (a RecordError) says the table is on another screen, e.g. another phone moved on.

- hand.py: deal, bid, bids_at_once, name_trump, record_tricks (and penalty, blind_offers);
- corrections.py: correct_hand, a finished hand recorded again;
- table_changes.py: arrive, leave, sit_out, sit_in, change_plan, and table_change, which picks one by name;
- game.py: settle_by, again, describe (the game's date and note);
- whole_hands.py: append_hand, a finished hand taken whole (the JSON API's), and deals_ahead, the deals the plan
  makes once each hand at hand is played out (the offline page's).

`step(game)` (rules/game/steps.py) names the screen the table is on: deal, bids, trump, tricks or over.
Undo is not here: it is history, kept by the store.
"""

from ..game.steps import STEPS, WrongStep, asks_trump_after_bids, bids_all_at_once, current_hand, step, upcoming
from .corrections import correct_hand
from .game import ABOUT_KEYS, DATE_KEY, NOTE_KEY, about_of, again, describe, settle_by
from .hand import bid, bids_at_once, blind_offers, deal, name_trump, penalty, record_tricks
from .outcome import Outcome
from .table_changes import TABLE_CHANGES, arrive, change_plan, leave, sit_in, sit_out, table_change
from .whole_hands import AHEAD, append_hand, deals_ahead

__all__ = [
    "AHEAD",
    "STEPS",
    "TABLE_CHANGES",
    "ABOUT_KEYS",
    "DATE_KEY",
    "NOTE_KEY",
    "Outcome",
    "WrongStep",
    "about_of",
    "again",
    "describe",
    "append_hand",
    "arrive",
    "asks_trump_after_bids",
    "bid",
    "bids_all_at_once",
    "bids_at_once",
    "blind_offers",
    "change_plan",
    "correct_hand",
    "current_hand",
    "deal",
    "deals_ahead",
    "leave",
    "name_trump",
    "penalty",
    "record_tricks",
    "settle_by",
    "sit_in",
    "sit_out",
    "step",
    "table_change",
    "upcoming",
]
