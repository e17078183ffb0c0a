"""A tap is for one hand (issue 23): every action names the hand it was made on and is applied to that hand and
step only, else answered 409 with the hand as recorded and nothing changed. Through the real server."""

import itertools
import json

import pytest

from scorekeeper import store
from tests.server_helpers import call

PLAYERS = ["Ann", "Bob", "Cy", "Di"]
RECORD = {
    "players": PLAYERS,
    "rules": {"scoring": "exact", "hook": True, "deals": {"pattern": "up", "max": 3}, "first_dealer": 0},
    "hands": [],
}


class Phone:
    """A scorekeeper's phone on the actions API: a tap names the hand and the revision it was made on; offline, it
    waits in the phone's queue and is sent later, as it was made (static/queue.js)."""

    ids = itertools.count(1)

    def __init__(self, base, game_id, key):
        self.base, self.game_id, self.key, self.queue = base, game_id, key, []

    def game(self):
        status, record = call("GET", f"{self.base}/api/games/{self.game_id}/export")
        assert status == 200
        return record

    def made(self, action, **fields):
        """A tap made now, on the game as the server holds it."""
        record = self.game()
        hands = record["hands"]
        hand = len(hands) if hands and hands[-1].get("tricks") is None else len(hands) + 1
        status, head = call("GET", f"{self.base}/games/{self.game_id}/revision")
        return {"id": f"tap-{next(self.ids)}", "revision": head["revision"], "hand": hand, "action": action, **fields}

    def send(self, tap):
        status, answer = call("POST", f"{self.base}/api/games/{self.game_id}/actions", tap, self.key)
        return status, answer if isinstance(answer, dict) else json.loads(answer)  # a refusal comes as text

    def ok(self, action, **fields):
        status, answer = self.send(self.made(action, **fields))
        assert status == 200, answer
        return answer


@pytest.fixture
def phones(live_server):
    status, created = call("POST", f"{live_server}/api/games", RECORD)
    assert status == 201
    return (
        Phone(live_server, created["id"], created["edit_key"]),
        Phone(live_server, created["id"], created["edit_key"]),
    )


def bid_round(phone, bids):
    for seat, bid in bids:
        phone.ok("bid", seat=seat, bid=bid)


def test_queued_tricks_of_hand_1_replayed_after_hand_2_was_dealt_and_bid(phones):
    first, second = phones
    first.ok("deal", cards=2, trump="hearts")
    bid_round(first, [(1, 0), (2, 1), (3, 0), (0, 0)])
    queued = first.made("tricks", tricks=[0, 1, 1, 0])  # the connection drops: the tap waits on the first phone
    second.ok("tricks", tricks=[0, 1, 0, 1])
    second.ok("deal", trump="spades")
    bid_round(second, [(2, 0), (3, 0), (0, 1), (1, 0)])
    before = second.game()
    status, answer = first.send(queued)
    assert status == 409, answer
    assert answer["recorded"]["number"] == 1 and answer["recorded"]["tricks"] == [0, 1, 0, 1]
    assert answer["position"] == {"hand": 2, "step": "tricks"} and answer["field"] == "hand"
    assert "made on hand 1" in answer["error"]
    assert second.game() == before and before["hands"][1].get("tricks") is None  # hand 2 unchanged
    assert first.send(queued) == (status, answer)  # the same tap again: the same answer


def test_a_queued_bid_of_hand_1_is_refused_on_hand_2(phones):
    first, second = phones
    first.ok("deal", cards=2, trump="hearts")
    queued = first.made("bid", seat=1, bid=2)  # Bob bids 2 on hand 1: it waits on the first phone
    bid_round(second, [(1, 0), (2, 1), (3, 0), (0, 0)])
    second.ok("tricks", tricks=[0, 1, 0, 1])
    second.ok("deal", trump="spades")
    bid_round(second, [(2, 0), (3, 0), (0, 1)])  # Bob, the dealer, is to bid on hand 2: the tap would fit
    before = second.game()
    status, answer = first.send(queued)
    assert status == 409 and answer["recorded"]["bids"] == [0, 0, 1, 0], answer
    assert answer["position"] == {"hand": 2, "step": "bids"}
    assert second.game() == before and before["hands"][1]["bids"][1] is None


def test_a_queued_deal_made_before_hand_1_is_refused_once_hand_1_is_played(phones):
    first, second = phones
    queued = first.made("deal", trump="clubs")
    second.ok("deal", trump="hearts")
    bid_round(second, [(1, 0), (2, 0), (3, 0), (0, 0)])
    second.ok("tricks", tricks=[1, 0, 0, 0])
    before = second.game()
    status, answer = first.send(queued)
    assert status == 409 and answer["recorded"]["trump"] == "hearts", answer
    assert answer["position"] == {"hand": 2, "step": "deal"}
    assert second.game() == before and len(before["hands"]) == 1  # hand 2 is not dealt


def test_a_tap_on_its_own_hand_and_step_still_lands_after_another_phones_tap(phones):
    first, second = phones
    first.ok("deal", trump="hearts")
    queued = first.made("bid", seat=2, bid=0)  # Cy's bid, made before Bob's arrived from the other phone
    second.ok("bid", seat=1, bid=1)
    status, answer = first.send(queued)
    assert status == 200 and answer["game"]["hands"][0]["bids"] == [None, 1, 0, None], answer
    assert first.send(queued) == (200, answer)  # sent again: applied once, answered alike


def test_the_same_action_id_with_another_body_is_refused(phones, app):
    first, _second = phones
    tap = first.made("deal", trump="hearts")
    assert first.send(tap)[0] == 200
    status, answer = first.send(dict(tap, trump="spades"))
    assert status == 422 and answer["field"] == "id", answer
    assert first.game()["hands"][0]["trump"] == "hearts"
    with app.app_context():
        assert [e["kind"] for e in store.history(store.get_db(), first.game_id)] == ["create", "deal"]


def test_a_seat_phones_ids_are_its_own(live_server, app):
    """A seat phone that sends the id the scorekeeper's next tap will use does not make that tap do nothing."""
    status, created = call("POST", f"{live_server}/api/games", RECORD)
    scorekeeper = Phone(live_server, created["id"], created["edit_key"])
    with app.app_context():
        store.make_seat_keys(store.get_db(), created["id"], range(4))
        bob = Phone(live_server, created["id"], store.seat_keys(store.get_db(), created["id"])[1])
    scorekeeper.ok("deal", trump="hearts")
    guessed = bob.made("bid", seat=1, bid=0)
    assert bob.send(guessed)[0] == 200
    status, answer = scorekeeper.send(dict(scorekeeper.made("bid", seat=2, bid=1), id=guessed["id"]))
    assert status == 200 and answer["game"]["hands"][0]["bids"] == [None, 0, 1, None], answer
