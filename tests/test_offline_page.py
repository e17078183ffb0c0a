"""The scorekeeper's hand pages carry what the offline queue needs (issue 11), as data, never as inline script."""

import html
import json
import re

from game_helpers import create


def table_data(page):
    found = re.search(r'<div id="offline" hidden data-table="([^"]*)"', page)
    assert found, "the hand page carries no offline data"
    return json.loads(html.unescape(found.group(1)))


def test_each_hand_page_carries_the_hand(client):
    record = {"players": ["Ann", "Bob", "Cy"], "rules": {"scoring": "exact", "hook": True,
                                                         "deals": {"pattern": "up", "max": 2}, "first_dealer": 1},
              "hands": []}
    game_id, key = create(client, record)
    deal = client.get(f"/games/{game_id}/deal").get_data(as_text=True)
    data = table_data(deal)
    assert data["step"] == "deal" and data["next"] == {"cards": 1, "dealer": 1, "trump": None, "out": []}
    assert data["players"] == ["Ann", "Bob", "Cy"] and data["hook"] is True and data["key"] == key
    assert data["api"] == f"/api/games/{game_id}/actions" and data["revision"] == 1
    assert not re.search(r"<script(?![^>]*\bsrc=)[^>]*>", deal), "inline script"
    client.post(f"/api/games/{game_id}/actions", json={"id": "d", "revision": 1, "action": "deal", "trump": "clubs"},
                headers={"Authorization": f"Bearer {key}"})
    data = table_data(client.get(f"/games/{game_id}/bids").get_data(as_text=True))
    assert data["step"] == "bids" and data["number"] == 1
    assert data["hand"] == {"cards": 1, "dealer": 1, "bids": [None, None, None], "out": [], "trump": "clubs"}


def test_followers_never_get_the_key(client, app):
    record = {"players": ["Ann", "Bob", "Cy"], "rules": {"deals": {"pattern": "up", "max": 2}}, "hands": []}
    game_id, key = create(client, record, claim=False)
    follower = app.test_client()
    assert key not in follower.get(f"/games/{game_id}").get_data(as_text=True)
    assert follower.get(f"/games/{game_id}/deal").status_code == 403
