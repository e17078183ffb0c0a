"""One tap, through the engine to the store: what the actions API, the seat phones and the hand's forms share (no
Flask in it).

`perform(game_id, body, seat)` applies one action named by a client (`seat` None for the scorekeeper's key, else the
seat whose key was sent) and returns (status, JSON body). Every action is one entry of the registry (registry.py:
its step, roles, fields and function). In order: the body's keys and types (`registry.read`); the key's role
(`registry.MAY`); the action worked out once on the game as it stands: the hand and step the tap was made on
(target.py, else 409 with the hand as recorded), the action's fields, the action (actions.py; bids made all at
once: sealed.py; the table changes: table_changes.py); then the write, and what follows an applied action (its
entry's `then`: a newcomer's seat link). An action drawn on an older revision of the same hand and step is applied
when it is still valid as the next action, else refused with 409 and what differs (conflicts.py); the answer is the
game as it stands (answers.py). An action id already applied answers the same again (the same id with another body: 422).

The work is done once, before the write lock (docs/writes.md): `store.append_action_ahead` writes it when the game is
still at that revision and the id not applied. Anything else goes to one transaction of the store's around the
id's check, the read and the write (`store.apply_once`); there the work done ahead is used again when the game is
the one it was done on (the same revision in the same generation: the engine is a function of the game), and done
anew only when another phone wrote in between.

May import: scorekeeper.text, scorekeeper.store, scorekeeper.rules. Never Flask, the web's parts, printing or a view.
"""

from typing import NamedTuple

from scorekeeper import store
from scorekeeper.rules import RecordError
from scorekeeper.text.words import _, word
from . import registry, target
from .actions import own_turn
from .answers import answer, answer_of, seen
from .body import Refused, Tap, digest, plain, tapped_time
from .conflicts import REFUSALS, conflict, refusal
from .roles import role_of
from .sealed import reveal_when_all_in

RETRIES = 3


class Worked(NamedTuple):
    """An action worked out on the game a tap met: the tap (on that game), the engine's outcome (None: the game
    holds what was asked already) or the refusal it met."""

    tap: Tap
    outcome: object = None
    refused: Exception = None


def worked_out(tap):
    """Work the action out on the game the tap meets (not undo, which is the store's): a Worked, its refusal kept
    (a 409, or the 422 of a value this game cannot take) for the answer."""
    entry = registry.BY_NAME[tap.action]
    try:
        target.check(tap.loaded, entry.step, tap.hand)
        if tap.seat is not None:
            own_turn(tap)
        return Worked(tap, entry.apply(tap, **entry.values(tap.body, registry.FIELDS)))
    except (*REFUSALS, Refused) as error:
        return Worked(tap, refused=error)


def _same_game(one, other):
    """The same game at the same revision, in the same generation (a restore brings old revisions back)."""
    return (one["revision"], one.get("generation")) == (other["revision"], other.get("generation"))


def _write(tap, ahead):
    """Under the write lock: apply the action once on the game the tap meets, with the work done ahead when it was
    done on this game, else anew; return (status, body)."""
    entry = registry.BY_NAME[tap.action]
    if entry.history:
        target.check(tap.loaded, entry.step, tap.hand)
        return entry.apply(tap)
    worked = ahead if ahead is not None and _same_game(ahead.tap.game, tap.game) else worked_out(tap)
    if worked.refused is not None:
        raise worked.refused
    db, game_id, game, outcome = tap.db, tap.game_id, tap.game, worked.outcome
    if outcome is None:
        store.remember_action(db, game_id, tap.id, game["revision"], tap.digest)
        return 200, answer(db, game_id)
    kind, payload = outcome.entry
    if kind == "sealed":
        payload = dict(payload)
        value = payload.pop("bid"), payload.pop("blind")
        revision = store.seal_bid(
            db,
            game_id,
            tap.id,
            payload["hand"],
            payload["seat"],
            *value,
            outcome.record,
            game["revision"],
            loaded=outcome.game,
            digest=tap.digest,
            tapped=tap.tapped,
        )
        return 200, reveal_when_all_in(tap, revision, outcome)
    # The engine loaded (and so validated) the record once: the store need not load it again.
    store.append_action(
        db,
        game_id,
        tap.id,
        kind,
        payload,
        outcome.record,
        game["revision"],
        loaded=outcome.game,
        digest=tap.digest,
        tapped=tap.tapped,
    )
    return 200, answer(db, game_id, word(outcome.message))


def _write_ahead(worked):
    """Store an action worked out before the write lock if the game is still as it was; return (status, body), or
    None for the path under the lock (a sealed bid, an action that changes nothing or is refused, an id applied
    before, a game that moved on meanwhile), which answers as ever."""
    tap, outcome = worked.tap, worked.outcome
    if worked.refused is not None or outcome is None or outcome.entry[0] == "sealed":
        return None
    try:
        written = store.append_action_ahead(
            tap.db,
            tap.game_id,
            tap.id,
            *outcome.entry,
            outcome.record,
            tap.game["revision"],
            loaded=outcome.game,
            generation_number=tap.game["generation"],
            digest=tap.digest,
            tapped=tap.tapped,
        )
    except RecordError:  # the store refused (an event's locked table): the path under the lock answers
        return None
    return None if written is None else (200, answer_of(*written, word(outcome.message)))


def _role_checked(tap, found):
    """Refuse (403) an action the key's role may not send (registry.MAY): the first check after the body's shape."""
    if registry.may(tap.action, role_of(tap.seat, tap.body)):
        return
    if tap.action != "bid":
        raise Refused(403, _("A seat link may enter only its own bid."), "Authorization")
    players = (found or store.load_game(tap.db, tap.game_id))[1].players
    raise Refused(403, _("This link enters %(name)s's bid only.", name=players[tap.seat]), "seat")


def perform(game_id, body, seat=None):
    """Apply one action from a client; `seat` is None for the scorekeeper, else the seat phone's seat."""
    body = plain(body)
    action_id, revision, action, hand = registry.read(body)
    # A seat's ids are its own: no other key can use (and so pre-empt) an id this key will send, nor the reverse.
    # A tap queued offline keeps the time it was made (store.entry_time).
    tap = Tap(
        store.get_db(),
        game_id,
        body,
        action,
        action_id if seat is None else f"seat{seat}:{action_id}",
        digest(body),
        revision,
        hand,
        seat,
        tapped_time(body.get("tapped")),
    )
    status, answered = _applied(tap)
    then = registry.BY_NAME[action].then
    if status == 200 and then is not None:  # what follows the action (a newcomer's seat link), whatever the path
        then(tap)
    return status, answered


def _applied(tap):
    """The tap applied once: ahead of the write lock when it can, else under it; (status, JSON body)."""
    game_id = tap.game_id
    history = registry.BY_NAME[tap.action].history
    found = None if history else store.load_game(tap.db, game_id)  # the game as it stands (the cache's)
    _role_checked(tap, found)
    ahead = None if found is None else worked_out(tap.on(*found))
    answered = None if ahead is None else _write_ahead(ahead)
    if answered is not None:
        return answered

    def write(game, loaded):
        # Under the write lock: a second copy of this action (a retry while the first is in flight, another
        # process) waits, then finds it applied.
        meeting = tap.on(game, loaded)
        try:
            return _write(meeting, ahead)
        except REFUSALS as error:
            return refusal(meeting, error)

    answered = store.apply_once(tap.db, game_id, tap.id, write, lambda found: seen(tap, found), RETRIES)
    if answered is not None:
        return answered
    return conflict(
        tap,
        store.get_game_head(tap.db, game_id)["revision"],
        _("other phones keep writing; fetch the game and try again."),
    )
