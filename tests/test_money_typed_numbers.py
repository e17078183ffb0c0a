"""Money typed the reader's way (issue 40; regulars-2026-12.md §3 difference 11): stakes, fees and payments are text
boxes with a decimal keyboard, read on the server in the page's language ("0,05" in Dutch is 0.05, never 5), and
the messages write their numbers the reader's way (WTForms' Dutch messages said "0.01")."""

import html
import re

import pytest

from scorekeeper import store
from tests.game_helpers import create, game_id_of
from tests.html_forms import submit
from tests.money_helpers import totals_game

PLAYERS = {
    "player_0": "Ann",
    "player_1": "Bob",
    "player_2": "Cy",
    "first_dealer": "0",
    "pattern": "up",
    "max_cards": "3",
    "scoring": "exact",
    "settlement": "pairwise",
    "currency": "EUR",
}


@pytest.fixture
def dutch(client):
    client.environ_base["HTTP_ACCEPT_LANGUAGE"] = "nl"
    return client


def flashed(page):
    return [html.unescape(text) for text in re.findall(r'<p class="flash[^"]*"[^>]*>(.*?)</p>', page, re.S)]


def test_the_setup_stake_is_a_text_box_read_the_dutch_way(dutch, app):
    page = dutch.get("/games/new").get_data(as_text=True)
    stake = re.search(r'<input[^>]*id="stake"[^>]*>', page)[0]
    assert 'type="text"' in stake and 'inputmode="decimal"' in stake
    made = submit(dutch, "/games/new", {**PLAYERS, "stake": "0,05"})
    assert made.status_code == 302
    with app.app_context():
        record = store.get_game(store.get_db(), game_id_of(made.headers["Location"]))["record"]
    assert record["rules"]["stake"] == 0.05  # not 5
    assert submit(dutch, "/games/new", {**PLAYERS, "stake": "0.05"}).status_code == 302  # a point reads too


@pytest.mark.parametrize(
    "stake, said",
    [
        ("-0,5", "Inzet per punt: moet van 0 tot 1.000.000 zijn"),
        ("2000000", "Inzet per punt: moet van 0 tot 1.000.000 zijn"),
        ("0,055", "Inzet per punt: hoogstens 2 decimalen in EUR"),
    ],
)
def test_a_dutch_stake_out_of_range_is_refused_with_dutch_numbers(dutch, stake, said):
    answer = submit(dutch, "/games/new", {**PLAYERS, "stake": stake})
    assert answer.status_code == 400
    text = " ".join(flashed(answer.get_data(as_text=True)))
    assert said in text, text


def test_a_settle_up_stake_typed_the_dutch_way(dutch, app):
    game_id, _key = create(dutch, totals_game(["Ann", "Bob"], [12, 10], 0.5))
    answer = submit(
        dutch,
        f"/games/{game_id}/settle",
        {"settlement": "pairwise", "stake": "0,05"},
        action=f"/games/{game_id}/settle",
    )
    assert answer.status_code == 302
    page = dutch.get(f"/games/{game_id}/settle").get_data(as_text=True)
    assert "inzet €\xa00,05" in page


def test_a_payment_typed_the_dutch_way_and_its_refusals_in_dutch_numbers(dutch, app):
    create(dutch, totals_game(["Ann", "Bob"], [30, 10], 0.5))
    fields = {"payer": "bob", "payee": "ann", "currency": "EUR", "paid_on": "2026-11-27"}
    page = dutch.get(
        submit(dutch, "/money", {**fields, "amount": "8,20"}, action="/money/payments").headers["Location"]
    ).get_data(as_text=True)
    assert any("€\xa08,20" in line for line in flashed(page)), flashed(page)
    refused = dutch.get(
        submit(dutch, "/money", {**fields, "amount": "1,239"}, action="/money/payments").headers["Location"]
    ).get_data(as_text=True)
    assert "1,239" in " ".join(flashed(refused)) and "1.239" not in " ".join(flashed(refused))
    too_much = dutch.get(
        submit(dutch, "/money", {**fields, "amount": "1000000000"}, action="/money/payments").headers["Location"]
    ).get_data(as_text=True)
    assert "€\xa0999.999.999,99" in " ".join(flashed(too_much))
    with app.app_context():
        assert [row["cents"] for row in store.payment_log(store.get_db())] == [820]


def test_an_event_fee_typed_the_dutch_way(dutch):
    page = dutch.get("/events/new").get_data(as_text=True)
    fee = re.search(r'<input[^>]*id="entry_fee"[^>]*>', page)[0]
    assert 'type="number"' not in fee and 'inputmode="decimal"' in fee
    answer = submit(
        dutch,
        "/events/new",
        {
            "name": "Cup",
            "format": "rounds",
            "seed": "s",
            "players": "Ann\nBob\nCy\nDi",
            "entry_fee": "2,50",
            "split": "100",
            "currency": "EUR",
        },
    )
    assert answer.status_code == 302, flashed(answer.get_data(as_text=True))
    event_id = re.search(r"/events/([^/?]+)", answer.headers["Location"])[1]
    assert dutch.get(f"/api/events/{event_id}/export").get_json()["money"]["entry_fee"] == 2.5
