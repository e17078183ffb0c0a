"""A tap is worked out before the write lock and written under it only if the game is still as it was worked out
on: another phone's write in between sends it through the path under the lock, which answers as ever."""

import threading

import pytest

from scorekeeper import store
from scorekeeper.store import applied_taps
from tests.api_helpers import RECORD, Table, auth, once, stored_record


@pytest.fixture
def table(client):
    body = client.post("/api/games", json=RECORD).get_json()
    table = Table(client, body["id"], body["edit_key"])
    table.ok("deal", trump="clubs")
    return table


def another_phone_first(monkeypatch, client, table, body):
    """Have another phone's tap (its own thread and connection) written after this tap was worked out and before
    it takes the write lock; return that tap's answers."""
    answers, started, prepare = [], [], applied_taps.prepare

    def phone():
        answers.append(client.post(f"/api/games/{table.game_id}/actions", json=body, headers=auth(table.key)))

    def worked_out_then_another_phone(*args, **kwargs):
        prepared = prepare(*args, **kwargs)
        if not started:  # the other phone's own tap goes through here too
            started.append(True)
            thread = threading.Thread(target=phone)
            thread.start()
            thread.join()
        return prepared

    monkeypatch.setattr(applied_taps, "prepare", worked_out_then_another_phone)
    return answers


def bids_logged(client, table):
    with client.application.app_context():
        return [event["kind"] for event in store.history(store.get_db(), table.game_id)].count("bid")


def test_the_same_bid_entered_meanwhile_on_another_phone_is_not_entered_twice(monkeypatch, client, table):
    other = another_phone_first(
        monkeypatch, client, table, {"id": "other", "revision": 2, "hand": 1, "action": "bid", "seat": 1, "bid": 0}
    )
    after = table.ok("bid", seat=1, bid=0)
    assert other[0].status_code == 200 and after["revision"] == 3
    assert stored_record(client, table.game_id)["hands"][0]["bids"] == [None, 0, None, None]
    assert bids_logged(client, table) == 1


def test_another_bid_entered_meanwhile_for_the_same_seat_is_a_conflict(monkeypatch, client, table):
    another_phone_first(
        monkeypatch, client, table, {"id": "other", "revision": 2, "hand": 1, "action": "bid", "seat": 1, "bid": 1}
    )
    response = table.post("bid", seat=1, bid=0)
    assert response.status_code == 409
    assert "Bob's bid is already 1" in response.get_json()["error"]
    assert stored_record(client, table.game_id)["hands"][0]["bids"] == [None, 1, None, None]


def test_the_same_tap_arriving_twice_at_once_is_applied_once_and_answers_alike(monkeypatch, client, table):
    other = another_phone_first(
        monkeypatch, client, table, {"id": "tap-2", "revision": 2, "hand": 1, "action": "bid", "seat": 1, "bid": 0}
    )
    after = table.ok("bid", seat=1, bid=0)
    assert other[0].get_json() == after
    assert bids_logged(client, table) == 1


def test_a_tap_still_valid_after_another_phones_tap_is_applied_after_it(monkeypatch, client, table):
    another_phone_first(
        monkeypatch, client, table, {"id": "other", "revision": 2, "hand": 1, "action": "bid", "seat": 1, "bid": 0}
    )
    after = table.ok("bid", seat=2, bid=1)
    assert after["revision"] == 4 and after["game"]["hands"][0]["bids"] == [None, 0, 1, None]


def test_under_the_write_lock_a_tap_runs_only_the_statements_of_its_write(client, table):
    with client.application.app_context():
        db = store.get_db()
    statements = []
    db.conn.set_trace_callback(statements.append)
    try:
        table.ok("bid", seat=1, bid=0)
        bid = statements[statements.index("BEGIN IMMEDIATE") :]
        statements[:] = []
        for seat in (2, 3, 0):
            table.ok("bid", seat=seat, bid=0)
        statements[:] = []
        table.ok("tricks", tricks=[1, 0, 0, 0])
        tricks = statements[statements.index("BEGIN IMMEDIATE") :]
    finally:
        db.conn.set_trace_callback(None)
    bid, tricks = once(bid), once(tricks)
    # The check of the id and the revision (with the results stored), the action id, the game, its log, its
    # evening; the tricks also write the results, the habits and the summaries.
    assert len(bid) == 7 and bid[-1] == "COMMIT" and bid[1].startswith("select revision, exists")
    assert len(tricks) == 11 and tricks[-1] == "COMMIT"


def test_a_commit_does_not_wait_for_the_disk_and_the_file_stays_in_wal(app):
    with app.app_context():
        db = store.get_db()
        assert db.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
        assert db.execute("PRAGMA synchronous").fetchone()[0] == 1  # NORMAL: docs/deploy.md, "Durability"
