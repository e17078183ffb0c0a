"""Every key does only its own job (issue 23): one table of every action of the table × every role, driven through
the actions API and through the HTML forms. A new action cannot be added without its row."""

import pytest

from scorekeeper import store
from scorekeeper.rules.actions import TABLE_CHANGES
from scorekeeper.taps.registry import BY_NAME as ACTIONS
from tests.game_helpers import hand_at
from tests.html_forms import csrf_of
from tests.owner_helpers import OWNER_KEY, owner_client

ROLES = ("scorekeeper", "own seat", "other seat", "follower", "another game's key", "owner", "none")
# Who may send each action: Y applied, - refused (and nothing changes). The columns are ROLES, in order.
TABLE = """
action   scorekeeper  own-seat  other-seat  follower  another-game's-key  owner  none
deal     Y            -         -           -         -                   -      -
bid      Y            Y         -           -         -                   -      -
trump    Y            -         -           -         -                   -      -
tricks   Y            -         -           -         -                   -      -
undo     Y            -         -           -         -                   -      -
reveal   Y            -         -           -         -                   -      -
correct  Y            -         -           -         -                   -      -
arrive   Y            -         -           -         -                   -      -
leave    Y            -         -           -         -                   -      -
sit_out  Y            -         -           -         -                   -      -
sit_in   Y            -         -           -         -                   -      -
insert   Y            -         -           -         -                   -      -
resize   Y            -         -           -         -                   -      -
skip     Y            -         -           -         -                   -      -
cut      Y            -         -           -         -                   -      -
cap      Y            -         -           -         -                   -      -
decks    Y            -         -           -         -                   -      -
about    Y            -         -           -         -                   -      -
settle   Y            -         -           -         -                   -      -
"""
MAY = {
    row.split()[0]: {role for role, cell in zip(ROLES, row.split()[1:]) if cell == "Y"}
    for row in TABLE.strip().splitlines()[1:]
}

PLAYERS = ["Ann", "Bob", "Cy", "Di"]
OWN, OTHER = 1, 2  # Ann deals hand 1: Bob bids first; his is the own seat, Cy's another seat
RULES = {"scoring": "exact", "hook": True, "deals": {"pattern": "up", "max": 3}, "first_dealer": 0}
BIDS_IN = [(1, 1), (2, 0), (3, 0), (0, 1)]  # by seat, in turn: Ann, the dealer, last
# Each action: its game's rules, the taps that bring the game to it, the API's body, and the HTML form
# (path, fields; for a seat key its own page).
SCENES = {
    "deal": ({}, [], {"trump": "hearts"}, ("deal", {"trump": "hearts"})),
    "bid": ({}, [("deal", {"trump": "hearts"})], {"seat": OWN, "bid": 0}, ("bids", {"seat": str(OWN), "bid": "0"})),
    "trump": (
        {"trump": "highest_bidder"},
        [("deal", {})] + [("bid", {"seat": s, "bid": b}) for s, b in BIDS_IN],
        {"trump": "spades"},
        ("trump", {"trump": "spades"}),
    ),
    "tricks": (
        {},
        [("deal", {"trump": "hearts"})] + [("bid", {"seat": s, "bid": b}) for s, b in BIDS_IN],
        {"tricks": [1, 0, 0, 0]},
        ("tricks", {"took_0": "1", "took_1": "0", "took_2": "0", "took_3": "0", "penalty_reason": "revoke"}),
    ),
    "undo": ({}, [("deal", {"trump": "hearts"})], {}, ("undo", {})),
    "reveal": (
        {"hook": False, "bidding": "simultaneous"},
        [("deal", {"trump": "hearts"})],
        {"bids": {"0": 0, "1": 1, "2": 0, "3": 1}},
        ("reveal", {f"bid_{s}": str(s % 2) for s in range(4)}),
    ),
    "correct": (
        {},
        [("deal", {"trump": "hearts"})]
        + [("bid", {"seat": s, "bid": b}) for s, b in BIDS_IN]
        + [("tricks", {"tricks": [None, 1, 0, 0]})],
        {"number": 1, "bids": [1, 1, 0, 0], "tricks": [1, 0, 0, 0]},
        (
            "hands/1/edit",
            {
                "bid_0": "1",
                "bid_1": "1",
                "bid_2": "0",
                "bid_3": "0",
                "took_0": "1",
                "took_1": "0",
                "took_2": "0",
                "took_3": "0",
                "penalty_reason": "revoke",
            },
        ),
    ),
}
# The table changes, each from the Table screen's form (its button's action and the fields it sends).
UNDEALABLE = {"deals": {"pattern": "custom", "sizes": [13, 13]}}  # a fifth player: the deck cannot deal 13 each
for name, rules, before, body in (
    ("arrive", {}, [], {"name": "Eve", "start": "zero"}),
    ("leave", {}, [], {"seat": OTHER}),
    ("sit_out", {}, [], {"seat": OTHER}),
    ("sit_in", {}, [("sit_out", {"seat": OTHER})], {"seat": OTHER}),
    ("insert", {}, [], {"position": 2, "cards": 5}),
    ("resize", {}, [], {"position": 2, "cards": 5}),
    ("skip", {}, [], {"position": 3}),
    ("cut", {}, [("deal", {"trump": "hearts"})], {}),
    ("cap", UNDEALABLE, [("arrive", {"name": "Eve"})], {}),
    ("decks", UNDEALABLE, [("arrive", {"name": "Eve"})], {}),
):
    SCENES[name] = (rules, before, body, ("table", {"action": name, **{k: str(v) for k, v in body.items()}}))
SCENES["about"] = ({}, [], {"date": "2026-11-20", "note": "Birthday"}, ("about", {"date": "2026-11-20", "note": "x"}))
SCENES["settle"] = (
    {},
    [],
    {"method": "prospect", "stake": 0.5, "payouts": [1, 2, 3]},
    ("settle", {"settlement": "prospect", "stake": "0.5", "payouts": "1 2 3"}),
)


# The table changes share one role check (the scorekeeper's only): every role is driven for an arrival, the other
# changes for the edit key (applied) and a seat's key (refused); the table's row is the registry's for each.
CASES = [
    (action, role)
    for action in ACTIONS
    for role in ROLES
    if action not in TABLE_CHANGES or action == "arrive" or role in ("scorekeeper", "own seat")
]


def test_the_table_has_a_row_for_every_action_and_a_scene_for_each():
    assert list(MAY) == list(ACTIONS) and set(SCENES) == set(ACTIONS)
    assert all(MAY[name] == set(action.roles) for name, action in ACTIONS.items())


def head(app, game_id):
    with app.app_context():
        db = store.get_db()
        return store.get_game_head(db, game_id)["revision"], store.get_game(db, game_id)["record"]


def scene(app, action):
    """A game brought to where `action` is the next tap, with seat links; return (game id, edit key, seat keys)."""
    client = app.test_client()
    made = client.post(
        "/api/games", json={"players": PLAYERS, "rules": dict(RULES, **SCENES[action][0]), "hands": []}
    ).get_json()
    game_id, key = made["id"], made["edit_key"]
    with app.app_context():
        store.make_seat_keys(store.get_db(), game_id, range(len(PLAYERS)))
        seat_keys = store.seat_keys(store.get_db(), game_id)
    for number, (name, fields) in enumerate(SCENES[action][1]):
        revision, record = head(app, game_id)
        body = {"id": f"setup-{number}", "revision": revision, "hand": hand_at(record), "action": name, **fields}
        answer = client.post(f"/api/games/{game_id}/actions", json=body, headers={"Authorization": f"Bearer {key}"})
        assert answer.status_code == 200, answer.get_json()
    if action == "reveal":  # Cy has bid in secret from his phone: the scorekeeper's Reveal shows them all
        revision, record = head(app, game_id)
        body = {"id": "cy", "revision": revision, "hand": 1, "action": "bid", "seat": OTHER, "bid": 0}
        assert (
            client.post(
                f"/api/games/{game_id}/actions", json=body, headers={"Authorization": f"Bearer {seat_keys[OTHER]}"}
            ).status_code
            == 200
        )
    return game_id, key, seat_keys


def bearer(app, role, key, seat_keys, other_key, game_id):
    """The Authorization header each role sends (a follower knows only the game's own link)."""
    token = {
        "scorekeeper": key,
        "own seat": seat_keys[OWN],
        "other seat": seat_keys[OTHER],
        "follower": game_id,
        "another game's key": other_key,
        "owner": OWNER_KEY,
    }.get(role)
    return {} if token is None else {"Authorization": f"Bearer {token}"}


@pytest.mark.parametrize(("action", "role"), CASES)
def test_every_role_through_the_actions_api(app, action, role):
    game_id, key, seat_keys = scene(app, action)
    _other_id, other_key, _seats = scene(app, "deal")
    revision, record = head(app, game_id)
    body = {
        "id": f"{action}-{role}",
        "revision": revision,
        "hand": hand_at(record),
        "action": action,
        **SCENES[action][2],
    }
    if action == "correct":
        body["hand"] = 1
    response = app.test_client().post(
        f"/api/games/{game_id}/actions", json=body, headers=bearer(app, role, key, seat_keys, other_key, game_id)
    )
    if role in MAY[action]:
        assert response.status_code == 200, response.get_json()
        assert head(app, game_id)[0] > revision
    else:
        assert response.status_code == (401 if role == "none" else 403), response.get_json()
        assert head(app, game_id) == (revision, record)


def browser(app, role, game_id, key, seat_keys, other_key):
    """A phone as each role holds it: the edit link claimed, a seat link opened, the follow link read, ..."""
    client = owner_client(app) if role == "owner" else app.test_client()
    if role == "scorekeeper":
        client.get(f"/games/{game_id}/claim/{key}")
    elif role in ("own seat", "other seat"):
        seat = OWN if role == "own seat" else OTHER
        assert client.get(f"/games/{game_id}/seat/{seat_keys[seat]}").status_code == 302
    elif role == "follower":
        assert client.get(f"/games/{game_id}").status_code in (200, 302)
    elif role == "another game's key":
        client.set_cookie(f"edit_{game_id}", other_key)
    return client


@pytest.mark.parametrize(("action", "role"), CASES)
def test_every_role_through_the_html_forms(app, action, role):
    game_id, key, seat_keys = scene(app, action)
    _other_id, other_key, _seats = scene(app, "deal")
    revision, record = head(app, game_id)
    client = browser(app, role, game_id, key, seat_keys, other_key)
    path, fields = SCENES[action][3]
    if action == "bid" and role == "own seat":  # a seat's bid is made on its own page
        path, fields = "mine", {"bid": "0", "tap": "my-bid"}
    fields = dict(fields, revision=str(revision), hand=str(hand_at(record)), csrf_token=csrf_of(client))
    response = client.post(f"/games/{game_id}/{path}", data=fields)
    if role in MAY[action]:
        assert response.status_code == 302
        assert head(app, game_id)[0] > revision, client.get(response.location).get_data(as_text=True)[:2000]
    else:
        assert response.status_code == 403
        assert head(app, game_id) == (revision, record)
