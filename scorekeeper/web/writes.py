"""What every form that writes shares: its check (`checked`, `form_refusal`), a refusal shown again (`refused`) and
a penalty read from it (`penalty_from`).

Every write of a game's form is a tap: a hand's action (deal, bids, trump, tricks, a correction, undo), a table
change (arrive, leave, sit out, the plan), a game's date and note and its settlement go through the actions'
pipeline (scorekeeper/views/table/writes.py, taps.perform), as the actions API and the seat phones do.
A write is: form → tap (the registry's action, the engine's `rules.actions`) → store → redirect straight to the
screen `rules.step` names (scorekeeper/web/navigation.py).
"""

from flask import abort, flash, render_template

from .forms import csrf_failed, form_problems
from .navigation import moved_on, screen
from .refusals import EXPIRED, STALE


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
