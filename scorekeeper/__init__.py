"""The Oh Hell scorekeeper: a Flask app that keeps the score sheet for a real card table."""

import os
import secrets
from pathlib import Path

from flask import Flask

PROJECT_ROOT = Path(__file__).resolve().parent.parent


def _secret_key(instance_path):
    """Return the instance's secret key, generating it once into instance/secret_key."""
    path = Path(instance_path) / "secret_key"
    if not path.exists():
        path.write_text(secrets.token_hex(32))
    return path.read_text().strip()


def create_app(test_config=None):
    """Create and configure the app."""
    instance = os.environ.get("SCOREKEEPER_INSTANCE", str(PROJECT_ROOT / "instance"))
    app = Flask(__name__, instance_path=instance, instance_relative_config=True,
                template_folder=str(PROJECT_ROOT / "templates"))
    os.makedirs(app.instance_path, exist_ok=True)
    app.config.from_mapping(
        DATABASE=os.environ.get("SCOREKEEPER_DB", os.path.join(app.instance_path, "scorekeeper.db")),
        MAX_CONTENT_LENGTH=8 * 1024 * 1024,  # an import of a few thousand games; refused beyond (413)
    )
    if test_config is None:
        app.config.from_pyfile("config.py", silent=True)
    else:
        app.config.from_mapping(test_config)
    if not app.config.get("SECRET_KEY"):
        app.config["SECRET_KEY"] = _secret_key(app.instance_path)

    from . import store
    from .views import register_blueprints

    store.init_app(app)
    register_blueprints(app)
    return app
