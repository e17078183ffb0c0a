"""What writes spend beyond one request (issue 41, docs/security.md "Write budgets"): bytes per browser and per
address over time, and the disk's free space.

- A write (a form or an API request that changes something) spends the bytes it sends plus WRITE_OVERHEAD (what
  a write keeps beyond its body: its history entry, its action id, the results it touches), from two budgets:
  the browser's (keyed as the game-creation limits are: its session, else its address) and its address's, a
  ceiling a hall of a hundred tables at one public address stays far below. Only a write that succeeded spends;
  past a budget the next write is refused (429) until its window turns. The owner spends nothing.
- Below FREE_SPACE_FLOOR free on the database's disk no new game is made (the setup form, the API, the next game
  at a table, an import: 507 with a sentence saying so), while the games being played go on: the floor is the
  room their taps still have.

The counts live in the rate limiter's memory (one process; a restart forgives everyone) and follow its switch,
RATELIMIT_ENABLED; the floor holds always.
"""

import os
import re
import shutil
import time
from functools import lru_cache

import limits
from flask import current_app, request
from flask_limiter.util import get_remote_address

from scorekeeper.text.words import lazy_gettext, ngettext, number
from . import owner
from .rate_limits import browser

# Each can be changed in instance/config.py.
DEFAULTS = {
    "BROWSER_WRITE_BUDGET": "25 MB per hour",
    "ADDRESS_WRITE_BUDGET": "250 MB per hour",
    "FREE_SPACE_FLOOR": "200 MB",
}
WRITE_OVERHEAD = 500  # bytes a write keeps beyond its body (measured: a deal or an undo keeps about 485)
WRITES = {"POST", "PUT", "PATCH", "DELETE"}
UNCOUNTED = {"owner.sign_in", "owner.sign_out", "languages.choose"}  # they keep nothing on the disk
NEW_GAMES = {"table.new_game", "table.again", "api.create", "transfer.import_page"}
UNITS = {"b": 1, "kb": 1_000, "mb": 1_000_000, "gb": 1_000_000_000}
SIZE = re.compile(r"\s*([0-9]+(?:\.[0-9]+)?)\s*([kmg]?b)?\s*", re.IGNORECASE)


class BadSetting(ValueError):
    """A budget or a floor in instance/config.py that cannot be read: says how to write it."""


@lru_cache(maxsize=32)
def size_of(text):
    """Bytes of a size as the settings write it: "200 MB", "1.5 GB", "500 kB", or a whole number of bytes."""
    if isinstance(text, int) and not isinstance(text, bool) and text >= 0:
        return text
    found = SIZE.fullmatch(str(text))
    if not found:
        raise BadSetting(f"{text!r} is not a size: write it as '200 MB', '1 GB' or a number of bytes")
    return int(float(found[1]) * UNITS[(found[2] or "b").lower()])


@lru_cache(maxsize=32)
def budget_of(text):
    """The rate limit of a budget as the settings write it: "25 MB per hour" (per second, minute, hour or day)."""
    size, per, window = str(text).partition(" per ")
    try:
        if per:
            return limits.parse(f"{size_of(size)} per {window}")
    except ValueError:
        pass
    raise BadSetting(f"{text!r} is not a write budget: write it as '25 MB per hour'")


def _said_size(size):
    """A size the reader's way: "25 MB", "2,5 MB", "20 kB"."""
    if size < 1_000_000:
        return f"{number(round(size / 1_000))} kB"
    return f"{number(round(size / 1_000_000, 1))} MB"


def _said_time(seconds):
    """A span in words: "40 seconds", "12 minutes", "1 hour"."""
    if seconds < 120:
        return ngettext("%(num)d second", "%(num)d seconds", seconds)
    if seconds < 7200 and seconds % 3600:
        return ngettext("%(num)d minute", "%(num)d minutes", round(seconds / 60))
    return ngettext("%(num)d hour", "%(num)d hours", round(seconds / 3600))


def _answer(status, message, headers=None):
    from .error_pages import _answer as answer  # the error page or, under /api/, JSON in English

    name = lazy_gettext("Too much written") if status == 429 else lazy_gettext("The disk is nearly full")
    return answer(status, name, message, headers)


def _counted():
    """True for a write that spends the budgets: not a reading, not the owner's, not a sign-in or a language."""
    return (
        request.method in WRITES
        and request.endpoint not in UNCOUNTED
        and request.endpoint is not None
        and not owner.is_owner()
    )


def _budgets():
    """(limit, key, whose) of each budget a write spends, when the rate limits are on."""
    limiter = current_app.extensions["scorekeeper.limiter"]
    if not limiter.enabled:
        return []
    config = current_app.config
    return [
        (budget_of(config["BROWSER_WRITE_BUDGET"]), "write-bytes-" + browser(), "browser"),
        (budget_of(config["ADDRESS_WRITE_BUDGET"]), "write-bytes-address:" + get_remote_address(), "address"),
    ]


def free_space():
    """Bytes free on the disk that holds the database."""
    return shutil.disk_usage(os.path.dirname(os.path.abspath(current_app.config["DATABASE"]))).free


def refuse_when_spent():
    """Before a write: refuse it when its browser or its address has spent a budget, or a new game below the floor."""
    if request.method not in WRITES:
        return None
    if request.endpoint in NEW_GAMES:
        floor = size_of(current_app.config["FREE_SPACE_FLOOR"])
        if free_space() < floor:
            return _answer(
                507,
                lazy_gettext(
                    "The server's disk has less than %(floor)s free, so no new game can be started now; the games "
                    "being played go on. Nothing was stored. The owner of this site can free space on the "
                    "server's disk (or lower FREE_SPACE_FLOOR in instance/config.py).",
                    floor=_said_size(floor),
                ),
            )
    if not _counted():
        return None
    for limit, key, whose in _budgets():
        stats = current_app.extensions["scorekeeper.limiter"].limiter.get_window_stats(limit, key)
        if stats.remaining <= 0:
            wait = max(int(stats.reset_time - time.time()), 1)
            said = {"size": _said_size(limit.amount), "span": _said_time(limit.get_expiry()), "when": _said_time(wait)}
            message = (
                lazy_gettext(
                    "This phone has written %(size)s in %(span)s, the most one phone may. Nothing "
                    "was stored. Try again in %(when)s.",
                    **said,
                )
                if whose == "browser"
                else lazy_gettext(
                    "The phones at this address have written %(size)s in %(span)s, the most one "
                    "address may. Nothing was stored. Try again in %(when)s.",
                    **said,
                )
            )
            return _answer(429, message, {"Retry-After": str(wait)})
    return None


def spend(response):
    """After a write that succeeded: its bytes and WRITE_OVERHEAD come off its browser's and its address's budgets."""
    if response.status_code < 400 and request.method in WRITES and _counted():
        cost = (request.content_length or 0) + WRITE_OVERHEAD
        for limit, key, _whose in _budgets():
            current_app.extensions["scorekeeper.limiter"].limiter.hit(limit, key, cost=cost)
    return response


def init_app(app):
    """Check each write against the budgets and the floor before it runs, and spend what it wrote after."""
    for name, value in DEFAULTS.items():
        app.config.setdefault(name, value)
    for name in ("BROWSER_WRITE_BUDGET", "ADDRESS_WRITE_BUDGET"):
        try:
            budget_of(app.config[name])
        except BadSetting as error:
            raise BadSetting(f"{name} in instance/config.py: {error}") from None
    try:
        size_of(app.config["FREE_SPACE_FLOOR"])
    except BadSetting as error:
        raise BadSetting(f"FREE_SPACE_FLOOR in instance/config.py: {error}") from None
    app.before_request(refuse_when_spent)
    app.after_request(spend)
