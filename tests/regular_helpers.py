"""Clubs of regulars for the ratings, season and money tests: random finished games of the same friends."""

import random

from tests.game_helpers import create
from tests.html_forms import submit

# Zoë written composed and decomposed, Ann in two cases: one player each, as RULES.md compares names.
REGULARS = ["Ann", "Bob", "Cy", "Di", "Zoë", "Ed", "Flo", "Gus"]
SPELLINGS = {"Ann": ["Ann", "ann", "ANN"], "Zoë": ["Zoë", "Zoe\u0308"]}


def spelled(rng, name):
    return rng.choice(SPELLINGS.get(name, [name]))


def random_hand(rng, players, cards, dealer, together=False):
    """A hand of `cards` with random bids and tricks (no hook); `together`: bids sum to the cards and are made."""
    tricks = [0] * players
    for _trick in range(cards):
        tricks[rng.randrange(players)] += 1
    bids = list(tricks) if together else [rng.randint(0, cards) for _seat in range(players)]
    return {"cards": cards, "dealer": dealer, "trump": "hearts", "bids": bids, "tricks": tricks}


def random_game(rng, names, scoring="exact", finished=True, bidding="sequential", stake=0):
    """A game record of 1 card then 2 (up to 2), finished or not, under `scoring`."""
    players = len(names)
    hands = [random_hand(rng, players, 1, 0, bidding == "cooperative")]
    if finished:
        hands.append(random_hand(rng, players, 2, 1 % players, bidding == "cooperative"))
    rules = {
        "scoring": scoring,
        "hook": False,
        "deals": {"pattern": "up", "max": 2},
        "bidding": bidding,
        "settlement": "pairwise" if stake else "none",
        "stake": stake,
    }
    return {"players": list(names), "rules": rules, "hands": hands}


def random_club(seed, count, regulars=REGULARS):
    """`count` game records of tables of 3 to 6 regulars, most finished, some lowest-wins, a few cooperative or
    unfinished, a few marked abandoned; names in several spellings."""
    rng = random.Random(seed)
    games = []
    for number in range(count):
        names = [spelled(rng, name) for name in rng.sample(regulars, rng.randint(3, min(6, len(regulars))))]
        kind = rng.random()
        if kind < 0.05:
            game = random_game(rng, names, bidding="cooperative")
        elif kind < 0.1:
            game = random_game(rng, names, finished=False)
        else:
            game = random_game(rng, names, scoring=rng.choice(["exact", "exact", "negative"]))
        if rng.random() < 0.03:
            game["abandoned"] = True
        game["date"] = f"2026-{1 + number * 11 // count:02d}-{1 + number % 28:02d}T20:00:00"
        games.append(game)
    return games


def play(client, names, order, seed=0):
    """Store a finished game in which the names finish in the given order (first wins)."""
    game = random_game(random.Random(seed), names)
    # Exact scoring: a made bid scores 10 + bid; make the first name make every bid and the rest miss by rank.
    n = len(names)
    for hand in game["hands"]:
        cards = hand["cards"]
        hand["tricks"] = [0] * n
        hand["tricks"][names.index(order[0])] = cards
        hand["bids"] = [
            cards if name == order[0] else (0 if rank < n - 1 else 1)
            for rank, name in ((order.index(name), name) for name in names)
        ]
    create(client, game, claim=False)


def club(client):
    for number in range(4):
        play(client, ["Ann", "Bob", "Cy"], ["Ann", "Bob", "Cy"], number)
    play(client, ["Ann", "Bob", "Di"], ["Bob", "Ann", "Di"], 9)


def name_season(client, **fields):
    fields = {"name": "Winter 2026", "starts": "2000-01-01", "ends": "2999-12-31", **fields}
    # A multiple choice left alone sends nothing (html_forms would send its first option).
    return submit(client, "/seasons", fields, unset=[name for name in ("evenings", "events") if name not in fields])
