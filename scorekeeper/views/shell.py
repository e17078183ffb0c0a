"""The app shell: the web app manifest, the service worker that keeps the shell, and the page it shows offline."""

import json
import os

from flask import Blueprint, Response, current_app, render_template, url_for

from scorekeeper.web.i18n import current_language
from ..text.words import _

bp = Blueprint("shell", __name__)


@bp.get("/manifest.webmanifest")
def manifest():
    """Describe the app to the phone, so it can be added to the home screen and open full screen; its name
    in the reader's language (the answer varies by it)."""
    body = {
        "name": _("Oh Hell scorekeeper"),
        "short_name": _("Oh Hell"),
        "lang": current_language(),
        "start_url": "/",
        "scope": "/",
        "display": "standalone",
        "background_color": "#fbfaf6",
        "theme_color": "#0b6e4f",
        "icons": [{"src": url_for("static", filename="icon.svg"), "sizes": "any", "type": "image/svg+xml"}],
    }
    response = Response(json.dumps(body, ensure_ascii=False), mimetype="application/manifest+json")
    response.headers["Cache-Control"] = "no-cache"
    response.vary.update(("Accept-Language", "Cookie"))
    return response


def shell_files():
    """Return the hashed URLs of every static file: the shell kept by the service worker."""
    names = sorted(name for name in os.listdir(current_app.static_folder) if not name.startswith("."))
    return [url_for("static", filename=name) for name in names]


@bp.get("/sw.js")
def service_worker():
    """Serve the service worker from the root, so that it keeps the shell for every page."""
    from scorekeeper.web.i18n import script_url

    # The reader's words are part of the shell: another language is another worker, which keeps its words.
    script = render_template("shell/sw.js", shell=shell_files() + [script_url()], offline=url_for("shell.offline"))
    response = Response(script, mimetype="application/javascript")
    # Checked on every visit: a changed file changes a hashed URL, so a new worker installs the new shell.
    response.headers["Cache-Control"] = "no-cache"
    return response


@bp.get("/offline")
def offline():
    """Say what to do without a connection; the service worker shows it for a page it has not kept."""
    return render_template("shell/offline.html")
