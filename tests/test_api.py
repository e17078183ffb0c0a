"""The JSON API: every route, every kind of bad input, the read-only refusal."""

import json

import pytest

from scorekeeper import store
from tests.cli_helpers import run_cli
from tests.owner_helpers import OWNER_KEY

RECORD = {
    "players": ["Ann", "Bob", "Cy", "Di"],
    "rules": {
        "scoring": "exact",
        "deals": {"pattern": "up", "max": 3},
        "stake": 0.5,
        "settlement": "pairwise",
        "house_note": "Grandma's rules",
    },
    "hands": [
        {"cards": 1, "dealer": 0, "trump": "hearts", "bids": [1, 0, 0, 1], "tricks": [1, 0, 0, 0], "seat_colour": "red"}
    ],
    "venue": {"room": "kitchen"},
}
HAND = {"cards": 2, "dealer": 1, "trump": "spades", "bids": [1, 0, 0, 0], "tricks": [1, 1, 0, 0], "note": "x"}


@pytest.fixture
def created(client):
    response = client.post("/api/games", json=RECORD)
    assert response.status_code == 201
    return response.get_json()


def auth(key):
    return {"Authorization": f"Bearer {key}"}


def test_create_answers_id_key_and_links(created):
    assert set(created) == {"id", "edit_key", "url", "view_url", "recognised"}
    assert created["view_url"].endswith(f"/games/{created['id']}")
    assert created["edit_key"] in created["url"]


def test_scored_game_is_what_the_cli_prints(client, created, tmp_path):
    path = tmp_path / "game.json"
    path.write_text(json.dumps(RECORD))
    cli = run_cli("score", path, "--json", check=True)
    response = client.get(f"/api/games/{created['id']}")
    assert response.status_code == 200 and response.mimetype == "application/json"
    assert response.get_data(as_text=True).strip() == cli.stdout.strip()


def test_export_round_trip_keeps_unknown_keys(client, created):
    exported = client.get(f"/api/games/{created['id']}/export").get_json()
    assert exported == RECORD
    again = client.post("/api/games", json=exported).get_json()
    assert client.get(f"/api/games/{again['id']}/export").get_json() == RECORD


def test_append_hand(client, created):
    response = client.post(f"/api/games/{created['id']}/hands", json=HAND, headers=auth(created["edit_key"]))
    assert response.status_code == 201 and response.get_json()["number"] == 2
    scored = client.get(f"/api/games/{created['id']}").get_json()
    assert scored["totals"] == [22, 10, 20, 10]
    assert client.get(f"/api/games/{created['id']}/export").get_json()["hands"][1] == HAND


@pytest.mark.parametrize(
    "body, status, field",
    [
        ({"players": ["Ann"]}, 422, "players"),
        ({"players": ["Ann", "Bob", "Cy"], "rules": {"scoring": "nonsense"}}, 422, "rules.scoring"),
        (
            {
                "players": ["Ann", "Bob", "Cy"],
                "hands": [{"cards": 1, "dealer": 0, "bids": [0, 0, 1], "tricks": [0, 0, 1]}],
            },
            422,
            "hands[0].bids[0]",
        ),
        ([1, 2], 422, None),
    ],
)
def test_create_refuses_bad_records(client, app, body, status, field):
    response = client.post("/api/games", json=body)
    assert response.status_code == status
    assert response.get_json()["field"] == field and response.get_json()["error"]
    with app.app_context():
        assert store.list_games(store.get_db()) == []


def test_create_refuses_non_json(client):
    assert client.post("/api/games", data="players=Ann").status_code == 415
    response = client.post("/api/games", data="{not json", content_type="application/json")
    assert response.status_code == 400 and "JSON" in response.get_json()["error"]


def test_unknown_game(client):
    for url in ("/api/games/nope", "/api/games/nope/export"):
        response = client.get(url)
        assert response.status_code == 404 and response.get_json()["field"] == "id"
    assert client.post("/api/games/nope/hands", json=HAND, headers=auth("x")).status_code == 404


@pytest.mark.parametrize(
    "headers, status", [({}, 401), ({"Authorization": "Basic abc"}, 401), ({"Authorization": "Bearer wrong"}, 403)]
)
def test_append_refused_without_the_edit_key(client, created, headers, status):
    response = client.post(f"/api/games/{created['id']}/hands", json=HAND, headers=headers)
    assert response.status_code == status and response.get_json()["field"] == "Authorization"
    assert client.get(f"/api/games/{created['id']}/export").get_json() == RECORD


@pytest.mark.parametrize(
    "hand, field",
    [
        ({**HAND, "tricks": [1, 1, 1, 0]}, "tricks"),
        ({**HAND, "bids": [1, 0, 0]}, "bids"),
        ({**HAND, "bids": [1, 0, 1, 0]}, "bids[1]"),
        ({**HAND, "trump": "stars"}, "trump"),
        ({**HAND, "dealer": 9}, "dealer"),
        ({k: v for k, v in HAND.items() if k != "tricks"}, "tricks"),
        ("a string", "hand"),
    ],
)
def test_append_refuses_bad_hands(client, created, hand, field):
    response = client.post(f"/api/games/{created['id']}/hands", json=hand, headers=auth(created["edit_key"]))
    assert response.status_code == 422, response.get_json()
    assert response.get_json()["field"] == field
    assert client.get(f"/api/games/{created['id']}/export").get_json() == RECORD


def test_append_refused_when_game_over(client, created):
    hands = [HAND, {"cards": 3, "dealer": 2, "bids": [1, 1, 0, 0], "tricks": [1, 1, 1, 0]}]
    for hand in hands:
        assert (
            client.post(f"/api/games/{created['id']}/hands", json=hand, headers=auth(created["edit_key"])).status_code
            == 201
        )
    response = client.post(f"/api/games/{created['id']}/hands", json=HAND, headers=auth(created["edit_key"]))
    assert response.status_code == 409 and "over" in response.get_json()["error"]


@pytest.mark.parametrize("scheme", ["bearer", "BEARER", "Bearer", "bEaReR"])
def test_the_bearer_scheme_is_read_in_any_case(client, stranger, created, scheme):
    """RFC 7235: the scheme is case-insensitive; every key the API takes is read by one function."""
    key = created["edit_key"]
    appended = stranger.post(
        f"/api/games/{created['id']}/hands", json=HAND, headers={"Authorization": f"{scheme} {key}"}
    )
    assert appended.status_code == 201
    tap = {
        "id": "t1",
        "revision": appended.get_json()["revision"],
        "hand": 3,
        "action": "deal",
        "cards": 3,
        "trump": "clubs",
    }
    dealt = stranger.post(
        f"/api/games/{created['id']}/actions", json=tap, headers={"Authorization": f"{scheme}  {key} "}
    )
    assert dealt.status_code == 200, dealt.get_json()
    assert stranger.get("/export/games.json", headers={"Authorization": f"{scheme} {OWNER_KEY}"}).status_code == 200
    from tests.event_web_helpers import short_event

    director = short_event(client)
    started = stranger.post(
        f"/api/events/{director.id}/actions",
        json={"action": "start"},
        headers={"Authorization": f"{scheme} {director.key}"},
    )
    assert started.status_code == 200, started.get_json()


@pytest.mark.parametrize("header", ["Bearer", "Bearer ", "bearer   ", "Basic abc", "Bearerabc"])
def test_a_header_without_a_bearer_key_is_asked_for_one(stranger, created, header):
    refused = stranger.post(f"/api/games/{created['id']}/hands", json=HAND, headers={"Authorization": header})
    assert refused.status_code == 401 and "Bearer <edit_key>" in refused.get_json()["error"]
    assert client_export(stranger, created) == RECORD


def client_export(client, created):
    return client.get(f"/api/games/{created['id']}/export").get_json()
