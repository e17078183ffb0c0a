"""Rate limits on what costs the server most, each keyed on who spends it (docs/security.md, "Rate limits").

- Making games spends the disk (a game, its log and results are kept for ever): each browser has its own
  allowance, and one address a ceiling a hall can live with, since every phone on a venue's Wi-Fi may reach
  the server from one public address. A browser is its session's CSRF secret (random, in the signed cookie);
  a client with no session (a script on the API) is its address.
- Wrong owner keys spend the owner key's secrecy: only a wrong key counts, per browser and, more loosely, per
  address, and the right key is never refused, so no number of wrong keys from a hall's address locks the owner
  out.
- Imports spend the CPU and the disk, and only the owner may import: the owner has one allowance, and nobody
  else's refused attempts touch it.

The address is the client's own: behind the trusted proxy waitress has already put the address from
X-Forwarded-For into REMOTE_ADDR (see `serve --proxy`). The counts live in memory: one server process,
and a restart forgives everyone.
"""

import hashlib

from flask import current_app, request, session
from flask_limiter import Limiter
from flask_limiter.util import get_remote_address

from . import owner

# Each can be changed in instance/config.py. A hall of 100 tables starts 100 games within a minute from one
# address; a table makes a game every few minutes at most.
DEFAULTS = {
    "GAME_CREATION_LIMIT": "30 per minute; 300 per hour",
    "GAME_CREATION_ADDRESS_LIMIT": "300 per minute; 3000 per hour",
    "IMPORT_LIMIT": "10 per minute",
    "OWNER_SIGN_IN_LIMIT": "20 per hour",
    "OWNER_SIGN_IN_ADDRESS_LIMIT": "100 per hour",
}

# Every way of making a game shares one allowance, by endpoint.
GAME_CREATION = ("table.new_game", "table.again", "api.create")


def _configured(name):
    return lambda: current_app.config[name]


def browser():
    """Who is asking: the browser (its session's random CSRF secret, never shown), else the address."""
    secret = session.get("csrf")
    if isinstance(secret, str) and secret:
        return "browser:" + hashlib.sha256(secret.encode()).hexdigest()[:24]
    return "address:" + get_remote_address()


def _created(response):
    """Count a game only when one was made: a form sent back to fix a mistake costs nothing."""
    return response.status_code in (201, 302, 303)


def _wrong_key(response):
    """Count a sign-in only when the key was wrong: the right key costs nothing."""
    return response.status_code == 403


def _right_key():
    """The right key is never refused, however many wrong ones came before it from this browser or address: a
    guesser at the venue's Wi-Fi must not lock the owner out (the key is 24 random bytes; 100 guesses an hour
    leave it safe)."""
    return owner.matches(request.form.get("key"))


def init_app(app):
    """Count on the limited views (after the blueprints are registered); off with RATELIMIT_ENABLED."""
    for name, value in DEFAULTS.items():
        app.config.setdefault(name, value)
    # One limiter per app: Flask-Limiter keeps its switch and its counts on the limiter, not the app.
    limiter = Limiter(get_remote_address, app=app, storage_uri="memory://", headers_enabled=True)
    limits = {
        endpoint: [
            limiter.shared_limit(
                _configured("GAME_CREATION_LIMIT"),
                scope="game-creation",
                key_func=browser,
                methods=["POST"],
                deduct_when=_created,
            ),
            limiter.shared_limit(
                _configured("GAME_CREATION_ADDRESS_LIMIT"),
                scope="game-creation-address",
                methods=["POST"],
                deduct_when=_created,
            ),
        ]
        for endpoint in GAME_CREATION
    }
    limits["owner.sign_in"] = [
        limiter.limit(
            _configured("OWNER_SIGN_IN_LIMIT"),
            key_func=browser,
            methods=["POST"],
            deduct_when=_wrong_key,
            exempt_when=_right_key,
        ),
        limiter.shared_limit(
            _configured("OWNER_SIGN_IN_ADDRESS_LIMIT"),
            scope="owner-sign-in-address",
            methods=["POST"],
            deduct_when=_wrong_key,
            exempt_when=_right_key,
        ),
    ]
    limits["transfer.import_page"] = [
        limiter.limit(
            _configured("IMPORT_LIMIT"),
            key_func=lambda: "owner",
            methods=["POST"],
            exempt_when=lambda: not owner.is_owner(),
        )
    ]
    for endpoint, decorators in limits.items():
        for decorate in decorators:
            app.view_functions[endpoint] = decorate(app.view_functions[endpoint])
    app.extensions["scorekeeper.limiter"] = limiter
