"""The actions API as a table's phone calls it: the bearer key, a tap's body, and the record, database and SQL
statements the store then holds and runs."""

from scorekeeper import store
from tests.game_helpers import hand_at


# Ann, Bob, Cy, Di; the hook on; hands of 1, 2, 3 cards; the trump turned up at the deal.
RECORD = {
    "players": ["Ann", "Bob", "Cy", "Di"],
    "rules": {"scoring": "exact", "hook": True, "deals": {"pattern": "up", "max": 3}, "first_dealer": 0},
    "hands": [],
}


def auth(key):
    return {"Authorization": f"Bearer {key}"}


class Table:
    """One client of the actions API: counts its own action ids and follows the revision it was told."""

    def __init__(self, client, game_id, key):
        self.client, self.game_id, self.key, self.n, self.revision = client, game_id, key, 0, 1

    def post(self, action, revision=None, action_id=None, hand=None, **fields):
        """Send an action made on `hand` (by default: the hand the game is on now; a correction: its number)."""
        self.n += 1
        if hand is None:
            number = fields.get("number")
            hand = (
                number
                if action == "correct" and number is not None
                else hand_at(stored_record(self.client, self.game_id))
            )
        body = {
            "id": action_id or f"tap-{self.n}",
            "revision": revision or self.revision,
            "hand": hand,
            "action": action,
            **fields,
        }
        response = self.client.post(f"/api/games/{self.game_id}/actions", json=body, headers=auth(self.key))
        if response.status_code == 200:
            self.revision = response.get_json()["revision"]
        return response

    def ok(self, action, **fields):
        response = self.post(action, **fields)
        assert response.status_code == 200, response.get_json()
        return response.get_json()


def stored_record(client, game_id):
    return client.get(f"/api/games/{game_id}/export").get_json()


def store_db(client):
    with client.application.app_context():
        return store.connect(client.application.config["DATABASE"])


def once(statements):
    """The statements as run: SQLite reports each trigger program a statement codes (m151's results number) under
    the statement's own text, right after it."""
    return [text for number, text in enumerate(statements) if not number or text != statements[number - 1]]
