"""The Oh Hell scorekeeper: a Flask app that keeps the score sheet for a real card table."""

import os
import secrets
from pathlib import Path

from flask import Flask

PROJECT_ROOT = Path(__file__).resolve().parent.parent


def _secret_key(instance_path):
    """Return the instance's secret key, generating it once into instance/secret_key (mode 0600)."""
    path = Path(instance_path) / "secret_key"
    try:
        descriptor = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    except FileExistsError:
        if path.stat().st_mode & 0o077:
            path.chmod(0o600)  # readable by others: whoever reads it can forge sessions
    else:
        with os.fdopen(descriptor, "w") as file:
            file.write(secrets.token_hex(32))
    return path.read_text().strip()


def _private_folder(path):
    """Create the instance folder for its owner only (mode 0700), tightening one created before."""
    os.makedirs(path, mode=0o700, exist_ok=True)
    if os.stat(path).st_mode & 0o077:
        os.chmod(path, 0o700)  # it holds the database, its backups and the secret key


def create_app(test_config=None, proxy=False):
    """Create and configure the app; proxy: it is served behind a TLS proxy that sets X-Forwarded-*."""
    instance = os.environ.get("SCOREKEEPER_INSTANCE", str(PROJECT_ROOT / "instance"))
    app = Flask(__name__, instance_path=instance, instance_relative_config=True,
                template_folder=str(PROJECT_ROOT / "templates"))
    _private_folder(app.instance_path)
    app.config.from_mapping(
        DATABASE=os.environ.get("SCOREKEEPER_DB", os.path.join(app.instance_path, "scorekeeper.db")),
        MAX_CONTENT_LENGTH=8 * 1024 * 1024,  # an import of a few thousand games; refused beyond (413)
        SESSION_COOKIE_SAMESITE="Lax",
        SESSION_COOKIE_HTTPONLY=True,
        PROXY=proxy,
        FOLLOW_POLL_MS=700,  # how often a follower's page asks for the game's revision (ETag: 304 when unchanged)
    )
    if test_config is None:
        app.config.from_pyfile("config.py", silent=True)
    else:
        app.config.from_mapping(test_config)
    if not app.config.get("SECRET_KEY"):
        app.config["SECRET_KEY"] = _secret_key(app.instance_path)

    from . import delivery, share, store
    from .views import register_blueprints

    if app.config["PROXY"]:
        # Behind a TLS proxy: trust one hop's X-Forwarded-* so links are https and cookies Secure.
        from werkzeug.middleware.proxy_fix import ProxyFix

        app.wsgi_app = ProxyFix(app.wsgi_app, x_for=1, x_proto=1, x_host=1, x_prefix=1)
        app.config.update(SESSION_COOKIE_SECURE=True, PREFERRED_URL_SCHEME="https")
    store.init_app(app)
    delivery.init_app(app)
    share.init_app(app)
    register_blueprints(app)
    return app
