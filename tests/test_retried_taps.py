"""A retried tap is never called refused (16.7): the same action id posted twice at the same moment,
through real servers on a real SQLite file, is applied once, and both copies answer 200."""

import threading

from scorekeeper import store
from tests.server_helpers import at_once, call, two_servers

PLAYERS = ["Ann", "Bob", "Cy", "Di"]
RECORD = {
    "players": PLAYERS,
    "rules": {"scoring": "exact", "hook": True, "deals": {"pattern": "up", "max": 3}, "first_dealer": 0},
    "hands": [],
}
GAMES = 2  # 2 games of 3 hands, 6 taps a hand: 36 taps, each sent twice at once


def taps(hand):
    """The taps of one hand (its number from 0): the deal, every bid in turn (all 0), the dealer takes all."""
    cards, dealer = hand + 1, hand % len(PLAYERS)
    yield {"action": "deal", "trump": "hearts"}
    for turn in range(1, len(PLAYERS) + 1):
        yield {"action": "bid", "seat": (dealer + turn) % len(PLAYERS), "bid": 0}
    yield {"action": "tricks", "tricks": [cards if seat == dealer else 0 for seat in range(len(PLAYERS))]}


def post_twice_at_once(bases, game_id, key, body):
    """Send the same action from two clients at the same moment; return both (status, body)."""
    url = f"/api/games/{game_id}/actions"
    return at_once(2, lambda number: call("POST", bases[number % len(bases)] + url, body, key))


def play_doubled(bases):
    """Play GAMES games where every tap reaches the server twice at once; return the games and every answer."""
    games, answers = [], []
    for _game in range(GAMES):
        status, created = call("POST", f"{bases[0]}/api/games", RECORD)
        assert status == 201, created
        game_id, key, revision = created["id"], created["edit_key"], 1
        for hand in range(3):
            for number, tap in enumerate(taps(hand)):
                body = dict(tap, id=f"hand{hand}-tap{number}", revision=revision, hand=hand + 1)
                both = post_twice_at_once(bases, game_id, key, body)
                answers.extend(both)
                revision = max(answer["revision"] for status, answer in both if status == 200)
        games.append(game_id)
    return games, answers


def assert_applied_once(db, games, answers):
    refused = [(status, answer) for status, answer in answers if status != 200]
    assert refused == []
    for game_id in games:
        kinds = [event["kind"] for event in store.history(db, game_id)]
        assert kinds == ["create"] + ["deal", "bid", "bid", "bid", "bid", "tricks"] * 3
        applied = db.execute("select count(*) from applied_actions where game_id = ?", [game_id]).fetchone()[0]
        assert applied == 18
    totals = store.scored_game(db, games[0])[2]["totals"]
    assert totals == [20, 20, 20, 30]  # Ann, Bob, Cy each deal once and take every trick of a 0 bid: 0


def test_two_threads_send_the_same_tap_at_once(app, live_server):
    games, answers = play_doubled([live_server])
    with app.app_context():
        assert_applied_once(store.get_db(), games, answers)


def test_two_server_processes_get_the_same_tap_at_once(tmp_path):
    database = tmp_path / "shared.db"
    with two_servers(tmp_path, database) as bases:
        games, answers = play_doubled(bases)
    db = store.connect(database)
    try:
        assert_applied_once(db, games, answers)
    finally:
        db.close()


def test_a_copy_that_checked_before_the_first_committed_still_answers_200(app, monkeypatch):
    """The worst moment: the second copy finds the id not yet applied, then the first copy commits.

    The second copy is held just after its check for up to a second, and the first is sent then:
    once check and write are one transaction the first waits for the second's lock instead.
    """
    client = app.test_client()
    created = client.post("/api/games", json=RECORD).get_json()
    headers = {"Authorization": f"Bearer {created['edit_key']}"}
    url = f"/api/games/{created['id']}/actions"
    body = {"id": "deal-once", "revision": 1, "hand": 1, "action": "deal", "trump": "hearts"}
    checked, first_done, answers = threading.Event(), threading.Event(), {}
    load_game = store.load_game

    def held_load(db, game_id):
        if threading.current_thread().name == "second":
            checked.set()
            first_done.wait(timeout=1)
        return load_game(db, game_id)

    monkeypatch.setattr(store, "load_game", held_load)

    def send(name):
        response = app.test_client().post(url, json=body, headers=headers)
        answers[name] = response.status_code, response.get_json()

    second = threading.Thread(target=send, args=("second",), name="second")
    second.start()
    assert checked.wait(timeout=10)
    send("first")
    first_done.set()
    second.join()
    assert answers["first"][0] == 200 and answers["second"][0] == 200, answers
    assert answers["second"][1]["revision"] == answers["first"][1]["revision"] == 2
    with app.app_context():
        db = store.get_db()
        assert [event["kind"] for event in store.history(db, created["id"])] == ["create", "deal"]
        assert store.applied_action(db, created["id"], "deal-once") == 2
