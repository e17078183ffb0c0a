"""Who may write a game from this phone: the edit key, kept in a cookie by the phone that made the game."""

from flask import abort

from scorekeeper import store
from scorekeeper.text.words import lazy_gettext
from .keys import EDIT

READ_ONLY = lazy_gettext("This is a read-only link: only the scorekeeper's phone can change the game.")


def give_edit_key(response, game_id, key):
    """Let this phone write the game from now on: the edit key in a cookie (keys.EDIT)."""
    return EDIT.give(response, key, game_id)


def can_edit(game):
    return store.may_edit(game, EDIT.held(game["id"]))


def require_edit(game):
    if not can_edit(game):
        abort(403, READ_ONLY)
