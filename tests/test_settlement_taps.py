"""The settlement is an action of the registry (scorekeeper/taps/settlement.py): the settle page's form and the
actions API send it through one pipeline, the edit key's only, within the site's stake ceiling on either path; a
stale one is a conflict, and an event's table moves no money whatever the path."""

from scorekeeper import store
from tests.api_helpers import RECORD, Table, stored_record
from tests.event_web_helpers import short_event
from tests.html_forms import form_data, submit
from tests.table_helpers import applied, flashes


def made(client):
    answer = client.post("/api/games", json=RECORD).get_json()
    with client.application.app_context():
        store.make_seat_keys(store.get_db(), answer["id"], range(len(RECORD["players"])))
        seats = store.seat_keys(store.get_db(), answer["id"])
    return answer["id"], answer["edit_key"], seats


def chosen(client, game_id):
    rules = stored_record(client, game_id)["rules"]
    return rules.get("settlement"), rules.get("stake"), rules.get("payouts")


def test_the_settlement_through_the_api_with_the_edit_key_lands(client):
    game_id, key, _seats = made(client)
    table = Table(client, game_id, key)
    answer = table.ok("settle", method="prospect", stake=0.5, payouts=[1, 2, 3])
    assert answer["message"] == "Settling up by Prospect sliding scale, stake 0.50."
    assert chosen(client, game_id) == ("prospect", 0.5, [1, 2, 3])
    # Another way of settling drops the scale.
    table.ok("settle", method="pairwise", stake=1)
    assert chosen(client, game_id) == ("pairwise", 1, None)


def test_a_seat_key_may_not_settle_up(client):
    game_id, _key, seats = made(client)
    refused = Table(client, game_id, seats[1]).post("settle", method="pairwise", stake=1)
    assert refused.status_code == 403, refused.get_json()
    assert chosen(client, game_id) == (None, None, None)


def test_a_stale_settlement_is_a_conflict(client):
    game_id, key, _seats = made(client)
    table = Table(client, game_id, key)
    first = table.revision
    table.ok("settle", method="pairwise", stake=1)
    stale = table.post("settle", revision=first, method="stackpot", stake=2)
    assert stale.status_code == 409, stale.get_json()
    assert "another phone has acted since" in stale.get_json()["error"]
    assert chosen(client, game_id)[:2] == ("pairwise", 1)


def test_bad_values_and_the_stake_ceiling_through_the_api(client):
    game_id, key, _seats = made(client)
    table = Table(client, game_id, key)
    for fields, field in (
        ({"method": "everyone_pays", "stake": 1}, "method"),
        ({"method": "pairwise", "stake": -1}, "stake"),
        ({"method": "pairwise"}, "stake"),
        ({"method": "prospect", "stake": 1, "payouts": [1, "two", 3]}, "payouts"),
    ):
        answer = table.post("settle", **fields)
        assert answer.status_code == 422 and answer.get_json()["field"] == field, answer.get_json()
    # The site's ceiling (10 a point by default) holds on the API as on the settle page.
    beyond = table.post("settle", method="pairwise", stake=11)
    assert beyond.status_code == 422 and "STAKE_CEILING" in beyond.get_json()["error"], beyond.get_json()
    assert beyond.get_json()["field"] == "rules.stake"
    assert table.post("settle", method="pairwise", stake=10).status_code == 200  # at the ceiling is fine


def test_an_events_table_settles_nothing_through_the_api_either(client):
    director = short_event(client)
    client.get(director.created["url"])
    table = director.act("start")["tables"][0]
    before = stored_record(client, table["game"])
    refused = Table(client, table["game"], table["edit_key"]).post("settle", method="pairwise", stake=1)
    assert refused.status_code == 422 and "is the event's" in refused.get_json()["error"], refused.get_json()
    assert stored_record(client, table["game"]) == before
    # The settle page says so before anything is read, as it did.
    client.get(f"/games/{table['game']}/claim/{table['edit_key']}")
    assert (
        client.post(f"/games/{table['game']}/settle", data={"settlement": "pairwise", "stake": "1"}).status_code == 403
    )


def test_the_settle_page_is_the_same_tap_and_says_what_it_said(client, app):
    game_id, key, _seats = made(client)
    client.get(f"/games/{game_id}/claim/{key}")
    url = f"/games/{game_id}/settle"
    answer = submit(client, url, {"settlement": "prospect", "stake": "1", "payouts": "1, 2, 3"})
    assert answer.status_code == 302 and answer.headers["Location"].endswith(url)
    assert applied(app, game_id) == 1 and chosen(client, game_id) == ("prospect", 1, [1, 2, 3])
    assert "Settling up by Prospect sliding scale, stake 1.00." in flashes(client.get(url).get_data(as_text=True))
    # A stake beyond the ceiling: refused in the page's words, nothing stored.
    submit(client, url, {"settlement": "pairwise", "stake": "11"})
    shown = flashes(client.get(url).get_data(as_text=True))
    assert "up to 10 a point" in shown and "STAKE_CEILING" in shown, shown
    assert chosen(client, game_id)[0] == "prospect" and applied(app, game_id) == 1
    # A page drawn before another phone wrote: the stale sentence, nothing stored.
    _action, drawn = form_data(client.get(url).get_data(as_text=True))
    table = Table(client, game_id, key)
    table.revision = stored_record_revision(client, game_id)
    table.ok("about", note="Two tables")
    stale = client.post(url, data={**dict(drawn), "settlement": "stackpot", "stake": "2"})
    assert stale.status_code == 302 and stale.headers["Location"].endswith(url)
    assert "another phone" in flashes(client.get(url).get_data(as_text=True))
    assert chosen(client, game_id)[0] == "prospect" and applied(app, game_id) == 2


def stored_record_revision(client, game_id):
    with client.application.app_context():
        return store.get_game_head(store.get_db(), game_id)["revision"]
