"""The instance owner: who may export every game, import, and run the instance's own business.

A game's own links (follow, edit, seat links) never need the owner. The owner proves it with the owner
key (made once into instance/owner_key, printed by `serve` at first start) or OWNER_PASSWORD from
instance/config.py: through the sign-in page /owner, which keeps a proof in the signed session cookie,
or as `Authorization: Bearer <key>` (curl, scripts).
"""

import functools
import hashlib
import hmac
import secrets

from flask import current_app, session
from werkzeug.exceptions import Forbidden

from scorekeeper.store.files import private_secret
from .bearer import bearer_token
from scorekeeper.text.words import lazy_gettext

NOT_OWNER = lazy_gettext(
    "Only the owner of this site may do this (export every game, import, and the "
    "like). If that is you, sign in at /owner with the owner key that `python -m scorekeeper "
    "serve` printed when it first started (it is kept in the file instance/owner_key on the "
    "server), or with OWNER_PASSWORD from instance/config.py. A game's own links work without "
    "it."
)


class NotOwner(Forbidden):
    """Refused: only the owner may do this. Its page offers the sign-in form."""

    description = NOT_OWNER


def _credentials():
    config = current_app.config
    return [secret for secret in (config.get("OWNER_KEY"), config.get("OWNER_PASSWORD")) if secret]


def _proof(secret):
    """What the session keeps for a signed-in owner: changes when the key or the password changes."""
    return hmac.new(current_app.config["SECRET_KEY"].encode(), secret.encode(), hashlib.sha256).hexdigest()


def matches(given):
    """True when given is the owner key or the owner password (compared in constant time)."""
    given = (given or "").strip().encode()
    return bool(given) and any(hmac.compare_digest(given, secret.encode()) for secret in _credentials())


def sign_in(given):
    """Remember this browser as the owner when given is the key or the password; return whether it was."""
    if not matches(given):
        return False
    session["owner"] = _proof(given.strip())
    session.permanent = True
    return True


def sign_out():
    session.pop("owner", None)


def is_owner():
    """True for the owner: a signed-in browser, or a request carrying the key as a Bearer token."""
    if matches(bearer_token()):
        return True
    proof = session.get("owner")
    return bool(proof) and any(hmac.compare_digest(proof, _proof(secret)) for secret in _credentials())


def owner_required(view):
    """Let only the owner through; anyone else gets a 403 page saying how to become the owner."""

    @functools.wraps(view)
    def guarded(*args, **kwargs):
        if not is_owner():
            raise NotOwner()
        return view(*args, **kwargs)

    return guarded


def init_app(app):
    """Load (or make, on first start) the owner key, and offer is_owner() to the templates."""
    if not app.config.get("OWNER_KEY"):
        # Made once into instance/owner_key (0600); OWNER_KEY_NEW: made just now, so `serve` prints it.
        app.config["OWNER_KEY"], app.config["OWNER_KEY_NEW"] = private_secret(
            app.instance_path, "owner_key", lambda: secrets.token_urlsafe(24)
        )
    app.add_template_global(is_owner)
