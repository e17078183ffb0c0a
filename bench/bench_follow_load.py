"""Load: 40 followers and one scorekeeper recording a game, through the real server on 127.0.0.1.

The server is `python -m scorekeeper serve` (waitress) in a child process with a fresh instance folder. The
scorekeeper plays a 7-player game through the web forms (a tap: GET the screen, POST the form, follow the
redirect), one tap every --tap seconds. Each follower polls the revision with If-None-Match every --poll-ms
(a 304 while nothing changed) and fetches the read-only page, gzipped, when it moved on: what follow.js does.
Bounded: --followers threads (at most 100) for --seconds (at most 300). Prints the errors, the median and p99
latency of every request and by kind, and how long a tap took to reach the followers.
Targets: 0 errors, p99 < 10 x median; a change seen within 1 s at the median, 2 s at worst.
Run: .venv/bin/python bench/bench_follow_load.py --seconds 60   (make bench runs it for 10 s)
"""

import argparse
import http.client
import json
import os
import random
import re
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from html.parser import HTMLParser
from http.cookies import SimpleCookie
from pathlib import Path
from urllib.parse import urlencode

from common import ROOT, run_alone, seven_player_record


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


class FirstPostForm(HTMLParser):
    """The fields a browser would send from the page's first POST form, as they stand (no button pressed)."""

    def __init__(self, html):
        super().__init__()
        self.fields, self.inside, self.select, self.done = {}, False, None, False
        self.feed(html)

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        if tag == "form" and not self.done and (attrs.get("method") or "").lower() == "post":
            self.inside = True
        if not self.inside or not attrs.get("name"):
            if tag == "option" and self.select and (self.select not in self.fields or "selected" in attrs):
                self.fields[self.select] = attrs.get("value", "")
            return
        if tag == "input" and attrs.get("type") not in ("submit", "button"):
            if attrs.get("type") not in ("checkbox", "radio") or "checked" in attrs:
                self.fields[attrs["name"]] = attrs.get("value", "")
        elif tag == "select":
            self.select = attrs["name"]

    def handle_endtag(self, tag):
        if tag == "select":
            self.select = None
        elif tag == "form" and self.inside:
            self.inside, self.done = False, True


def revision_now(phone, game_id):
    _, data = phone.request("check", "GET", f"/games/{game_id}/revision")
    return json.loads(data)["revision"] if data else None


def tap(phone, game_id, screen, fields):
    """GET the screen, POST its form with fields: one tap on the scorekeeper's phone. True when it was stored."""
    _, page = phone.request("screen", "GET", screen, headers={"Accept-Encoding": "identity"})
    html = page.decode()
    before = revision_now(phone, game_id)
    data = FirstPostForm(html).fields | fields(html)
    response, _ = phone.request("write", "POST", screen, body=urlencode(data), expect=(302, 303),
                                headers={"Content-Type": "application/x-www-form-urlencoded"})
    if revision_now(phone, game_id) != before + 1:
        phone.log.append(("write", 0.0, f"POST {screen} was not stored", time.perf_counter()))
        return False
    return True


def scorekeeper(port, game_id, key, until, every, log, commits):
    """Record hands through the web forms until the time is up; note when each write was stored."""
    phone = Phone(port, log)
    phone.request("claim", "GET", f"/games/{game_id}/claim/{key}", expect=(302,))
    while time.monotonic() < until:
        response, _ = phone.request("screen", "GET", f"/games/{game_id}", expect=(302,))
        if response is None:
            continue
        screen = response.headers["Location"]
        if screen.endswith("/deal"):
            done = tap(phone, game_id, screen, lambda html: {"trump": "hearts"})
        elif screen.endswith("/bids"):
            # The first bid the hook allows (buttons that are not struck out).
            done = tap(phone, game_id, screen, lambda html: {"seat": re.search(r'name="seat" value="(\d+)"', html)[1],
                                                    "bid": re.search(r'name="bid" value="(\d+)"', html)[1]})
        elif screen.endswith("/tricks"):
            # The first in bidding order takes every trick; the dealer's count follows.
            def tricks(html):
                seats = re.findall(r'name="took_(\d+)"', html)
                cards = int(re.search(r'data-cards="(\d+)"', html)[1])
                return {f"took_{s}": (cards if i == 0 else 0) for i, s in enumerate(seats)}
            done = tap(phone, game_id, screen, tricks)
        else:
            break  # the game is over
        if done:
            commits.append(time.monotonic())
        time.sleep(every)


def follower(port, game_id, until, every, log, seen):
    """Poll the revision as follow.js does; fetch the page when it moved on; note when each change arrived."""
    phone = Phone(port, log)
    time.sleep(random.uniform(0, every))  # followers opened the link at different moments
    _, page = phone.request("page", "GET", f"/games/{game_id}", headers={"Accept-Encoding": "gzip"})
    revision = re.search(rb'data-revision="(\d+)"', page)
    etag = revision[1].decode() if revision else "0"
    while time.monotonic() < until:
        response, data = phone.request("poll", "GET", f"/games/{game_id}/revision",
                                       headers={"If-None-Match": f'"{etag}"'}, expect=(200, 304))
        if response is not None and response.status == 200:
            etag = str(json.loads(data)["revision"])
            phone.request("page", "GET", f"/games/{game_id}", headers={"Accept-Encoding": "gzip"})
            seen.append((int(etag), time.monotonic()))
        time.sleep(every)


def free_port():
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def start_server(folder):
    """Start `python -m scorekeeper serve` on 127.0.0.1; return the process and its port once it answers."""
    port = free_port()
    env = dict(os.environ, SCOREKEEPER_INSTANCE=folder, SCOREKEEPER_DB=str(Path(folder) / "load.db"))
    server = subprocess.Popen([sys.executable, "-m", "scorekeeper", "serve", "--host", "127.0.0.1", "--port",
                               str(port)], cwd=ROOT, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    for _ in range(100):
        try:
            socket.create_connection(("127.0.0.1", port), timeout=0.2).close()
            return server, port
        except OSError:
            time.sleep(0.1)
    server.kill()
    raise SystemExit("the server did not start")


def create_game(port):
    """Store a 7-player, 25-hand game through the API; return its id and edit key."""
    record = seven_player_record()
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
    connection.request("POST", "/api/games", body=json.dumps(record), headers={"Content-Type": "application/json"})
    body = json.loads(connection.getresponse().read())
    connection.close()
    return body["id"], body["edit_key"]


def percentile(values, share):
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


def measure(seconds=10, followers=40, tap_every=1.0, poll_ms=700):
    """Run the load; print what each kind of request cost; return (errors, median, p99, delays)."""
    seconds, followers = min(seconds, 300), min(followers, 100)
    # Forty client threads share one interpreter: hand the GIL over quickly, so that a thread waiting to note its
    # response's time is not what the latencies measure.
    usual = sys.getswitchinterval()
    sys.setswitchinterval(0.0005)
    log, commits, seen = [], [], []
    with tempfile.TemporaryDirectory() as folder:
        server, port = start_server(folder)
        try:
            game_id, key = create_game(port)
            until = time.monotonic() + seconds
            threads = [threading.Thread(target=follower, args=(port, game_id, until, poll_ms / 1000, log, seen))
                       for _ in range(followers)]
            threads.append(threading.Thread(target=scorekeeper,
                                            args=(port, game_id, key, until, tap_every, log, commits)))
            for thread in threads:
                thread.start()
            for thread in threads:
                thread.join(timeout=seconds + 60)
        finally:
            server.terminate()
            server.wait(timeout=10)
            sys.setswitchinterval(usual)  # the benchmarks run after this one (make bench) measure one thread
    errors = [problem for _, _, problem, _ in log if problem]
    times = [elapsed for _, elapsed, _, _ in log]
    print(f"{followers} followers, 1 scorekeeper, {seconds:g} s: {len(log)} requests, {len(errors)} errors, "
          f"{len(commits)} taps stored", file=sys.stderr)
    for problem in sorted(set(errors))[:5]:
        print("  error:", problem, file=sys.stderr)
    for kind in ("poll", "page", "screen", "write", "check"):
        mine = [elapsed for k, elapsed, _, _ in log if k == kind]
        if mine:
            print(f"  {kind:6} {len(mine):6} requests  median {statistics.median(mine) * 1e3:7.2f} ms  "
                  f"p99 {percentile(mine, 0.99) * 1e3:7.2f} ms", file=sys.stderr)
    # A write is stored at commits[i] and makes revision 2 + i (the game was created at revision 1).
    delays = [at - commits[revision - 2] for revision, at in seen if 0 <= revision - 2 < len(commits)]
    return errors, statistics.median(times), percentile(times, 0.99), delays


def table(errors, median, p99, delays):
    """The rows for bench/run.py's table."""
    found = [("load: errors", str(len(errors)), "0", "ok" if not errors else "MISSED", "0"),
             ("load: p99 / median latency", f"{p99 * 1e3:.2f} ms", f"{median * 1e3:.2f} ms", p99 / median, "<= 10")]
    if delays:
        found += [("load: a tap reaches the followers, median", f"{statistics.median(delays):.2f} s", "1 s",
                   statistics.median(delays), "<= 1"),
                  ("load: a tap reaches the followers, worst", f"{max(delays):.2f} s", "2 s", max(delays) / 2, "<= 1")]
    else:
        found.append(("load: a tap reaches the followers", "never", "1 s", "MISSED", ""))
    return found


def rows():
    return table(*measure())


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=10)
    parser.add_argument("--followers", type=int, default=40)
    parser.add_argument("--tap", type=float, default=1.0, help="seconds between the scorekeeper's taps")
    parser.add_argument("--poll-ms", type=int, default=700)
    args = parser.parse_args()
    errors, median, p99, delays = measure(args.seconds, args.followers, args.tap, args.poll_ms)
    return run_alone(table(errors, median, p99, delays))


if __name__ == "__main__":
    sys.exit(main())
