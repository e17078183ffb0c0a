"""The director's and the tables' phones in the test client, and the short events the web tests run."""

import contextlib
import io
import json
import random
import re
import secrets

from scorekeeper import cli
from scorekeeper.rules import events
from tests.event_helpers import play_table
from tests.game_helpers import hand_at
from tests.html_forms import form_data


def the_correction(request, base, event_id, before):
    """A table of round 1 and its last hand as a correction would enter it (one seat alone makes its bid, taking
    every trick) that sends on exactly one other player: (table number, hand number, bids, tricks)."""
    exported = request.get(f"{base}/api/events/{event_id}/export").json()
    del exported["rounds"][1:]
    for number, table in enumerate(exported["rounds"][0]["tables"], start=1):
        last = table["record"]["hands"][-1]
        for seat in range(4):
            bids = [last["cards"] if s == seat else 1 for s in range(4)]
            tricks = [last["cards"] if s == seat else 0 for s in range(4)]
            corrected = json.loads(json.dumps(exported))
            corrected["rounds"][0]["tables"][number - 1]["record"]["hands"][-1].update(bids=bids, tricks=tricks)
            if len(set(events.score_event(corrected)["rounds"][0]["advanced"]) - set(before)) == 1:
                return number, len(table["record"]["hands"]), table["seats"], bids, tricks
    raise AssertionError("no correction of this night changes one player of the cut")


def bearer(key):
    return {"Authorization": f"Bearer {key}"}


class Tap:
    """One table's scorekeeper phone on the actions API: every tap with its own id, at the revision it was told."""

    def __init__(self, client, game_id, key):
        self.client, self.game_id, self.key, self.n = client, game_id, key, 0
        self.phone = secrets.token_hex(4)  # action ids are the game's: another phone counts its own
        self.revision = client.get(f"/games/{game_id}/revision").get_json()["revision"]
        self.game = client.get(f"/api/games/{game_id}/export").get_json()  # as this phone last saw it

    def __call__(self, action, **fields):
        self.n += 1
        body = {
            "id": f"{self.phone}-{self.n}",
            "revision": self.revision,
            "hand": hand_at(self.game),
            "action": action,
            **fields,
        }
        response = self.client.post(f"/api/games/{self.game_id}/actions", json=body, headers=bearer(self.key))
        answer = response.get_json()
        assert response.status_code == 200, answer
        self.revision, self.game = answer["revision"], answer["game"]  # the game as the server answers the tap


class Director:
    """The director on the events API."""

    def __init__(self, client, record):
        response = client.post("/api/events", json=record)
        assert response.status_code == 201, response.get_json()
        self.client, self.created = client, response.get_json()
        self.id, self.key = self.created["id"], self.created["director_key"]

    def act(self, action, status=200, **fields):
        response = self.client.post(
            f"/api/events/{self.id}/actions", json={"action": action, **fields}, headers=bearer(self.key)
        )
        assert response.status_code == status, response.get_json()
        return response.get_json()

    def scored(self):
        response = self.client.get(f"/api/events/{self.id}")
        assert response.status_code == 200, response.get_json()
        return response.get_json()

    def export(self):
        return self.client.get(f"/api/events/{self.id}/export").get_json()


SHORT = {"scoring": "exact", "deals": {"pattern": "custom", "sizes": [2, 1]}}


EIGHT = [f"P{n}" for n in range(1, 9)]


def short_event(client, **extra):
    return Director(
        client,
        {
            "name": "Short",
            "format": "rounds",
            "seed": "short",
            "players": EIGHT,
            "rules": SHORT,
            "options": {"rounds": 1},
            **extra,
        },
    )


def play_short_round(client, tables, seed=1):
    rng = random.Random(seed)
    for table in tables:
        start = client.get(f"/api/games/{table['game']}/export").get_json()
        play_table(table["seats"], None, rng, start=start, tap=Tap(client, table["game"], table["edit_key"]))


def _form_index(html, do):
    """The index of the page's form that posts this director's action."""
    forms = re.findall(r"<form[^>]*>.*?</form>", html, re.S)
    return [i for i, form in enumerate(forms) if f'name="do" value="{do}"' in form][0]


def speaking(client, code):
    client.set_cookie("lang", code)
    return client


def new_event(client, **fields):
    """Create an event on /events/new as the owner does; this browser directs it. Return its id."""
    page = client.get("/events/new").get_data(as_text=True)
    action, defaults = form_data(page)
    data = dict(defaults)
    data.update(
        {
            "name": "Clubavond",
            "format": "rounds",
            "players": "\n".join(EIGHT),
            "seed": "taal",
            "rules": '{"scoring": "exact", "deals": {"pattern": "custom", "sizes": [2, 1]}}',
            "opt-rounds-rounds": "1",
            **fields,
        }
    )
    response = client.post("/events/new", data=data)
    assert response.status_code == 302, response.get_data(as_text=True)
    return response.headers["Location"].rstrip("/").split("/")[-1]


def act(client, event_id, **fields):
    """Post a director's form of the director's page, as its button does."""
    page = client.get(f"/events/{event_id}").get_data(as_text=True)
    revision = page.split('name="revision" value="')[1].split('"')[0]
    csrf = page.split('name="csrf_token" value="')[1].split('"')[0]
    return client.post(
        f"/events/{event_id}/actions", data={"csrf_token": csrf, "revision": revision, **fields}, follow_redirects=True
    ).get_data(as_text=True)


NAMES = [f"Player {n:02}" for n in range(1, 11)]


def cartier(client, players, **extra):
    return Director(
        client, {"name": "Cartier night", "format": "cartier", "seed": "night", "players": players, **extra}
    )


def play(client, tables, rng, alike=()):
    for table in tables:
        start = client.get(f"/api/games/{table['game']}/export").get_json()
        play_table(
            table["seats"], None, rng, start=start, tap=Tap(client, table["game"], table["edit_key"]), alike=alike
        )


def rows_of(scored):
    return [
        (row["place"], row["player"], row["round_reached"], bool(row.get("withdrawn"))) for row in scored["results"]
    ]


def run_cli(tmp_path, record, *flags):
    path = tmp_path / "event.json"
    path.write_text(json.dumps(record), encoding="utf-8")
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        assert cli.main(["event", str(path), *flags]) in (0, None)
    return out.getvalue()
