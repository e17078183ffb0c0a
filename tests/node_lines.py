"""One node process for a test module's JavaScript: a JSON line in, a JSON line out."""

import contextlib
import json
import shutil
import subprocess

import pytest


@contextlib.contextmanager
def node_answering(program, *arguments):
    """Run node on `program`, which answers each JSON line it reads with one it writes; yield ask(value)."""
    binary = shutil.which("node")
    if binary is None:
        pytest.fail("node is not installed: `make test` installs it (with npm, for axe)")
    process = subprocess.Popen(
        [binary, "-e", program, *arguments], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True
    )

    def ask(value):
        process.stdin.write(json.dumps(value) + "\n")
        process.stdin.flush()
        return json.loads(process.stdout.readline())

    try:
        yield ask
    finally:
        process.stdin.close()
        process.wait(timeout=10)
        process.stdout.close()
