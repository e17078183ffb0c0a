"""Phones that go offline and come back (issue 23), as a Hypothesis state machine against the real server: two
scorekeeper phones tap at random, queue their taps while offline and replay them in any order, retry, and undo.

Invariants: every tap the server applies was made on the hand and step it was applied to (it changed that hand
only, at that step), and no acknowledged tap is lost (its effect stays until an acknowledged undo takes it back,
and sending it again changes nothing)."""

import itertools
import json

from hypothesis import HealthCheck, settings
from hypothesis import strategies as st
from hypothesis.stateful import (
    RuleBasedStateMachine,
    initialize,
    invariant,
    precondition,
    rule,
    run_state_machine_as_test,
)

from tests.server_helpers import call
from tests.examples import WALKS

PLAYERS = ["Ann", "Bob", "Cy"]
RECORD = {
    "players": PLAYERS,
    "rules": {"scoring": "exact", "hook": False, "deals": {"pattern": "up", "max": 3}, "first_dealer": 0},
    "hands": [],
}
PHONES = 2
IDS = itertools.count(1)


def hand_of(record):
    """The hand a tap is made on: the hand being played, else the one to be dealt."""
    hands = record["hands"]
    return len(hands) if hands and hands[-1].get("tricks") is None else len(hands) + 1


def next_tap(record, choice):
    """A tap that fits the game as this phone last saw it (None when the game is over); `choice` picks the numbers."""
    hands = record["hands"]
    if not hands or hands[-1].get("tricks") is not None:
        if len(hands) == 3:
            return None
        # Two cards every hand: a tap made on one hand would fit the next, so only its `hand` can keep it off.
        return {"action": "deal", "cards": 2, "trump": ("hearts", "spades", "none")[choice % 3]}
    hand = hands[-1]
    order = [(hand["dealer"] + 1 + i) % len(PLAYERS) for i in range(len(PLAYERS))]
    waiting = [seat for seat in order if hand["bids"][seat] is None]
    if waiting:
        return {"action": "bid", "seat": waiting[0], "bid": choice % (hand["cards"] + 1)}
    taker = order[choice % len(PLAYERS)]
    return {"action": "tricks", "tricks": [hand["cards"] if seat == taker else 0 for seat in range(len(PLAYERS))]}


class Phones(RuleBasedStateMachine):
    base = None  # the live server's URL, set by the test

    @initialize()
    def new_game(self):
        status, created = call("POST", f"{self.base}/api/games", RECORD)
        assert status == 201
        self.game_id, self.key = created["id"], created["edit_key"]
        self.known = None
        self.seen = [self.server() for _ in range(PHONES)]  # the game as each phone last saw it
        self.online = [True] * PHONES
        self.queues = [[] for _ in range(PHONES)]
        self.applied = []  # acknowledged taps that changed the game, in order, with the record they made

    def server(self):
        """The game as the server has it: read again after each tap sent, the only thing that changes it."""
        if self.known is None:
            status, record = call("GET", f"{self.base}/api/games/{self.game_id}/export")
            status_, head = call("GET", f"{self.base}/games/{self.game_id}/revision")
            assert status == status_ == 200
            self.known = {"record": record, "revision": head["revision"]}
        return self.known

    def send(self, tap):
        """Send a tap; check what the server did with it against what it was made on."""
        before = self.server()
        status, answer = call("POST", f"{self.base}/api/games/{self.game_id}/actions", tap, self.key)
        self.known = None
        answer = answer if isinstance(answer, dict) else json.loads(answer)
        after = self.server()
        assert status in (200, 409, 422), (status, answer)
        if status != 200 or after["revision"] == before["revision"]:
            assert after == before  # refused, or applied before: nothing changed
            return status, answer
        self.check_applied_where_made(tap, before["record"], after["record"])
        if tap["action"] == "undo":
            assert self.applied, "an undo took back a tap nobody saw acknowledged"
            self.applied.pop()
        else:
            self.applied.append(tap)
        return status, answer

    @staticmethod
    def check_applied_where_made(tap, before, after):
        index, hands = tap["hand"] - 1, after["hands"]
        if tap["action"] == "undo":
            assert hand_of(before) == tap["hand"]
            return
        assert hand_of(before) == tap["hand"], (tap, before["hands"])  # the table was on that hand
        changed = {
            i for i in range(max(len(hands), len(before["hands"]))) if hands[i : i + 1] != before["hands"][i : i + 1]
        }
        assert changed == {index}, (tap, changed)
        if tap["action"] == "deal":
            assert len(before["hands"]) == index and len(hands) == index + 1
        elif tap["action"] == "bid":
            seat = tap["seat"]
            assert before["hands"][index]["bids"][seat] is None and hands[index]["bids"][seat] == tap["bid"]
        else:
            assert before["hands"][index].get("tricks") is None and hands[index]["tricks"] == tap["tricks"]

    # ---- what the phones do ------------------------------------------------------------------------------------

    @rule(phone=st.integers(0, PHONES - 1), choice=st.integers(0, 11))
    def tap(self, phone, choice):
        self.make_tap(phone, choice)

    def make_tap(self, phone, choice):
        """Tap on the game as this phone sees it: sent at once online, queued offline."""
        if self.online[phone]:
            self.seen[phone] = self.server()
        seen = self.seen[phone]
        made = next_tap(seen["record"], choice)
        if made is None:
            return
        tap = dict(made, id=f"tap-{next(IDS)}", revision=seen["revision"], hand=hand_of(seen["record"]))
        if self.online[phone]:
            self.send(tap)
        else:
            self.queues[phone].append(tap)

    # Taps are the most of what phones do: a second rule makes them twice as likely as the other rules.
    @rule(phone=st.integers(0, PHONES - 1), choice=st.integers(0, 11))
    def another_tap(self, phone, choice):
        self.make_tap(phone, choice)

    @rule(phone=st.integers(0, PHONES - 1))
    def go_offline(self, phone):
        self.online[phone] = False

    @precondition(lambda self: any(self.queues))
    @rule(phone=st.integers(0, PHONES - 1), pick=st.integers(0, 20))
    def replay_one(self, phone, pick):
        """A queued tap is sent, in any order; answered, it leaves the queue (a 409 is said to the scorekeeper)."""
        if not self.queues[phone]:
            return
        tap = self.queues[phone].pop(pick % len(self.queues[phone]))
        self.send(tap)

    @rule(phone=st.integers(0, PHONES - 1))
    def come_back(self, phone):
        """The connection returns: the queue is sent in order, and the phone sees the game again."""
        self.online[phone] = True
        while self.queues[phone]:
            self.send(self.queues[phone].pop(0))
        self.seen[phone] = self.server()

    @rule(phone=st.integers(0, PHONES - 1), now=st.booleans())
    def undo(self, phone, now):
        if not (self.online[phone] and now):
            return
        seen = self.seen[phone] = self.server()
        self.send(
            {"id": f"undo-{next(IDS)}", "revision": seen["revision"], "hand": hand_of(seen["record"]), "action": "undo"}
        )

    @precondition(lambda self: self.applied)
    @rule(pick=st.integers(0, 50))
    def retry(self, pick):
        """An acknowledged tap sent again (its answer was lost): 200, and nothing changes."""
        tap = self.applied[pick % len(self.applied)]
        status, _answer = self.send(tap)
        assert status == 200

    @invariant()
    def no_acknowledged_tap_is_lost(self):
        """Every acknowledged tap not taken back holds in the game: its hand, its bid, its tricks."""
        hands = self.server()["record"]["hands"]
        for tap in self.applied:
            index = tap["hand"] - 1
            assert index < len(hands), tap
            if tap["action"] == "bid":
                assert hands[index]["bids"][tap["seat"]] == tap["bid"], tap
            elif tap["action"] == "tricks":
                assert hands[index]["tricks"] == tap["tricks"], tap


def test_phones_offline_and_back_apply_every_tap_to_its_own_hand(live_server):
    Phones.base = live_server
    run_state_machine_as_test(
        Phones,
        settings=settings(
            max_examples=WALKS,
            stateful_step_count=40,
            deadline=None,
            suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
        ),
    )
