"""Everything about the game of Oh Hell, in pure Python: no Flask, no SQLite, no WTForms.

The web app, the storage, the PDF sheets and the command line call this package; it calls
none of them.

Its rooms, by job (docs/architecture.md, decision 0045): game/ (the record, its rules and limits, the plan, the
table), bids/, scoring/ (the systems, scoring a game, ranks, presets), money/, club/ (what counts, ratings, seasons),
actions/ (the table's writes) and events/ (tournaments). Import a module by its path; the rooms' __init__ import nothing.

It speaks no language: what it tells people it returns as values (rules/said.py), worded by scorekeeper.text.

May import: the standard library and openskill (the ratings' model); it is the lowest layer.
"""

from .bids.bidding import (
    BIDDING_STYLES,
    BidState,
    allowed_bids,
    bid_inputs,
    bid_state,
    state_of_bids,
    announcement,
    bid_so_far,
    bidding_order,
    blind_eligible,
    dealer_blind_bid,
    forbidden_bid,
    hook_reason,
    may_bid,
    next_bidder,
    over_under_by,
    tricks_needed,
    trump_namer,
)
from .scoring.modifiers import MODIFIERS, PENALTIES
from .game.names import is_same_player, name_key, player_name, player_names
from .game.patterns import PATTERNS, decks_for, hand_sizes, is_full_deal, largest_hand
from .game.plan import PLAN_CHANGES, changed_deals, completed_hands, completed_rules, next_hand, undealable
from .game.record import Game, Hand, RecordError, dump, dumps, load, penalty_points
from .scoring.scored import score, with_joins
from .scoring.chase import last_hands
from .bids import habits  # noqa: E402  (bidding habits: rules.habits.seat_habits, rules.habits.by_hand_size)
from .money.settlement import SETTLEMENTS, settle
from .money.payments import fewest_payments, payments_between
from .scoring.ranks import BONUS, PENALTY, adjustment_kind, ranks, winners
from .scoring.systems import SYSTEMS
from .game.table import (
    START_CHOICES,
    add_player,
    deal_hand,
    leave,
    out_for_next_hand,
    sit_out,
    standing_totals,
    starting_total,
    table_state,
)
from .game.trump import SUITS, SYMBOLS, TRUMP_METHODS, TRUMPS, fixed_trump
from . import actions  # noqa: E402  (the table's actions: rules.actions.bid, rules.actions.deal, ...)
from .actions import Outcome, WrongStep, blind_offers, step
from . import events  # noqa: E402  (tournaments: rules.events.score_event, rules.events.start_round, ...)
from .events import FORMATS

__all__ = [
    "BIDDING_STYLES",
    "MODIFIERS",
    "PATTERNS",
    "PENALTIES",
    "SETTLEMENTS",
    "SUITS",
    "SYMBOLS",
    "SYSTEMS",
    "TRUMPS",
    "TRUMP_METHODS",
    "PLAN_CHANGES",
    "Game",
    "changed_deals",
    "completed_hands",
    "completed_rules",
    "undealable",
    "Hand",
    "RecordError",
    "allowed_bids",
    "announcement",
    "bid_so_far",
    "bidding_order",
    "blind_eligible",
    "dealer_blind_bid",
    "decks_for",
    "dump",
    "dumps",
    "fewest_payments",
    "fixed_trump",
    "forbidden_bid",
    "hand_sizes",
    "hook_reason",
    "is_full_deal",
    "largest_hand",
    "load",
    "may_bid",
    "next_bidder",
    "next_hand",
    "over_under_by",
    "payments_between",
    "penalty_points",
    "ranks",
    "score",
    "settle",
    "tricks_needed",
    "BidState",
    "bid_inputs",
    "bid_state",
    "state_of_bids",
    "trump_namer",
    "winners",
    "with_joins",
    "START_CHOICES",
    "add_player",
    "deal_hand",
    "leave",
    "out_for_next_hand",
    "sit_out",
    "standing_totals",
    "starting_total",
    "table_state",
    "BONUS",
    "PENALTY",
    "adjustment_kind",
    "last_hands",
    "habits",
    "actions",
    "Outcome",
    "WrongStep",
    "blind_offers",
    "step",
    "events",
    "FORMATS",
    "is_same_player",
    "name_key",
    "player_name",
    "player_names",
]
