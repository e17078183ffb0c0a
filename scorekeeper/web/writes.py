"""A write from a form: check the form, run the engine's action, store what it made, or say why not.

A hand's action (deal, bids, trump, tricks, a correction, undo), a table change (arrive, leave, sit out, the plan)
and a game's date and note are written as taps instead, through the actions' pipeline
(scorekeeper/views/table/writes.py, taps.perform); here is the other write (the settlement) and what every form
shares (`checked`, `form_refusal`, `refused`, `penalty_from`).
A write is: form → engine action (`rules.actions`) → store → redirect straight to the screen `rules.step`
names (scorekeeper/web/navigation.py).
"""

from flask import abort, flash, render_template

from scorekeeper import store
from scorekeeper.rules import RecordError
from .forms import csrf_failed, form_problems
from .navigation import moved_on, screen
from .refusals import EXPIRED, STALE, explain, refusal_text
from scorekeeper.text.words import word


def checked(form, game):
    """Validate a write form: refuse a bad token (400); False with a message on a stale revision."""
    if not form.validate():
        if csrf_failed(form):
            abort(400, EXPIRED)
        flash(form_problems(form), "error")
        return False
    if form.revision.data != str(game["revision"]):
        flash(str(STALE), "error")
        return False
    return True


def perform(game, loaded, action, *args, **kwargs):
    """Run an engine action on the game, store what it made and flash its message: return (outcome, None),
    or (None, why not).

    Nothing is stored when the engine refuses, the record breaks its rules, or another phone wrote first.
    """
    try:
        outcome = action(loaded, *args, **kwargs)
    except RecordError as error:
        return None, refusal_text(error, loaded.players)
    kind, payload = outcome.entry
    try:
        # The action loaded (and so validated) its record once; the game it was made on was read in a generation.
        store.append_entry(
            store.get_db(),
            game["id"],
            kind,
            payload,
            outcome.record,
            game["revision"],
            loaded=outcome.game,
            generation_number=game.get("generation"),
        )
    except RecordError as error:
        return None, explain(error, outcome.record["players"])
    except store.StaleRevision:
        return None, STALE
    if word(outcome.message):
        flash(word(outcome.message), "info")
    return outcome, None


def save(game, loaded, action, *args, **kwargs):
    """Perform an action, flashing why when it is refused; return the outcome or None."""
    outcome, problem = perform(game, loaded, action, *args, **kwargs)
    if problem:
        flash(word(problem), "error")
    return outcome


def form_refusal(form, game):
    """Validate a write form whose values must survive a refusal: None when it may be stored, else the problem.

    A bad token is a 400 page; on a stale revision the table's current screen is shown instead.
    """
    if not form.validate():
        if csrf_failed(form):
            abort(400, EXPIRED)
        return form_problems(form)
    if form.revision.data != str(game["revision"]):
        abort(moved_on(game["id"]))
    return None


def refused(template, problem, page):
    """Show the form again with what was typed and why it was refused; a stale page goes to the current screen."""
    if problem == STALE:
        flash(str(STALE), "error")
        return screen(page["game"]["id"])
    return render_template(template, problem=problem, **page), 400


def penalty_from(form):
    """Return the penalty entered on a tricks or correction form (no points: the engine takes the reason's), or None."""
    if form.penalty_seat.data in ("", None):
        return None
    points = form.penalty_points.data
    return {
        "seat": int(form.penalty_seat.data),
        "reason": form.penalty_reason.data,
        "points": float(points) if points is not None else None,
    }
