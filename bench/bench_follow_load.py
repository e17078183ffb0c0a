"""Load: 40 followers and one scorekeeper recording a game, through the real server on 127.0.0.1.

The server is `python -m scorekeeper serve` (waitress) in a child process with a fresh instance folder. The
scorekeeper plays a 7-player game through the web forms (a tap: GET the screen, POST the form, follow the
redirect), one tap every --tap seconds. Each follower polls the revision with If-None-Match every --poll-ms
(a 304 while nothing changed) and fetches the read-only page, gzipped, when it moved on: what follow.js does.
Bounded: --followers threads (at most 100) for --seconds (at most 300). Prints the errors, the median and p99
latency of every request and by kind, and how long a tap took to reach the followers.
The server answers the pages once before the phones start (warm: its first answers compile the templates).
Targets: 0 errors, p99 < 10 x median; a change seen within 1 s at the median, 2 s at worst.
Run: .venv/bin/python bench/bench_follow_load.py --seconds 60   (make bench runs it for 10 s)
"""

import argparse
import http.client
import json
import random
import re
import sys
import threading
import time
from html.parser import HTMLParser
from urllib.parse import urlencode

from common import run_alone, seven_player_record
from load import Phone, load_rows, run_together, served, summary


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
    response, _ = phone.request(
        "write",
        "POST",
        screen,
        body=urlencode(data),
        expect=(302, 303),
        headers={"Content-Type": "application/x-www-form-urlencoded"},
    )
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
            done = tap(
                phone,
                game_id,
                screen,
                lambda html: {
                    "seat": re.search(r'name="seat" value="(\d+)"', html)[1],
                    "bid": re.search(r'name="bid" value="(\d+)"', html)[1],
                },
            )
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
        response, data = phone.request(
            "poll", "GET", f"/games/{game_id}/revision", headers={"If-None-Match": f'"{etag}"'}, expect=(200, 304)
        )
        if response is not None and response.status == 200:
            etag = str(json.loads(data)["revision"])
            phone.request("page", "GET", f"/games/{game_id}", headers={"Accept-Encoding": "gzip"})
            seen.append((int(etag), time.monotonic()))
        time.sleep(every)


def create_game(port):
    """Store a 7-player, 25-hand game through the API; return its id and edit key."""
    record = seven_player_record()
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
    connection.request("POST", "/api/games", body=json.dumps(record), headers={"Content-Type": "application/json"})
    body = json.loads(connection.getresponse().read())
    connection.close()
    return body["id"], body["edit_key"]


def warm(port, game_id, key):
    """Ask once for what the phones will ask, before they start: a server's first answer of each page compiles
    its templates (tens of ms once per process), which is not what a table meets in play."""
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
    for path in (f"/games/{game_id}", f"/games/{game_id}/claim/{key}"):
        connection.request("GET", path, headers={"Accept-Encoding": "gzip"})
        answer = connection.getresponse()
        answer.read()
    # The scorekeeper's first screen, with the edit cookie the claim gave.
    connection.request(
        "GET", f"/games/{game_id}/deal", headers={"Cookie": answer.getheader("Set-Cookie").split(";")[0]}
    )
    connection.getresponse().read()
    connection.close()


def measure(seconds=10, followers=40, tap_every=1.0, poll_ms=700):
    """Run the load; print what each kind of request cost; return (errors, median, p99, delays)."""
    seconds, followers = min(seconds, 300), min(followers, 100)
    log, commits, seen = [], [], []
    with served() as (port, _folder):
        game_id, key = create_game(port)
        warm(port, game_id, key)
        until = time.monotonic() + seconds
        threads = [
            threading.Thread(target=follower, args=(port, game_id, until, poll_ms / 1000, log, seen))
            for _ in range(followers)
        ]
        threads.append(threading.Thread(target=scorekeeper, args=(port, game_id, key, until, tap_every, log, commits)))
        run_together(threads, seconds)
    errors, median, p99 = summary(
        log,
        (f"{followers} followers, 1 scorekeeper, {seconds:g} s", f"{len(commits)} taps stored"),
        ("poll", "page", "screen", "write", "check"),
    )
    # A write is stored at commits[i] and makes revision 2 + i (the game was created at revision 1).
    delays = [at - commits[revision - 2] for revision, at in seen if 0 <= revision - 2 < len(commits)]
    return errors, median, p99, delays


def table(errors, median, p99, delays):
    """The rows for bench/run.py's table."""
    return load_rows("load", "the followers", errors, median, p99, delays)


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
