"""Seat links: a game whose seats are handed out, each player's own phone on its link, and a tap from it."""

import re

from scorekeeper import store
from tests.game_helpers import hand_at
from tests.html_forms import submit


PLAYERS = ["Ann", "Bob", "Cy", "Di"]


def new_game(client, bidding="sequential"):
    record = {
        "players": PLAYERS,
        "rules": {
            "scoring": "exact",
            "hook": bidding == "sequential",
            "bidding": bidding,
            "deals": {"pattern": "up", "max": 3},
            "first_dealer": 0,
        },
        "hands": [],
    }
    body = client.post("/api/games", json=record).get_json()
    assert client.get(f"/games/{body['id']}/claim/{body['edit_key']}").status_code == 302
    return body["id"], body["edit_key"]


def act(client, game_id, key, tap, **fields):
    body = {"id": tap, "revision": store_head(client, game_id), "hand": hand_at(record_of(client, game_id)), **fields}
    return client.post(f"/api/games/{game_id}/actions", json=body, headers={"Authorization": f"Bearer {key}"})


def store_head(client, game_id):
    with client.application.app_context():
        return store.get_game_head(store.get_db(), game_id)["revision"]


def record_of(client, game_id):
    return client.get(f"/api/games/{game_id}/export").get_json()


def seat_links(client, game_id):
    """Confirm on the scorekeeper's phone and return the seat links by player name."""
    page = client.get(f"/games/{game_id}/seats").get_data(as_text=True)
    assert "Make a link for each player" in page and 'name="confirm" required' in page
    response = submit(client, f"/games/{game_id}/seats", {"confirm": "on"})
    assert response.status_code == 302
    page = client.get(f"/games/{game_id}/seats").get_data(as_text=True)
    links = dict(
        (name, link)
        for link, name in re.findall(
            r'value="(http://localhost/games/[^"]+/seat/[^"]+)" aria-label="(\w+)\'s seat link"', page
        )
    )
    assert sorted(links) == sorted(PLAYERS)
    return links


def phone(app, link):
    """A player's own phone, which has opened its seat link."""
    client = app.test_client()
    response = client.get(link.removeprefix("http://localhost"))
    assert response.status_code == 302 and response.location.endswith("/mine")
    return client
