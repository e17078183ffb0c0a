"""The registry of actions (scorekeeper/taps/registry.py) is the one place an action of the table is declared: the
docs' tables and the API's description are generated from it and kept so, every entry is documented, and every
entry's worked example runs through the real pipeline (the actions API)."""

import json
import re
from pathlib import Path

import pytest

from scorekeeper import store
from scorekeeper.taps import described, registry
from scorekeeper.views.api import OPENAPI
from tests.game_helpers import hand_at

ROOT = Path(__file__).resolve().parents[1]
PLAYERS = ["Ann", "Bob", "Cy", "Di"]
RULES = {"scoring": "exact", "hook": True, "deals": {"pattern": "up", "max": 3}, "first_dealer": 0}


@pytest.mark.parametrize("file", described.TABLES)
def test_the_docs_tables_are_the_registrys(file):
    name, table = described.TABLES[file]
    text = (ROOT / "docs" / file).read_text(encoding="utf-8")
    assert described.generated(text, name, table()) == text, "run: python -m scorekeeper.taps.described"


def test_every_action_and_every_field_is_documented():
    api = (ROOT / "docs" / "api.md").read_text(encoding="utf-8")
    for action in registry.ACTIONS:
        assert action.summary and all(use.says for use in action.fields), action.name
        assert f"| `{action.name}` |" in api
        assert action.step in (None, "recorded") or action.step in ("deal", "bids", "trump", "tricks"), action.name
    used = {use.field for action in registry.ACTIONS for use in action.fields}
    for name, field in registry.FIELDS.items():
        # Each key is the envelope's (described on its own) or some action's (described by each action using it).
        assert name in registry.ENVELOPE or name == "tapped" or name in used, name
        assert name == "action" or field.schema.get("description") or name in used, name


def test_the_served_description_holds_the_registrys_action(client):
    served = client.get("/api/openapi.json").get_json()
    assert served["components"]["schemas"]["Action"] == described.action_schema()
    assert served["components"]["schemas"]["Action"]["properties"]["action"]["enum"] == list(registry.BY_NAME)
    # The document kept beside the view holds no second copy to drift.
    assert set(json.loads(OPENAPI.read_text(encoding="utf-8"))["components"]["schemas"]["Action"]) == {"$comment"}


def test_the_offline_queue_sends_only_registered_actions():
    named = set()
    for script in (ROOT / "scorekeeper" / "static").glob("*.js"):
        named |= set(re.findall(r"""action(?:: | === )["'](\w+)["']""", script.read_text(encoding="utf-8")))
    assert named and named <= set(registry.BY_NAME), named - set(registry.BY_NAME)


def _tap(client, game_id, key, number, name, fields, hand=None):
    with client.application.app_context():
        db = store.get_db()
        revision = store.get_game_head(db, game_id)["revision"]
        record = store.get_game(db, game_id)["record"]
    body = {"id": f"tap-{number}", "revision": revision, "hand": hand or hand_at(record), "action": name, **fields}
    answer = client.post(f"/api/games/{game_id}/actions", json=body, headers={"Authorization": f"Bearer {key}"})
    return revision, answer


@pytest.mark.parametrize("action", registry.ACTIONS, ids=[action.name for action in registry.ACTIONS])
def test_each_worked_example_runs_through_the_pipeline(app, action):
    client = app.test_client()
    made = client.post(
        "/api/games", json={"players": PLAYERS, "rules": dict(RULES, **action.example.rules), "hands": []}
    ).get_json()
    game_id, key = made["id"], made["edit_key"]
    for number, (name, fields) in enumerate(action.example.before):
        assert _tap(client, game_id, key, number, name, fields)[1].status_code == 200
    hand = action.example.body.get("number") if action.step == "recorded" else None
    revision, answer = _tap(client, game_id, key, "example", action.name, action.example.body, hand)
    assert answer.status_code == 200, answer.get_json()
    assert answer.get_json()["revision"] > revision
