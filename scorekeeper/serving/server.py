"""How `serve` runs the app: waitress in one process (the default), or gunicorn with --workers N processes.

A room of tables is mostly followers' phones, each keeping one connection open and asking every 700 ms;
a request holds a thread only while it is answered (about a millisecond). One Python process answers
with one core at most (the GIL), so past what one core holds `--workers N` runs N processes on the one
SQLite file (in WAL: readers never wait; writers of a process queue in turn, and the processes meet on
SQLite's lock with its busy timeout). gunicorn's threaded workers watch their connections with epoll,
whose cost does not grow with the connections kept open, as waitress's loop over every socket does.
"""

import os
import sys

THREADS = 8
CONNECTIONS = 2000
GIL_SWITCH_SECONDS = 0.001
KEEP_ALIVE_SECONDS = 75  # a follower asks every 700 ms: its connection is kept between asks


OUTBUF_HIGH_WATERMARK = 1024 * 1024  # bytes queued for one connection before its response waits for the reader


def limits(threads, connections, workers):
    """The sentence `serve` prints about what it holds."""
    processes = f"{workers} processes, each with" if workers > 1 else "one process with"
    return (
        f"Serving with {processes} {threads} threads and at most {connections} open connections "
        "(change them with --workers, --threads and --connections)."
    )


def run(app, host, port, threads=THREADS, connections=CONNECTIONS, workers=1, proxy=None):
    """Serve app until stopped: waitress for one process, gunicorn for more.

    proxy: waitress's trusted-proxy settings (`serve --proxy`: trusted_proxy and the headers it may set), or
    None to believe no X-Forwarded-* header."""
    # A thread that let the GIL go for a SQL statement waits for it again up to the switch interval while
    # others render pages; a writer does so with the write lock held, once per statement. 1 ms, not 5 ms.
    sys.setswitchinterval(GIL_SWITCH_SECONDS)
    if workers > 1:
        return _gunicorn(app, host, port, threads, connections, workers, proxy)
    from waitress import serve

    # poll() instead of select(): select cannot watch more than 1,024 sockets, and a room keeps more open.
    # A streamed export waits for a slow reader once 1 MB is queued for it (waitress's default, 16 MB a
    # connection, let one phone on a bad line hold 16 MB of the server's memory).
    serve(
        app,
        host=host,
        port=port,
        threads=threads,
        connection_limit=connections,
        backlog=max(1024, connections),
        asyncore_use_poll=True,
        channel_timeout=KEEP_ALIVE_SECONDS,
        outbuf_high_watermark=OUTBUF_HIGH_WATERMARK,
        **(proxy or {}),
    )


def _gunicorn(app, host, port, threads, connections, workers, proxy):
    from gunicorn.app.base import BaseApplication

    options = {
        "bind": f"[{host}]:{port}" if ":" in host else f"{host}:{port}",
        "workers": workers,
        "worker_class": "gthread",
        "threads": threads,
        "worker_connections": connections,
        "backlog": max(1024, connections),
        "keepalive": KEEP_ALIVE_SECONDS,
        "graceful_timeout": 5,
        # The app is made (and the database migrated) once, before the workers are forked; it holds
        # no open connection then, and each worker opens its own on first use.
        "preload_app": True,
        # As under waitress: without --proxy no X-Forwarded-* header is believed; with it, only the
        # trusted proxy's (gunicorn applies its X-Forwarded-Proto, TrustedProxy the rest).
        "secure_scheme_headers": {"X-FORWARDED-PROTO": "https"} if proxy else {},
        "forwarded_allow_ips": proxy["trusted_proxy"] if proxy else "",
        "control_socket_disable": True,
    }  # gunicorn 24's control socket: one per user, not per server

    from scorekeeper.cache import kept

    if proxy:
        app.wsgi_app = TrustedProxy(app.wsgi_app, proxy["trusted_proxy"])

    folder = app.config[kept.SHARED_FOLDER] = kept.make_folder()

    class Server(BaseApplication):
        def load_config(self):
            for name, value in options.items():
                if name in self.cfg.settings:  # an older gunicorn lacks the newest settings
                    self.cfg.set(name, value)

        def load(self):
            return app

    master = os.getpid()
    try:
        Server().run()
    finally:
        if os.getpid() == master:  # a worker leaving (its exit passes through here too) leaves the folder
            kept.remove_folder(folder)


class TrustedProxy:
    """What waitress's trusted_proxy does, for gunicorn: the X-Forwarded-For, -Proto and -Host of a request
    from the proxy's address are applied (the client's address for the rate limits, https, the public
    name); from any other address they are dropped, so a client cannot claim them."""

    def __init__(self, app, address):
        from werkzeug.middleware.proxy_fix import ProxyFix

        self.app, self.address = app, address
        self.applied = ProxyFix(app, x_for=1, x_proto=1, x_host=1)

    def __call__(self, environ, start_response):
        if self.address == "*" or environ.get("REMOTE_ADDR") == self.address:
            return self.applied(environ, start_response)
        for name in [name for name in environ if name.startswith("HTTP_X_FORWARDED_")]:
            del environ[name]
        return self.app(environ, start_response)
