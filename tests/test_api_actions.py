"""The actions API (issue 11): every write of the table as one JSON action, applied exactly once."""

import json
import re
import uuid

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from scorekeeper import store
from tests.api_helpers import RECORD, Table, auth, store_db, stored_record
from tests.examples import REQUESTS


@pytest.fixture
def game(client):
    body = client.post("/api/games", json=RECORD).get_json()
    return body["id"], body["edit_key"]


def test_a_whole_hand_through_the_actions(client, game):
    table = Table(client, *game)
    after = table.ok("deal", trump="hearts")
    assert after["step"] == "bids" and after["revision"] == 2
    table.ok("bid", seat=1, bid=1)
    table.ok("bid", seat=2, bid=0)
    table.ok("bid", seat=3, bid=1)
    after = table.ok("bid", seat=0, bid=1)
    assert after["step"] == "tricks"
    after = table.ok("tricks", tricks=[None, 0, 0, 0])  # Ann deals: she takes what is left
    assert after["step"] == "deal" and after["revision"] == 7
    # The game is what GET /api/games/<id> gives.
    assert after["game"] == client.get(f"/api/games/{game[0]}").get_json()
    hand = stored_record(client, game[0])["hands"][0]
    assert hand["bids"] == [1, 1, 0, 1] and hand["tricks"] == [1, 0, 0, 0] and hand["trump"] == "hearts"
    assert after["game"]["totals"] == [11, 0, 10, 0]


def test_the_same_id_twice_is_applied_once(client, game):
    table = Table(client, *game)
    first = table.ok("deal", trump="spades", action_id="deal-1")
    again = table.post("deal", revision=1, action_id="deal-1", trump="spades")
    assert again.status_code == 200 and again.get_json() == first
    assert len(stored_record(client, game[0])["hands"]) == 1
    assert [e["kind"] for e in store.history(store_db(client), game[0])] == ["create", "deal"]


def test_a_stale_tap_still_valid_is_applied(client, game):
    scorekeeper, other = Table(client, *game), Table(client, *game)
    scorekeeper.ok("deal", trump="clubs")
    scorekeeper.ok("bid", seat=1, bid=0)
    # The other phone still thinks the game is at revision 2: Cy's bid is still the next valid action.
    after = other.ok("bid", revision=2, action_id="other-1", seat=2, bid=1)
    assert after["revision"] == 4
    assert stored_record(client, game[0])["hands"][0]["bids"] == [None, 0, 1, None]


def test_a_conflicting_stale_tap_answers_409_with_the_game(client, game):
    table = Table(client, *game)
    table.ok("deal", trump="clubs")
    table.ok("bid", seat=1, bid=0)
    response = table.post("bid", revision=2, seat=1, bid=1)
    assert response.status_code == 409
    body = response.get_json()
    assert "Bob's bid is already 0" in body["error"] and "revision" not in body["error"]
    assert body["field"] == "bid" and body["revision"] == 3 and body["step"] == "bids"
    assert body["game"] == client.get(f"/api/games/{game[0]}").get_json()
    assert stored_record(client, game[0])["hands"][0]["bids"] == [None, 0, None, None]


def test_prefer_minimal_leaves_the_game_out_of_an_applied_tap_only(client, game):
    """The phone's queue asks for the revision and the message, not the whole scored game (Prefer, RFC 7240)."""
    game_id, key = game
    path, minimal = f"/api/games/{game_id}/actions", {**auth(key), "Prefer": "return=minimal"}
    applied = client.post(
        path, json={"id": "d", "revision": 1, "hand": 1, "action": "deal", "trump": "hearts"}, headers=minimal
    )
    assert applied.status_code == 200 and applied.headers["Preference-Applied"] == "return=minimal"
    assert applied.get_json() == {"revision": 2, "step": "bids", "message": None, "sealed": []}
    again = client.post(
        path, json={"id": "d", "revision": 1, "hand": 1, "action": "deal", "trump": "hearts"}, headers=minimal
    )
    assert again.get_json() == applied.get_json()  # applied once, answered alike
    refused = client.post(
        path, json={"id": "d2", "revision": 1, "hand": 1, "action": "deal", "trump": "clubs"}, headers=minimal
    )
    assert refused.status_code == 409 and "Preference-Applied" not in refused.headers
    assert refused.get_json()["game"] == client.get(f"/api/games/{game_id}").get_json()  # to redraw the hand
    whole = client.post(
        path, json={"id": "b", "revision": 2, "hand": 1, "action": "bid", "seat": 1, "bid": 1}, headers=auth(key)
    )
    assert whole.get_json()["game"]["hands"][0]["bids"] == [None, 1, None, None]


def test_a_stale_deal_after_another_deal_conflicts(client, game):
    table = Table(client, *game)
    table.ok("deal", trump="clubs")
    response = table.post("deal", revision=1, trump="hearts")
    assert response.status_code == 409
    body = response.get_json()
    assert body["error"] == (
        "This game changed on another phone since this tap was made. The table is at bids, not deal."
    )
    assert (body["revision"], body["tap_revision"]) == (2, 1)  # the numbers are for programs, not in the words
    assert len(stored_record(client, game[0])["hands"]) == 1


def test_refused_actions_name_the_field_and_change_nothing(client, game):
    table = Table(client, *game)
    table.ok("deal", cards=2, trump="clubs")  # Ann deals 2 instead of the planned 1
    table.ok("bid", seat=1, bid=1)
    table.ok("bid", seat=2, bid=0)
    table.ok("bid", seat=3, bid=0)
    cases = [
        ({"action": "bid", "seat": 0, "bid": 1}, 422, "hands[0].bids[0]", "may not bid 1"),
        ({"action": "bid", "seat": 0, "bid": 5}, 422, "hands[0].bids[0]", "A bid is 0 to 2"),
        ({"action": "bid", "seat": 9, "bid": 0}, 422, "seat", "seat number"),
        ({"action": "bid", "seat": 0}, 422, "bid", "whole number"),
        ({"action": "shuffle"}, 422, "action", "one of deal"),
        ({"action": "tricks", "tricks": "lots"}, 422, "tricks", "list of trick counts"),
    ]
    before = stored_record(client, game[0])
    for fields, status, field, words in cases:
        response = table.post(**fields)
        body = response.get_json()
        assert response.status_code == status, (fields, body)
        assert body["field"] == field and words in body["error"], (fields, body)
    assert stored_record(client, game[0]) == before


def test_the_body_must_be_well_formed(client, game):
    game_id, key = game
    url = f"/api/games/{game_id}/actions"
    cases = [
        ({"revision": 1, "hand": 1, "action": "deal"}, "id"),
        ({"id": "", "revision": 1, "hand": 1, "action": "deal"}, "id"),
        ({"id": "x", "revision": "1", "hand": 1, "action": "deal"}, "revision"),
        ({"id": "x", "revision": 1, "hand": 1}, "action"),
        ({"id": "x", "revision": 1, "action": "deal"}, "hand"),
        ({"id": "x", "revision": 1, "hand": 0, "action": "deal"}, "hand"),
        ([1, 2], "body"),
    ]
    for body, field in cases:
        response = client.post(url, json=body, headers=auth(key))
        assert response.status_code == 422 and response.get_json()["field"] == field, body
    assert client.post(url, data="deal", headers=auth(key)).status_code == 415


def test_keys(client, game):
    game_id, key = game
    url = f"/api/games/{game_id}/actions"
    body = {"id": "a", "revision": 1, "hand": 1, "action": "deal", "trump": "clubs"}
    assert client.post(url, json=body).status_code == 401
    assert client.post(url, json=body, headers=auth("wrong")).status_code == 403
    other_key = client.post("/api/games", json=RECORD).get_json()["edit_key"]
    assert client.post(url, json=body, headers=auth(other_key)).status_code == 403  # another game's key
    assert client.post("/api/games/nope/actions", json=body, headers=auth(key)).status_code == 404
    assert stored_record(client, game_id)["hands"] == []


def test_undo_and_a_stale_undo(client, game):
    table = Table(client, *game)
    table.ok("deal", trump="clubs")
    table.ok("bid", seat=1, bid=0)
    stale = table.post("undo", revision=2)
    assert stale.status_code == 409 and "another phone has acted since" in stale.get_json()["error"]
    after = table.ok("undo")
    assert after["message"] == "Undone: Bob's bid of 0." and after["step"] == "bids"
    assert stored_record(client, game[0])["hands"][0]["bids"] == [None] * 4


def test_trump_named_after_the_bids_and_penalties(client):
    record = json.loads(json.dumps(RECORD))
    record["rules"]["trump"] = "highest_bidder"
    body = client.post("/api/games", json=record).get_json()
    table = Table(client, body["id"], body["edit_key"])
    table.ok("deal")
    for seat, bid in ((1, 1), (2, 0), (3, 0), (0, 1)):
        after = table.ok("bid", seat=seat, bid=bid)
    assert after["step"] == "trump"
    assert table.ok("trump", trump="diamonds")["step"] == "tricks"
    after = table.ok(
        "tricks",
        tricks=[0, 1, 0, None],
        penalties=[{"seat": 2, "reason": "revoke"}, {"seat": 3, "reason": "other", "points": -5}],
    )
    hand = stored_record(client, body["id"])["hands"][0]
    assert hand["trump"] == "diamonds" and [p["seat"] for p in hand["penalties"]] == [2, 3]
    assert after["game"]["totals"] == [0, 11, -10, 5]


def test_openapi_describes_every_api_route(client, app):
    document = client.get("/api/openapi.json").get_json()
    described = {(path, method.upper()) for path, item in document["paths"].items() for method in item}
    served = set()
    for rule in app.url_map.iter_rules():
        if rule.rule.startswith("/api/"):
            path = re.sub(r"<(?:[^:<>]+:)?([^<>]+)>", r"{\1}", rule.rule)  # <event_id:event_id> is {event_id}
            served |= {(path, method) for method in rule.methods - {"HEAD", "OPTIONS"}}
    assert described == served
    assert set(document["components"]["schemas"]["Action"]["properties"]["action"]["enum"]) == {
        "deal",
        "bid",
        "trump",
        "tricks",
        "undo",
        "reveal",
        "correct",
        *("arrive", "leave", "sit_out", "sit_in", "insert", "resize", "skip", "cut", "cap", "decks"),  # the table
        "about",
        "settle",
    }


def one_hand_played(table):
    table.ok("deal", trump="hearts")
    for seat, bid in ((1, 1), (2, 0), (3, 0), (0, 1)):
        table.ok("bid", seat=seat, bid=bid)
    table.ok("tricks", tricks=[None, 1, 0, 0])


def test_a_past_hand_corrected_through_the_actions_once(client, game):
    table = Table(client, *game)
    one_hand_played(table)
    body = {
        "number": 1,
        "bids": [1, 0, 1, 0],
        "tricks": [1, 0, 0, 0],
        "trump": "spades",
        "penalties": [{"seat": 2, "reason": "revoke"}],
    }
    after = table.ok("correct", action_id="fix-1", **body)
    assert after["message"] == "Hand 1 corrected; the totals after it are rescored."
    hand = stored_record(client, game[0])["hands"][0]
    assert (hand["bids"], hand["tricks"], hand["trump"]) == ([1, 0, 1, 0], [1, 0, 0, 0], "spades")
    assert [p["seat"] for p in hand["penalties"]] == [2]
    again = table.post("correct", revision=after["revision"] - 1, action_id="fix-1", **body)  # sent twice
    assert again.status_code == 200 and again.get_json()["revision"] == after["revision"]
    assert len(stored_record(client, game[0])["hands"][0]["penalties"]) == 1


def test_a_correction_drawn_on_an_older_game_is_refused(client, game):
    table = Table(client, *game)
    one_hand_played(table)
    made_on = table.revision
    table.ok("deal", trump="clubs")  # another phone deals the next hand meanwhile
    stale = table.post("correct", revision=made_on, number=1, bids=[0, 1, 0, 0], tricks=[1, 0, 0, 0])
    assert stale.status_code == 409 and stale.get_json()["field"] == "number"
    assert "another phone has acted since" in stale.get_json()["error"]
    assert stored_record(client, game[0])["hands"][0]["bids"] == [1, 1, 0, 0]


@settings(max_examples=REQUESTS, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(
    number=st.one_of(st.integers(-3, 5), st.text(max_size=3), st.none(), st.floats(allow_nan=False)),
    bids=st.one_of(st.lists(st.integers(-1, 3) | st.none(), max_size=5), st.text(max_size=3)),
)
def test_any_correction_is_applied_or_refused_naming_the_field(client, game, number, bids):
    table = Table(client, *game)
    if table.client.get(f"/api/games/{game[0]}/export").get_json()["hands"] == []:
        one_hand_played(table)
    table.revision = client.get(f"/games/{game[0]}/revision").get_json()["revision"]
    before = stored_record(client, game[0])
    response = table.post(
        "correct", action_id=f"fix-{uuid.uuid4()}", number=number, bids=bids, tricks=[None, None, None, None]
    )
    answer = response.get_json()
    if response.status_code == 200:
        assert number == 1 and len(bids) == 4
    else:
        assert response.status_code in (409, 422) and answer["field"] and answer["error"]
        assert stored_record(client, game[0]) == before
