"""One tap, through the engine to the store: what the actions API and the seat phones share.

`perform(game_id, body, seat)` applies one action named by a client (`seat` None for the
scorekeeper's key, else the seat whose key was sent) and returns (status, JSON body). In order:
the body's shape; the key's role (scorekeeper/web/roles.py, one table); an action id already applied
answers the same again (the same id with another body: 422); the hand and step the tap was made on
(scorekeeper/web/tap_target.py), else 409 with the hand as recorded; then the action. An action drawn
on an older revision of the same hand and step is applied when it is still valid as the next
action, else refused with 409 and what differs.
"""

import hashlib
import json
from datetime import datetime, timezone

from scorekeeper.text import history
from scorekeeper.web import roles, tap_target
from scorekeeper import rules, store
from scorekeeper.rules import RecordError, WrongStep, numbers, sealed
from scorekeeper.rules.words import _, lazy_gettext

ACTIONS = ("deal", "bid", "trump", "tricks", "undo", "reveal", "correct")
# Every key an action may hold (openapi.json's Action): any other is refused, not silently dropped.
KEYS = ("id", "revision", "hand", "action", "cards", "trump", "seat", "bid", "blind", "tricks", "penalties", "bids",
        "number", "drop_penalties", "tapped")
MAX_ID = 100
RETRIES = 3
UNDONE = lazy_gettext("Undone.")  # said by queue.js when a tap still waiting is taken back on the phone (online: what it was)


class Conflict(Exception):
    """The action does not fit the game as it stands: answered 409 with the game."""

    def __init__(self, message, field="revision"):
        super().__init__(message)
        self.message, self.field = message, field


class Refused(Exception):
    """A refused action: a status, a message and the field it names."""

    def __init__(self, status, message, field=None):
        super().__init__(message)
        self.status, self.message, self.field = status, message, field


_whole = numbers.json_whole


def _plain(value):
    """Read a whole float as its integer, as JSON Schema does (a revision of 1.0 is 1), recursively."""
    if isinstance(value, float) and value.is_integer() and abs(value) < 10 ** numbers.MAX_DIGITS:
        return int(value)
    if isinstance(value, list):
        return [_plain(item) for item in value]
    if isinstance(value, dict):
        return {key: _plain(item) for key, item in value.items()}
    return value


def _need(body, key, check, words):
    value = body.get(key)
    if not check(value):
        raise Refused(422, f"'{key}' must be {words}", key)
    return value


def _optional(body, key, check, words):
    return None if body.get(key) is None else _need(body, key, check, words)


def tapped_time(value):
    """The time a tap was made, as the phone's clock said it (ISO 8601 with its offset), in UTC as the store writes
    times; None when it is not such a time."""
    if not isinstance(value, str) or len(value) > 40:
        return None
    try:
        moment = datetime.fromisoformat(value)
        return moment.astimezone(timezone.utc).isoformat(timespec="seconds") if moment.tzinfo else None
    except (ValueError, OverflowError):
        return None


def _counts(value):
    return isinstance(value, list) and all(item is None or _whole(item) for item in value)


# Each field's type, checked for every action before anything else (so a malformed tap is 422, never 409);
# what a value must be in this game (a seat that exists, a legal bid) the action checks.
SHAPES = {"cards": (_whole, "a whole number of cards"),
          "trump": (lambda v: v in rules.TRUMPS, "one of " + ", ".join(rules.TRUMPS)),
          "seat": (lambda v: _whole(v) and v >= 0, "a seat number (0 for the first player)"),
          "bid": (_whole, "a whole number"),
          "tricks": (_counts, "a list of trick counts by seat (null: as bid, or as recorded)"),
          "penalties": (lambda v: isinstance(v, list) and all(isinstance(p, dict) for p in v),
                        "a list of penalties: {\"seat\", \"reason\", \"points\"}"),
          "bids": (lambda v: isinstance(v, dict) or _counts(v), "bids by seat"),
          "drop_penalties": (lambda v: isinstance(v, list) and all(_whole(i) for i in v),
                             "a list of the recorded penalties' indices to drop"),
          "tapped": (lambda v: tapped_time(v) is not None,
                     "the time the tap was made, with its offset (ISO 8601, as 2026-11-27T16:00:15Z)")}


def checked_body(body):
    """Return (id, revision, action, hand) of a well-formed action, or refuse it naming the field."""
    if not isinstance(body, dict):
        raise Refused(422, "an action must be a JSON object", "body")
    unknown = next((key for key in body if key not in KEYS), None)
    if unknown is not None:
        raise Refused(422, f"'{str(unknown)[:40]}' is not part of an action; it may hold " + ", ".join(KEYS),
                      str(unknown)[:40])
    action_id = _need(body, "id", lambda v: isinstance(v, str) and 0 < len(v) <= MAX_ID and v.isprintable(),
                      f"a unique string of 1 to {MAX_ID} characters made by the client")
    revision = _need(body, "revision", lambda v: _whole(v) and v >= 1,
                     "the game's revision the tap was made on (a whole number)")
    action = _need(body, "action", lambda v: v in ACTIONS, "one of " + ", ".join(ACTIONS))
    hand = _need(body, "hand", lambda v: _whole(v) and v >= 1,
                 "the number of the hand the tap was made on (1 for the first; a deal names the hand it deals)")
    for key, (check, words) in SHAPES.items():
        _optional(body, key, check, words)
    if action == "correct" and body.get("number", hand) != hand:
        raise Refused(422, "'number' must be the hand the correction was made on ('hand'), or left out", "number")
    return action_id, revision, action, hand


def digest(body):
    """What an action said, as the applied id remembers it: the same id with another body is refused."""
    text = json.dumps(body, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    return hashlib.sha256(text.encode()).hexdigest()


def _seat_of(body, loaded):
    return _need(body, "seat", lambda v: _whole(v) and 0 <= v < len(loaded.players),
                 f"a seat number from 0 to {len(loaded.players) - 1}")


def _penalties(body):
    entries = _optional(body, "penalties", lambda v: isinstance(v, list) and all(isinstance(p, dict) for p in v),
                        "a list of penalties: {\"seat\", \"reason\", \"points\"}")
    return [dict(entry) for entry in entries or []]


def _bids_by_seat(body, loaded):
    chosen = _optional(body, "bids", lambda v: isinstance(v, dict), "an object of bids by seat: {\"0\": 2}")
    bids = {}
    for seat, value in (chosen or {}).items():
        number = numbers.whole_or(str(seat), None, 0, len(loaded.players) - 1)
        if number is None or not str(seat).isdigit() or not _whole(value):
            raise Refused(422, "'bids' must map seat numbers to whole numbers", "bids")
        bids[number] = value
    return bids


# ---- each action: the engine's outcome, or None when the game already holds what was asked -----------

def _deal(db, game, loaded, body, stale):
    cards = _optional(body, "cards", _whole, "a whole number of cards")
    trump = _optional(body, "trump", lambda v: v in rules.TRUMPS, "one of " + ", ".join(rules.TRUMPS))
    return rules.actions.deal(loaded, cards, trump)


def _bid(db, game, loaded, body, stale):
    seat = _seat_of(body, loaded)
    amount = _need(body, "bid", _whole, "a whole number")
    blind = bool(body.get("blind"))
    if rules.actions.bids_all_at_once(loaded):
        return _sealed_bid(db, game, loaded, seat, amount, blind)
    hand = rules.actions.current_hand(loaded)
    if hand is not None and hand.bids[seat] is not None:
        if hand.bids[seat] == amount:
            return None
        if stale:
            raise Conflict(_("%(name)s's bid is already %(bid)s (entered on another phone); this tap said "
                             "%(tapped)s.", name=loaded.players[seat], bid=hand.bids[seat], tapped=amount), "bid")
    return rules.actions.bid(loaded, seat, amount, blind)


def _sealed_bid(db, game, loaded, seat, amount, blind):
    """Seal the bid; when it is the last one awaited, reveal them all."""
    outcome = sealed.seal(loaded, seat, amount, blind)
    return outcome._replace(entry=("sealed", dict(outcome.entry[1], bid=amount, blind=blind)))


def _trump(db, game, loaded, body, stale):
    trump = _need(body, "trump", lambda v: v in rules.TRUMPS, "one of " + ", ".join(rules.TRUMPS))
    return rules.actions.name_trump(loaded, trump)


def _tricks(db, game, loaded, body, stale):
    took = _need(body, "tricks", lambda v: isinstance(v, list) and all(t is None or _whole(t) for t in v),
                 "a list of trick counts by seat (null: as bid)")
    return rules.actions.record_tricks(loaded, took, _penalties(body))


def _reveal(db, game, loaded, body, stale):
    hand = rules.actions.current_hand(loaded)
    if hand is None or not rules.actions.bids_all_at_once(loaded):
        raise WrongStep("hands", _("there are no bids to reveal: this game changed on another phone"))
    kept = store.sealed_bids(db, game["id"], len(loaded.hands) - 1)
    return sealed.reveal(loaded, kept, _bids_by_seat(body, loaded))


def _correct(db, game, loaded, body, stale):
    """A finished hand recorded again (rules.actions.correct_hand); only on the game as the tap saw it."""
    number = body.get("number", body["hand"])
    counts = lambda v: isinstance(v, list) and all(c is None or _whole(c) for c in v)  # noqa: E731
    bids = _need(body, "bids", counts, "a list of bids by seat")
    took = _need(body, "tricks", counts, "a list of trick counts by seat (null: as recorded)")
    trump = _optional(body, "trump", lambda v: v in rules.TRUMPS, "one of " + ", ".join(rules.TRUMPS))
    dropped = _optional(body, "drop_penalties", lambda v: isinstance(v, list) and all(_whole(i) for i in v),
                        "a list of the recorded penalties' indices to drop")
    if stale:
        # A correction overwrites a whole hand: drawn on an older game it could undo another phone's change.
        raise Conflict(_("A correction of hand %(number)s is made on the game as it stands, and another phone "
                         "has acted since.", number=number), "number")
    added = _penalties(body)
    return rules.actions.correct_hand(loaded, number, bids, took, trump=trump, drop_penalties=dropped or (),
                                      added_penalty=added[0] if added else None)


# The actions the engine applies, by the name a client sends; undo is the store's (history, not the engine).
ENGINE_ACTIONS = {"deal": _deal, "bid": _bid, "trump": _trump, "tricks": _tricks, "reveal": _reveal,
                  "correct": _correct}


# ---- answers -------------------------------------------------------------------------------------

def answer(db, game_id, message=None):
    """The game as it stands: revision, the screen the table is on, the scored game, who has bid in secret."""
    return _answer_of(*store.scored_game(db, game_id), message)


def _answer_of(game, loaded, scored, message=None):
    return {"revision": game["revision"], "step": rules.step(loaded), "game": scored, "message": message,
            "sealed": sealed.sealed_seats(loaded)}


def _conflict(db, game_id, revision, current, reason, field="revision", hand=None):
    """409 with the game as it stands, hand `hand` as recorded, and a sentence saying what differs."""
    game, loaded, scored = store.scored_game(db, game_id)
    body = _answer_of(game, loaded, scored)
    at_hand, at_step = tap_target.position(loaded)
    # What a queued tap needs to say what happened: where the table is, and the hand it was made on as it stands.
    body.update(position={"hand": at_hand, "step": at_step}, recorded=tap_target.recorded(loaded, hand))
    reason = reason[0].upper() + reason[1:]
    if revision != current:
        reason = reason.removesuffix(": this game changed on another phone") + ("" if reason.endswith(".") else ".")
        # The revisions are for programs (the JSON's revision and tap_revision); a player reads words.
        reason = _("This game changed on another phone since this tap was made. %(reason)s", reason=reason)
    body.update(error=reason, field=field, tap_revision=revision)
    return 409, body


def _write(db, game, loaded, tap, action, body, stale, seat):
    """Apply the action once, if it was made on the hand and step the table is on; return (status, body)."""
    game_id, (action_id, digest_) = game["id"], tap
    tap_target.check(loaded, action, body["hand"])
    if action == "undo":
        if stale:
            raise Conflict(_("Undo takes back the last action, and another phone has acted since."))
        _revision, undone = store.undo_action(db, game_id, action_id, game["revision"], digest_,
                                              tapped=tapped_time(body.get("tapped")))
        return 200, answer(db, game_id, history.undone_text(undone, loaded.players, loaded.rules.system.lowest_wins))
    outcome = _worked_out(db, game, loaded, action, body, stale, seat)
    if outcome is None:
        store.remember_action(db, game_id, action_id, game["revision"], digest_)
        return 200, answer(db, game_id)
    kind, payload = outcome.entry
    if kind == "sealed":
        value = payload.pop("bid"), payload.pop("blind")
        hand = payload["hand"]
        revision = store.seal_bid(db, game_id, action_id, hand, payload["seat"], *value, outcome.record,
                                  game["revision"], loaded=outcome.game, digest=digest_,
                                  tapped=tapped_time(body.get("tapped")))
        return 200, _reveal_when_all_in(db, game_id, revision, outcome)
    # The engine loaded (and so validated) the record once: the store need not load it again.
    store.append_action(db, game_id, action_id, kind, payload, outcome.record, game["revision"], loaded=outcome.game,
                        digest=digest_, tapped=tapped_time(body.get("tapped")))
    return 200, answer(db, game_id, outcome.message)


def _worked_out(db, game, loaded, action, body, stale, seat):
    """The engine's outcome of an action other than undo (None: the game holds what was asked already)."""
    if seat is not None:
        _own_turn(loaded, body, seat)
    return ENGINE_ACTIONS[action](db, game, loaded, body, stale)


def _write_ahead(db, game_id, tap, action, body, revision, seat):
    """Work the action out on the game as it stands before taking the write lock, and store it if the game is
    still so; return (status, body), or None for the path under the lock (an undo, a sealed bid, an action that
    changes nothing or is refused, an id applied before, a game that moved on meanwhile), which answers as ever.

    The engine is a function of the game at a revision: the same work under the lock would give the same
    outcome, and the store writes it only while the game is at that revision and the id is not applied."""
    found = None if action == "undo" else store.load_game(db, game_id)
    if found is None:
        return None
    game, loaded = found
    try:
        tap_target.check(loaded, action, body["hand"])
        outcome = _worked_out(db, game, loaded, action, body, revision != game["revision"], seat)
    except (RecordError, Conflict, Refused, tap_target.OffTarget):
        return None
    if outcome is None or outcome.entry[0] == "sealed":
        return None
    try:
        written = store.append_action_ahead(db, game_id, tap[0], *outcome.entry, outcome.record, game["revision"],
                                            loaded=outcome.game, generation_number=game["generation"],
                                            digest=tap[1], tapped=tapped_time(body.get("tapped")))
    except RecordError:  # the store refused (an event's locked table): the path under the lock answers
        return None
    return None if written is None else (200, _answer_of(*written, outcome.message))


def _reveal_when_all_in(db, game_id, revision, outcome):
    """After a seal: reveal every bid when nobody else is awaited; a refused reveal leaves them sealed."""
    if sealed.waiting_for(outcome.game):
        return answer(db, game_id, outcome.message)
    kept = store.sealed_bids(db, game_id, len(outcome.game.hands) - 1)
    try:
        shown = sealed.reveal(outcome.game, kept)
        store.append_entry(db, game_id, *shown.entry, shown.record, revision)
    except RecordError as error:
        return answer(db, game_id, _("Everyone has bid, but the bids cannot stand: %(why)s The scorekeeper "
                                     "enters them again.", why=error.message))
    except store.StaleRevision:
        return answer(db, game_id, outcome.message)
    return answer(db, game_id, _("Everyone has bid: the bids are revealed."))


def _own_turn(loaded, body, seat):
    """A seat phone bids in its turn (or before the reveal when all bid at once); roles.py let only its own bid in."""
    hand = rules.actions.current_hand(loaded)
    if hand is None or rules.step(loaded) != "bids":
        raise Conflict(_("The bids are closed: wait for the next deal."), "seat")
    if rules.actions.bids_all_at_once(loaded):
        return
    turn = rules.bid_state(loaded, hand).turn
    if turn != seat:
        raise Conflict(_("It is %(turn)s's turn to bid, not %(name)s's.", turn=loaded.players[turn],
                         name=loaded.players[seat]), "seat")


def _role_checked(db, game_id, action, body, seat):
    """Refuse (403) an action the key's role may not send (roles.MAY): the first check after the body's shape."""
    if roles.may(action, roles.role_of(seat, body)):
        return
    if action != "bid":
        raise Refused(403, _("A seat link may enter only its own bid."), "Authorization")
    players = store.load_game(db, game_id)[1].players
    raise Refused(403, _("This link enters %(name)s's bid only.", name=players[seat]), "seat")


def _seen(db, game_id, tap, found):
    """The answer to an action id applied before: the game as it stands, or 422 when its body was another."""
    if found[1] is not None and found[1] != tap[1]:
        raise Refused(422, _("This tap's id was used for another tap: reload the page and tap again (each tap "
                             "needs an id of its own)."), "id")
    return 200, answer(db, game_id)


def perform(game_id, body, seat=None):
    """Apply one action from a client; `seat` is None for the scorekeeper, else the seat phone's seat."""
    db = store.get_db()
    body = _plain(body)
    action_id, revision, action, hand = checked_body(body)
    _role_checked(db, game_id, action, body, seat)
    # A seat's ids are its own: no other key can use (and so pre-empt) an id this key will send, nor the reverse.
    tap = (action_id if seat is None else f"seat{seat}:{action_id}", digest(body))
    ahead = _write_ahead(db, game_id, tap, action, body, revision, seat)
    if ahead is not None:
        return ahead
    for _attempt in range(RETRIES):
        # The check for an applied id and the write are one BEGIN IMMEDIATE transaction: a second copy
        # of this action (a retry while the first is in flight, another process) waits, then finds it applied.
        with db.atomic():
            found = store.applied_tap(db, game_id, tap[0])
            if found is not None:
                return _seen(db, game_id, tap, found)
            game, loaded = store.load_game(db, game_id)
            stale = revision != game["revision"]
            try:
                return _write(db, game, loaded, tap, action, body, stale, seat)
            except store.ActionSeen as seen:
                return _seen(db, game_id, tap, (seen.revision, seen.digest))
            except store.StaleRevision:
                continue  # another phone wrote between our read and our write: try again on the new state
            except store.NothingToUndo:
                return _conflict(db, game_id, revision, game["revision"], _("Nothing to undo yet."), "action", hand)
            except tap_target.OffTarget as off:
                return _conflict(db, game_id, revision, game["revision"], off.message, "hand", hand)
            except Conflict as conflict:
                return _conflict(db, game_id, revision, game["revision"], conflict.message, conflict.field, hand)
            except RecordError as error:
                if stale or isinstance(error, WrongStep):
                    return _conflict(db, game_id, revision, game["revision"], error.message,
                                     error.path or "revision", hand)
                raise Refused(422, error.message, error.path or None) from None
    return _conflict(db, game_id, revision, store.get_game_head(db, game_id)["revision"],
                     _("other phones keep writing; fetch the game and try again."), hand=hand)
