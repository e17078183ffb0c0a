"""What a table asks of its event: a locked table's scorekeeper asks the director to open it for a correction (the
director's page shows it at once, with Approve)."""

from flask import abort, flash, redirect, url_for

from scorekeeper import store
from scorekeeper.web.edit_keys import require_edit
from scorekeeper.web.forms import RevisionForm, csrf_failed
from scorekeeper.web.refusals import EXPIRED
from ...rules import RecordError, events
from ...text.words import _, word
from . import bp
from scorekeeper.web.event_room import Room, act


@bp.post("/games/<game_id>/ask-director")
def ask_director(game_id):
    """Ask the event's director to open this locked table for a correction; back to the table's screen."""
    db = store.get_db()
    game = store.get_game_head(db, game_id)
    if game is None:
        abort(404)
    require_edit(game)
    form = RevisionForm()
    if not form.validate():
        abort(400, EXPIRED if csrf_failed(form) else _("Please check the form."))
    found = store.event_of_game(db, game_id)
    if found is None or found["void"]:
        abort(409, _("This game plays no table of an event."))
    if found["locked"] and not found["asked"]:
        try:
            outcome = act(
                Room(store.get_event(db, found["event_id"])), events.request_correction, found["round"], found["table"]
            )
        except RecordError as error:
            flash(word(error.message), "error")
        except store.StaleRevision:
            flash(_("The event changed meanwhile: ask again."), "error")
        else:
            flash(word(outcome.message), "info")
    return redirect(url_for("table.play", game_id=game_id))
