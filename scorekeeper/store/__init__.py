"""The game store: SQLite through sqlite-utils. The only package that knows table names.

One module per kind of row: db (a connection: BEGIN IMMEDIATE writes, the writers in turn), connections (the
app's, one per thread; init-db), games (reading games), loaded (loaded
games per generation and revision, in the one cache: scorekeeper/cache/kept.py), generation (the database's
generation, bumped by restore, delete and migration), new_games (a game created or imported), log (the write path:
actions, undo), log_reads (a game's history read back), results (stored
results and player summaries), evenings (evenings and the roster), applied_taps (action ids: a tap
applied once), seat_links (seat keys), sealed (sealed bids), next_game (the next game at the table), files (the file itself: damage checks), backups
(backup, restore), roster (display names, merged spellings) and merging (merge, split, rename), club (members, the games the club recognises, the IBAN log), migrations (the schema steps, frozen), backfills (today's code after them, and `migrate`), events (tournaments: the record, the director's log and key, which game plays
which table), exports (CSV and JSON files, and the import), club_export, club_checks and club_import (the club's record in
the JSON export, written, checked and put back: evenings, events, seasons, payments, members; decision 0039). What an action changed (diff/apply/replay) is
pure: scorekeeper.rules.game.changes.

May import: scorekeeper.rules, scorekeeper.cache, sqlite-utils, Flask's app context (for the per-request
connection). Never the web, printing, text or the views.

Every function takes the `db` from `get_db()` (or `connect(path)`). Writes raise StaleRevision
when the game changed since `revision`, and RecordError (from the rules engine) when the new
record breaks its rules; then nothing is stored. Every write transaction starts BEGIN IMMEDIATE,
so simultaneous writers wait their turn (up to BUSY_SECONDS) instead of failing. A stored record
this version cannot read raises DamagedGame (a RecordError) naming the game.
"""

from scorekeeper.rules.game.changes import replay
from .loaded import load_game, scored_game
from .backfills import migrate
from .backups import backup, restore
from .connections import close, get_db, init_app
from .db import connect, new_id
from .evenings import (
    count_evenings,
    evening_of,
    evening_people,
    evenings_beside,
    evenings_between,
    evenings_played_since,
    get_evening,
    list_evenings,
    list_players,
    named_evenings,
    player_evenings,
    seasons_holding,
    set_evening_about,
    evening_about,
)
from .files import StorageError, check_storage
from .games import (
    DamagedGame,
    StaleRevision,
    UnknownGame,
    count_games,
    game_list,
    games_in_finish_order,
    games_in_order,
    games_in_pages,
    follow_tag,
    get_game,
    get_game_head,
    list_games,
    may_edit,
    unreadable_games,
)
from .log import NothingToUndo, append_entry, undo, undo_last
from .log_reads import full_history, history
from .new_games import create_game, import_game
from .imports import import_games
from .migrations import migrations
from .event_tables import TablesMoved, import_event, store_event_change
from .removal import ABANDONED, abandon_game, delete_game, restore_game
from .ratings import player_ratings, rating_changes, rating_history, ratings_at, ratings_of, rebuild_ratings
from .money import (
    count_payments,
    counted_here,
    get_payment,
    ibans,
    ledger_rows,
    masked,
    money_flows,
    payee_changed,
    payment_log,
    plays_event_table,
    record_payment,
    set_iban,
    undo_payment,
)
from .money_book import books as money_books, revision as money_revision
from .club import (
    LEFT_OUT,
    RECOGNISED,
    WAITING,
    add_member,
    count_to_accept,
    games_to_accept,
    iban_changes,
    in_club_record,
    list_members,
    member_by_link,
    remove_member,
)
from .accepting import set_recognised
from .roster import changes as roster_changes, display_name, display_names, keyer, player_key, roster, spellings
from .merging import RosterError, merge as merge_players, rename as rename_player, split as split_player
from .seasons import (
    create_season,
    delete_season,
    get_season,
    list_seasons,
    results_revision,
    season_games,
    update_season,
)
from .player_reads import head_to_head, place_counts, player_habits, player_results, player_summaries, table_of
from scorekeeper.store.events import (
    UnknownEvent,
    create_event,
    event_games,
    event_log,
    event_of_game,
    round_clock,
    event_revision,
    get_event,
    list_events,
    may_direct,
    refuse_locked,
    update_event,
    void_game,
)
from .applied_taps import (
    ActionSeen,
    append_action,
    append_action_ahead,
    applied_action,
    applied_tap,
    apply_once,
    remember_action,
    undo_action,
)
from .next_game import create_next_game
from .seat_links import make_seat_keys, offer_seats_too, seat_keys, seat_of_key, withdraw_seat_keys
from .sealed import seal_bid, sealed_bids

__all__ = [
    # connections and the file
    "connect",
    "get_db",
    "close",
    "init_app",
    "migrate",
    "migrations",
    "check_storage",
    "backup",
    "restore",
    "new_id",
    "StorageError",
    # games and their log
    "create_game",
    "create_next_game",
    "import_game",
    "import_games",
    "get_game",
    "get_game_head",
    "follow_tag",
    "load_game",
    "scored_game",
    "list_games",
    "game_list",
    "count_games",
    "games_in_order",
    "games_in_pages",
    "unreadable_games",
    "full_history",
    "games_in_finish_order",
    "append_entry",
    "undo",
    "undo_last",
    "history",
    "replay",
    "may_edit",
    "abandon_game",
    "restore_game",
    "delete_game",
    "ABANDONED",
    "StaleRevision",
    "UnknownGame",
    "NothingToUndo",
    "DamagedGame",
    # evenings, the roster, results
    "evening_of",
    "get_evening",
    "list_evenings",
    "count_evenings",
    "list_players",
    "set_evening_about",
    "evening_about",
    "named_evenings",
    "evenings_beside",
    "evening_people",
    "seasons_holding",
    "evenings_played_since",
    "evenings_between",
    "player_evenings",
    "player_summaries",
    "player_results",
    "player_habits",
    "table_of",
    # ratings (store/ratings.py)
    "player_ratings",
    "rating_changes",
    "ratings_of",
    "rating_history",
    "ratings_at",
    "rebuild_ratings",
    "place_counts",
    "head_to_head",
    # seasons (store/seasons.py)
    "create_season",
    "update_season",
    "delete_season",
    "get_season",
    "list_seasons",
    "results_revision",
    "season_games",
    # the money between regulars (store/money.py)
    "money_flows",
    "record_payment",
    "undo_payment",
    "payment_log",
    "get_payment",
    "set_iban",
    "ibans",
    "masked",
    "payee_changed",
    "plays_event_table",
    "count_payments",
    "ledger_rows",
    "counted_here",
    # /money's kept book (store/money_book.py)
    "money_books",
    "money_revision",
    # members and the club's record (store/club.py)
    "RECOGNISED",
    "WAITING",
    "LEFT_OUT",
    "add_member",
    "remove_member",
    "list_members",
    "member_by_link",
    "games_to_accept",
    "count_to_accept",
    "set_recognised",
    "in_club_record",
    "iban_changes",
    "RosterError",
    "display_name",
    "display_names",
    "keyer",
    "merge_players",
    "player_key",
    "rename_player",
    "roster",
    "spellings",
    "roster_changes",
    "split_player",
    # the actions API and seat links
    "apply_once",
    "applied_action",
    "applied_tap",
    "append_action",
    "append_action_ahead",
    "undo_action",
    "remember_action",
    "ActionSeen",
    "seat_keys",
    "make_seat_keys",
    "offer_seats_too",
    "withdraw_seat_keys",
    "seat_of_key",
    "seal_bid",
    "sealed_bids",
    # tournaments (docs/events.md "On the web")
    "create_event",
    "get_event",
    "update_event",
    "event_log",
    "event_of_game",
    "event_games",
    "event_revision",
    "round_clock",
    "list_events",
    "may_direct",
    "UnknownEvent",
    "import_event",
    "store_event_change",
    "refuse_locked",
    "void_game",
    "TablesMoved",
]
