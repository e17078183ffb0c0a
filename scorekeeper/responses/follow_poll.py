"""A follower's requests answered before Flask: the poll that finds nothing new, and the page once it moved on.

A thousand phones following their tables ask every 700 ms whether their game moved on, and nearly every
answer is "no" (304). That answer needs one indexed read; Flask's request machinery around it (context,
routing, hooks) cost several times the read, so an unchanged poll is answered here with the very headers
the route gives it, and every other request (a changed game, an unknown one, anything unusual) goes on to
the route in views/table/sheet.py, which stays the one that answers them.

When the game moved on, each of its followers fetches the sheet: the same bytes for all of them. The route
answers the first and marks its answer as any follower's (REPLAYABLE), naming the kept.Key of the game as its
page shows it; the answer is kept in the one cache (scorekeeper/cache/kept.py) under that key, with everything else
in the request it could depend on (the address, not the Accept-Language header but the language it resolves
to), and the next follower who asks the same way, for the game as it stands now (its generation, revision,
status), gets it again without Flask. A request with a cookie other than the language's, a query, a condition
or credentials goes to the route.
"""

import os
import re
import sqlite3
from http.cookies import CookieError, SimpleCookie

from werkzeug.exceptions import SecurityError
from werkzeug.http import parse_cookie, parse_etags
from werkzeug.wsgi import get_host

from scorekeeper.cache import kept
from scorekeeper import store
from scorekeeper.web.i18n import COOKIE as LANGUAGE_COOKIE
from scorekeeper.web.i18n import reader_language
from scorekeeper.web.security_headers import SECURITY_HEADERS, STRICT_TRANSPORT_SECURITY

POLL_PATH = re.compile(r"/games/([^/]+)/revision")
PAGE_PATH = re.compile(r"/games/([^/]+)(?:/sheet)?")
REPLAYABLE = "scorekeeper.replayable"  # set in the environ by a route whose answer any follower may be given
ANSWER = "answer"  # the kind of kept value: a follower's whole answer (status, headers, gzipped body)
# What a follower's answer may depend on besides the game and the language: the address it was asked at.
PAGE_DEPENDS_ON = (
    "SCRIPT_NAME",
    "PATH_INFO",
    "HTTP_HOST",
    "SERVER_NAME",
    "SERVER_PORT",
    "wsgi.url_scheme",
    "HTTP_X_FORWARDED_PROTO",
    "HTTP_X_FORWARDED_HOST",
    "HTTP_X_FORWARDED_PORT",
    "HTTP_X_FORWARDED_PREFIX",
    "HTTP_FORWARDED",
)
# A request with any of these is not a plain follower's: the route answers it.
NOT_PLAIN = ("QUERY_STRING", "HTTP_IF_NONE_MATCH", "HTTP_IF_MODIFIED_SINCE", "HTTP_RANGE", "HTTP_AUTHORIZATION")


class FollowersShortcut:
    """WSGI middleware: 304 for GET /games/<id>/revision whose If-None-Match holds the game's follow tag, and a
    follower's page given again as the route gave it."""

    def __init__(self, app, wsgi_app):
        self.connections = app.extensions["scorekeeper.connections"]
        self.wsgi_app = wsgi_app
        self.config = app.config

    def __call__(self, environ, start_response):
        asked = environ.get("HTTP_IF_NONE_MATCH")
        if asked and environ.get("REQUEST_METHOD") == "GET":
            found = POLL_PATH.fullmatch(environ.get("PATH_INFO", ""))
            tag = found and self._tag(found[1])
            if tag and parse_etags(asked).contains_weak(tag) and self._trusted_host(environ):
                headers = [("ETag", f'"{tag}"'), ("Cache-Control", "no-cache"), *SECURITY_HEADERS.items()]
                if environ.get("wsgi.url_scheme") == "https" and self.config.get("PROXY"):
                    headers.append(("Strict-Transport-Security", STRICT_TRANSPORT_SECURITY))
                start_response("304 NOT MODIFIED", headers)
                return []
        key = self._answer_key(environ)
        if key is None:
            return self.wsgi_app(environ, start_response)
        found = kept.get(key)
        if found is None:
            return self._keep_page(environ, start_response)
        status, headers, body = found
        start_response(status, list(headers))
        return [body]

    def _answer_key(self, environ):
        """The kept.Key of a plain follower's GET of a game's page, the game as it stands now; None for any other
        request."""
        if environ.get("REQUEST_METHOD") != "GET" or "gzip" not in environ.get("HTTP_ACCEPT_ENCODING", ""):
            return None
        if any(environ.get(name) for name in NOT_PLAIN) or not _only_the_language_cookie(environ):
            return None
        found = PAGE_PATH.fullmatch(environ.get("PATH_INFO", ""))
        head = found and self._head(found[1])
        if not head or not self._trusted_host(environ):
            return None
        codes = self.config["LANGUAGES"]
        cookies = environ.get("HTTP_COOKIE")
        chosen = parse_cookie(cookies).get(LANGUAGE_COOKIE) if cookies else None  # as Flask reads it
        language = reader_language(chosen, environ.get("HTTP_ACCEPT_LANGUAGE"), codes)
        return kept.Key(
            self.connections.path,
            head["generation"] or 0,
            head["id"],
            store.follow_tag(head),
            language + ("!" if chosen in codes else ""),
            "follower",
            ANSWER,
            _where(environ),
        )

    def _keep_page(self, environ, start_response):
        """Let the route answer, and keep its answer under the key it names when any follower may be given it."""
        said = []

        def noting(status, headers, exc_info=None):
            said[:] = [status, headers]
            return start_response(status, headers, exc_info)

        answer = self.wsgi_app(environ, noting)
        made = environ.get(REPLAYABLE)  # the kept.Key of the game as the route's page shows it
        if not (
            made
            and said
            and said[0].startswith("200 ")
            and not any(name.lower() == "set-cookie" for name, _value in said[1])
        ):
            return answer
        try:
            body = b"".join(answer)
        finally:
            if hasattr(answer, "close"):
                answer.close()
        headers = tuple(said[1])
        kept.put(
            made._replace(kind=ANSWER, detail=_where(environ)),
            (said[0], headers, body),
            len(body) + sum(len(name) + len(value) for name, value in headers),
        )
        return [body]

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
        head = self._head(game_id)
        return head and store.follow_tag(head)

    def _head(self, game_id):
        if not os.path.exists(self.connections.path):
            return None
        try:
            return store.get_game_head(self.connections.get(), game_id)
        except sqlite3.Error:  # the route answers with the storage's trouble, in words
            return None


def _where(environ):
    """The address a follower asked at, which the page's links and headers depend on."""
    return tuple(environ.get(name) for name in PAGE_DEPENDS_ON)


def _only_the_language_cookie(environ):
    """True when the request carries no cookie, or only the language's (an edit key, a seat, a session: the route)."""
    cookies = environ.get("HTTP_COOKIE")
    if not cookies:
        return True
    try:
        return set(SimpleCookie(cookies)) <= {LANGUAGE_COOKIE}
    except CookieError:
        return False


def init_app(app):
    app.wsgi_app = FollowersShortcut(app, app.wsgi_app)
