"""Games the table is done with: abandon one (kept, undoable), restore it, or delete it."""

from flask import abort, flash, redirect, request, url_for

from ... import store
from ...rules import RecordError
from scorekeeper.web.forms import RevisionForm
from scorekeeper.web.owner import NotOwner, is_owner
from ...text.words import _, ngettext, word
from scorekeeper.web.edit_keys import require_edit
from scorekeeper.web.navigation import load_game, screen
from scorekeeper.web.writes import checked
from . import bp


def require_may_delete(game, loaded):
    """Refuse a delete this phone may not make. A game with hands played also needs the box ticked.

    The one place that guards deleting: a game with hands played is the instance owner's to delete (its
    results are in the players' pages); a game with none, its scorekeeper's.
    """
    if loaded.hands:
        if not is_owner():
            raise NotOwner()
    else:
        require_edit(game)
    if loaded.hands and request.form.get("confirm") != "yes":
        return ngettext(
            "Tick the box to delete a game with %(num)d hand played.",
            "Tick the box to delete a game with %(num)d hands played.",
            len(loaded.hands),
        )
    return None


@bp.post("/games/<game_id>/abandon")
def abandon(game_id):
    """Abandon the game: it leaves the home page's lists, kept until restored."""
    game, loaded = load_game(game_id)
    require_edit(game)
    if not checked(RevisionForm(), game):
        return redirect(url_for("table.table_changes", game_id=game_id))
    try:
        store.abandon_game(store.get_db(), game_id)
    except RecordError as error:  # an event's table: the director's (store.refuse_events_game)
        flash(word(error.message), "error")
        return redirect(url_for("table.table_changes", game_id=game_id))
    flash(
        _(
            "Abandoned: %(players)s. It is kept: open it from Abandoned on the home page and Restore it to play on.",
            players=", ".join(loaded.players),
        ),
        "info",
    )
    return redirect(url_for("table.home"))


@bp.post("/games/<game_id>/restore")
def restore(game_id):
    """Take the game back from the abandoned ones."""
    game, _loaded = load_game(game_id)
    require_edit(game)
    if game["status"] != store.ABANDONED:
        abort(409, _("This game is not abandoned."))
    if checked(RevisionForm(), game):
        try:
            store.restore_game(store.get_db(), game_id)
        except RecordError as error:
            flash(word(error.message), "error")
        else:
            flash(_("Restored: the game is back in progress."), "info")
    return screen(game_id)


@bp.post("/games/<game_id>/delete")
def delete(game_id):
    """Delete the game and everything stored about it."""
    game, loaded = load_game(game_id)
    problem = require_may_delete(game, loaded)
    if not checked(RevisionForm(), game):
        return redirect(url_for("table.table_changes", game_id=game_id))
    if problem:
        flash(problem, "error")
        return redirect(url_for("table.table_changes", game_id=game_id, open="end") + "#end")
    try:
        store.delete_game(store.get_db(), game_id)
    except RecordError as error:
        flash(word(error.message), "error")
        return redirect(url_for("table.table_changes", game_id=game_id))
    flash(
        ngettext(
            "Deleted: %(players)s · %(num)d hand.",
            "Deleted: %(players)s · %(num)d hands.",
            len(loaded.hands),
            players=", ".join(loaded.players),
        ),
        "info",
    )
    return redirect(url_for("table.home"))
