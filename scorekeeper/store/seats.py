"""The actions API's applied action ids, seat keys and sealed bids (issue 11).

A client's action id is applied once (`apply_once`): the check for an applied id and the write are ONE
transaction (`with db.atomic():` around both): BEGIN IMMEDIATE takes the write lock before the check, so a
second copy of the same action (a phone's retry while the first is in flight, or another process) waits for
the first to commit and then finds its id applied.
"""

import json
import secrets
import sqlite3

from . import generation
from .loaded import load_game
from .db import key_matches, now
from .games import StaleRevision
from .log import append_prepared, create_game, prepare, undo_last
from .results import STORED_COLUMNS, stored_results


class ActionSeen(Exception):
    """A client's action id was applied before; `revision` is the revision it made, `digest` what its body said."""

    def __init__(self, revision, digest=None):
        super().__init__(revision)
        self.revision, self.digest = revision, digest


def apply_once(db, game_id, action_id, write, seen, tries):
    """Apply a client's action once, under the write lock: `seen((revision, digest))` answers an id applied
    before; else `write(game, loaded)` writes and answers, tried again on the new state (up to `tries` times)
    when another phone wrote between its read and its write. None when every try was overtaken."""
    for _attempt in range(tries):
        with db.atomic():
            found = applied_tap(db, game_id, action_id)
            if found is not None:
                return seen(found)
            game, loaded = load_game(db, game_id)
            try:
                return write(game, loaded)
            except ActionSeen as again:
                return seen((again.revision, again.digest))
            except StaleRevision:
                continue
    return None


def applied_action(db, game_id, action_id):
    """Return the revision that the client's action id made, or None when it was never applied."""
    found = applied_tap(db, game_id, action_id)
    return found[0] if found else None


def applied_tap(db, game_id, action_id):
    """Return (revision, digest of its body) of an applied action id (digest None before m051), or None."""
    row = db.execute("select revision, digest from applied_actions where game_id = ? and action_id = ?",
                     [game_id, action_id]).fetchone()
    return tuple(row) if row else None


def _claim_action(db, game_id, action_id, revision, digest=None):
    """Remember the action id with the revision its write makes (every write makes the next one) and the digest
    of its body; ActionSeen when it was applied before."""
    try:
        db.execute("insert into applied_actions (game_id, action_id, revision, created, digest) "
                   "values (?, ?, ?, ?, ?)", [game_id, action_id, revision, now(), digest])
    except sqlite3.IntegrityError:
        raise ActionSeen(*applied_tap(db, game_id, action_id)) from None
    return revision


def append_action(db, game_id, action_id, kind, payload, record, revision, loaded=None, generation_number=None,
                  digest=None, tapped=None):
    """append_entry, remembering the client's action id in the same transaction; ActionSeen if it was.

    loaded: the engine's load of record, so the store does not load it again; generation_number: as append_entry;
    tapped: when the phone made the tap (UTC), kept as the entry's time within bounds (log.entry_time)."""
    prepared = prepare(db, game_id, record, revision, loaded, generation_number)
    with db.atomic():
        _claim_action(db, game_id, action_id, revision + 1, digest)
        return append_prepared(db, game_id, kind, payload, record, revision, prepared, tapped=tapped)


def append_action_ahead(db, game_id, action_id, kind, payload, record, revision, loaded=None,
                        generation_number=None, digest=None, tapped=None):
    """append_action for a write worked out before the write lock, on the game at `revision`, in a transaction of
    its own: return the game as written (game, loaded, scored), or None, writing nothing, when the action id
    was applied or the game is no longer at `revision` (the caller works the action out again, under the lock).

    The engine's work (loading, scoring, the results) is done before the lock is taken; under it, one read
    checks the id and the revision (in the generation the game was read in), then the write's few statements, so
    simultaneous writers wait less."""
    prepared = prepare(db, game_id, record, revision, loaded, generation_number)
    with db.atomic():
        # One read: the game's revision, whether the id was applied, whether it plays an event's table, and the
        # results stored (compared in the write). An event's table is checked for the director's lock in the
        # write (a RecordError, rolled back: the caller's path under the lock answers the refusal).
        found = db.execute("select revision, exists (select 1 from applied_actions where game_id = :game "
                           "and action_id = :action), exists (select 1 from tournament_games where game_id = :game), "
                           f"{generation.COLUMN}, {STORED_COLUMNS} from games where id = :game",
                           {"game": game_id, "action": action_id}).fetchone()
        if found is None or (found[0], found[1], found[3]) != (revision, 0, prepared.generation):
            return None
        _claim_action(db, game_id, action_id, revision + 1, digest)  # checked just now, under the lock: not applied
        prepared = prepared._replace(stored=stored_results(found[4:]))
        written = db.written[(game_id, append_prepared(db, game_id, kind, payload, record, revision, prepared,
                                                       free=not found[2], tapped=tapped))]
    return tuple(written)


def undo_action(db, game_id, action_id, revision, digest=None, tapped=None):
    """undo_last, remembering the client's action id in the same transaction; ActionSeen if it was.

    Return (the new revision, the event undone)."""
    with db.atomic():
        _claim_action(db, game_id, action_id, revision + 1, digest)
        return undo_last(db, game_id, revision, tapped=tapped)


def remember_action(db, game_id, action_id, revision, digest=None):
    """Remember an action id that needed no write (it asked for what the game already holds)."""
    with db.atomic():
        return _claim_action(db, game_id, action_id, revision, digest)


def seat_keys(db, game_id):
    """Return the game's seat keys by seat."""
    return {seat: key for seat, key in
            db.execute("select seat, key from seat_keys where game_id = ? order by seat", [game_id]).fetchall()}


def make_seat_keys(db, game_id, seats):
    """Give every seat listed a key of its own (as strong as the edit key), keeping keys already given."""
    with db.atomic():
        for seat in seats:
            db.execute("insert or ignore into seat_keys (game_id, seat, key, created) values (?, ?, ?, ?)",
                       [game_id, seat, secrets.token_urlsafe(24), now()])
    return seat_keys(db, game_id)


def offer_seats_too(db, game_id, seats):
    """Give these seats keys too where the game's seats already have links (a late arrival); else nothing."""
    with db.atomic():
        if seat_keys(db, game_id):
            make_seat_keys(db, game_id, seats)
    return seat_keys(db, game_id)


def carry_seat_keys(db, game_id, next_id, players_before, players_after):
    """Give each player who held a seat link in a game a new key in the next game (matched by name)."""
    seats = [players_after.index(players_before[seat]) for seat in seat_keys(db, game_id)
             if seat < len(players_before) and players_before[seat] in players_after]
    if seats:
        make_seat_keys(db, next_id, seats)


def create_next_game(db, game_id, record, evening_id=None, recognised=True):
    """Store the next game at the same table as game_id's; its followers and seat links move on to it.

    Return (id, edit_key). The finished game names its next game (its followers' poll says so), and each
    player who held a seat link gets one in the next game. recognised: as create_game's (the phone that starts
    it decides, not the game before)."""
    with db.atomic():
        before = db.execute("select record from games where id = ?", [game_id]).fetchone()
        next_id, edit_key = create_game(db, record, evening_id, recognised=recognised)
        db.execute("update games set next_game = ? where id = ?", [next_id, game_id])
        if before is not None:
            players = json.loads(before[0]).get("players") or []
            carry_seat_keys(db, game_id, next_id, players, list(record["players"]))
    return next_id, edit_key


def withdraw_seat_keys(db, game_id):
    """Withdraw every seat key of the game: those links write nothing from now on."""
    with db.atomic():
        db.execute("delete from seat_keys where game_id = ?", [game_id])


def seat_of_key(db, game_id, key):
    """Return the seat whose key this is, or None."""
    for seat, known in seat_keys(db, game_id).items():
        if key_matches(key, known):
            return seat
    return None


def seal_bid(db, game_id, action_id, hand, seat, bid, blind, record, revision, loaded=None, generation_number=None,
             digest=None, tapped=None):
    """Keep a bid secret until the reveal, and store record (which names the seat as having bid)."""
    prepared = prepare(db, game_id, record, revision, loaded, generation_number)
    with db.atomic():
        if action_id:
            _claim_action(db, game_id, action_id, revision + 1, digest)
        db.execute("insert or replace into sealed_bids (game_id, hand, seat, bid, blind, created) "
                   "values (?, ?, ?, ?, ?, ?)", [game_id, hand, seat, bid, int(bool(blind)), now()])
        return append_prepared(db, game_id, "sealed", {"hand": hand, "seat": seat}, record, revision, prepared,
                               tapped=tapped)


def sealed_bids(db, game_id, hand):
    """Return the hand's sealed bids: {seat: (bid, blind)}."""
    rows = db.execute("select seat, bid, blind from sealed_bids where game_id = ? and hand = ?",
                      [game_id, hand]).fetchall()
    return {seat: (bid, bool(blind)) for seat, bid, blind in rows}
