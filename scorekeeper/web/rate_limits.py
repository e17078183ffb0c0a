"""Rate limits per client address on what costs the server most: new games, imports, owner sign-in.

The address is the client's own: behind the trusted proxy waitress has already put the address from
X-Forwarded-For into REMOTE_ADDR (see `serve --proxy`), so a hall behind one proxy is not one client.
The counts live in memory: one server process, and a restart forgives everyone.
"""

from flask import current_app
from flask_limiter import Limiter
from flask_limiter.util import get_remote_address

# Generous for a table (a game lasts many minutes; the phones of a hall's Wi-Fi each have their own
# address), tight for a script filling the database. Each can be changed in instance/config.py.
DEFAULTS = {"GAME_CREATION_LIMIT": "30 per minute; 300 per hour",
            "IMPORT_LIMIT": "10 per minute",
            "OWNER_SIGN_IN_LIMIT": "10 per minute"}

# Which views are limited, by endpoint: every way of making a game shares one allowance per address.
GAME_CREATION = ("table.new_game", "table.again", "api.create")
LIMITED = {"transfer.import_page": "IMPORT_LIMIT", "owner.sign_in": "OWNER_SIGN_IN_LIMIT"}


def _configured(name):
    return lambda: current_app.config[name]


def _created(response):
    """Count a game only when one was made: a form sent back to fix a mistake costs nothing."""
    return response.status_code in (201, 302, 303)


def init_app(app):
    """Count per address on the limited views (after the blueprints are registered); off with RATELIMIT_ENABLED."""
    for name, value in DEFAULTS.items():
        app.config.setdefault(name, value)
    # One limiter per app: Flask-Limiter keeps its switch and its counts on the limiter, not the app.
    limiter = Limiter(get_remote_address, app=app, storage_uri="memory://", headers_enabled=True)
    creation = limiter.shared_limit(_configured("GAME_CREATION_LIMIT"), scope="game-creation",
                                    methods=["POST"], deduct_when=_created)
    for endpoint in GAME_CREATION:
        app.view_functions[endpoint] = creation(app.view_functions[endpoint])
    for endpoint, setting in LIMITED.items():
        app.view_functions[endpoint] = limiter.limit(_configured(setting), methods=["POST"])(
            app.view_functions[endpoint])
    app.extensions["scorekeeper.limiter"] = limiter
