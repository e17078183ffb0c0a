"""A game's history: the size of a 200-hand game's database, the cost of an append and of History as games grow.

Each hand is stored as the phone stores it: the deal, one event per bid, then the tricks (6 events for
4 players). Targets: the database of a 200-hand game <= 1 MB; recording the tricks of hand 200 <= 2 x
those of hand 10 (in the store, the
tricks screen's POST as the phone sends it, and the actions API's tap with its JSON answer); the History page of a 200-hand game <= 30 x that of a 10-hand one.
Run: .venv/bin/python bench/bench_log.py
"""

import copy
import itertools
import os
import sys
import tempfile
import time
from pathlib import Path

from common import bench_app, best_mean_times, run_alone
from scorekeeper import rules, store
from tests.html_forms import form_data

PLAYERS = ["Ann", "Bob", "Cy", "Di"]
SIZES = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1, 2]  # 20 hands, repeated to 200
REPEATS = 15
TAP_IDS = itertools.count()  # each tap through the actions API has an id of its own


def empty_record(hands):
    return {
        "players": PLAYERS,
        "rules": {"scoring": "exact", "hook": True, "deals": {"pattern": "custom", "sizes": (SIZES * 10)[:hands]}},
        "hands": [],
    }


def play_hand(db, game_id, record, revision):
    """Store one hand as the screens do; return (record, revision) with the tricks not yet recorded."""
    game = rules.load(record, trusted=True)
    upcoming = rules.next_hand(game)
    cards, dealer = upcoming["cards"], upcoming["dealer"]
    record = copy.deepcopy(record)
    hand = {"cards": cards, "dealer": dealer, "trump": "hearts", "bids": [None] * 4}
    record["hands"].append(hand)
    revision = store.append_entry(db, game_id, "deal", dict(hand), record, revision)
    for seat in rules.bidding_order(dealer, 4):
        record = copy.deepcopy(record)
        bids = record["hands"][-1]["bids"]
        allowed = rules.allowed_bids(cards, seat, dealer, bids)
        bids[seat] = allowed[(seat + cards) % len(allowed)]
        revision = store.append_entry(
            db,
            game_id,
            "bid",
            {"hand": len(record["hands"]) - 1, "seat": seat, "bid": bids[seat], "blind": False},
            record,
            revision,
        )
    return record, revision


def record_tricks(db, game_id, record, revision):
    """Store the tricks of the hand in progress: the bidders take what they can, the rest the dealer.
    The new record shares all but its last hand with the one before, as every action builds it
    (rules/actions/outcome.py)."""
    hand = copy.deepcopy(record["hands"][-1])
    record = dict(record, hands=[*record["hands"][:-1], hand])
    tricks = [0] * 4
    for trick in range(hand["cards"]):
        tricks[(hand["dealer"] + 1 + trick) % 4] += 1
    hand["tricks"] = tricks
    start = time.perf_counter()
    revision = store.append_entry(
        db, game_id, "tricks", {"hand": len(record["hands"]) - 1, "tricks": tricks, "penalty": None}, record, revision
    )
    return record, revision, time.perf_counter() - start


def build(db, hands):
    """Play a game of `hands` hands up to the last hand's tricks; return its id and edit key."""
    record = empty_record(hands)
    game_id, key = store.create_game(db, record)
    revision = 1
    for _ in range(hands - 1):
        record, revision = play_hand(db, game_id, record, revision)
        record, revision, _seconds = record_tricks(db, game_id, record, revision)
    play_hand(db, game_id, record, revision)
    return game_id, key


def store_tricks_time(app, game_id, _key, repeats=REPEATS):
    """Return the best time of recording the last hand's tricks in the store, undone between."""
    times = []
    with app.app_context():
        db = store.get_db()
        for _ in range(repeats):
            game = store.get_game(db, game_id)
            _record, revision, seconds = record_tricks(db, game_id, game["record"], game["revision"])
            times.append(seconds)
            store.undo(db, game_id, revision)
    return min(times)


def tricks_screen_time(app, game_id, key, repeats=REPEATS):
    """Return the best time of the phone's POST of the tricks screen (the last hand's tricks), undone between."""
    client = app.test_client()
    client.get(f"/games/{game_id}/claim/{key}")
    times = []
    for _ in range(repeats):
        html = client.get(f"/games/{game_id}/tricks").get_data(as_text=True)
        index = next(i for i in range(html.count("<form")) if "took_0" in dict(form_data(html, i)[1]))
        action, fields = form_data(html, index)
        with app.app_context():
            hand = store.get_game(store.get_db(), game_id)["record"]["hands"][-1]
        took = [0] * 4
        for trick in range(hand["cards"]):
            took[(hand["dealer"] + 1 + trick) % 4] += 1
        fields = dict(fields) | {f"took_{seat}": str(count) for seat, count in enumerate(took)}
        start = time.perf_counter()
        response = client.post(action or f"/games/{game_id}/tricks", data=fields)
        times.append(time.perf_counter() - start)
        assert response.headers["Location"].endswith("/sheet"), response.headers.get("Location")
        with app.app_context():
            db = store.get_db()
            store.undo(db, game_id, store.get_game_head(db, game_id)["revision"])
    return min(times)


def actions_tap_time(app, game_id, key, minimal=False, repeats=REPEATS):
    """Return the best time of the actions API's tricks tap (the last hand's), its JSON answer read, undone between;
    minimal: as the phone's queue sends it (Prefer: return=minimal, no scored game in the answer)."""
    client = app.test_client()
    headers = {"Authorization": f"Bearer {key}", **({"Prefer": "return=minimal"} if minimal else {})}
    path = f"/api/games/{game_id}/actions"
    times = []
    for _ in range(repeats):
        number = next(TAP_IDS)
        game = client.get(f"/api/games/{game_id}", headers=headers).get_json()
        with app.app_context():
            db = store.get_db()
            revision = store.get_game_head(db, game_id)["revision"]
        hand = game["hands"][-1]
        took = [0] * 4
        for trick in range(hand["cards"]):
            took[(hand["dealer"] + 1 + trick) % 4] += 1
        body = {
            "id": f"tricks-{number}",
            "revision": revision,
            "hand": len(game["hands"]),
            "action": "tricks",
            "tricks": took,
        }
        start = time.perf_counter()
        answer = client.post(path, json=body, headers=headers).get_json()
        times.append(time.perf_counter() - start)
        assert "error" not in answer and (minimal or answer["game"]["hands"][-1]["tricks"] == took), answer.get("error")
        client.post(
            path,
            json={
                "id": f"undo-{number}",
                "revision": answer["revision"],
                "hand": len(game["hands"]) + 1,
                "action": "undo",
            },
            headers=headers,
        )
    return min(times)


def history_time(client, game_id):
    return best_mean_times(client, [f"/games/{game_id}/history"], 1, REPEATS, warmup=3)[0]


# What is timed on both games, each try on the 10-hand game and then on the 200-hand one in turn, so that the
# machine's ups and downs meet both alike: (row, function of (app, game id, edit key, repeats)).
TIMED = [
    ("log: record the tricks, 200 / 10 hands", store_tricks_time),
    ("log: POST /tricks, 200 / 10", tricks_screen_time),
    ("log: actions API tricks tap, 200 / 10", actions_tap_time),
    (
        "log: the same, as the phone's queue sends it (Prefer: return=minimal)",
        lambda app, game_id, key, repeats: actions_tap_time(app, game_id, key, minimal=True, repeats=repeats),
    ),
]


def rows():
    """Return this benchmark's rows for bench/run.py's table: (what, measured, against, ratio, target)."""
    with tempfile.TemporaryDirectory() as folder:
        games = {}
        for hands in (10, 200):
            path = Path(folder) / f"{hands}.db"
            app = bench_app(path)
            with app.app_context():
                games[hands] = (path, app, *build(store.get_db(), hands))
        best = {(label, hands): float("inf") for label, _timed in TIMED for hands in games}
        for _ in range(REPEATS):
            for label, timed in TIMED:
                for hands, (_path, app, game_id, key) in games.items():
                    best[label, hands] = min(best[label, hands], timed(app, game_id, key, repeats=1))
        found = {}
        for hands, (path, app, game_id, _key) in games.items():
            with app.app_context():
                db = store.get_db()
                game = store.get_game(db, game_id)
                record_tricks(db, game_id, game["record"], game["revision"])
                db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
                events = db.execute("select count(*) from events").fetchone()[0]
            history = history_time(app.test_client(), game_id)
            store.close(app)
            size = os.path.getsize(path) + sum(os.path.getsize(p) for p in path.parent.glob(f"{hands}.db-*"))
            found[hands] = (size, events, history)
    (_small_size, small_events, small_history), (size, events, history) = found[10], found[200]
    rows_found = [
        ("log: events stored, 200 hands / 10", str(events), str(small_events), events / small_events, ""),
        ("log: database size, 200 hands (KB)", f"{size / 1024:.0f} KB", "1024 KB", size / (1024 * 1024), "<= 1"),
    ]
    for label, _timed in TIMED:
        large, small = best[label, 200], best[label, 10]
        rows_found.append((label, f"{large * 1e3:.2f} ms", f"{small * 1e3:.2f} ms", large / small, "<= 2"))
    rows_found.append(
        (
            "log: History page, 200 / 10 hands",
            f"{history * 1e3:.2f} ms",
            f"{small_history * 1e3:.2f} ms",
            history / small_history,
            "<= 30",
        )
    )
    return rows_found


if __name__ == "__main__":
    sys.exit(run_alone(rows()))
