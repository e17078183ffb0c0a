"""How responses travel (scorekeeper/responses/delivery.py): our own gzip against Flask-Compress, the well-kept
library; the comment lines left out of static files; the session serializer kept once per secret key.

Our gzip and Flask-Compress, on what phones fetch: a follower's page of the 7-player, 25-hand game and a
static script (queue.js, the largest), each asked as Chromium asks (Accept-Encoding: gzip, deflate, br, zstd).

Two copies of the app take turns: one as it ships, one with our compression switched off and Flask-Compress
(its defaults, the least size set to ours) doing the job. A follower's page is asked twice: as a follower asks
(the answer given again before Flask, responses/follow_poll.py, once the first follower had it) and through the
route (a query string: the first follower after each change, or any request that is not a plain follower's).
Each row: this process's CPU ms per request (the machine's other load left out), the bytes sent, and the ratio
of Flask-Compress's time to ours.

The comment lines: the gzipped bytes of every static script and stylesheet without them, against with them.
The session serializer: the follower's page through the route with Flask's own sessions (a serializer made on
every request) against ours.

No target: the figures decided (docs/benchmarks.md) that our gzip stays and Flask-Compress went from the
dependencies. To compare again: .venv/bin/python -m pip install flask-compress (without it, its rows say so).
Run: .venv/bin/python bench/bench_delivery.py
"""

import gzip
import sys
import tempfile
from pathlib import Path

import time

from common import GAME, bench_app, best_ask_times, best_call_time, run_alone
from flask import current_app, url_for
from flask.sessions import SecureCookieSessionInterface

from scorekeeper import rules, store
from scorekeeper.responses import delivery

REQUESTS = 100
REPEATS = 7
PHONE = {"Accept-Encoding": "gzip, deflate, br, zstd"}  # what Chromium sends
SCRIPT = "queue.js"

_own_compressed, _own_page = delivery.compressed, delivery.page_once_gzipped


def best_cpu_times(asks, requests=REQUESTS, repeats=REPEATS):
    """Each ask's best mean CPU seconds of this process per GET: CPU time, since on the shared machine the other
    processes' load made wall-clock ratios of the same code swing from 0.3 to 1.9."""
    return best_ask_times(asks, requests, repeats, clock=time.process_time)


def serializer_row(app):
    """What a request pays for the session's signing serializer: Flask's own, made each time, against ours."""
    flask_own, kept = SecureCookieSessionInterface(), delivery.KeptSerializerSessions()
    made = best_call_time(lambda: flask_own.get_signing_serializer(app))
    reused = best_call_time(lambda: kept.get_signing_serializer(app))
    return (
        "the session's signing serializer per request: Flask's own / kept",
        f"{made * 1e6:.1f} us",
        f"{reused * 1e6:.2f} us",
        made / reused,
        "",
    )


def _compressed(response):
    """Our after_request gzip, or nothing where Flask-Compress does the job."""
    return response if current_app.config.get("BENCH_FLASK_COMPRESS") else _own_compressed(response)


def _page(key, html):
    """Our gzipped-once page, or the page as it is where Flask-Compress does the job."""
    if not current_app.config.get("BENCH_FLASK_COMPRESS"):
        return _own_page(key, html)
    if callable(html):
        html, made = html()
        key = made._replace(kind=key.kind, detail=key.detail)
    return html, key


def _app(folder, variant):
    """The app as it ships ("own"), with Flask-Compress instead of our gzip ("library"), or with Flask's own
    session serializer ("flask sessions")."""
    app = bench_app(Path(folder) / f"{variant}.db")
    if variant == "library":
        from flask_compress import Compress

        app.config.update(BENCH_FLASK_COMPRESS=True, COMPRESS_MIN_SIZE=delivery.COMPRESS_AT_LEAST)
        Compress(app)
    elif variant == "flask sessions":
        app.session_interface = SecureCookieSessionInterface()
    with app.app_context():
        game_id, _key = store.create_game(store.get_db(), rules.dump(rules.load(GAME.read_text())))
        with app.test_request_context():
            script = url_for("static", filename=SCRIPT)
    return app, game_id, script


def comment_lines_row(app):
    """The gzipped bytes of every static script and stylesheet without their comment lines, against with them."""
    folder, kept, whole = Path(app.static_folder), 0, 0
    for path in sorted([*folder.glob("*.js"), *folder.glob("*.css")]):
        text = path.read_bytes()
        strip = delivery.without_comment_lines if path.suffix == ".js" else delivery.without_css_comment_lines
        kept += len(gzip.compress(strip(text), compresslevel=9, mtime=0))
        whole += len(gzip.compress(text, compresslevel=9, mtime=0))
    return (
        "static scripts and styles gzipped: comment lines left out / kept",
        f"{kept} B",
        f"{whole} B",
        kept / whole,
        "",
    )


def rows():
    """Return (what, measured, against, ratio, target) for each thing fetched, Flask-Compress's against ours with
    the bytes sent, the comment lines' bytes, and the session serializer's time."""
    try:
        import flask_compress  # noqa: F401
    except ImportError:
        return _without_library()
    delivery.compressed, delivery.page_once_gzipped = _compressed, _page
    with tempfile.TemporaryDirectory() as folder:
        apps = [_app(folder, variant) for variant in ("own", "library", "flask sessions")]
        try:
            asks, sizes = [], []
            for app, game_id, script in apps[:2]:
                client = app.test_client()
                for url in (f"/games/{game_id}", f"/games/{game_id}?route=1", script):
                    asks.append((client, url, PHONE, 200))
                    answer = client.get(url, headers=PHONE)
                    sizes.append((answer.headers.get("Content-Encoding", "none"), len(answer.get_data())))
            asks.append((apps[2][0].test_client(), f"/games/{apps[2][1]}?route=1", PHONE, 200))
            times = best_cpu_times(asks)
            comments = comment_lines_row(apps[0][0])
            serializer = serializer_row(apps[0][0])
        finally:
            for app, _game_id, _script in apps:
                store.close(app)
            delivery.compressed, delivery.page_once_gzipped = _own_compressed, _own_page
    names = ("follower's page /games/<id>, 7 x 25", "the same through the route", f"static {SCRIPT}")
    result = []
    for number, name in enumerate(names):
        own, library = times[number], times[number + len(names)]
        (own_coding, own_bytes), (lib_coding, lib_bytes) = sizes[number], sizes[number + len(names)]
        result.append(
            (
                f"{name}: Flask-Compress / own gzip",
                f"{library * 1e3:.3f} ms, {lib_bytes} B {lib_coding}",
                f"{own * 1e3:.3f} ms, {own_bytes} B {own_coding}",
                library / own,
                "",
            )
        )
    result.append(comments)
    own, flask_sessions = times[1], times[-1]
    result.append(
        (
            "the page through the route: Flask's session serializer / kept",
            f"{flask_sessions * 1e3:.3f} ms",
            f"{own * 1e3:.3f} ms",
            flask_sessions / own,
            "",
        )
    )
    return result + [serializer]


def _without_library():
    """The rows that need no Flask-Compress: the comment lines, and the session serializer."""
    with tempfile.TemporaryDirectory() as folder:
        apps = [_app(folder, variant) for variant in ("own", "flask sessions")]
        try:
            own, flask_sessions = best_cpu_times(
                [(app.test_client(), f"/games/{game_id}?route=1", PHONE, 200) for app, game_id, _script in apps]
            )
            comments = comment_lines_row(apps[0][0])
            serializer = serializer_row(apps[0][0])
        finally:
            for app, _game_id, _script in apps:
                store.close(app)
    return [
        ("Flask-Compress against our gzip", "not installed", "pip install flask-compress", "-", ""),
        comments,
        (
            "the page through the route: Flask's session serializer / kept",
            f"{flask_sessions * 1e3:.3f} ms",
            f"{own * 1e3:.3f} ms",
            flask_sessions / own,
            "",
        ),
        serializer,
    ]


if __name__ == "__main__":
    sys.exit(run_alone(rows()))
