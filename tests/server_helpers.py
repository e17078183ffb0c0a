"""Real servers for the tests that need them: `python -m scorekeeper serve` processes on one SQLite file,
JSON calls to them, and clients started at the same moment."""

import contextlib
import json
import os
import queue
import re
import socket
import subprocess
import sys
import threading
import time
import urllib.error
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def call(method, url, body=None, key=None):
    """Send one JSON request; return (status, body as JSON)."""
    request = urllib.request.Request(
        url,
        method=method,
        data=None if body is None else json.dumps(body).encode(),
        headers={"Content-Type": "application/json"},
    )
    if key:
        request.add_header("Authorization", f"Bearer {key}")
    try:
        with urllib.request.urlopen(request, timeout=30) as response:
            return response.status, json.loads(response.read())
    except urllib.error.HTTPError as error:
        return error.code, error.read().decode()


def start_server(tmp_path, database, name):
    port = free_port()
    env = dict(os.environ, SCOREKEEPER_INSTANCE=str(tmp_path / name), SCOREKEEPER_DB=str(database))
    server = subprocess.Popen(
        [sys.executable, "-m", "scorekeeper", "serve", "--host", "127.0.0.1", "--port", str(port)],
        cwd=ROOT,
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        text=True,
    )
    return server, f"http://127.0.0.1:{port}"


def free_port():
    """A port on 127.0.0.1 that nothing listens on now."""
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def wait_until_up(server, address, seconds=30):
    """Wait until a server answers at `address`: a port takes a connection, a URL answers a GET (its page is
    returned). Fail when the process `server` (or None: not ours) stops first, or after `seconds`."""
    deadline = time.monotonic() + seconds
    while True:
        try:
            if isinstance(address, int):
                socket.create_connection(("127.0.0.1", address), timeout=1).close()
                return None
            with urllib.request.urlopen(address, timeout=2) as response:
                return response.read().decode()
        except OSError:
            assert server is None or server.poll() is None, f"the server stopped: {server.communicate()[1]}"
            assert time.monotonic() < deadline, f"{address} did not answer"
            time.sleep(0.1)


@contextlib.contextmanager
def two_servers(tmp_path, database):
    """Yield the base URLs of two server processes on one database; stop them after, and fail on any traceback."""
    servers = [start_server(tmp_path, database, name) for name in ("one", "two")]
    try:
        for server, base in servers:
            wait_until_up(server, base)
        yield [base for _server, base in servers]
    finally:
        for server, _base in servers:
            server.terminate()
        errors = [server.communicate(timeout=10)[1] for server, _base in servers]
    assert not [text for text in errors if "Traceback" in text]


def at_once(count, work):
    """Run work(number) in `count` threads that start at the same moment; return what each returned, by number."""
    answers, start = [None] * count, threading.Barrier(count)

    def run(number):
        start.wait()
        answers[number] = work(number)

    threads = [threading.Thread(target=run, args=(number,)) for number in range(count)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return answers


# How often a follower's page asks for its revision here: the app's own 700 ms, as a table's phones ask. Every page
# a browser walk leaves open asks (the deal, bids and sheet screens, the director's page): at 300 ms the walks took
# about 5% more CPU, Chromium's and the server's (docs/decisions/0050). A module whose waits count polls sets its
# own FOLLOW_POLL_MS.
FOLLOW_POLL_MS = 700


@contextlib.contextmanager
def waitress_serving(app):
    """Serve app with waitress on 127.0.0.1; yield its base URL, and stop it after.

    Waitress binds port 0 itself (a port picked first and bound later could be taken meanwhile by another
    suite's server on the same machine)."""
    from waitress.server import create_server

    server = create_server(app, host="127.0.0.1", port=0, threads=8)
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.effective_port}"
    finally:

        def close_every_channel():
            # Run in the server's own loop: with the browser's keep-alive connections closed too the
            # loop's map is empty and run() returns at once, instead of the join waiting out its timeout.
            for channel in list(server._map.values()):
                try:
                    channel.close()
                except OSError:  # one that would not close must not keep the others (and the loop) going
                    pass
            server._map.clear()

        try:
            server.trigger.pull_trigger(close_every_channel)
        except OSError:  # the loop has ended and closed its trigger already: nothing is left to run the thunk
            server._map.clear()
        thread.join(timeout=10)
        if thread.is_alive():  # the loop did not run the thunk: emptied from here, it ends within its 1 s poll
            server._map.clear()
            thread.join(timeout=5)
        assert not thread.is_alive(), "the live server did not stop"
        server.task_dispatcher.shutdown(timeout=1)


def start_serve(instance, port, *options):
    """Start the real `serve` on 127.0.0.1; return the process and the lines it printed before serving
    (up to the owner's line, its last)."""
    env = dict(os.environ, SCOREKEEPER_INSTANCE=str(instance))
    env.pop("SCOREKEEPER_DB", None)
    server = subprocess.Popen(
        [sys.executable, "-m", "scorekeeper", "serve", "--host", "127.0.0.1", "--port", str(port), *options],
        cwd=ROOT,
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
    )
    printed = queue.Queue()

    def read():
        try:
            for line in server.stdout:
                printed.put(line)
        except (ValueError, OSError):  # stop() closed the pipe
            pass

    threading.Thread(target=read, daemon=True).start()
    lines = []
    while not lines or not lines[-1].startswith("Owner"):
        try:
            lines.append(printed.get(timeout=20))
        except queue.Empty:
            stop(server)
            raise AssertionError("serve printed no owner line: " + "".join(lines)) from None
    return server, lines


def stop(server):
    server.terminate()
    server.wait(timeout=30)
    server.stdout.close()


def wait_for(url):
    """The page at url, once a server (not one of ours to watch) answers there."""
    return wait_until_up(None, url, seconds=20)


def start_workers(tmp_path, *serve_args):
    """Start `serve --workers 2` on a fresh database; return (server, base URL, its output so far) once it answers."""
    port, database = free_port(), tmp_path / "room.db"
    env = dict(os.environ, SCOREKEEPER_INSTANCE=str(tmp_path / "instance"), SCOREKEEPER_DB=str(database))
    server = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "scorekeeper",
            "serve",
            "--host",
            "127.0.0.1",
            "--port",
            str(port),
            "--workers",
            "2",
            "--threads",
            "4",
            *serve_args,
        ],
        cwd=ROOT,
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
    )
    base, seen = f"http://127.0.0.1:{port}", []
    for line in server.stdout:
        seen.append(line)
        if len(re.findall(r"Booting worker", "".join(seen))) == 2:
            break
    wait_until_up(server, base + "/", seconds=20)
    return server, base, "".join(seen)


GAME = {"players": ["Ann", "Bob", "Cy", "Di"], "rules": {"scoring": "exact"}, "hands": []}
