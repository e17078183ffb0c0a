"""Load: an event's room through the real server on 127.0.0.1: tables scoring while the director's page, the big
screen and the players' standings follow.

The server is `python -m scorekeeper serve` (load.served). An event of --players players at
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
import sys
import threading
import time

from common import run_alone
from load import Phone, load_rows, run_together, served, summary

JSON = {"Content-Type": "application/json"}


def create_event(port, players, owner_key):
    """Create the event as the instance's owner (only the owner runs events) and confirm round 1 through the API;
    return (event id, director key, tables)."""
    phone = Phone(port, [])
    record = {"name": "Bench night", "format": "rounds", "seed": "bench", "options": {"rounds": 1},
              "players": [f"Player {n:02}" for n in range(1, players + 1)]}
    _, data = phone.request("create", "POST", "/api/events", body=json.dumps(record), expect=(201,),
                            headers={**JSON, "Authorization": f"Bearer {owner_key}"})
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
    log, commits, seen = [], [], []
    with served() as (port, folder):
        event_id, key, tables = create_event(port, players, (folder / "owner_key").read_text().strip())
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
        run_together(threads, seconds)
    errors, median, p99 = summary(log, (f"{len(tables)} tables, director, screen, {phones} phones, {seconds:g} s",
                                        f"{len(commits)} taps"), ("tap", "poll", "director", "screen", "standings"))
    # Each tap: the first time after it that the director's page saw a change and fetched itself again.
    seen.sort()
    delays = []
    for at in sorted(commits):
        found = bisect.bisect_left(seen, at)
        if found < len(seen):
            delays.append(seen[found] - at)
    return errors, median, p99, delays


def table(errors, median, p99, delays):
    return load_rows("event room", "the director", errors, median, p99, delays)


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
