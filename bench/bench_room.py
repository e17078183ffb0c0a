"""A room of tables through the real server on 127.0.0.1: the largest room that one machine holds.

The server is `python -m scorekeeper serve` (with its defaults, or --workers) in a child process with a fresh
instance folder. The phones run in another child process (asyncio, raw keep-alive HTTP/1.1), so the client's
own work is not the server's: each table has a scorekeeper tapping through the actions API (deal, every bid,
the tricks, in order) every --tap-every seconds (jittered) and --followers phones following the read-only link
as follow.js does: the revision with If-None-Match every 700 ms, and the page, gzipped, when it moved on.
Bounded: at most 300 tables, at most 120 s a room. Prints errors, tap and poll p50/p99, how long a tap took to
reach the followers (median, worst), requests/s and the client's own CPU.
--event: the tables are one tournament's first round (a WPOHL field at tables of 5, made through the events API),
and the director's page and the big screen follow the event as their pages do; also prints how long a tap took
to show on the director's page (room_event.py).
A room holds when: 0 errors, tap p99 <= 300 ms, a tap seen by every follower within 1 s at the median, 2 s
at worst, in the room in play: --seconds after its opening (the first 3 s, while every phone opens the link
within 0.7 s and every sheet is rendered a first time), whose p99s are printed on their own.
Run: .venv/bin/python bench/bench_room.py --tables 200 --tap-every 5 --seconds 30 --workers 2
     .venv/bin/python bench/bench_room.py --search 25,50,100,200 --seconds 20   (what make bench runs)
     .venv/bin/python bench/bench_room.py --tables 40 --seconds 20 --event --workers 2   (make bench runs it too)
"""

import argparse
import asyncio
import json
import os
import random
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import load
import room_event
from common import seven_player_record

RECORD = seven_player_record()
MAX_TABLES, MAX_SECONDS = 300, 120
POLL_SECONDS = 0.7
TARGETS = {"tap p99": 0.300, "seen median": 1.0, "seen worst": 2.0}


# ---- the phones (run in their own process) ------------------------------------------------------


class Connection:
    """One phone's keep-alive HTTP/1.1 connection: just enough of the protocol for this server."""

    def __init__(self, port):
        self.port, self.reader, self.writer = port, None, None

    async def request(self, method, path, body=b"", headers=()):
        """Return (status, headers dict, body bytes); reconnect once when the server closed the connection."""
        for attempt in (1, 2):
            if self.writer is None:
                self.reader, self.writer = await asyncio.open_connection("127.0.0.1", self.port)
            head = [f"{method} {path} HTTP/1.1", "Host: 127.0.0.1", f"Content-Length: {len(body)}", *headers]
            self.writer.write(("\r\n".join(head) + "\r\n\r\n").encode() + body)
            try:
                return await self._response()
            except (ConnectionError, asyncio.IncompleteReadError):
                self.close()
                if attempt == 2:
                    raise

    async def _response(self):
        status_line = await self.reader.readuntil(b"\r\n")
        status = int(status_line.split()[1])
        headers = {}
        while True:
            line = await self.reader.readuntil(b"\r\n")
            if line == b"\r\n":
                break
            name, _, value = line.decode("latin-1").partition(":")
            headers[name.strip().lower()] = value.strip()
        body = b""
        if "content-length" in headers:
            body = await self.reader.readexactly(int(headers["content-length"]))
        elif headers.get("transfer-encoding") == "chunked":
            while True:
                size = int((await self.reader.readuntil(b"\r\n")).strip(), 16)
                body += (await self.reader.readexactly(size + 2))[:-2]
                if size == 0:
                    break
        if headers.get("connection", "").lower() == "close":
            self.close()
        return status, headers, body

    def close(self):
        if self.writer is not None:
            self.writer.close()
        self.reader = self.writer = None


# The room is measured once every phone has opened its page: the first seconds, while a thousand phones open the
# link at once (within one poll's 0.7 s) and every game's sheet is rendered for the first time, are its opening,
# reported on their own ("tap (opening)" ...), as a restart or the start of a round would see them.
OPENING_SECONDS = 3


class Room:
    """What every phone noted: latencies by kind, errors, when each revision was stored and seen."""

    def __init__(self, seconds):
        self.opened = time.monotonic() + OPENING_SECONDS  # the room in play is measured from here
        self.until = self.opened + seconds
        self.times = {"tap": [], "poll": [], "page": []}
        self.errors = []
        self.stored = {}  # (game, revision) -> when the tap's answer arrived
        self.seen = []  # (game, revision, when a follower had its page)
        self.shown = {}  # event mode: page kind -> [(when its poll was sent, when the page arrived)]

    async def timed(self, kind, connection, method, path, body=b"", headers=(), expect=(200,)):
        self.times.setdefault(kind, [])
        start = time.monotonic()
        try:
            status, headers_in, data = await asyncio.wait_for(
                connection.request(method, path, body, headers), timeout=30
            )
        except (TimeoutError, OSError, asyncio.IncompleteReadError, ValueError) as error:
            connection.close()
            self.errors.append(f"{kind} {path}: {type(error).__name__} {error}")
            return None, b""
        self.times.setdefault(f"{kind} (opening)" if start < self.opened else kind, []).append(time.monotonic() - start)
        if status not in expect:
            self.errors.append(f"{kind} {method} {path}: {status} {data[:200]!r}")
            return None, b""
        return status, data


def next_action(answer):
    """The next tap at the table: deal, the next bid (everyone bids 0), or the tricks (the first bidder takes all)."""
    step, hands = answer["step"], answer["game"]["hands"]
    made_on = len(hands) + (0 if hands and hands[-1].get("tricks") is None else 1)  # the actions API's `hand`
    tap = _next_action(step, hands)
    return tap and dict(tap, hand=made_on)


def _next_action(step, hands):
    if step in ("deal", "trump"):
        return {"action": step, "trump": "hearts"}
    hand = hands[-1]
    players = len(hand["bids"])
    order = [(hand["dealer"] + 1 + i) % players for i in range(players)]
    if step == "bids":
        seat = next(s for s in order if hand["bids"][s] is None)
        return {"action": "bid", "seat": seat, "bid": 0}
    if step == "tricks":
        return {"action": "tricks", "tricks": [hand["cards"] if s == order[0] else 0 for s in range(players)]}
    return None  # the game is over


async def scorekeeper(room, port, game_id, key, answer, every):
    connection = Connection(port)
    headers = ("Content-Type: application/json", f"Authorization: Bearer {key}")
    await asyncio.sleep(random.uniform(0, every))
    taps = 0
    while time.monotonic() < room.until:
        action = next_action(answer)
        if action is None:
            break
        taps += 1
        body = json.dumps(dict(action, id=f"t{taps}", revision=answer["revision"])).encode()
        status, data = await room.timed("tap", connection, "POST", f"/api/games/{game_id}/actions", body, headers)
        if status is not None:
            answer = json.loads(data)
            room.stored[(game_id, answer["revision"])] = time.monotonic()
        await asyncio.sleep(every * random.uniform(0.8, 1.2))
    connection.close()


async def follower(room, port, game_id):
    connection = Connection(port)
    await asyncio.sleep(random.uniform(0, POLL_SECONDS))  # the followers opened the link at different moments
    page = ("Accept-Encoding: gzip",)
    etag = None
    while time.monotonic() < room.until:
        asks = (f"If-None-Match: {etag}",) if etag else ()
        status, data = await room.timed(
            "poll", connection, "GET", f"/games/{game_id}/revision", headers=asks, expect=(200, 304)
        )
        if status == 200:
            revision = json.loads(data)["revision"]
            etag = f'"{revision}"'
            if (await room.timed("page", connection, "GET", f"/games/{game_id}", headers=page))[0] == 200:
                room.seen.append((game_id, revision, time.monotonic()))
        await asyncio.sleep(POLL_SECONDS)
    connection.close()


async def loop_lag(room, tick=0.01):
    """How late the phones' own event loop wakes (its stalls are counted in every latency it measures)."""
    room.times["client lag"] = []
    while time.monotonic() < room.until:
        before = time.monotonic()
        await asyncio.sleep(tick)
        room.times["client lag"].append(time.monotonic() - before - tick)


async def play_room(port, games, followers, every, seconds, event=None, standings=0):
    room = Room(seconds)
    phones = [scorekeeper(room, port, game_id, key, answer, every) for game_id, key, answer in games]
    phones += [follower(room, port, game_id) for game_id, _key, _answer in games for _ in range(followers)]
    phones.append(loop_lag(room))
    if event:
        phones += [
            room_event.event_page(room, Connection(port), event, kind, POLL_SECONDS)
            for kind in ("director", "screen", *["standings"] * standings)
        ]
    await asyncio.gather(*phones)
    return room


def percentile(values, share):
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))] if ordered else float("nan")


def phones_main(port, games_file, followers, every, seconds):
    """The client process: play the room, print its summary as one JSON line."""
    room_file = json.loads(Path(games_file).read_text())
    started, cpu = time.monotonic(), time.process_time()
    room = asyncio.run(
        play_room(port, room_file["games"], followers, every, seconds, room_file["event"], room_file["standings"])
    )
    elapsed, cpu = time.monotonic() - started, time.process_time() - cpu
    # A follower that saw a revision saw it at most this long after its tap was answered; the first revision a
    # follower saw on opening the page was not a tap it waited for, so revisions of the game's creation are left.
    delays = [
        max(0.0, at - room.stored[(game, revision)])
        for game, revision, at in room.seen
        if room.stored.get((game, revision), 0) >= room.opened
    ]
    requests = sum(len(times) for kind, times in room.times.items() if kind != "client lag" and "opening" not in kind)
    director = room_event.shown_delays(room.stored.values(), room.shown.get("director", []))
    print(
        json.dumps(
            {
                "errors": len(room.errors),
                "error_examples": sorted(set(room.errors))[:5],
                "requests": requests,
                "per_second": requests / (time.monotonic() - room.opened),
                "client_cpu": cpu / elapsed,
                "taps": len(room.times["tap"]),
                **{
                    f"{kind} {name}": percentile(times, share)
                    for kind, times in room.times.items()
                    for name, share in (("p50", 0.5), ("p99", 0.99))
                },
                "seen median": statistics.median(delays) if delays else float("nan"),
                "seen worst": max(delays) if delays else float("nan"),
                "seen count": len(delays),
                "director median": statistics.median(director) if director else float("nan"),
                "director worst": max(director) if director else float("nan"),
                "director count": len(director),
            }
        )
    )


# ---- the server, the games, one room ------------------------------------------------------------


def start_server(folder, serve_args=()):
    """Start `python -m scorekeeper serve` on 127.0.0.1 for a room; return the process and its port once it answers."""
    # The room's games are all made from this one address: more than a table's allowance of new games.
    # --event: the owner's key creates the event.
    (Path(folder) / "config.py").write_text(
        f'GAME_CREATION_LIMIT = "{MAX_TABLES * 2} per minute"\nOWNER_KEY = "{room_event.OWNER_KEY}"\n'
    )
    return load.start_server(folder, serve_args, database="room.db")


def create_games(port, count):
    """Store count 7-player, 25-hand games through the API; return [(id, edit key, the game as it stands)]."""
    import http.client

    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
    games = []
    for _ in range(count):
        connection.request("POST", "/api/games", body=json.dumps(RECORD), headers={"Content-Type": "application/json"})
        created = json.loads(connection.getresponse().read())
        connection.request("GET", f"/api/games/{created['id']}")
        scored = json.loads(connection.getresponse().read())
        games.append((created["id"], created["edit_key"], {"revision": 1, "step": "deal", "game": scored}))
    connection.close()
    return games


def stop(server):
    server.terminate()
    try:
        server.wait(timeout=10)
    except subprocess.TimeoutExpired:
        server.kill()
        server.wait()


def measure(tables=25, followers=4, tap_every=2.0, seconds=20, serve_args=(), event=False, standings=0):
    """Run one room through a fresh server; return the client's summary (a dict) with the server's CPU share.
    event: the tables are an event's round, followed by the director's page and the big screen too, and
    `standings` players' phones on the event's standings."""
    tables, seconds = min(tables, MAX_TABLES), min(seconds, MAX_SECONDS)
    with tempfile.TemporaryDirectory() as folder:
        server, port = start_server(folder, serve_args)
        try:
            games_file = Path(folder) / "games.json"
            made = room_event.create_event_tables(port, tables) if event else (None, create_games(port, tables))
            games_file.write_text(json.dumps({"event": made[0], "games": made[1], "standings": standings}))
            before = _cpu_of(server.pid)
            client = subprocess.run(
                [
                    sys.executable,
                    __file__,
                    "--phones",
                    str(port),
                    str(games_file),
                    str(followers),
                    str(tap_every),
                    str(seconds),
                ],
                capture_output=True,
                text=True,
                timeout=seconds + 120,
            )
            server_cpu = (_cpu_of(server.pid) - before) / (OPENING_SECONDS + seconds)
        finally:
            stop(server)
        if client.returncode != 0:
            raise SystemExit(f"the phones failed: {client.stderr[-2000:]}")
        summary = json.loads(client.stdout.strip().splitlines()[-1])
    summary.update(
        tables=tables,
        phones=tables * (1 + followers) + (2 + standings if event else 0),
        tap_every=tap_every,
        seconds=seconds,
        event=event,
        server_cpu=server_cpu,
        load=os.getloadavg()[0],
    )
    return summary


def _cpu_of(pid):
    """CPU seconds used by the process pid and its children (the workers), from /proc; 0 where there is none."""
    total = 0.0
    try:
        pids = [pid] + [int(child) for child in Path(f"/proc/{pid}/task/{pid}/children").read_text().split()]
        for one in pids:
            fields = Path(f"/proc/{one}/stat").read_text().rsplit(")", 1)[1].split()
            total += (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
    except (OSError, ValueError):
        pass
    return total


def holds(summary):
    return summary["errors"] == 0 and all(summary[name] <= limit for name, limit in TARGETS.items())


def describe(summary):
    return (
        f"{summary['tables']} tables ({summary['phones']} phones), tap every {summary['tap_every']:g} s, "
        f"{summary['seconds']:g} s: {summary['requests']} requests ({summary['per_second']:.0f}/s), "
        f"{summary['errors']} errors, {summary['taps']} taps; tap p50 {summary['tap p50'] * 1e3:.0f} ms "
        f"p99 {summary['tap p99'] * 1e3:.0f} ms; poll p50 {summary['poll p50'] * 1e3:.1f} ms "
        f"p99 {summary['poll p99'] * 1e3:.0f} ms; page p99 {summary['page p99'] * 1e3:.0f} ms; seen median "
        f"{summary['seen median']:.2f} s worst {summary['seen worst']:.2f} s; {room_event.describe(summary)}"
        f"the phones' own loop late p99 {summary['client lag p99'] * 1e3:.0f} ms; "
        f"the opening ({OPENING_SECONDS} s before, not counted above): tap p99 "
        f"{summary.get('tap (opening) p99', float('nan')) * 1e3:.0f} ms, poll p99 "
        f"{summary.get('poll (opening) p99', float('nan')) * 1e3:.0f} ms, page p99 "
        f"{summary.get('page (opening) p99', float('nan')) * 1e3:.0f} ms; "
        f"CPU: server {summary['server_cpu']:.2f} cores, phones {summary['client_cpu']:.2f} (the machine's load "
        f"average {summary['load']:.1f} on {os.cpu_count()} cores)"
        f" -> {'holds' if holds(summary) else 'does not hold'}"
    )


def search(sizes, tap_every, seconds, serve_args=()):
    """Try each room size in order; return (largest that held or 0, every summary)."""
    largest, summaries = 0, []
    for tables in sizes:
        summary = measure(tables, tap_every=tap_every, seconds=seconds, serve_args=serve_args)
        summaries.append(summary)
        print(describe(summary), file=sys.stderr, flush=True)
        for example in summary["error_examples"]:
            print("  error:", example, file=sys.stderr)
        if not holds(summary):
            break
        largest = tables
    return largest, summaries


def statements_per_tap(taps=18):
    """SQL statements per tap through the actions API, in-process (sqlite3's trace): {action: [count, ...]}."""
    from common import temporary_app
    from scorekeeper import store

    with temporary_app() as app:
        client = app.test_client()
        created = client.post("/api/games", json=RECORD).get_json()
        path, key = f"/api/games/{created['id']}/actions", {"Authorization": f"Bearer {created['edit_key']}"}
        answer = {"revision": 1, "step": "deal", "game": client.get(f"/api/games/{created['id']}").get_json()}
        # Opens the connection.
        client.post(path, json={"id": "warm", "revision": 1, "hand": 1, "action": "undo"}, headers=key)
        with app.app_context():
            db = store.get_db()
        counts, statements = {}, []
        db.conn.set_trace_callback(statements.append)
        try:
            for number in range(taps):
                action, statements[:] = next_action(answer), []
                answer = client.post(
                    path, json=dict(action, id=str(number), revision=answer["revision"]), headers=key
                ).get_json()
                counts.setdefault(action["action"], []).append(len(statements))
        finally:
            db.conn.set_trace_callback(None)
    return counts


MAKE_BENCH_SERVE = ("--workers", "2")  # one process per core of this 2-core machine
MAKE_BENCH_EVENT = (40, 4, 5.0, 20)  # tables, followers a table, tap every, seconds: a WPOHL field of 200


def rows():
    """make bench: rooms of 25, 50, 100 and 200 tables tapping every 5 s, 20 s each, until one does not hold
    (`serve --workers 2`); then an event's room of 40 tables with the director's page and the screen."""
    counts = statements_per_tap()
    largest, summaries = search([25, 50, 100, 200], 5.0, 20, MAKE_BENCH_SERVE)
    found = [
        ("room: SQL statements of a bid (7 players)", str(max(counts["bid"])), "", "", ""),
        ("room: SQL statements of the tricks (7 players)", str(max(counts["tricks"])), "", "", ""),
        (
            "room: largest that holds (4 followers a table)",
            f"{largest} tables",
            "200 tables",
            200 / largest if largest else float("inf"),
            "<= 1",
        ),
    ]
    event = measure(*MAKE_BENCH_EVENT, serve_args=MAKE_BENCH_SERVE, event=True)
    print(describe(event), file=sys.stderr, flush=True)
    last = summaries[-1]
    found += [
        (f"room {last['tables']}: tap p99", f"{last['tap p99'] * 1e3:.0f} ms", "300 ms", last["tap p99"] / 0.3, "<= 1"),
        (
            f"room {last['tables']}: a tap seen, median",
            f"{last['seen median']:.2f} s",
            "1 s",
            last["seen median"],
            "<= 1",
        ),
        (
            f"room {last['tables']}: a tap seen, worst",
            f"{last['seen worst']:.2f} s",
            "2 s",
            last["seen worst"] / 2,
            "<= 1",
        ),
    ]
    return found + room_event.rows(event)


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=int, default=25)
    parser.add_argument("--followers", type=int, default=4)
    parser.add_argument("--tap-every", type=float, default=5.0)
    parser.add_argument("--seconds", type=float, default=20)
    parser.add_argument(
        "--search", help="room sizes to try in order, e.g. 25,50,100,200: prints the largest that holds"
    )
    parser.add_argument("--serve", default="", help="more arguments for `serve`, e.g. '--threads 16'")
    parser.add_argument("--workers", type=int, help="serve's --workers (processes)")
    parser.add_argument(
        "--event",
        action="store_true",
        help="the tables are an event's round; the director's page and the big screen follow it",
    )
    parser.add_argument("--standings", type=int, default=0, help="--event: players' phones on the standings")
    parser.add_argument("--phones", nargs=5, help=argparse.SUPPRESS)  # the client process
    args = parser.parse_args(argv)
    if args.phones:
        port, games_file, followers, every, seconds = args.phones
        hard = resource.getrlimit(resource.RLIMIT_NOFILE)[1]
        resource.setrlimit(resource.RLIMIT_NOFILE, (hard if hard == resource.RLIM_INFINITY else min(8192, hard), hard))
        phones_main(int(port), games_file, int(followers), float(every), float(seconds))
        return 0
    serve_args = args.serve.split() + (["--workers", str(args.workers)] if args.workers else [])
    counts = statements_per_tap()
    print(
        "SQL statements per tap (7 players): " + ", ".join(f"{action} {max(found)}" for action, found in counts.items())
    )
    if args.search:
        largest, _ = search([int(size) for size in args.search.split(",")], args.tap_every, args.seconds, serve_args)
        print(f"largest room that holds: {largest} tables")
        return 0
    summary = measure(
        args.tables,
        args.followers,
        args.tap_every,
        args.seconds,
        serve_args,
        args.event,
        min(args.standings, MAX_TABLES),
    )
    print(describe(summary))
    for example in summary["error_examples"]:
        print("  error:", example)
    return 0 if holds(summary) and (not args.event or room_event.holds(summary)) else 1


if __name__ == "__main__":
    sys.exit(main())
