"""A hand's form (and the Table screen's) written as the scorekeeper's tap: through the same pipeline as the actions
API and the seat phones (`taps.perform`: the registry's checks, the hand and step, the engine's action, applied
once), answered in the form's words (a flash, the screen the table is on) instead of JSON."""

import secrets

from flask import flash, request

from scorekeeper import taps
from scorekeeper.taps import target
from scorekeeper.taps.body import Refused
from scorekeeper.text.words import word
from scorekeeper.web.refusals import STALE, refusal_text


def tap(game, loaded, action, hand=None, **fields):
    """Apply a form's action as the scorekeeper's tap, made on the game the form was drawn on (its revision was
    checked) and on `hand` (else the hand the table is on); flash its message. Return (answer, None): the answer's
    `step` names the next screen; or (None, why not), as a form says it: the engine's refusal with the field named
    ('Hand 4, Cy's bid: ...'), or the page is stale when another phone moved the game on."""
    body = {
        "id": request.form.get("tap") or secrets.token_urlsafe(12),
        "revision": game["revision"],
        "hand": hand or target.position(loaded)[0],
        "action": action,
        **{key: value for key, value in fields.items() if value is not None},
    }
    try:
        status, answer = taps.perform(game["id"], body)
    except Refused as refused:
        return None, refused.message if refused.error is None else refusal_text(refused.error, loaded.players)
    if status != 200:
        # "Nothing to undo yet." is said as it is; any other 409 means another phone moved the game on.
        return None, answer["error"] if answer["field"] == "action" else STALE
    if answer.get("message"):
        flash(answer["message"], "info")
    return answer, None


def save(game, loaded, action, **fields):
    """`tap`, flashing why when it is refused; return the answer or None."""
    answer, problem = tap(game, loaded, action, **fields)
    if problem:
        flash(str(word(problem)), "error")  # a Said from the engine, or a sentence
    return answer


def penalties(penalty):
    """A form's penalty (web/writes.penalty_from) as a tap's list of penalties, or None."""
    return None if penalty is None else [penalty]
