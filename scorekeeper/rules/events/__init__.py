"""Tournaments (RULES.md "Tournaments (events)"): formats, the event record, the draw, scoring an event
and the director's actions, in pure Python. Every table of a round is an ordinary game."""

from .director import (
    EventOutcome,
    add_late_player,
    link_game,
    new_event,
    remove_player,
    replace_player,
    set_table_record,
    start_round,
    swap_players,
    withdraw_player,
)
from .corrections import (
    LOCKED,
    approve_correction,
    cut_change,
    decide_correction,
    reopen_round,
    request_correction,
    table_locked,
)
from .clock import set_time_limit, time_limit
from .draw import lot, table_sizes
from .formats import FORMATS, planned_rounds
from .prizes import event_money, final_places, mark_paid, parse_fee, parse_split, set_money, settle_event
from .registration import absent, check_in, register_player, roll_call, withdraw_absent
from .undo import bring_back
from .event import Event
from .record import dump_event, dumps_event, inline_games, load_event, split_games
from .scored import placement_points, score_event

__all__ = [
    "FORMATS",
    "Event",
    "EventOutcome",
    "add_late_player",
    "dump_event",
    "dumps_event",
    "inline_games",
    "link_game",
    "load_event",
    "lot",
    "new_event",
    "placement_points",
    "planned_rounds",
    "score_event",
    "set_table_record",
    "split_games",
    "start_round",
    "swap_players",
    "table_sizes",
    "withdraw_player",
    "remove_player",
    "replace_player",
    "register_player",
    "check_in",
    "roll_call",
    "withdraw_absent",
    "absent",
    "bring_back",
    "LOCKED",
    "approve_correction",
    "decide_correction",
    "table_locked",
    "cut_change",
    "reopen_round",
    "request_correction",
    "set_time_limit",
    "time_limit",
    # the event's money (prizes.py)
    "event_money",
    "final_places",
    "mark_paid",
    "parse_fee",
    "parse_split",
    "set_money",
    "settle_event",
]
