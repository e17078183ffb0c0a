"""Player names (issue 23, section 5): kept NFC-normalised; a control character or a name that shows nothing is
refused with what to fix; two names equal after NFC, removing invisible characters and casefolding are the same
player, refused as a duplicate. The setup form, the API, imports, events and late arrivals all say so."""

import json
import unicodedata

from hypothesis import HealthCheck, given, settings, strategies as st

from scorekeeper import rules
from tests.examples import REQUESTS
from tests.game_helpers import create, record
from tests.html_forms import submit
from tests.table_helpers import change, flashes
from tests.transfer_helpers import count_games, upload

E_ACUTE, E_COMBINING = "Ren\u00e9", "Rene\u0301"
ZERO_WIDTH = ["\u200b", "\u200c", "\u200d", "\u2060", "\ufeff"]


def _api(client, players):
    return client.post("/api/games", json=record(players=players))


def test_the_api_refuses_a_nul_in_a_name_and_says_what_to_fix(client):
    response = _api(client, ["Ann\x00", "Bob", "Cy", "Di"])
    assert response.status_code == 422
    body = response.get_json()
    assert body["field"] == "players[0]" and "control character" in body["error"]


def test_the_api_refuses_a_name_made_of_invisible_characters(client):
    response = _api(client, ["Ann", "\u200b\u200d", "Cy", "Di"])
    assert response.status_code == 422
    assert response.get_json()["field"] == "players[1]" and "shows nothing" in response.get_json()["error"]


def test_the_same_name_composed_or_decomposed_is_one_player(client):
    response = _api(client, [E_ACUTE, "Bob", E_COMBINING, "Di"])
    assert response.status_code == 422
    assert response.get_json()["field"] == "players[2]" and "listed twice" in response.get_json()["error"]


def test_a_zero_width_space_does_not_make_a_second_player(client):
    response = _api(client, ["A", "Bob", "A\u200b", "Di"])
    assert response.status_code == 422 and "listed twice" in response.get_json()["error"]


def test_a_decomposed_name_is_kept_composed(client):
    game_id, _key = create(client, record(players=[E_COMBINING, "Bob", "Cy", "Di"]))
    assert client.get(f"/api/games/{game_id}").get_json()["players"][0] == E_ACUTE


def test_the_setup_form_refuses_a_nul_and_writes_none_into_the_page(client):
    response = submit(client, "/games/new", {"player_0": "Ann\x00", "player_1": "Bob", "player_2": "Cy"})
    assert response.status_code == 400
    page = response.get_data(as_text=True)
    assert "\x00" not in page and "control character" in flashes(page)


def test_the_setup_form_refuses_the_same_player_twice(client):
    response = submit(client, "/games/new", {"player_0": E_ACUTE, "player_1": "Bob", "player_2": E_COMBINING})
    assert response.status_code == 400 and "listed twice" in flashes(response.get_data(as_text=True))


def test_an_import_with_the_same_player_twice_stores_nothing(client, app):
    document = {
        "format": "scorekeeper-games",
        "version": 1,
        "games": [record(players=["Ann", "A\u200bnn", "Cy", "Di"], hands=[])],
    }
    response = upload(client, json.dumps(document))
    assert response.status_code == 400 and "games[0].players[1]" in response.get_data(as_text=True)
    assert count_games(app) == 0


def test_a_late_arrival_with_a_sitting_players_name_is_refused(client):
    game_id, _key = create(client, record(players=[E_ACUTE, "Bob", "Cy"], hands=[]))
    said = flashes(change(client, game_id, action="arrive", name=E_COMBINING.upper(), start="zero"))
    assert "already at the table" in said
    said = flashes(change(client, game_id, action="arrive", name="Ed\x07", start="zero"))
    assert "newcomer's name holds a control character" in said
    assert client.get(f"/api/games/{game_id}").get_json()["players"] == [E_ACUTE, "Bob", "Cy"]


def test_an_event_with_the_same_player_twice_is_refused(client):
    response = client.post(
        "/api/events",
        json={"name": "Cup", "format": "rounds", "seed": "s", "players": ["Ann", "ANN\u200b", "Cy", "Di"], "rules": {}},
    )
    assert response.status_code == 422 and response.get_json()["field"] == "players[1]"


# ---- properties ------------------------------------------------------------------------------------------------

NAME = st.text(
    alphabet=st.sampled_from(["a", "A", "e", "\u0301", "\u00e9", "\u00c9", " ", "\x00", "\n", "\u3164", *ZERO_WIDTH]),
    max_size=5,
)


@settings(deadline=None)
@given(NAME, NAME)
def test_two_names_are_refused_together_exactly_when_they_are_one_player(first, second):
    try:
        kept = rules.player_names([first, second])
    except rules.RecordError as error:
        assert (rules.game.names.problem(first) if first.strip() else "name") or error.path == "players[1]"
        return
    assert all(unicodedata.is_normalized("NFC", name) and name == name.strip() for name in kept)
    assert rules.name_key(kept[0]) != rules.name_key(kept[1])
    assert not any(unicodedata.category(char) == "Cc" for name in kept for char in name)


@settings(max_examples=REQUESTS, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.lists(NAME, min_size=3, max_size=3))
def test_the_api_stores_a_table_of_names_only_when_each_is_one_visible_player(client, names):
    response = _api(client, ["Zed", *names])
    fine = (
        all(name.strip() and not rules.game.names.problem(name) for name in names)
        and len({rules.name_key(name) for name in ["Zed", *names]}) == 4
    )
    assert response.status_code == (201 if fine else 422), response.get_json()
    if fine:
        stored = client.get(f"/api/games/{response.get_json()['id']}").get_json()["players"]
        assert stored == [unicodedata.normalize("NFC", name).strip() for name in ["Zed", *names]]
