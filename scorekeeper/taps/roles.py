"""The roles a key to a game holds; which role may send which action is the registry's (registry.py `MAY`, generated
from each action's `roles`), checked once per tap before anything else runs.

A key to a game is its scorekeeper's edit key or one of its seat keys. A seat key is the "own seat" for a bid
with its own seat number and the "other seat" for anything else. Everyone else (a follower, another game's
key, the instance owner, no key at all) holds no key to the game and is refused at the door: 401 or 403 by
the actions API (views/api.py), 403 by the HTML forms (web/edit_keys.require_edit, views/seats.py).
docs/security.md says it in words; tests/test_roles.py drives every action and every role through both.
"""

SCOREKEEPER, OWN_SEAT, OTHER_SEAT = "scorekeeper", "own seat", "other seat"


def role_of(seat, body):
    """The role of the key that sent body: `seat` None for the edit key, else the seat key's seat."""
    if seat is None:
        return SCOREKEEPER
    return OWN_SEAT if body.get("action") == "bid" and body.get("seat") == seat else OTHER_SEAT
