"""Finished games for the after-the-game tests, with their numbers worked by hand.

GAME: Ann, Bob, Cy, Di; exact scoring (made: 10 + bid, missed: 0); 1 card then 2 cards.
  Hand 1, Ann deals 1:  bids 1 1 0 0, tricks 0 1 0 0 -> 0 11 10 10
  Hand 2, Bob deals 2:  bids 1 1 0 1, tricks 1 0 0 1 -> 11 0 10 11
  Totals 11 11 20 21. Pairwise at stake 1: a net is 4 x total - 63 -> -19 -19 +17 +21.
"""

import copy
import re

PLAYERS = ["Ann", "Bob", "Cy", "Di"]
HANDS = [
    {"cards": 1, "dealer": 0, "trump": "hearts", "bids": [1, 1, 0, 0], "tricks": [0, 1, 0, 0]},
    {"cards": 2, "dealer": 1, "trump": "spades", "bids": [1, 1, 0, 1], "tricks": [1, 0, 0, 1]},
]
TOTALS = [11, 11, 20, 21]


def record(players=PLAYERS, hands=HANDS, settlement="pairwise", stake=1, first_dealer=0, scoring="exact", **extra):
    """Return a game record of the two-hand game (all its hands, or those given)."""
    rules = {
        "scoring": scoring,
        "hook": True,
        "deals": {"pattern": "up", "max": 2},
        "settlement": settlement,
        "stake": stake,
        "first_dealer": first_dealer,
    }
    rules.update(extra)
    return {"players": list(players), "rules": rules, "hands": copy.deepcopy(hands)}


def game_id_of(location):
    """Return the game id in a redirect's address: a new game opens straight on its first screen."""
    return re.search(r"/games/([^/?]+)", location).group(1)


def create(client, rec, claim=True):
    """Store a game through the API; with claim, this client holds its edit cookie. Return (id, key)."""
    response = client.post("/api/games", json=rec)
    assert response.status_code == 201, response.get_json()
    body = response.get_json()
    if claim:
        assert client.get(f"/games/{body['id']}/claim/{body['edit_key']}").status_code == 302
    return body["id"], body["edit_key"]


def post_hand(client, game_id, key, hand):
    """Append a finished hand through the API."""
    response = client.post(f"/api/games/{game_id}/hands", json=hand, headers={"Authorization": f"Bearer {key}"})
    assert response.status_code == 201, response.get_json()


# A Stackpot game (stackpot scoring: made scores bid x (1 + bonus), missed -cards; bonus 0 in both hands):
#   Hand 1, Ann deals 1: all bid 0, Di takes the trick -> 0 0 0 -1
#   Hand 2, Bob deals 2 (pot 1, bonus 0): all bid 1, Ann and Cy take one each -> +1 -2 +1 -2
#   Totals 1 -2 1 -3: at stake 1 the pot is left with 3.00 (Di's loss), and Bob pays Ann and Cy 1.00 each.
STACKPOT_HANDS = [
    {"cards": 1, "dealer": 0, "trump": "hearts", "bids": [0, 0, 0, 0], "tricks": [0, 0, 0, 1]},
    {"cards": 2, "dealer": 1, "trump": "spades", "bids": [1, 1, 1, 1], "tricks": [1, 0, 1, 0]},
]


def hand_at(record):
    """The hand a tap is made on now (the actions API's `hand`): the hand being played, else the one to be dealt."""
    hands = record.get("hands") or []
    return len(hands) if hands and hands[-1].get("tricks") is None else len(hands) + 1


EXACT = {"scoring": "exact", "hook": False, "deals": {"pattern": "up", "max": 2}, "first_dealer": 0}


# Scratch, lowest wins: Ann, Bob and Cy end on no scratches; made bids 2, 1 and 0; Di missed once.
TIED_SCRATCH = {
    "players": ["Ann", "Bob", "Cy", "Di"],
    "rules": dict(EXACT, scoring="scratch"),
    "hands": [
        {"cards": 1, "dealer": 0, "trump": "hearts", "bids": [1, 0, 0, 0], "tricks": [1, 0, 0, 0]},
        {"cards": 2, "dealer": 1, "trump": "spades", "bids": [1, 1, 0, 1], "tricks": [1, 1, 0, 0]},
    ],
}


# Exact: Ann and Bob end on 21 each, and exact has no tie-break.
SHARED = {
    "players": ["Ann", "Bob", "Cy", "Di"],
    "rules": EXACT,
    "hands": [
        {"cards": 1, "dealer": 0, "trump": "hearts", "bids": [1, 0, 0, 0], "tricks": [1, 0, 0, 0]},
        {"cards": 2, "dealer": 1, "trump": "spades", "bids": [0, 1, 0, 0], "tricks": [0, 1, 1, 0]},
    ],
}
