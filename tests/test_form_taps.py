"""One way in (issue 45, item 1): the hand's forms are the scorekeeper's taps, through the same pipeline as the
actions API (taps.perform): the same checks, the same apply, applied once under an id."""

import html as html_lib
import re

from scorekeeper import rules, store
from tests.game_helpers import create
from tests.html_forms import submit
from tests.table_helpers import applied, follow, new_game, stored


def test_a_forms_write_is_a_tap_applied_once(client, app):
    game_id = new_game(client)
    assert applied(app, game_id) == 0
    assert submit(client, f"/games/{game_id}/deal", {"trump": "hearts"}).status_code == 302
    assert applied(app, game_id) == 1 and stored(app, game_id)["revision"] == 2


def test_a_forms_bid_and_a_taps_bid_meet_the_same_refusal(client, app):
    game_id = new_game(client)  # Ann deals hand 1 (1 card): Bob, Cy and Di bid 0, so the hook keeps Ann off 1
    assert submit(client, f"/games/{game_id}/deal", {"trump": "hearts"}).status_code == 302
    for _seat in (1, 2, 3):
        url, _page = follow(client, game_id)
        assert submit(client, url, {"bid": 0}).status_code == 302
    game = stored(app, game_id)
    with app.app_context():
        key = store.get_db().execute("select edit_key from games where id = ?", [game_id]).fetchone()[0]
    tapped = client.post(
        f"/api/games/{game_id}/actions",
        headers={"Authorization": f"Bearer {key}"},
        json={"id": "hooked", "revision": game["revision"], "hand": 1, "action": "bid", "seat": 0, "bid": 1},
    )
    assert tapped.status_code == 422
    url, _page = follow(client, game_id)
    refused = submit(client, url, {"bid": 1})
    assert refused.status_code == 302
    page = client.get(refused.headers["Location"]).get_data(as_text=True)
    assert tapped.get_json()["error"] in html_lib.unescape(page)
    assert stored(app, game_id)["revision"] == game["revision"]


def test_a_taps_work_is_done_once_even_when_it_goes_under_the_lock(client, app, monkeypatch):
    """The engine's action runs once per tap: before the lock, and its outcome (or its refusal) is used again under
    it while the game is at that revision (review §2.2: it ran twice)."""
    calls = []
    engine_bid = rules.actions.bid
    monkeypatch.setattr(rules.actions, "bid", lambda *args, **kwargs: calls.append(args) or engine_bid(*args, **kwargs))
    game_id = new_game(client)
    assert submit(client, f"/games/{game_id}/deal", {"trump": "hearts"}).status_code == 302
    for bid in (0, 0, 0):
        url, _page = follow(client, game_id)
        assert submit(client, url, {"bid": bid}).status_code == 302
    assert len(calls) == 3  # written ahead of the lock
    url, _page = follow(client, game_id)
    assert submit(client, url, {"bid": 1}).status_code == 302  # the hook refuses Ann's 1: answered under the lock
    assert len(calls) == 4


def test_bids_all_at_once_keep_a_blind_bid_through_the_form(client, app):
    """The bids all at once are a reveal tap: the seats marked blind on the form are kept (`blinds`)."""
    hand = {"dealer": 0, "cards": 3, "trump": "hearts", "bids": [1, 0, 3, 0], "tricks": [0, 0, 3, 0]}
    game_id, _key = create(
        client,
        {
            "players": ["Ann", "Bob", "Cy", "Di"],
            "hands": [hand],
            "rules": {
                "scoring": "ten_times",
                "modifiers": ["blind"],
                "first_dealer": 0,
                "hook": False,
                "bidding": "simultaneous",
                "deals": {"pattern": "custom", "sizes": [3, 3, 3]},
            },
        },
    )
    assert submit(client, f"/games/{game_id}/deal", {"trump": "spades"}).status_code == 302
    page = client.get(f"/games/{game_id}/bids").get_data(as_text=True)
    offered = [int(seat) for seat in re.findall(r'name="blind_(\d+)"', page)]
    assert offered, "someone trailing may bid blind"
    bids = {f"bid_{seat}": 1 for seat in range(4)}
    assert submit(client, f"/games/{game_id}/bids", {**bids, f"blind_{offered[0]}": "y"}).status_code == 302
    recorded = stored(app, game_id)["record"]["hands"][1]
    assert recorded["bids"] == [1, 1, 1, 1] and recorded["blind"] == [offered[0]]


def test_the_bids_all_at_once_once_revealed_open_the_tricks(client, app):
    """Revealed from another phone, the bids' address (a back button, a reload, a kept page coming back) opens the
    tricks; the form posted again is stale and records nothing."""
    game_id, _key = create(
        client,
        {
            "players": ["Ann", "Bob", "Cy", "Di"],
            "rules": {"scoring": "ten_times", "hook": False, "bidding": "simultaneous"},
        },
    )
    assert submit(client, f"/games/{game_id}/deal", {"trump": "spades"}).status_code == 302
    form = client.get(f"/games/{game_id}/bids").get_data(as_text=True)
    assert submit(client, f"/games/{game_id}/bids", {f"bid_{seat}": 0 for seat in range(4)}).status_code == 302
    revision = stored(app, game_id)["revision"]
    opened = client.get(f"/games/{game_id}/bids")
    assert opened.status_code == 302 and opened.headers["Location"].endswith(f"/games/{game_id}/tricks")
    again = client.post(
        f"/games/{game_id}/bids",
        data={
            **{f"bid_{seat}": 1 for seat in range(4)},
            **dict(
                re.findall(
                    r'name="(csrf_token|revision)"[^>]*'
                    r'value="([^"]*)"',
                    form,
                )
            ),
        },
    )
    assert again.status_code == 302 and stored(app, game_id)["revision"] == revision
    assert stored(app, game_id)["record"]["hands"][0]["bids"] == [0, 0, 0, 0]
