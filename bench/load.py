"""What a load benchmark needs (bench_follow_load.py; bench_room.py drives many more phones with asyncio): the real server on 127.0.0.1 in a
fresh instance folder, phones that time every request, and the summary and rows of what the load cost."""

import http.client
import os
import statistics
import subprocess
import sys
import tempfile
import time
from contextlib import contextmanager
from http.cookies import SimpleCookie
from pathlib import Path

from common import ROOT
from tests.server_helpers import free_port, wait_until_up


class Phone:
    """One phone: a keep-alive connection, its cookies, and the latency of every request it made."""

    def __init__(self, port, log):
        self.port, self.log, self.cookies = port, log, {}
        self.connection = http.client.HTTPConnection("127.0.0.1", port, timeout=10)

    def request(self, kind, method, path, body=None, headers=None, expect=(200,)):
        headers = dict(headers or {})
        if self.cookies:
            headers["Cookie"] = "; ".join(f"{k}={v}" for k, v in self.cookies.items())
        start = time.perf_counter()
        try:
            self.connection.request(method, path, body=body, headers=headers)
            response = self.connection.getresponse()
            data = response.read()
        except (OSError, http.client.HTTPException) as error:
            self.log.append((kind, time.perf_counter() - start, f"{type(error).__name__}: {error}", start))
            self.connection.close()
            self.connection = http.client.HTTPConnection("127.0.0.1", self.port, timeout=10)
            return None, b""
        elapsed = time.perf_counter() - start
        for header in response.headers.get_all("Set-Cookie") or []:
            for name, morsel in SimpleCookie(header).items():
                self.cookies[name] = morsel.value
        problem = None if response.status in expect else f"{method} {path}: {response.status}"
        self.log.append((kind, elapsed, problem, start))
        return response, data


def start_server(folder, serve_args=(), database="load.db"):
    """Start `python -m scorekeeper serve` on 127.0.0.1 (its output in FOLDER/server.log); return the process and
    its port once it answers."""
    port = free_port()
    env = dict(os.environ, SCOREKEEPER_INSTANCE=folder, SCOREKEEPER_DB=str(Path(folder) / database))
    log = open(Path(folder) / "server.log", "w")
    server = subprocess.Popen(
        [sys.executable, "-m", "scorekeeper", "serve", "--host", "127.0.0.1", "--port", str(port), *serve_args],
        cwd=ROOT,
        env=env,
        stdout=log,
        stderr=log,
    )
    try:
        wait_until_up(server, port)
    except AssertionError:
        server.kill()
        raise SystemExit("the server did not start: " + (Path(folder) / "server.log").read_text()[-2000:]) from None
    return server, port


@contextmanager
def served():
    """Yield the port and the instance folder of a fresh server; many client threads share one interpreter meanwhile, so hand the GIL
    over quickly: a thread waiting to note its response's time is not what the latencies should measure."""
    usual = sys.getswitchinterval()
    sys.setswitchinterval(0.0005)
    try:
        with tempfile.TemporaryDirectory() as folder:
            server, port = start_server(folder)
            try:
                yield port, Path(folder)
            finally:
                server.terminate()
                server.wait(timeout=10)
    finally:
        sys.setswitchinterval(usual)  # the benchmarks run after this one (make bench) measure one thread


def run_together(threads, seconds):
    """Start the client threads and wait for them (a minute past the load's time at the most)."""
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=seconds + 60)


def percentile(values, share):
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


def summary(log, headline, kinds):
    """Print the errors and each kind's latency; return (errors, median, p99) of every request."""
    errors = [problem for _, _, problem, _ in log if problem]
    times = [elapsed for _, elapsed, _, _ in log]
    print(f"{headline[0]}: {len(log)} requests, {len(errors)} errors, {headline[1]}", file=sys.stderr)
    for problem in sorted(set(errors))[:5]:
        print("  error:", problem, file=sys.stderr)
    width = max(len(kind) for kind in kinds)
    for kind in kinds:
        mine = [elapsed for k, elapsed, _, _ in log if k == kind]
        if mine:
            print(
                f"  {kind:{width}} {len(mine):6} requests  median {statistics.median(mine) * 1e3:7.2f} ms  "
                f"p99 {percentile(mine, 0.99) * 1e3:7.2f} ms",
                file=sys.stderr,
            )
    return errors, statistics.median(times), percentile(times, 0.99)


def load_rows(name, whom, errors, median, p99, delays):
    """The rows for bench/run.py's table: errors, p99 against the median, how long a tap took to reach `whom`."""
    found = [
        (f"{name}: errors", str(len(errors)), "0", "ok" if not errors else "MISSED", "0"),
        (f"{name}: p99 / median latency", f"{p99 * 1e3:.2f} ms", f"{median * 1e3:.2f} ms", p99 / median, "<= 10"),
    ]
    if delays:
        found += [
            (
                f"{name}: a tap reaches {whom}, median",
                f"{statistics.median(delays):.2f} s",
                "1 s",
                statistics.median(delays),
                "<= 1",
            ),
            (f"{name}: a tap reaches {whom}, worst", f"{max(delays):.2f} s", "2 s", max(delays) / 2, "<= 1"),
        ]
    else:
        found.append((f"{name}: a tap reaches {whom}", "never", "1 s", "MISSED", ""))
    return found
