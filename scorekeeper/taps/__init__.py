"""One tap, through the engine to the store: what the actions API and the seat phones share (no Flask in it).

`perform(game_id, body, seat)` applies one action named by a client (`seat` None for the
scorekeeper's key, else the seat whose key was sent) and returns (status, JSON body). In order:
the body's shape (body.py); the key's role (roles.py, one table); an action id already applied
answers the same again (the same id with another body: 422); the hand and step the tap was made on
(target.py), else 409 with the hand as recorded; then the action (actions.py; bids made all at
once: sealed.py). An action drawn on an older revision of the same hand and step is applied when it
is still valid as the next action, else refused with 409 and what differs (conflicts.py); the answer
is the game as it stands (answers.py). The check for an applied id and the write are one transaction
of the store's (`store.apply_once`).

May import: scorekeeper.text, scorekeeper.store, scorekeeper.rules. Never Flask, the web's parts, printing or a view.
"""

from scorekeeper import store
from scorekeeper.rules import RecordError
from scorekeeper.text.words import _, lazy_gettext, word
from scorekeeper.text import history
from . import roles, target
from .actions import worked_out
from .answers import answer, answer_of, seen
from .body import Refused, Tap, checked_body, digest, plain, tapped_time
from .conflicts import REFUSALS, Conflict, conflict, refusal
from .sealed import reveal_when_all_in

RETRIES = 3
UNDONE = lazy_gettext("Undone.")  # said by queue.js when a tap still waiting is taken back on the phone (online: what it was)


def _write(tap):
    """Apply the action once, if it was made on the hand and step the table is on; return (status, body)."""
    db, game_id, game, loaded = tap.db, tap.game_id, tap.game, tap.loaded
    target.check(loaded, tap.action, tap.hand)
    if tap.action == "undo":
        if tap.stale:
            raise Conflict(_("Undo takes back the last action, and another phone has acted since."))
        _revision, undone = store.undo_action(db, game_id, tap.id, game["revision"], tap.digest, tapped=tap.tapped)
        return 200, answer(db, game_id, history.undone_text(undone, loaded.players, loaded.rules.system.lowest_wins))
    outcome = worked_out(tap)
    if outcome is None:
        store.remember_action(db, game_id, tap.id, game["revision"], tap.digest)
        return 200, answer(db, game_id)
    kind, payload = outcome.entry
    if kind == "sealed":
        value = payload.pop("bid"), payload.pop("blind")
        hand = payload["hand"]
        revision = store.seal_bid(db, game_id, tap.id, hand, payload["seat"], *value, outcome.record,
                                  game["revision"], loaded=outcome.game, digest=tap.digest, tapped=tap.tapped)
        return 200, reveal_when_all_in(tap, revision, outcome)
    # The engine loaded (and so validated) the record once: the store need not load it again.
    store.append_action(db, game_id, tap.id, kind, payload, outcome.record, game["revision"], loaded=outcome.game,
                        digest=tap.digest, tapped=tap.tapped)
    return 200, answer(db, game_id, word(outcome.message))


def _write_ahead(tap):
    """Work the action out on the game as it stands before taking the write lock, and store it if the game is
    still so; return (status, body), or None for the path under the lock (an undo, a sealed bid, an action that
    changes nothing or is refused, an id applied before, a game that moved on meanwhile), which answers as ever.

    The engine is a function of the game at a revision: the same work under the lock would give the same
    outcome, and the store writes it only while the game is at that revision and the id is not applied."""
    found = None if tap.action == "undo" else store.load_game(tap.db, tap.game_id)
    if found is None:
        return None
    tap = tap.on(*found)
    try:
        target.check(tap.loaded, tap.action, tap.hand)
        outcome = worked_out(tap)
    except (RecordError, Conflict, Refused, target.OffTarget):
        return None
    if outcome is None or outcome.entry[0] == "sealed":
        return None
    try:
        written = store.append_action_ahead(tap.db, tap.game_id, tap.id, *outcome.entry, outcome.record,
                                            tap.game["revision"], loaded=outcome.game,
                                            generation_number=tap.game["generation"], digest=tap.digest,
                                            tapped=tap.tapped)
    except RecordError:  # the store refused (an event's locked table): the path under the lock answers
        return None
    return None if written is None else (200, answer_of(*written, word(outcome.message)))


def _role_checked(tap):
    """Refuse (403) an action the key's role may not send (roles.MAY): the first check after the body's shape."""
    if roles.may(tap.action, roles.role_of(tap.seat, tap.body)):
        return
    if tap.action != "bid":
        raise Refused(403, _("A seat link may enter only its own bid."), "Authorization")
    players = store.load_game(tap.db, tap.game_id)[1].players
    raise Refused(403, _("This link enters %(name)s's bid only.", name=players[tap.seat]), "seat")


def perform(game_id, body, seat=None):
    """Apply one action from a client; `seat` is None for the scorekeeper, else the seat phone's seat."""
    body = plain(body)
    action_id, revision, action, hand = checked_body(body)
    # A seat's ids are its own: no other key can use (and so pre-empt) an id this key will send, nor the reverse.
    # A tap queued offline keeps the time it was made (store.entry_time).
    tap = Tap(store.get_db(), game_id, body, action, action_id if seat is None else f"seat{seat}:{action_id}",
              digest(body), revision, hand, seat, tapped_time(body.get("tapped")))
    _role_checked(tap)
    ahead = _write_ahead(tap)
    if ahead is not None:
        return ahead

    def write(game, loaded):
        # Under the write lock: a second copy of this action (a retry while the first is in flight, another
        # process) waits, then finds it applied.
        meeting = tap.on(game, loaded)
        try:
            return _write(meeting)
        except REFUSALS as error:
            return refusal(meeting, error)

    answered = store.apply_once(tap.db, game_id, tap.id, write, lambda found: seen(tap, found), RETRIES)
    if answered is not None:
        return answered
    return conflict(tap, store.get_game_head(tap.db, game_id)["revision"],
                    _("other phones keep writing; fetch the game and try again."))
