"""Who may write a game from this phone: the edit key, kept in a cookie by the phone that made the game."""

from flask import abort, request

from scorekeeper import store
from scorekeeper.rules.words import lazy_gettext

EDIT_COOKIE_AGE = 60 * 60 * 24 * 365
READ_ONLY = lazy_gettext("This is a read-only link: only the scorekeeper's phone can change the game.")


def cookie_name(game_id):
    return f"edit_{game_id}"


def give_edit_key(response, game_id, key):
    """Let this phone write the game from now on: the edit key in a cookie."""
    response.set_cookie(cookie_name(game_id), key, max_age=EDIT_COOKIE_AGE, httponly=True, samesite="Lax")
    return response


def can_edit(game):
    return store.may_edit(game, request.cookies.get(cookie_name(game["id"])))


def require_edit(game):
    if not can_edit(game):
        abort(403, READ_ONLY)
