"""Where a game's screens lead: the stored game or a 404, and a redirect straight to the screen the table is on
(`rules.step` names it), so each tap costs one POST and one GET."""

from flask import abort, flash, redirect, request, url_for

from scorekeeper import rules, store
from .edit_keys import require_edit
from .refusals import STALE


def load_game(game_id):
    """Return the stored game and its loaded record (cached per revision: read-only), or 404."""
    found = store.load_game(store.get_db(), game_id)
    if found is None:
        abort(404)
    return found


def load_scored(game_id):
    """Return the stored game, its loaded record and its scores (cached per revision: read-only), or 404."""
    found = store.scored_game(store.get_db(), game_id)
    if found is None:
        abort(404)
    return found


def screen(game_id, loaded=None, step=None):
    """Redirect straight to the screen the table is on, as `rules.step` names it (`step` when known, else the
    stored game's if not given)."""
    if step is None and loaded is None:
        _game, loaded = load_game(game_id)
    return redirect(url_for(f"table.{step or rules.step(loaded)}", game_id=game_id))


def open_step(game_id, name):
    """Return (game, loaded) for the editor on this step of the hand; elsewhere, go where the table is.

    A write posted from a screen the table has left is stale: nothing is stored and the message says so.
    """
    game, loaded = load_game(game_id)
    require_edit(game)
    if rules.step(loaded) != name:
        abort(moved_on(game_id, loaded))
    return game, loaded


def moved_on(game_id, loaded=None):
    """Send a screen the table has left to the current one; a write from it is stale."""
    if request.method == "POST":
        flash(str(STALE), "error")
    return screen(game_id, loaded)
