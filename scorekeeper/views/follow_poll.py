"""A follower's poll that finds nothing new, answered 304 before Flask: the request a room makes most.

A thousand phones following their tables ask every 700 ms whether their game moved on, and nearly every
answer is "no" (304). That answer needs one indexed read; Flask's request machinery around it (context,
routing, hooks) cost several times the read, so an unchanged poll is answered here with the very headers
the route gives it, and every other request (a changed game, an unknown one, anything unusual) goes on to
the route in views/table/sheet.py, which stays the one that answers them.
"""

import os
import re
import sqlite3

from werkzeug.exceptions import SecurityError
from werkzeug.http import parse_etags
from werkzeug.wsgi import get_host

from .. import delivery, store
from .app_wide import SECURITY_HEADERS, STRICT_TRANSPORT_SECURITY

POLL_PATH = re.compile(r"/games/([^/]+)/revision\Z")


class UnchangedPolls:
    """WSGI middleware: 304 for GET /games/<id>/revision whose If-None-Match holds the game's follow tag."""

    def __init__(self, app, wsgi_app):
        self.connections = app.extensions["scorekeeper.connections"]
        self.wsgi_app = wsgi_app
        self.config = app.config

    def __call__(self, environ, start_response):
        asked = environ.get("HTTP_IF_NONE_MATCH")
        if asked and environ.get("REQUEST_METHOD") == "GET":
            found = POLL_PATH.match(environ.get("PATH_INFO", ""))
            tag = found and self._tag(found[1])
            if tag and parse_etags(asked).contains_weak(tag) and self._trusted_host(environ):
                headers = [("ETag", f'"{tag}"'), ("Cache-Control", "no-cache"), *SECURITY_HEADERS.items()]
                if environ.get("wsgi.url_scheme") == "https" and self.config.get("PROXY"):
                    headers.append(("Strict-Transport-Security", STRICT_TRANSPORT_SECURITY))
                start_response("304 NOT MODIFIED", headers)
                return []
        return self.wsgi_app(environ, start_response)

    def _trusted_host(self, environ):
        """A name the app answers to (TRUSTED_HOSTS): any other goes on to Flask, which refuses it."""
        try:
            get_host(environ, self.config.get("TRUSTED_HOSTS"))
        except SecurityError:
            return False
        return True

    def _tag(self, game_id):
        """The game's follow tag (its revision, marked once the table moved on), or None when there is no such
        game or no database (the route says so)."""
        if not os.path.exists(self.connections.path):
            return None
        try:
            head = store.get_game_head(self.connections.get(), game_id)
        except sqlite3.Error:  # the route answers with the storage's trouble, in words
            return None
        return head and delivery.follow_tag(head)


def init_app(app):
    app.wsgi_app = UnchangedPolls(app, app.wsgi_app)
