"""What a tap that does not fit the game is answered: 409 with the game as it stands and a sentence saying what
differs, or 422 for a tap that could never stand.

The policy: a tap made on the hand and step the table is on, but on an older revision, is applied when it is
still valid as the next action; a stale bid that differs, a stale correction, a stale undo and a stale table
change are conflicts (they could undo another phone's change). A refusal of the engine is a conflict when the tap was stale or made
on another step (the game moved under it), else the tap's own fault (422).
"""

from scorekeeper import store
from scorekeeper.rules import RecordError, WrongStep
from scorekeeper.text.words import _, word
from . import target
from .answers import answer_of
from .body import Refused


class Conflict(Exception):
    """The action does not fit the game as it stands: answered 409 with the game."""

    def __init__(self, message, field="revision"):
        super().__init__(message)
        self.message, self.field = message, field


def conflict(tap, current, reason, field="revision"):
    """409 with the game as it stands (at revision `current`), the hand the tap was made on as recorded, and a
    sentence saying what differs."""
    revision, hand = tap.revision, tap.hand
    game, loaded, scored = store.scored_game(tap.db, tap.game_id)
    body = answer_of(game, loaded, scored)
    at_hand, at_step = target.position(loaded)
    # What a queued tap needs to say what happened: where the table is, and the hand it was made on as it stands.
    body.update(position={"hand": at_hand, "step": at_step}, recorded=target.recorded(loaded, hand))
    reason = reason[0].upper() + reason[1:]
    if revision != current:
        reason = reason.removesuffix(": this game changed on another phone") + ("" if reason.endswith(".") else ".")
        # The revisions are for programs (the JSON's revision and tap_revision); a player reads words.
        reason = _("This game changed on another phone since this tap was made. %(reason)s", reason=reason)
    body.update(error=reason, field=field, tap_revision=revision)
    return 409, body


def refusal(tap, error):
    """Answer a tap the game it met refused under the write lock: 409 with what differs, or raise Refused (422)."""
    current = tap.game["revision"]
    if isinstance(error, store.NothingToUndo):
        return conflict(tap, current, _("Nothing to undo yet."), "action")
    if isinstance(error, target.OffTarget):
        return conflict(tap, current, word(error.message), "hand")
    if isinstance(error, Conflict):
        return conflict(tap, current, word(error.message), error.field)
    if tap.stale or isinstance(error, WrongStep):
        return conflict(tap, current, word(error.message), error.path or "revision")
    raise Refused(422, word(error.message), error.path or None, error) from None


# What `refusal` answers; any other exception is not a refusal.
REFUSALS = (store.NothingToUndo, target.OffTarget, Conflict, RecordError)
