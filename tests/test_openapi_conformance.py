"""The API's description and its behaviour agree (issue "Serving a room", item 6), as a client nobody
here wrote sees it: schemathesis generates requests from /api/openapi.json for every operation, valid
ones and invalid ones, and checks each answer: never a 5xx, only the statuses and content types the
description names, bodies as it describes them."""

import json
import re

import pytest
import requests
import schemathesis
from hypothesis import HealthCheck, given, settings
from schemathesis import GenerationMode
from schemathesis.checks import not_a_server_error
from schemathesis.specs.openapi.checks import (
    content_type_conformance,
    negative_data_rejection,
    response_schema_conformance,
    status_code_conformance,
)

from scorekeeper.views.api import OPENAPI
from tests.examples import WALKS
from tests.game_helpers import create, record
from tests.owner_helpers import OWNER_KEY

CHECKS = [not_a_server_error, status_code_conformance, content_type_conformance, response_schema_conformance]
# A request the description forbids must be refused. (Not the converse: a record the schema allows may
# still break its own rules, a bid the hook forbids say, and is refused with a documented 422.)
REFUSES = [negative_data_rejection]
OPERATIONS = [
    (method.upper(), path) for path, item in json.loads(OPENAPI.read_text())["paths"].items() for method in item
]
# Valid requests for every operation; invalid ones where there is a body to break (any text is a game id).
OWNER_OPERATIONS = (
    "/api/events",
    "/api/events/import",
    "/api/money",
    "/api/money/balances",
    "/api/money/plan",
    "/api/money/pairs",
    "/api/money/payments",
    "/api/money/payments/{payment_id}/undo",
)
CASES = [
    (method, path, mode)
    for method, path in OPERATIONS
    for mode in GenerationMode
    if mode is GenerationMode.POSITIVE or method == "POST"
]


@pytest.mark.parametrize("method, path, mode", CASES, ids=[f"{m} {p} {mode.value}" for m, p, mode in CASES])
def test_every_operation_answers_as_described(app, live_server, method, path, mode):
    game_id, key = create(app.test_client(), record(hands=[], deals={"pattern": "up", "max": 5}), claim=False)
    # Over HTTP from the real server (waitress), as a client elsewhere reads it: gzip and all.
    operation = schemathesis.openapi.from_url(live_server + "/api/openapi.json")[path][method]

    @settings(
        max_examples=WALKS, derandomize=True, deadline=None, database=None, suppress_health_check=list(HealthCheck)
    )
    @given(case=operation.as_strategy(generation_mode=mode))
    def attempt(case):
        if case.path_parameters and len(case.path_parameters.get("game_id", "")) % 4:
            case.path_parameters["game_id"] = game_id  # mostly the real game; now and then an unknown id
        if "Authorization" not in (case.headers or {}) or len(case.headers["Authorization"]) % 3:
            # Mostly the key the operation asks for: the game's edit key, or the owner's to run events.
            bearer = OWNER_KEY if path in OWNER_OPERATIONS else key
            case.headers = {**(case.headers or {}), "Authorization": f"Bearer {bearer}"}
        case.call_and_validate(checks=CHECKS + (REFUSES if mode is GenerationMode.NEGATIVE else []), session=session)

    with requests.Session() as session:
        attempt()


def test_every_route_of_the_api_is_described(app):
    described = {(method, re.sub(r"\{(\w+)\}", r"<\1>", path)) for method, path in OPERATIONS}
    routes = {
        (method, re.sub(r"<(?:\w+:)?(\w+)>", r"<\1>", rule.rule))
        for rule in app.url_map.iter_rules()
        if rule.rule.startswith("/api/")
        for method in rule.methods - {"HEAD", "OPTIONS"}
    }
    assert routes == described


def test_options_offers_the_described_methods_only(client):
    """OPTIONS (and a 405's Allow) names what the description has at that path: /api/events/import once offered
    GET, from /api/events/<event_id>."""
    for path, item in json.loads(OPENAPI.read_text())["paths"].items():
        concrete = path.replace("{game_id}", "g1").replace("{event_id}", "e1").replace("{payment_id}", "1")
        allowed = set(client.options(concrete).headers["Allow"].split(", ")) - {"HEAD", "OPTIONS"}
        assert allowed == {method.upper() for method in item}, path


def test_the_language_is_described_as_the_five_the_app_takes(app, client):
    described = json.loads(OPENAPI.read_text())["components"]["schemas"]
    assert set(described["Record"]["properties"]["language"]["enum"]) == set(app.config["LANGUAGES"]) | {None}
    assert set(described["EventRecord"]["properties"]["language"]["enum"]) == set(app.config["LANGUAGES"])
    refused = client.post("/api/games", json=dict(record(hands=[]), language="xx"))
    assert refused.status_code == 422 and refused.get_json()["field"] == "language"
    event = {"name": "Cup", "format": "rounds", "seed": "s", "players": ["Ann", "Bob", "Cy", "Di"], "language": "xx"}
    for path in ("/api/events", "/api/events/import"):
        refused = client.post(path, json=event, headers={"Authorization": f"Bearer {OWNER_KEY}"})
        assert refused.status_code == 422 and refused.get_json()["field"] == "language", path


def test_the_actions_api_keeps_to_the_description(client):
    game_id, key = create(client, record(hands=[], deals={"pattern": "up", "max": 5}), claim=False)
    url, auth = f"/api/games/{game_id}/actions", {"Authorization": f"Bearer {key}"}
    # An unknown key was dropped silently though the description forbids it: now it is named.
    response = client.post(
        url, json={"id": "a", "revision": 1, "hand": 1, "action": "deal", "cards": 1, "colour": "red"}, headers=auth
    )
    assert response.status_code == 422 and response.get_json()["field"] == "colour"
    assert client.get(f"/api/games/{game_id}/export").get_json()["hands"] == []
    # 1.0 is an integer to JSON Schema, so to the API: read as 1, stored as 1.
    response = client.post(
        url,
        json={"id": "b", "revision": 1.0, "hand": 1.0, "action": "deal", "cards": 1.0, "trump": "hearts"},
        headers=auth,
    )
    assert response.status_code == 200 and response.get_json()["revision"] == 2
    assert json.dumps(client.get(f"/api/games/{game_id}/export").get_json()["hands"][0]["cards"]) == "1"
    for bad in (True, 1.5, 10**15):
        response = client.post(url, json={"id": f"c{bad}", "revision": bad, "hand": 2, "action": "undo"}, headers=auth)
        assert response.status_code == 422 and response.get_json()["field"] == "revision"


@pytest.mark.parametrize("path", ["/api/games", "/api/games/{}/hands", "/api/games/{}/actions"])
def test_a_null_body_is_a_documented_refusal(client, path):
    game_id, key = create(client, record(hands=[], deals={"pattern": "up", "max": 5}), claim=False)
    response = client.post(
        path.format(game_id), data="null", content_type="application/json", headers={"Authorization": f"Bearer {key}"}
    )
    documented = json.loads(OPENAPI.read_text())["paths"][path.replace("{}", "{game_id}")]["post"]["responses"]
    assert 400 <= response.status_code < 500 and str(response.status_code) in documented
    assert response.get_json()["error"]
