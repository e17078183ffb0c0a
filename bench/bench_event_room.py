"""Load: an event's room through the real server on 127.0.0.1: tables scoring while the director's page, the big
screen and the players' standings follow.

The server is `python -m scorekeeper serve` (bench_follow_load.start_server). An event of --players players at
tables of 4 is created and its first round confirmed through the events API; each table's scorekeeper taps
through the actions API (deal, bids, tricks) every --tap seconds. The director's page and the big screen each
poll /events/<id>/revision with If-None-Match every --poll-ms and fetch the page when it moved on, as
follow.js does; so do --phones players' standings pages. Bounded: at most 100 phones, 300 s.
Prints the errors, the median and p99 latency by kind, and how long a tap took to reach the director's page.
Targets: 0 errors, p99 < 10 x median; a tap seen on the director's page within 1 s at the median, 2 s at worst.
Run: .venv/bin/python bench/bench_event_room.py --seconds 30   (make bench runs it for 10 s)
"""

import argparse
import bisect
import json
import statistics
import sys
import tempfile
import threading
import time

from bench_follow_load import Phone, percentile, start_server
from common import run_alone

JSON = {"Content-Type": "application/json"}


def create_event(port, players):
    """Create the event and confirm round 1 through the API; return (event id, director key, tables)."""
    phone = Phone(port, [])
    record = {"name": "Bench night", "format": "rounds", "seed": "bench", "options": {"rounds": 1},
              "players": [f"Player {n:02}" for n in range(1, players + 1)]}
    _, data = phone.request("create", "POST", "/api/events", body=json.dumps(record), headers=JSON, expect=(201,))
    created = json.loads(data)
    _, data = phone.request("start", "POST", f"/api/events/{created['id']}/actions", body=json.dumps({"action": "start"}),
                            headers={**JSON, "Authorization": f"Bearer {created['director_key']}"})
    return created["id"], created["director_key"], json.loads(data)["tables"]


def table_phone(port, table, until, every, log, commits):
    """A table's scorekeeper: one tap of the actions API every `every` seconds (the first bidder takes every trick)."""
    phone = Phone(port, log)
    headers = {**JSON, "Authorization": f"Bearer {table['edit_key']}"}
    game_id, n, revision, plan = table["game"], 0, 1, []

    def act(body):
        nonlocal n, revision
        n += 1
        response, data = phone.request("tap", "POST", f"/api/games/{game_id}/actions", headers=headers,
                                       body=json.dumps({"id": f"t{n}", "revision": revision, **body}))
        if response is None or response.status != 200:
            return None
        answer = json.loads(data)
        revision = answer["revision"]
        commits.append(time.monotonic())
        time.sleep(every)
        return answer

    while time.monotonic() < until:
        dealt = act({"action": "deal", "trump": "hearts"})
        if dealt is None or dealt["step"] == "over":
            return
        hand = dealt["game"]["hands"][-1]
        seats = [(hand["dealer"] + k) % 4 for k in range(1, 5)]
        for k, seat in enumerate(seats):
            if time.monotonic() >= until:
                return
            bid = 1 if k == 0 and hand["cards"] > 1 else 0  # never all the cards: the hook cannot bite
            act({"action": "bid", "seat": seat, "bid": bid})
        act({"action": "tricks", "tricks": [hand["cards"] if seat == seats[0] else 0 for seat in range(4)]})


def follower(port, path, event_id, cookie_path, until, every, log, seen, kind):
    """Poll the event's revision as follow.js does; fetch the page (`path`) when it moved on; note when."""
    phone = Phone(port, log)
    if cookie_path:
        phone.request("claim", "GET", cookie_path, expect=(302,))
    _, data = phone.request(kind, "GET", path, headers={"Accept-Encoding": "gzip"})
    tag = json.loads(phone.request("poll", "GET", f"/events/{event_id}/revision")[1])["revision"]
    while time.monotonic() < until:
        response, data = phone.request("poll", "GET", f"/events/{event_id}/revision",
                                       headers={"If-None-Match": f'"{tag}"'}, expect=(200, 304))
        if response is not None and response.status == 200:
            tag = json.loads(data)["revision"]
            phone.request(kind, "GET", path, headers={"Accept-Encoding": "gzip"})
            seen.append(time.monotonic())
        time.sleep(every)


def measure(seconds=10, players=16, phones=16, tap_every=0.5, poll_ms=700):
    seconds, phones = min(seconds, 300), min(phones, 100)
    usual = sys.getswitchinterval()
    sys.setswitchinterval(0.0005)
    log, commits, seen = [], [], []
    with tempfile.TemporaryDirectory() as folder:
        server, port = start_server(folder)
        try:
            event_id, key, tables = create_event(port, players)
            until = time.monotonic() + seconds
            threads = [threading.Thread(target=table_phone, args=(port, table, until, tap_every, log, commits))
                       for table in tables]
            threads.append(threading.Thread(target=follower, args=(
                port, f"/events/{event_id}", event_id, f"/events/{event_id}/direct/{key}", until, poll_ms / 1000,
                log, seen, "director")))
            threads.append(threading.Thread(target=follower, args=(
                port, f"/events/{event_id}/screen", event_id, None, until, poll_ms / 1000, log, [], "screen")))
            threads += [threading.Thread(target=follower, args=(
                port, f"/events/{event_id}/standings", event_id, None, until, poll_ms / 1000, log, [], "standings"))
                for _ in range(phones)]
            for thread in threads:
                thread.start()
            for thread in threads:
                thread.join(timeout=seconds + 60)
        finally:
            server.terminate()
            server.wait(timeout=10)
            sys.setswitchinterval(usual)
    errors = [problem for _, _, problem, _ in log if problem]
    times = [elapsed for _, elapsed, _, _ in log]
    print(f"{len(tables)} tables, director, screen, {phones} phones, {seconds:g} s: {len(log)} requests, "
          f"{len(errors)} errors, {len(commits)} taps", file=sys.stderr)
    for problem in sorted(set(errors))[:5]:
        print("  error:", problem, file=sys.stderr)
    for kind in ("tap", "poll", "director", "screen", "standings"):
        mine = [elapsed for k, elapsed, _, _ in log if k == kind]
        if mine:
            print(f"  {kind:9} {len(mine):6} requests  median {statistics.median(mine) * 1e3:7.2f} ms  "
                  f"p99 {percentile(mine, 0.99) * 1e3:7.2f} ms", file=sys.stderr)
    # Each tap: the first time after it that the director's page saw a change and fetched itself again.
    seen.sort()
    delays = []
    for at in sorted(commits):
        found = bisect.bisect_left(seen, at)
        if found < len(seen):
            delays.append(seen[found] - at)
    return errors, statistics.median(times), percentile(times, 0.99), delays


def table(errors, median, p99, delays):
    found = [("event room: errors", str(len(errors)), "0", "ok" if not errors else "MISSED", "0"),
             ("event room: p99 / median latency", f"{p99 * 1e3:.2f} ms", f"{median * 1e3:.2f} ms", p99 / median,
              "<= 10")]
    if delays:
        found += [("event room: a tap reaches the director, median", f"{statistics.median(delays):.2f} s", "1 s",
                   statistics.median(delays), "<= 1"),
                  ("event room: a tap reaches the director, worst", f"{max(delays):.2f} s", "2 s", max(delays) / 2,
                   "<= 1")]
    else:
        found.append(("event room: a tap reaches the director", "never", "1 s", "MISSED", ""))
    return found


def rows():
    return table(*measure())


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=10)
    parser.add_argument("--players", type=int, default=16, help="players at tables of 4 (at most 100)")
    parser.add_argument("--phones", type=int, default=16, help="players' phones on the standings")
    parser.add_argument("--tap", type=float, default=0.5, help="seconds between a table's taps")
    parser.add_argument("--poll-ms", type=int, default=700)
    args = parser.parse_args()
    return run_alone(table(*measure(args.seconds, min(args.players, 100), args.phones, args.tap, args.poll_ms)))


if __name__ == "__main__":
    sys.exit(main())
