"""The stake ceiling (issue 41, review F-2 and F-7): the most a point may stake on this instance, its owner's setting,
held at every door a stake comes in by; and no game moves more to or from one player than a payment shows whole."""

import io
import json

import pytest
from werkzeug.datastructures import FileStorage

from scorekeeper.web import stakes
from tests.game_helpers import create, record
from tests.html_forms import form_data, submit

# Review F-2's request: a stake of 1,000,000 a point wrote "Ann owes Bob €12,000,000" onto the public money page.
POISON = {
    "players": ["Mallory", "Ann", "Bob"],
    "rules": {
        "scoring": "exact",
        "hook": True,
        "deals": {"pattern": "up", "max": 1},
        "settlement": "pairwise",
        "stake": 1000000,
        "currency": "EUR",
        "first_dealer": 0,
    },
    "hands": [{"cards": 1, "dealer": 0, "trump": "hearts", "bids": [0, 1, 1], "tricks": [0, 0, 1]}],
}
SETUP = {
    "player_0": "Ann",
    "player_1": "Bob",
    "player_2": "Cy",
    "player_3": "Di",
    "first_dealer": "0",
    "settlement": "pairwise",
}


def games_listed(client):
    return client.get("/export/games.json").get_json()["games"]


def test_the_api_refuses_a_stake_beyond_the_ceiling_and_the_money_page_stays_empty(client, stranger):
    refused = stranger.post("/api/games", json=POISON)
    answer = refused.get_json()
    assert refused.status_code == 422 and answer["field"] == "rules.stake"
    assert "up to 10 a point" in answer["error"] and "STAKE_CEILING" in answer["error"]
    assert games_listed(client) == [] and "12,000,000" not in stranger.get("/money").get_data(as_text=True)
    within = json.loads(json.dumps(POISON))
    within["rules"]["stake"] = 10
    assert stranger.post("/api/games", json=within).status_code == 201  # at the ceiling is fine


def test_the_setup_form_refuses_a_stake_beyond_the_ceiling_saying_what_to_fix(client):
    refused = submit(client, "/games/new", dict(SETUP, stake="10.01"))
    page = refused.get_data(as_text=True)
    assert refused.status_code == 400 and "Stake: is 10.01 a point; this site takes stakes up to 10" in page
    assert games_listed(client) == []
    assert submit(client, "/games/new", dict(SETUP, stake="0.05")).status_code == 302


def test_the_settle_up_form_keeps_within_the_ceiling(client):
    game_id, _key = create(client, record(stake=1))
    changed = submit(client, f"/games/{game_id}/settle", {"settlement": "pairwise", "stake": "500"})
    page = client.get(changed.headers["Location"]).get_data(as_text=True)
    assert "this site takes stakes up to 10 a point" in page
    assert client.get(f"/api/games/{game_id}/export").get_json()["rules"]["stake"] == 1
    scale = submit(client, f"/games/{game_id}/settle", {"settlement": "prospect", "stake": "1", "payouts": "1 2 400"})
    assert "a place pays at most 300" in client.get(scale.headers["Location"]).get_data(as_text=True)
    assert client.get(f"/api/games/{game_id}/export").get_json()["rules"]["settlement"] == "pairwise"


def test_the_ceiling_counts_in_the_currencys_smallest_unit(stranger):
    """1,000 by default: 10.00 euros a point, and 1,000 pesos (the Chilean peso has no cents)."""
    pesos = dict(record(), rules=dict(record()["rules"], currency="CLP", stake=1000))
    assert stranger.post("/api/games", json=pesos).status_code == 201
    pesos["rules"]["stake"] = 1001
    refused = stranger.post("/api/games", json=pesos)
    assert refused.status_code == 422 and "up to 1,000 a point" in refused.get_json()["error"]
    euros = dict(record(), rules=dict(record()["rules"], currency="EUR", stake=10.01))
    assert "up to 10 a point" in stranger.post("/api/games", json=euros).get_json()["error"]


def test_the_owners_setting_raises_or_lowers_the_ceiling(app, client):
    app.config["STAKE_CEILING"] = 100_000_000  # 1,000,000.00 a point
    assert client.post("/api/games", json=POISON).status_code == 201
    app.config["STAKE_CEILING"] = 50
    refused = client.post("/api/games", json=dict(record(), rules=dict(record()["rules"], stake=1)))
    assert refused.status_code == 422 and "up to 0.5 a point" in refused.get_json()["error"]
    # The next game at a table set up before the ceiling was lowered is refused too, with what to fix.
    app.config["STAKE_CEILING"] = 1_000
    game_id, _key = create(client, record(stake=5))
    app.config["STAKE_CEILING"] = 100
    again = submit(client, f"/games/{game_id}/over", {}, action=f"/games/{game_id}/again")
    assert again.status_code == 302 and again.headers["Location"].endswith(f"/games/{game_id}/over")
    assert "up to 1 a point" in client.get(again.headers["Location"]).get_data(as_text=True)


def test_no_game_moves_more_than_a_payment_can_show(app, client):
    """Review F-7: a game whose settlement is beyond what an EPC code carries once made /money answer 500."""
    app.config["STAKE_CEILING"] = 100_000_000
    huge = record(
        stake=1_000_000,
        hands=[dict(record()["hands"][0], penalties=[{"seat": 0, "points": -1_000_000}]), record()["hands"][1]],
    )
    refused = client.post("/api/games", json=huge)
    answer = refused.get_json()
    assert refused.status_code == 422 and answer["field"] == "rules.stake"
    assert "more than a payment can show (999,999,999.99); lower it" in answer["error"]


def test_an_import_beyond_the_ceiling_is_refused_whole(client):
    document = {"format": "scorekeeper-games", "version": 1, "games": [record(), POISON]}
    _action, fields = form_data(client.get("/import").get_data(as_text=True))
    upload = FileStorage(io.BytesIO(json.dumps(document).encode()), "games.json")
    refused = client.post("/import", data=dict(fields) | {"file": upload})
    page = refused.get_data(as_text=True)
    assert refused.status_code == 400 and "games[1].rules.stake" in page and "Nothing was imported" in page
    assert games_listed(client) == []


@pytest.mark.parametrize("ceiling", [-1, "10", True, 10.5, 10**9])
def test_a_ceiling_that_is_no_stake_stops_the_start(tmp_path, ceiling):
    from scorekeeper import create_app

    with pytest.raises(ValueError, match="STAKE_CEILING in instance/config.py"):
        create_app({"DATABASE": str(tmp_path / "x.db"), "SECRET_KEY": "s", "STAKE_CEILING": ceiling})


def test_the_default_ceiling_is_documented(app):
    assert app.config["STAKE_CEILING"] == stakes.DEFAULT_CEILING == 1_000
