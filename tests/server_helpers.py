"""Real servers for the tests that need them: `python -m scorekeeper serve` processes on one SQLite file,
JSON calls to them, and clients started at the same moment."""

import contextlib
import json
import os
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
