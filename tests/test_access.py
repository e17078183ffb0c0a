"""Every write route refuses a view-only visitor, a missing or wrong edit key, another game's key,
and a missing or stale CSRF token, and then nothing is stored (issue 10)."""

import pytest

from scorekeeper import store
from tests.game_helpers import HANDS, create, post_hand, record
from tests.html_forms import csrf_of
from tests.owner_helpers import owner_client

# Each game-specific write route, the state its game must be in for the route to be open, and its form.
IN_PROGRESS = {"cards": 3, "dealer": 2, "bids": [None, None, None, None]}
BIDS_DONE = {"cards": 3, "dealer": 2, "bids": [1, 0, 1, 0]}
ROUTES = {
    "table.deal": ("deal", "/games/{id}/deal", {"trump": "hearts"}),
    "table.bids": ("bids", "/games/{id}/bids", {"seat": "3", "bid": "0"}),
    "table.trump": ("trump", "/games/{id}/trump", {"trump": "spades"}),
    "table.tricks": (
        "tricks",
        "/games/{id}/tricks",
        {"took_0": "1", "took_1": "0", "took_2": "1", "took_3": "1", "penalty_reason": "revoke"},
    ),
    "table.table_changes": ("deal", "/games/{id}/table", {"action": "sit_out", "seat": "1"}),
    "table.undo": ("undo", "/games/{id}/undo", {}),
    "table.edit_hand": (
        "deal",
        "/games/{id}/hands/1/edit",
        {**{f"bid_{s}": "0" for s in range(4)}, "penalty_reason": "revoke"},
    ),
    "table.again": ("deal", "/games/{id}/again", {}),
    "table.about": ("deal", "/games/{id}/about", {"date": "2026-11-20", "note": "Birthday at Ann's"}),
    "settle.settle": ("deal", "/games/{id}/settle", {"settlement": "pairwise", "stake": "3"}),
    "seats.offer": ("deal", "/games/{id}/seats", {}),
    "seats.withdraw": ("seated", "/games/{id}/seats/withdraw", {}),
    "seats.reveal": (
        "together",
        "/games/{id}/reveal",
        {
            "hand": str(len(HANDS) + 1),  # the hand it was made on
            **{f"bid_{s}": str(s % 2) for s in range(4)},
        },
    ),
    "table.abandon": ("deal", "/games/{id}/abandon", {}),
    "table.restore": ("abandoned", "/games/{id}/restore", {}),
    "table.delete": ("deal", "/games/{id}/delete", {"confirm": "yes"}),
}
# Routes where the game's state here (hands played) makes the instance owner, not the key's holder, the writer.
OWNER_ROUTES = {"table.delete"}
# Routes whose key is not the edit cookie: their refusals are tested where the key is made.
OTHER_KEYS = {
    "api.append_hand": "test_the_api_refuses_a_hand_without_the_right_bearer_key below",
    "api.act": "tests/test_api_actions.py::test_keys and tests/test_roles.py (every action × every role)",
    "seats.mine": "tests/test_seats.py (a seat link writes only its own bid)",
    "events.ask_director": "tests/test_events_room.py (only an event's table asks, with its edit key)",
    "members.decide": "tests/test_members.py (the owner's list: accept or leave out, the owner only)",
}
STATES = {
    "deal": dict(hands=HANDS, deals={"pattern": "up", "max": 3}),
    "undo": dict(hands=HANDS[:1], deals={"pattern": "up", "max": 3}),  # then a hand is added: undoable
    "bids": dict(hands=HANDS + [IN_PROGRESS], deals={"pattern": "up", "max": 3}),
    "tricks": dict(hands=HANDS + [dict(BIDS_DONE, trump="clubs")], deals={"pattern": "up", "max": 3}),
    "trump": dict(hands=HANDS + [BIDS_DONE], deals={"pattern": "up", "max": 3}, trump="highest_bidder"),
    "together": dict(
        hands=HANDS + [IN_PROGRESS], deals={"pattern": "up", "max": 3}, hook=False, bidding="simultaneous"
    ),
}
STATES["seated"] = STATES["deal"]  # and seat links offered: then withdrawing them is a change
STATES["abandoned"] = STATES["deal"]  # and abandoned: then restoring it is a change


def snapshot(app):
    with app.app_context():
        db = store.get_db()
        return (
            db.execute("select id, revision, record, status from games order by id").fetchall(),
            db.execute("select count(*) from events").fetchone()[0],
            db.execute("select game_id, seat, key from seat_keys order by game_id, seat").fetchall(),
        )


def revision_of(app, game_id):
    with app.app_context():
        return store.get_game_head(store.get_db(), game_id)["revision"]


def test_every_game_write_route_is_covered(app):
    routes = {
        rule.endpoint for rule in app.url_map.iter_rules() if "POST" in rule.methods and "game_id" in rule.arguments
    }
    assert routes == set(ROUTES) | set(OTHER_KEYS)


@pytest.mark.parametrize("endpoint", sorted(ROUTES))
def test_a_write_without_the_right_key_or_token_changes_nothing(app, endpoint):
    state, path, fields = ROUTES[endpoint]
    owner = app.test_client()
    game_id, key = create(owner, record(**STATES[state]))
    other_id, other_key = create(owner, record(**STATES[state]))
    if state == "undo":
        post_hand(owner, game_id, key, HANDS[1])
    if state == "seated":
        with app.app_context():
            store.make_seat_keys(store.get_db(), game_id, range(4))
    if state == "abandoned":
        with app.app_context():
            store.abandon_game(store.get_db(), game_id)
    url = path.format(id=game_id)
    before = snapshot(app)

    def attempt(client, token, cookie=None):
        if cookie is not None:
            client.set_cookie(f"edit_{game_id}", cookie)
        data = dict(fields, revision=str(revision_of(app, game_id)))
        if token is not None:
            data["csrf_token"] = token
        return client.post(url, data=data)

    visitor = app.test_client()
    assert attempt(visitor, csrf_of(visitor)).status_code == 403  # view-only: no key at all
    wrong = app.test_client()
    assert attempt(wrong, csrf_of(wrong), cookie="not-the-key").status_code == 403
    thief = app.test_client()
    assert attempt(thief, csrf_of(thief), cookie=other_key).status_code == 403  # another game's key
    # Deleting a played game is the instance owner's (views/table/remove.py): the scorekeeper's key is not enough.
    holder = owner_client(app) if endpoint in OWNER_ROUTES else app.test_client()
    holder.get(f"/games/{game_id}/claim/{key}")
    response = attempt(holder, None)
    assert response.status_code == 400 and "security token" in response.get_data(as_text=True)
    stale = csrf_of(app.test_client())  # a token from another session
    assert attempt(holder, stale).status_code == 400
    assert snapshot(app) == before
    # The holder with a fresh token may write: the refusals above were about access only.
    response = attempt(holder, csrf_of(holder))
    assert response.status_code in (302, 200) and snapshot(app) != before


def test_the_api_refuses_a_hand_without_the_right_bearer_key(client, app):
    game_id, key = create(client, record(hands=HANDS, deals={"pattern": "up", "max": 3}))
    _other_id, other_key = create(client, record())
    hand = {"cards": 3, "dealer": 2, "bids": [1, 0, 1, 0], "tricks": [1, 0, 1, 1]}
    before = snapshot(app)
    url = f"/api/games/{game_id}/hands"
    assert client.post(url, json=hand).status_code == 401
    assert client.post(url, json=hand, headers={"Authorization": "Bearer wrong"}).status_code == 403
    assert client.post(url, json=hand, headers={"Authorization": f"Bearer {other_key}"}).status_code == 403
    assert client.post(url, json=hand, headers={"Authorization": key}).status_code == 401  # no "Bearer"
    assert snapshot(app) == before
    assert client.post(url, json=hand, headers={"Authorization": f"Bearer {key}"}).status_code == 201


def test_forms_that_create_refuse_a_missing_or_stale_token(app):
    client = owner_client(app)
    before = snapshot(app)
    names = {"player_0": "Ann", "player_1": "Bob", "player_2": "Cy"}
    assert client.post("/games/new", data=names).status_code == 400
    assert client.post("/games/new", data=dict(names, csrf_token=csrf_of(app.test_client()))).status_code == 400
    assert client.post("/import", data={}).status_code == 400
    assert snapshot(app) == before


# ---- the regulars (issue 27): seasons and the money between regulars ----------------------------------------
# Each write route outside a game, who may use it, and a form it takes. "owner": the owner alone; "member": the
# phone of a member named in it (Ann's member link), or the owner; a browser holding a key of a game the named
# players played in is refused (issue 41, docs/security.md).
REGULARS_ROUTES = {
    "seasons.seasons_list": ("owner", "/seasons", {"name": "Winter", "starts": "2026-01-01", "ends": "2026-12-31"}),
    "seasons.edit": (
        "owner",
        "/seasons/{season}/edit",
        {"name": "Winter, renamed", "starts": "2026-01-01", "ends": "2026-12-31"},
    ),
    "seasons.delete": ("owner", "/seasons/{season}/delete", {}),
    "money.record_payment": (
        "member",
        "/money/payments",
        {"payer": "Bob", "payee": "Ann", "amount": "2", "currency": "EUR", "paid_on": "2026-11-27"},
    ),
    "money.undo_payment": ("member", "/money/payments/1/undo", {}),
    "money.set_iban": (
        "member",
        "/money/ibans",
        {"name": "Ann", "holder": "Ann de Vries", "iban": "NL91ABNA0417164300"},
    ),
    # The roster (issue 42): Eve is known only by a payment, so merging her into Cy is a change.
    "roster.merge": ("owner", "/owner/roster/merge", {"spelling": "Eve", "into": "Cy"}),
    "roster.rename": ("owner", "/owner/roster/rename", {"name": "Ann", "new": "Annie"}),
    "roster.split": ("owner", "/owner/roster/split", {"spelling": "Ed"}),  # merged into Cy below
}


def regulars_snapshot(app):
    with app.app_context():
        db = store.get_db()
        return [
            db.execute(f"select * from {table}").fetchall()
            for table in ("seasons", "money_payments", "payees", "player_aliases")
        ]


def test_every_regulars_write_route_is_covered(app):
    routes = {
        rule.endpoint
        for rule in app.url_map.iter_rules()
        if "POST" in rule.methods and rule.endpoint.split(".")[0] in ("seasons", "money", "regulars", "roster")
    }
    assert routes == set(REGULARS_ROUTES)


@pytest.mark.parametrize("endpoint", sorted(REGULARS_ROUTES))
def test_a_regulars_write_from_a_stranger_or_without_a_token_changes_nothing(app, endpoint):
    who, path, fields = REGULARS_ROUTES[endpoint]
    sitter = app.test_client()
    create(sitter, record())  # Ann, Bob, Cy and Di at this browser's table
    with app.app_context():
        store.record_payment(store.get_db(), "Bob", "Ann", 100, "EUR", "2026-11-27")
        store.record_payment(store.get_db(), "Eve", "Ann", 100, "EUR", "2026-11-27")
        store.record_payment(store.get_db(), "Ed", "Ann", 100, "EUR", "2026-11-27")
        store.merge_players(store.get_db(), "Ed", "Cy")
        path = path.format(season=store.create_season(store.get_db(), "Winter", "2026-01-01", "2026-12-31"))
    before = regulars_snapshot(app)
    stranger = app.test_client()
    assert stranger.post(path, data=dict(fields, csrf_token=csrf_of(stranger))).status_code == 403
    assert sitter.post(path, data=dict(fields, csrf_token=csrf_of(sitter))).status_code == 403  # a game's key
    if who == "owner":
        holder = owner_client(app)
    else:
        with app.app_context():
            link_key = store.add_member(store.get_db(), "Ann")
        holder = app.test_client()
        holder.get(f"/member/{link_key}")
    assert regulars_snapshot(app) == before
    assert holder.post(path, data=fields).status_code == 400  # no token
    assert holder.post(path, data=dict(fields, csrf_token=csrf_of(app.test_client()))).status_code == 400
    assert regulars_snapshot(app) == before
    assert holder.post(path, data=dict(fields, csrf_token=csrf_of(holder))).status_code in (200, 302)
    assert regulars_snapshot(app) != before
