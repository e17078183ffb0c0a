"""The Oh Hell scorekeeper: a Flask app that keeps the score sheet for a real card table."""

import os
import secrets
from pathlib import Path

from flask import Flask

from scorekeeper.store.files import private_folder, private_secret

PROJECT_ROOT = Path(__file__).resolve().parent.parent


def allowed_hosts(config, extra=()):
    """Return the names a request's Host may carry: this machine's own, SERVER_NAME, ALLOWED_HOSTS and extra.

    Links are built from the Host, so any other name is refused (400) rather than put into a link.
    """
    from scorekeeper.serving.network import machine_names

    configured = config.get("ALLOWED_HOSTS") or ()
    names = machine_names() + ([configured] if isinstance(configured, str) else list(configured)) + list(extra)
    if config.get("SERVER_NAME"):
        names.append(config["SERVER_NAME"])
    return list(dict.fromkeys(name.partition(":")[0] for name in names if name))


def create_app(test_config=None, proxy=False, extra_hosts=()):
    """Create and configure the app.

    proxy: it is served behind a TLS proxy (waitress applies the proxy's X-Forwarded-* headers);
    extra_hosts: names the Host header may carry besides this machine's own (`serve --allowed-host`).
    """
    instance = os.environ.get("SCOREKEEPER_INSTANCE", str(PROJECT_ROOT / "instance"))
    app = Flask(
        __name__, instance_path=instance, instance_relative_config=True, template_folder=str(PROJECT_ROOT / "templates")
    )
    private_folder(app.instance_path)
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
        app.config["SECRET_KEY"], _ = private_secret(app.instance_path, "secret_key", lambda: secrets.token_hex(32))

    app.config["TRUSTED_HOSTS"] = allowed_hosts(app.config, extra_hosts)

    from scorekeeper.responses import delivery, follow_poll
    from scorekeeper.web import i18n, members, owner, rate_limits, share, stakes, write_budgets
    from scorekeeper import store
    from scorekeeper.taps import settlement
    from .views import register_blueprints

    if app.config["PROXY"]:
        # The proxy's X-Forwarded-* headers are applied by waitress, from the trusted proxy's address only
        # (`serve --proxy --trusted-proxy`): a client's own forged headers are dropped there.
        app.config.update(SESSION_COOKIE_SECURE=True, PREFERRED_URL_SCHEME="https")
    i18n.init_app(app)
    store.init_app(app)
    delivery.init_app(app)
    share.init_app(app)
    owner.init_app(app)
    members.init_app(app)
    stakes.init_app(app)
    # A tap knows no Flask: the settlement's action is given the ceiling's check, which reads this app's setting.
    settlement.ceiling_check(stakes.within_ceiling)
    register_blueprints(app)
    follow_poll.init_app(app)  # a room of followers: an unchanged poll, a page already made, answered before Flask
    rate_limits.init_app(app)
    write_budgets.init_app(app)
    return app
