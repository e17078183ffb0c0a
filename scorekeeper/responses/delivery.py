"""How responses travel: gzip, content-hashed static URLs with a year's cache, ETags answered with 304."""

import gzip
import hashlib
import json
import os

from flask import Response, current_app, make_response, request, url_for
from flask.sessions import SecureCookieSessionInterface
from werkzeug.security import safe_join

from scorekeeper.cache import kept
from scorekeeper.rules.said import json_default

YEAR = 60 * 60 * 24 * 365
IMMUTABLE = f"public, max-age={YEAR}, immutable"
COMPRESS_AT_LEAST = 256  # bytes; below this gzip's header costs more than it saves
COMPRESSIBLE = ("text/", "application/json", "application/javascript", "application/manifest+json", "image/svg+xml")


class KeptSerializerSessions(SecureCookieSessionInterface):
    """Flask's signed-cookie sessions, whose signing serializer is made once per secret key, not per request.

    Flask builds it on every request, cookie or not: for a follower's page that was a sixth of its cost."""

    _kept = None

    def get_signing_serializer(self, app):
        key = (app.secret_key, tuple(app.config.get("SECRET_KEY_FALLBACKS") or ()))
        kept = self._kept
        if kept is None or kept[0] != key:
            kept = self._kept = (key, super().get_signing_serializer(app))
        return kept[1]


def init_app(app):
    """Hash static URLs, cache hashed files for a year, gzip text for clients that accept it."""
    app.session_interface = KeptSerializerSessions()
    hashes = {}

    def static_hash(filename):
        """Return a short hash of the static file's bytes, recomputed when the file changes."""
        path = safe_join(app.static_folder, filename)
        try:
            stamp = os.stat(path).st_mtime_ns
        except (OSError, TypeError):  # missing, or a path outside the folder (None)
            return None
        known = hashes.get(filename)
        if known is None or known[0] != stamp:
            with open(path, "rb") as file:
                known = hashes[filename] = (stamp, hashlib.sha256(file.read()).hexdigest()[:12])
        return known[1]

    @app.url_defaults
    def hashed_static_url(endpoint, values):
        # Every url_for('static', ...) gets ?v=<hash>: a changed file gets a new URL, so it can be cached forever.
        if endpoint == "static" and "v" not in values and values.get("filename"):
            digest = static_hash(values["filename"])
            if digest:
                values["v"] = digest

    @app.after_request
    def cache_and_compress(response):
        if request.endpoint == "static" and response.status_code in (200, 304):
            filename = (request.view_args or {}).get("filename", "")
            fresh = request.args.get("v") and request.args.get("v") == static_hash(filename)
            response.headers["Cache-Control"] = IMMUTABLE if fresh else "no-cache"
        return compressed(response)


def compressed(response):
    """Gzip a text response of some size when the client accepts gzip; the ETag becomes weak (RFC 9110)."""
    if (
        request.method == "HEAD"
        or response.status_code != 200
        or "Content-Encoding" in response.headers
        or "Content-Range" in response.headers
        or "gzip" not in request.headers.get("Accept-Encoding", "")
        or not (response.mimetype or "").startswith(COMPRESSIBLE)
    ):
        return response
    response.vary.add("Accept-Encoding")
    if response.is_streamed and not response.direct_passthrough:
        return response
    if request.endpoint == "static" and response.direct_passthrough:
        body, gzipped = squeezed_static(response)
    else:
        body = _read(response) if response.direct_passthrough else response.get_data()
        gzipped = gzip.compress(body, compresslevel=6, mtime=0) if len(body) >= COMPRESS_AT_LEAST else None
    if gzipped is None:
        response.set_data(body)
        return response
    response.set_data(gzipped)
    response.headers["Content-Encoding"] = "gzip"
    etag = response.headers.get("ETag")
    if etag and not etag.startswith("W/"):
        response.headers["ETag"] = "W/" + etag
    return response


def _read(response):
    """The whole body of a file sent as it is (direct passthrough), its file closed now."""
    source = response.response
    try:
        return b"".join(source)
    finally:
        getattr(source, "close", lambda: None)()
        response.direct_passthrough = False


# Each static file as sent: its comment lines out, gzipped at level 9 (they are cached for a year: squeezed
# hardest), made once per version of the file instead of on every request; the opening of a room asks for
# every script and stylesheet once per phone. {path: (size, mtime, the body, its gzip or None when small)}
_SQUEEZED = {}


def squeezed_static(response):
    """Return (the static file's body without its comment lines, that body gzipped or None when too small)."""
    path = safe_join(current_app.static_folder, request.view_args["filename"])
    stat = os.stat(path)
    known = _SQUEEZED.get(path)
    if known is not None and known[:2] == (stat.st_size, stat.st_mtime_ns):
        getattr(response.response, "close", lambda: None)()  # the file Flask opened: its bytes are kept here
        response.direct_passthrough = False
        return known[2:]
    body = _read(response)
    if response.mimetype in ("text/javascript", "application/javascript"):
        body = without_comment_lines(body)
    elif response.mimetype == "text/css":
        body = without_css_comment_lines(body)
    gzipped = gzip.compress(body, compresslevel=9, mtime=0) if len(body) >= COMPRESS_AT_LEAST else None
    _SQUEEZED[path] = (stat.st_size, stat.st_mtime_ns, body, gzipped)
    return body, gzipped


def without_comment_lines(script):
    """Drop the lines of a script that hold only a // comment: they are for us, not for the phones."""
    return b"\n".join(line for line in script.split(b"\n") if not line.lstrip().startswith(b"//"))


def without_css_comment_lines(sheet):
    """Drop the lines of a stylesheet that hold only a /* comment */ (the hand screens' 15 KB first load)."""
    return b"\n".join(
        line
        for line in sheet.split(b"\n")
        if not (line.lstrip().startswith(b"/*") and line.rstrip().endswith(b"*/") and b"*/" not in line.strip()[2:-2])
    )


def not_modified(tag):
    """True when the request's If-None-Match already names this ETag (weak comparison, as for GET)."""
    return request.if_none_match.contains_weak(tag)


def revalidated(tag, answer):
    """Answer 304 while the client's ETag is still tag, else answer(); tagged, and asked again every time."""
    response = Response(status=304) if not_modified(tag) else make_response(answer())
    response.set_etag(tag)
    response.headers["Cache-Control"] = "no-cache"
    return response


def pretty_json(data, status=200):
    """JSON laid out as the command line prints it (`score --json`, `event --json`)."""
    return Response(
        json.dumps(data, indent=2, ensure_ascii=False, default=json_default) + "\n",
        status=status,
        mimetype="application/json",
    )


def full_link(endpoint, **values):
    """A full link: on the configured SERVER_NAME when there is one, never on a client's Host."""
    server = current_app.config.get("SERVER_NAME")
    if server:
        scheme = current_app.config.get("PREFERRED_URL_SCHEME") or "http"
        return f"{scheme}://{server}{url_for(endpoint, **values)}"
    return url_for(endpoint, **values, _external=True)


def page_once_gzipped(key, html):
    """Answer with a page gzipped once per key (a kept.Key of kind "gzip"): a page that forty followers fetch after
    each change. Return (the answer, the key of the page it holds).

    html is the page, or a function that makes it, called only when the gzipped bytes are not kept already, and
    returning (the page, the kept.Key it is true of): the bytes are kept under that one (a page made after the
    game moved on is never kept under the older key)."""
    body = kept.get(key) if "gzip" in request.headers.get("Accept-Encoding", "") else None
    if body is None:
        if callable(html):
            html, made = html()
            key = made._replace(kind=key.kind, detail=key.detail)
        if "gzip" not in request.headers.get("Accept-Encoding", "") or len(html) < COMPRESS_AT_LEAST:
            return html, key
        body = kept.put(key, gzip.compress(html.encode(), compresslevel=6, mtime=0))
    response = make_response(body)
    response.headers["Content-Encoding"] = "gzip"
    response.vary.add("Accept-Encoding")
    return response, key
