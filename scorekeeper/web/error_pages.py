"""The error pages: a refused or unknown page, a failure on our side, never a stack trace.

Each says what happened and what to do, in the reader's language; under /api/ as JSON in English (its contract).
Registered on the app by scorekeeper/views/app_wide.py.
"""

import sqlite3
import time

from flask import current_app, render_template, request

from scorekeeper import store
from scorekeeper.text.words import lazy_gettext, ngettext
from .i18n import speaking

BUSY_RETRY_SECONDS = 5

GENERIC_FAILURE = lazy_gettext(
    "Something went wrong on our side. Everything recorded before this is safe; go back to the game and try again."
)
# What SQLite says, and what the person at the table can do about it.
STORAGE_FAILURES = [
    (
        ("malformed", "not a database", "disk i/o error"),
        lazy_gettext(
            "The app's database file is damaged, so nothing can be shown or recorded. Stop the "
            "server and restore the latest backup (python -m scorekeeper restore BACKUP.db); games "
            "recorded since that backup may be lost."
        ),
    ),
    (
        ("readonly", "read-only"),
        lazy_gettext(
            "The app's database file is read-only, so nothing can be recorded; what was recorded "
            "before is still there. Make the instance folder and its database writable for the server, "
            "then try again."
        ),
    ),
    (
        ("disk is full", "database or disk is full"),
        lazy_gettext(
            "The disk is full, so this could not be recorded (nothing of it was stored). Free some space "
            "on the server's disk, then try again."
        ),
    ),
    (
        ("unable to open", "no such table", "is missing"),
        lazy_gettext(
            "The app's database file is missing, so nothing can be shown or recorded. Stop the "
            "server and restore the latest backup (python -m scorekeeper restore BACKUP.db)."
        ),
    ),
]
# The error pages' titles and werkzeug's own explanations (the same English), said in the reader's language.
ERROR_NAMES = {
    400: lazy_gettext("Bad Request"),
    403: lazy_gettext("Forbidden"),
    404: lazy_gettext("Not Found"),
    405: lazy_gettext("Method Not Allowed"),
    413: lazy_gettext("Request Entity Too Large"),
}
ERROR_DESCRIPTIONS = {
    400: lazy_gettext("The browser (or proxy) sent a request that this server could not understand."),
    403: lazy_gettext(
        "You don't have the permission to access the requested resource. It is either read-protected "
        "or not readable by the server."
    ),
    404: lazy_gettext(
        "The requested URL was not found on the server. If you entered the URL manually please check "
        "your spelling and try again."
    ),
    405: lazy_gettext("The method is not allowed for the requested URL."),
}

# A full disk is neither the request's fault nor a fault in the code: 507 Insufficient Storage (RFC 4918) tells a
# client to try again once space is freed; every other failure is 500.
STORAGE_STATUS = {"disk is full": 507}


def failure(error):
    """Return (status, what failed): the storage's own trouble when SQLite reports one, else the generic apology."""
    original = getattr(error, "original_exception", None) or error
    if isinstance(original, (sqlite3.Error, store.StorageError)):
        text = str(original).lower()
        for needles, message in STORAGE_FAILURES:
            if any(needle in text for needle in needles):
                return STORAGE_STATUS.get(needles[0], 500), message
    return 500, GENERIC_FAILURE


def failure_message(error):
    """Say what failed: the storage's own trouble when SQLite reports one, else the generic apology."""
    return failure(error)[1]


def _answer(code, name, description, headers=None):
    """The error as a page in the reader's language; under /api/ as JSON in English (its contract)."""
    if request.path.startswith("/api/"):
        with speaking("en"):
            return {"error": str(description), "field": None}, code, headers or {}
    page = render_template("error.html", error={"code": code, "name": str(name), "description": str(description)})
    return page, code, headers or {}


def error_page(error):
    """Explain a refused or unknown page without a stack trace; a 405 names the methods allowed (Allow)."""
    methods = getattr(error, "valid_methods", None)
    description = error.description
    if description == type(error).description and not request.path.startswith("/api/"):  # ours, translated
        description = ERROR_DESCRIPTIONS.get(error.code, description)
    return _answer(
        error.code,
        ERROR_NAMES.get(error.code, error.name),
        description,
        {"Allow": ", ".join(methods)} if methods else None,
    )


def too_large(error):
    """Refuse an upload that is too large, saying how large it may be."""
    limit = current_app.config.get("MAX_CONTENT_LENGTH") or 0
    return _answer(
        413,
        ERROR_NAMES[413],
        lazy_gettext(
            "That file is too large: at most %(size)s MB may be uploaded. Export fewer games, or split the file. "
            "Nothing was imported.",
            size=f"{limit / (1024 * 1024):g}",
        ),
    )


def untrusted_host(error):
    """Refuse a request for a name this server does not answer to: links are never built from it.

    Plain text: no page can be drawn, since every link on it would carry the refused name.
    """
    message = lazy_gettext(
        "This site does not answer to the name %(host)s, so it builds no page or link for it. Open it at its "
        "own address. If that is its address, its owner can allow it: python -m scorekeeper serve --allowed-host "
        "NAME, or ALLOWED_HOSTS in instance/config.py.",
        host=repr(request.environ.get("HTTP_HOST", "")),
    )
    if request.path.startswith("/api/"):
        with speaking("en"):
            return {"error": str(message), "field": None}, 400
    return str(message) + "\n", 400, {"Content-Type": "text/plain; charset=utf-8"}


def too_many(error):
    """Refuse a client that made too many games or imports just now: say when to try again."""
    limit = current_app.extensions["scorekeeper.limiter"].current_limit
    wait = max(int(limit.reset_at - time.time()), 1) if limit else 60
    if request.path.startswith("/api/"):  # English, as every answer under /api/
        when = f"{wait} seconds" if wait < 120 else f"{round(wait / 60)} minutes"
        return _answer(
            429,
            "Too many at once",
            f"This address made too many requests of this kind just now (the "
            f"limit is {error.limit.limit}). Nothing was stored. "
            f"Try again in {when}.",
        )
    when = (
        ngettext("%(num)d second", "%(num)d seconds", wait)
        if wait < 120
        else ngettext("%(num)d minute", "%(num)d minutes", round(wait / 60))
    )
    return _answer(
        429,
        lazy_gettext("Too many at once"),
        lazy_gettext(
            "This address made too many requests of this kind just now (the limit is %(limit)s). Nothing was stored. "
            "Try again in %(when)s.",
            limit=error.limit.limit,
            when=when,
        ),
    )


def busy(error):
    """Answer at once when every slot of a heavy task (sheets, whole exports) is taken: try again in a few seconds."""
    return _answer(
        503,
        lazy_gettext("Busy"),
        lazy_gettext("The server is busy: %(reason)s.", reason=str(error)),
        {"Retry-After": str(BUSY_RETRY_SECONDS)},
    )


def damaged_record(error):
    """A stored record this version refuses (see migration m010's `repairs`): say which field, change nothing."""
    if isinstance(error, store.DamagedGame):
        return _answer(
            500,
            lazy_gettext("A stored game is damaged"),
            lazy_gettext(
                "The stored game %(game)s cannot be read (%(problem)s), so this page cannot be shown. Nothing was "
                "changed. Restore a backup, or export the other games (the export leaves this one out) and import "
                "them into a fresh installation.",
                game=error.game_id,
                problem=error.problem,
            ),
        )
    return _answer(
        500,
        lazy_gettext("A stored game is damaged"),
        lazy_gettext(
            "A game stored here breaks the rules this version keeps (%(problem)s), so this page cannot be shown. "
            "Nothing was changed. Restore a backup, or export the other games and import them into a fresh "
            "installation.",
            problem=error,
        ),
    )


def server_error(error):
    """Say what failed on our side, and what to do: the storage's trouble when it is the storage."""
    status, message = failure(error)
    return _answer(status, lazy_gettext("Sorry"), message)
