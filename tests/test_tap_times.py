"""Issue 25: a tap queued offline keeps the time it was tapped (the actions API's `tapped`), within bounds: never
later than the server's clock, never earlier than the game's previous entry. History shows that time."""

import re
from datetime import UTC, datetime

from scorekeeper import store
from tests.api_helpers import RECORD, auth, store_db

EARLIER = "2026-01-02T09:00:00+00:00"  # the game's creation, moved back so that taps can be made after it


def new_game(client):
    body = client.post("/api/games", json=RECORD).get_json()
    db = store_db(client)
    with db.atomic():
        db.execute("update events set created = ? where game_id = ?", [EARLIER, body["id"]])
    return body["id"], body["edit_key"]


def tap(client, game_id, key, revision, hand, action, **fields):
    body = {"id": f"tap-{revision}", "revision": revision, "hand": hand, "action": action, **fields}
    return client.post(f"/api/games/{game_id}/actions", json=body, headers=auth(key))


def entry_times(client, game_id):
    return [entry["created"] for entry in store.history(store_db(client), game_id)]


def history_times(client, game_id):
    html = client.get(f"/games/{game_id}/history").get_data(as_text=True)
    return re.findall(r"#\d+ · (\d\d:\d\d:\d\d)", html)


def test_taps_sent_late_keep_the_times_they_were_tapped(client):
    game_id, key = new_game(client)
    assert tap(client, game_id, key, 1, 1, "deal", trump="hearts", tapped="2026-01-02T09:00:15Z").status_code == 200
    # A phone in Amsterdam says its own offset; the millisecond is dropped as the store writes times.
    assert (
        tap(client, game_id, key, 2, 1, "bid", seat=1, bid=1, tapped="2026-01-02T10:00:40.250+01:00").status_code == 200
    )
    assert tap(client, game_id, key, 3, 1, "bid", seat=2, bid=0).status_code == 200  # no time sent: the server's
    assert entry_times(client, game_id)[1:3] == ["2026-01-02T09:00:15+00:00", "2026-01-02T09:00:40+00:00"]
    assert history_times(client, game_id)[:3] == ["09:00:00", "09:00:15", "09:00:40"]
    assert entry_times(client, game_id)[3] > "2026-11"  # today's


def test_a_tap_time_is_never_before_the_previous_entry_nor_in_the_future(client):
    game_id, key = new_game(client)
    # The phone's clock runs slow: the tap cannot come before the game's creation.
    assert tap(client, game_id, key, 1, 1, "deal", trump="hearts", tapped="2025-06-01T12:00:00Z").status_code == 200
    # The phone's clock runs a year fast: the entry is kept at the server's time, not in the future.
    before = datetime.now(UTC).isoformat(timespec="seconds")
    assert tap(client, game_id, key, 2, 1, "bid", seat=1, bid=1, tapped="2099-01-01T00:00:00Z").status_code == 200
    after = datetime.now(UTC).isoformat(timespec="seconds")
    times = entry_times(client, game_id)
    assert times[1] == EARLIER
    assert before <= times[2] <= after


def test_a_tap_time_without_its_offset_is_refused_saying_so(client):
    game_id, key = new_game(client)
    for wrong in ("2026-01-02T09:00:15", "yesterday", 1735808415, "2026-13-02T09:00:15Z"):
        answer = tap(client, game_id, key, 1, 1, "deal", trump="hearts", tapped=wrong)
        assert answer.status_code == 422
        assert answer.get_json()["field"] == "tapped"
        assert "offset" in answer.get_json()["error"]
    assert store.history(store_db(client), game_id)[-1]["kind"] == "create"
