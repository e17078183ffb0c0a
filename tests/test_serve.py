"""`python -m scorekeeper serve` (what `make run` runs): a real server, its database, the phone address."""

import os
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def local_addresses():
    """Return this machine's own non-loopback IPv4 addresses, as the kernel's routing table lists them."""
    lines = Path("/proc/net/fib_trie").read_text().splitlines()
    return {lines[i - 1].split()[-1] for i, line in enumerate(lines)
            if "/32 host LOCAL" in line and not lines[i - 1].split()[-1].startswith("127.")}


def free_port():
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def test_serve_creates_the_instance_and_the_database_and_prints_the_address(tmp_path):
    instance = tmp_path / "instance"
    port = free_port()
    env = dict(os.environ, SCOREKEEPER_INSTANCE=str(instance))
    env.pop("SCOREKEEPER_DB", None)
    server = subprocess.Popen([sys.executable, "-m", "scorekeeper", "serve", "--host", "127.0.0.1",
                               "--port", str(port)], cwd=ROOT, env=env, stdout=subprocess.PIPE,
                              stderr=subprocess.STDOUT, text=True)
    try:
        first_line = server.stdout.readline()
        addresses = local_addresses()
        if addresses:
            assert "On a phone on the same network open: http://" in first_line
            assert "127.0.0.1" not in first_line
            for address in addresses:
                assert f"http://{address}:{port}/" in first_line
        else:
            assert "no network address a phone could reach" in first_line
        deadline = time.monotonic() + 20
        while True:
            try:
                with urllib.request.urlopen(f"http://127.0.0.1:{port}/", timeout=2) as response:
                    page = response.read().decode()
                break
            except OSError:
                assert time.monotonic() < deadline, "the server did not answer"
                time.sleep(0.2)
        assert "New game" in page
        assert (instance / "scorekeeper.db").exists()
        assert (instance / "secret_key").read_text().strip()
    finally:
        server.terminate()
        server.wait(timeout=10)
        server.stdout.close()
