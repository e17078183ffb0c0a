"""The languages' two URLs: the gear menu's switch, and the browser's words (docs/languages.md)."""

from flask import Blueprint, Response, abort, current_app, redirect, request

from scorekeeper.web.i18n import COOKIE, languages, script_words

YEAR = 365 * 24 * 3600

bp = Blueprint("languages", __name__)


@bp.post("/language")
def choose():
    """The gear menu's switch: remember the reader's language a year, and go back to the page they were on."""
    back = request.form.get("next", "")
    if not back.startswith("/") or back.startswith(("//", "/\\")) or not back.isprintable():  # this site's pages only
        back = "/"
    response = redirect(back, code=303)
    code = request.form.get("lang", "")
    if code in languages():
        response.set_cookie(
            COOKIE,
            code,
            max_age=YEAR,
            samesite="Lax",
            httponly=True,
            secure=bool(current_app.config.get("SESSION_COOKIE_SECURE")),
        )
    else:
        response.delete_cookie(COOKIE)  # "as the phone"
    return response


@bp.get("/words/<code>.js")
def script(code):
    """The browser's words (script_words), cached by the service worker with the shell for the offline screens."""
    if code not in languages():
        abort(404)
    body = script_words(code)
    response = Response(body, mimetype="application/javascript")
    response.headers["Cache-Control"] = "public, max-age=31536000, immutable"
    return response
