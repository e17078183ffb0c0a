"""The event log: the size of a 200-hand game's database, the cost of an append and of History as games grow.

Each hand is stored as the phone stores it: the deal, one event per bid, then the tricks (6 events for
4 players). Targets: the database of a 200-hand game <= 1 MB; recording the tricks of hand 200 <= 2 x
those of hand 10 (in the store, the
tricks screen's POST as the phone sends it, and the actions API's tap with its JSON answer); the History page of a 200-hand game <= 30 x that of a 10-hand one.
Run: .venv/bin/python bench/bench_log.py
"""

import copy
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


def empty_record(hands):
    return {"players": PLAYERS, "rules": {"scoring": "exact", "hook": True,
                                          "deals": {"pattern": "custom", "sizes": (SIZES * 10)[:hands]}},
            "hands": []}


def play_hand(db, game_id, record, revision):
    """Store one hand as the screens do; return (record, revision) with the tricks not yet recorded."""
    game = rules.load(record, trusted=True)
    upcoming = rules.next_hand(game)
    cards, dealer = upcoming["cards"], upcoming["dealer"]
    record = copy.deepcopy(record)
    hand = {"cards": cards, "dealer": dealer, "trump": "hearts", "bids": [None] * 4}
    record["hands"].append(hand)
    revision = store.append_event(db, game_id, "deal", dict(hand), record, revision)
    for seat in rules.bidding_order(dealer, 4):
        record = copy.deepcopy(record)
        bids = record["hands"][-1]["bids"]
        allowed = rules.allowed_bids(cards, seat, dealer, bids)
        bids[seat] = allowed[(seat + cards) % len(allowed)]
        revision = store.append_event(db, game_id, "bid", {"hand": len(record["hands"]) - 1, "seat": seat,
                                                           "bid": bids[seat], "blind": False}, record, revision)
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
    revision = store.append_event(db, game_id, "tricks", {"hand": len(record["hands"]) - 1, "tricks": tricks,
                                                          "penalty": None}, record, revision)
    return record, revision, time.perf_counter() - start


def build(db, hands):
    """Play a game of `hands` hands; return its id and the best time of recording the last hand's tricks."""
    record = empty_record(hands)
    game_id, key = store.create_game(db, record)
    revision = 1
    for _ in range(hands - 1):
        record, revision = play_hand(db, game_id, record, revision)
        record, revision, _seconds = record_tricks(db, game_id, record, revision)
    record, revision = play_hand(db, game_id, record, revision)
    # The last hand's tricks, recorded, undone and recorded again: the best of a few tries.
    times = []
    for _ in range(REPEATS):
        _record, revision, seconds = record_tricks(db, game_id, record, revision)
        times.append(seconds)
        revision = store.undo(db, game_id, revision)
    return game_id, key, min(times)


def tricks_screen_time(app, game_id, key):
    """Return the best time of the phone's POST of the tricks screen (the last hand's tricks), undone between."""
    client = app.test_client()
    client.get(f"/games/{game_id}/claim/{key}")
    times = []
    for _ in range(REPEATS):
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


def actions_tap_time(app, game_id, key, minimal=False):
    """Return the best time of the actions API's tricks tap (the last hand's), its JSON answer read, undone between;
    minimal: as the phone's queue sends it (Prefer: return=minimal, no scored game in the answer)."""
    client = app.test_client()
    headers = {"Authorization": f"Bearer {key}", **({"Prefer": "return=minimal"} if minimal else {})}
    path = f"/api/games/{game_id}/actions"
    times = []
    for number in range(REPEATS):
        game = client.get(f"/api/games/{game_id}", headers=headers).get_json()
        with app.app_context():
            db = store.get_db()
            revision = store.get_game_head(db, game_id)["revision"]
        hand = game["hands"][-1]
        took = [0] * 4
        for trick in range(hand["cards"]):
            took[(hand["dealer"] + 1 + trick) % 4] += 1
        body = {"id": f"tricks-{number}", "revision": revision, "action": "tricks", "tricks": took}
        start = time.perf_counter()
        answer = client.post(path, json=body, headers=headers).get_json()
        times.append(time.perf_counter() - start)
        assert "error" not in answer and (minimal or answer["game"]["hands"][-1]["tricks"] == took), answer.get("error")
        client.post(path, json={"id": f"undo-{number}", "revision": answer["revision"], "action": "undo"},
                    headers=headers)
    return min(times)


def history_time(client, game_id):
    return best_mean_times(client, [f"/games/{game_id}/history"], 1, REPEATS, warmup=3)[0]


def rows():
    """Return this benchmark's rows for bench/run.py's table: (what, measured, against, ratio, target)."""
    with tempfile.TemporaryDirectory() as folder:
        sizes = {}
        for hands in (10, 200):
            path = Path(folder) / f"{hands}.db"
            app = bench_app(path)
            with app.app_context():
                db = store.get_db()
                game_id, key, append = build(db, hands)
            screen = tricks_screen_time(app, game_id, key)
            tap = actions_tap_time(app, game_id, key)
            queued_tap = actions_tap_time(app, game_id, key, minimal=True)
            with app.app_context():
                db = store.get_db()
                revision = store.get_game_head(db, game_id)["revision"]
                record_tricks(db, game_id, store.get_game(db, game_id)["record"], revision)
                db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
                events = db.execute("select count(*) from events").fetchone()[0]
            history = history_time(app.test_client(), game_id)
            store.close(app)
            size = os.path.getsize(path) + sum(os.path.getsize(p) for p in path.parent.glob(f"{hands}.db-*"))
            sizes[hands] = (size, append, history, events, screen, tap, queued_tap)
    small, large = sizes[10], sizes[200]
    found = [("log: events stored, 200 hands / 10", str(large[3]), str(small[3]), large[3] / small[3], ""),
             ("log: database size, 200 hands (KB)", f"{large[0] / 1024:.0f} KB", "1024 KB",
              large[0] / (1024 * 1024), "<= 1")]
    for label, index, target in (("log: record the tricks, 200 / 10 hands", 1, 2), ("log: POST /tricks, 200 / 10", 4, 2),
                                 ("log: actions API tricks tap, 200 / 10", 5, 2),
                                 ("log: the same, as the phone's queue sends it (Prefer: return=minimal)", 6, 2),
                                 ("log: History page, 200 / 10 hands", 2, 30)):
        found.append((label, f"{large[index] * 1e3:.2f} ms", f"{small[index] * 1e3:.2f} ms",
                      large[index] / small[index], f"<= {target}"))
    return found


if __name__ == "__main__":
    sys.exit(run_alone(rows()))
