"""bench_room's event mode: the room's tables are one tournament's round, and the director's page and the big
screen follow the event as their pages do (follow.js on /events/<id>/revision, then the page when it moved on).

Not a benchmark of its own (no bench_ prefix): bench_room.py --event uses it.
"""

import asyncio
import http.client
import json
import random
import time

# The room's format: a WPOHL field plays at tables of 5 (the Prospect preset); bench_room seats
# --tables tables of it, so 40 tables are 200 players.
FORMAT, TABLE_SIZE = "wpohl", 5
OWNER_KEY = "bench-room-owner-key"  # written into the bench's own instance config.py
PAGES = {"director": "/events/{id}", "screen": "/events/{id}/screen", "standings": "/events/{id}/standings"}


def create_event_tables(port, tables):
    """Create the event (the owner's key) and start its first round (the director's key) through the events API;
    return (the event, [(game id, edit key, the game as it stands)]) as bench_room's table clients take them."""
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=60)

    def post(path, body, key):
        connection.request(
            "POST",
            path,
            body=json.dumps(body),
            headers={"Content-Type": "application/json", "Authorization": f"Bearer {key}"},
        )
        response = connection.getresponse()
        data = response.read()
        if response.status not in (200, 201):
            raise SystemExit(f"POST {path}: {response.status} {data[:300]!r}")
        return json.loads(data)

    players = [f"Player {number:03}" for number in range(1, tables * TABLE_SIZE + 1)]
    created = post(
        "/api/events", {"name": "Bench room", "format": FORMAT, "seed": "bench", "players": players}, OWNER_KEY
    )
    started = post(f"/api/events/{created['id']}/actions", {"action": "start"}, created["director_key"])
    games = []
    for table in started["tables"]:
        connection.request("GET", f"/api/games/{table['game']}")
        scored = json.loads(connection.getresponse().read())
        games.append((table["game"], table["edit_key"], {"revision": 1, "step": "deal", "game": scored}))
    connection.close()
    return {"id": created["id"], "key": created["director_key"]}, games


async def event_page(room, connection, event, kind, poll_seconds):
    """The director's page (kind "director": it claims the director's cookie first), the big screen ("screen") or
    a player's standings ("standings"): poll the event's revision with its ETag; fetch the page when it moved on.
    Note, for each page fetched, when the poll that asked was sent and when the page arrived (room.shown[kind])."""
    event_id = event["id"]
    path = PAGES[kind].format(id=event_id)
    cookie = ()
    if kind == "director":
        status, headers, _ = await connection.request("GET", f"/events/{event_id}/direct/{event['key']}")
        if status != 302 or "set-cookie" not in headers:
            room.errors.append(f"director's link: {status}")
            return
        cookie = ("Cookie: " + headers["set-cookie"].split(";", 1)[0],)
    await asyncio.sleep(random.uniform(0, poll_seconds))
    shown, etag = room.shown.setdefault(kind, []), None
    while time.monotonic() < room.until:
        asked = time.monotonic()
        asks = (f"If-None-Match: {etag}",) if etag else ()
        status, data = await room.timed(
            f"{kind} poll", connection, "GET", f"/events/{event_id}/revision", headers=asks + cookie, expect=(200, 304)
        )
        if status == 200:
            etag = f'"{json.loads(data)["revision"]}"'
            page, _ = await room.timed(kind, connection, "GET", path, headers=("Accept-Encoding: gzip",) + cookie)
            if page == 200:
                shown.append((asked, time.monotonic()))
        await asyncio.sleep(poll_seconds)
    connection.close()


def shown_delays(stored_times, shown):
    """For each tap (when its answer arrived): how long until a page fetched after a poll sent since then arrived."""
    shown = sorted(shown)
    delays, first = [], 0
    for stored in sorted(stored_times):
        while first < len(shown) and shown[first][0] < stored:
            first += 1
        if first < len(shown):
            delays.append(shown[first][1] - stored)
    return delays


def holds(summary):
    """The event's part of a room that holds: a tap on the director's page within 1 s at the median, 2 s worst."""
    return summary["director median"] <= 1.0 and summary["director worst"] <= 2.0


def describe(summary):
    """The event mode's part of bench_room's description: the director's page, the screen, the standings."""
    if not summary.get("event"):
        return ""
    pages = ", ".join(
        f"{kind} page p99 {summary[kind + ' p99'] * 1e3:.0f} ms" for kind in PAGES if kind + " p99" in summary
    )
    return (
        f"a tap shown on the director's page median {summary['director median']:.2f} s worst "
        f"{summary['director worst']:.2f} s ({summary['director count']} taps), {pages}; "
    )


def rows(summary):
    """make bench's rows of the event's room."""
    name = f"event room {summary['tables']} (director, screen)"
    return [
        (f"{name}: errors", str(summary["errors"]), "0", "ok" if not summary["errors"] else "MISSED", "0"),
        (f"{name}: tap p99", f"{summary['tap p99'] * 1e3:.0f} ms", "300 ms", summary["tap p99"] / 0.3, "<= 1"),
        (
            f"{name}: a tap on the director's page, median",
            f"{summary['director median']:.2f} s",
            "1 s",
            summary["director median"],
            "<= 1",
        ),
        (
            f"{name}: a tap on the director's page, worst",
            f"{summary['director worst']:.2f} s",
            "2 s",
            summary["director worst"] / 2,
            "<= 1",
        ),
    ]
