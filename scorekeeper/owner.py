"""The instance owner: who may export every game, import, and run the instance's own business.

A game's own links (follow, edit, seat links) never need the owner. The owner proves it with the owner
key (made once into instance/owner_key, printed by `serve` at first start) or OWNER_PASSWORD from
instance/config.py: through the sign-in page /owner, which keeps a proof in the signed session cookie,
or as `Authorization: Bearer <key>` (curl, scripts).
"""

import functools
import hashlib
import hmac
import os
import secrets
from pathlib import Path

from flask import current_app, request, session
from werkzeug.exceptions import Forbidden

NOT_OWNER = ("Only the owner of this scorekeeper may do this (export every game, import, and the like). "
             "If that is you, sign in at /owner with the owner key that `python -m scorekeeper serve` printed "
             "when it first started (it is kept in the file instance/owner_key on the server), or with "
             "OWNER_PASSWORD from instance/config.py. A game's own links work without it.")


class NotOwner(Forbidden):
    """Refused: only the owner may do this. Its page offers the sign-in form."""

    description = NOT_OWNER


def key_file(instance_path):
    """Return (the owner key, True when it was made just now), making it once into instance/owner_key (0600)."""
    path = Path(instance_path) / "owner_key"
    try:
        descriptor = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    except FileExistsError:
        if path.stat().st_mode & 0o077:
            path.chmod(0o600)  # readable by others: whoever reads it owns the instance
        return path.read_text().strip(), False
    key = secrets.token_urlsafe(24)
    with os.fdopen(descriptor, "w") as file:
        file.write(key + "\n")
    return key, True


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
    scheme, _, token = request.headers.get("Authorization", "").partition(" ")
    if scheme.lower() == "bearer" and matches(token):
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
        app.config["OWNER_KEY"], app.config["OWNER_KEY_NEW"] = key_file(app.instance_path)
    app.add_template_global(is_owner)
