"""Hostile numbers (issue "Serving a room", item 5): 309-digit integers, '³' and '①', NaN, 5,000 digits.

Every number a person types or a client sends goes through rules.game.numbers: a form comes back with a
message saying what to type, a query parameter falls back to its default, the API and /import answer
4xx; never a 500, and nothing recorded changes.
"""

import json
import re
from decimal import Decimal

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from scorekeeper import store
from scorekeeper.rules.game import numbers
from tests.examples import WALKS
from tests.html_forms import form_data, submit
from tests.seat_helpers import act, new_game, phone, seat_links

HUGE = st.one_of(
    st.integers(min_value=10**308, max_value=10**320).map(str),
    st.integers(min_value=10**15, max_value=10**40).map(str),
    st.just("9" * 5000),
    st.just("-" + "9" * 400),
)
UNICODE_DIGITS = st.text(
    st.characters(categories=["Nd", "No"], exclude_characters="0123456789"), min_size=1, max_size=4
)
MIXED = st.builds(lambda digit, at: "12"[:at] + digit + "3", UNICODE_DIGITS, st.integers(0, 2))
FLOATS = st.one_of(
    st.sampled_from(["1e999", "-1e999", "NaN", "nan", "Infinity", "-inf", "1e5", "0x10"]),
    st.floats(allow_nan=True, allow_infinity=True).map(repr).filter(lambda t: not t[-2:] == ".0"),
)
# Text no number field takes: each must be refused with a message, and nothing stored.
REFUSED = st.one_of(HUGE, UNICODE_DIGITS, MIXED, FLOATS.filter(lambda t: not re.fullmatch(r"-?\d+\.\d+", t)))
# Anything at all, the above with negatives, blanks and whitespace: never a 500.
HOSTILE = st.one_of(
    REFUSED,
    st.integers(-(10**6), -1).map(str),
    st.sampled_from(["", " ", "\t", "\u00a0", "+", "-", "."]),
    st.text(max_size=8),
)
FEW = settings(max_examples=WALKS, deadline=None, suppress_health_check=list(HealthCheck), database=None)


def snapshot(client):
    with client.application.app_context():
        db = store.get_db()
        return (
            db.execute("select id, revision, record from games order by id").fetchall(),
            db.execute("select count(*) from sealed_bids").fetchone(),
        )


# ---- the one helper ---------------------------------------------------------------------------


@given(HOSTILE | st.text(alphabet="0123456789+-. ", max_size=40))
def test_parse_whole_returns_a_bounded_int_or_says_what_to_type(text):
    try:
        value = numbers.parse_whole(text, -(10**6), 10**6)
    except numbers.NumberError as error:
        assert str(error) and "Traceback" not in str(error)
    else:
        assert isinstance(value, int) and -(10**6) <= value <= 10**6
        assert value == int(text.strip(" "))


@given(REFUSED)
def test_refused_text_is_refused_by_both_parsers(text):
    with pytest.raises(numbers.NumberError):
        numbers.parse_whole(text)
    if not re.fullmatch(r"[+-]?\d{1,15}(\.\d*)?", text):
        with pytest.raises(numbers.NumberError):
            numbers.parse_decimal(text)


@given(st.integers(-(10**13), 10**13), st.sampled_from(["", " ", "\t"]))
def test_plain_numbers_pass_with_spaces_around(value, space):
    assert numbers.parse_whole(f"{space}{value}{space}") == value
    half = Decimal("0.5") if value >= 0 else Decimal("-0.5")
    assert numbers.parse_decimal(f"{space}{value}.5") == value + half


def test_the_messages_say_what_to_type():
    with pytest.raises(numbers.NumberError, match="digits 0 to 9"):
        numbers.parse_whole("³")
    with pytest.raises(numbers.NumberError, match="too long"):
        numbers.parse_whole("9" * 5000)
    with pytest.raises(numbers.NumberError, match="from 0 to 52"):
        numbers.parse_whole("53", 0, 52)
    with pytest.raises(numbers.NumberError, match="'①' must be a number"):
        numbers.whole_list("1 2 ①")


# ---- forms: the form again, with the message ----------------------------------------------------


def setup_fields():
    return {"player_0": "Ann", "player_1": "Bob", "player_2": "Cy"}


@pytest.mark.parametrize(
    "field, extra",
    [
        ("max_cards", {}),
        ("hands", {}),
        ("stake", {}),
        ("opt__double_whammy__from_hand", {"scoring": "double_whammy"}),
        ("sizes", {"pattern": "custom"}),
    ],
)
def test_the_setup_form_comes_back_with_a_message(client, field, extra):
    before = snapshot(client)

    @FEW
    @given(REFUSED)
    def attempt(text):
        response = submit(client, "/games/new", setup_fields() | extra | {field: text})
        page = response.get_data(as_text=True)
        assert response.status_code == 400, page[:300]
        assert "digit" in page or "number" in page
        assert snapshot(client) == before

    attempt()


def playing(client, bidding="sequential", step="bids"):
    game_id, key = new_game(client, bidding)
    assert act(client, game_id, key, "deal", action="deal", cards=2, trump="hearts").status_code == 200
    if step == "tricks":
        for seat, bid in ((1, 0), (2, 0), (3, 0), (0, 0)):
            assert act(client, game_id, key, f"bid{seat}", action="bid", seat=seat, bid=bid).status_code == 200
    return game_id, key


TABLE_ACTIONS = {
    "total": {"action": "arrive", "name": "Eve", "start": "number"},
    "position": {"action": "insert", "cards": "2"},
    "cards": {"action": "resize", "position": "2"},
}


@pytest.mark.parametrize(
    "step, page, field",
    [
        ("bids", "bids", "bid"),
        ("tricks", "tricks", "took_0"),
        ("tricks", "tricks", "penalty_points"),
        ("bids", "table", "total"),
        ("bids", "table", "position"),
        ("bids", "table", "cards"),
        ("bids", "settle", "stake"),
    ],
)
def test_the_hand_forms_come_back_with_a_message(client, step, page, field):
    game_id, _key = playing(client, step=step)
    url = f"/games/{game_id}/{page}"
    extra = (
        {"penalty_seat": "0"} if field == "penalty_points" else TABLE_ACTIONS.get(field, {}) if page == "table" else {}
    )
    before = snapshot(client)

    @FEW
    @given(REFUSED)
    def attempt(text):
        # The table page: a form per seat (four), then who arrives, then the plan of hands.
        index = {"total": 4, "position": 5, "cards": 5}.get(field, 0) if page == "table" else 0
        response = submit(client, url, extra | {field: text}, index=index)
        assert response.status_code < 500
        shown = (
            client.get(response.location, follow_redirects=True).get_data(as_text=True)
            if response.status_code == 302
            else response.get_data(as_text=True)
        )
        assert "digits 0 to 9" in shown or "too long" in shown or "too many digits" in shown, shown[:2000]
        assert snapshot(client) == before

    attempt()


def test_the_reveal_form_and_a_seat_phone_refuse_hostile_bids(app, client):
    game_id, key = new_game(client, "simultaneous")
    links = seat_links(client, game_id)
    assert act(client, game_id, key, "deal", action="deal", cards=3, trump="spades").status_code == 200
    bob = phone(app, links["Bob"])
    page = client.get(f"/games/{game_id}/bids").get_data(as_text=True)
    _action, fields = form_data(page)
    before = snapshot(client)

    @FEW
    @given(REFUSED, st.integers(0, 3))
    def attempt(text, seat):
        response = client.post(f"/games/{game_id}/reveal", data=dict(fields) | {f"bid_{seat}": text})
        assert response.status_code == 302
        assert "Nothing was revealed" in client.get(response.location, follow_redirects=True).get_data(as_text=True)
        mine = bob.get(f"/games/{game_id}/mine").get_data(as_text=True)
        _mine_action, mine_fields = form_data(mine)
        response = bob.post(f"/games/{game_id}/mine", data=dict(mine_fields) | {"bid": text})
        assert response.status_code == 302
        assert "Please tap a bid" in bob.get(response.location, follow_redirects=True).get_data(as_text=True)
        assert snapshot(client) == before

    attempt()


# ---- query parameters: the default, never a 500 ------------------------------------------------

QUERIES = [
    "/sheets/?players={}",
    "/sheets/?players=4&max={}&decks={}&copies={}",
    "/?playing={}&finished={}",
    "/house/which?players={}",
    "/house/which?bid1={}&took1=2&points1={}",
    "/house/which?bid1=1&took1=1&cards1={}&points1=11",
    "/house/preview?made=10&cards={}&players={}",
    "/house/card?scoring=exact&players={}&max_cards={}&hands={}&decks={}&stake={}&pattern=custom&sizes={}",
    "/house/card?player_{}=Ann&player_1=Bob",
]


@pytest.mark.parametrize("query", QUERIES)
def test_query_parameters_never_fail(client, query):
    @FEW
    @given(HOSTILE)
    def attempt(text):
        response = client.get(query.replace("{}", text.replace("&", "").replace("#", "")))
        assert response.status_code < 500

    attempt()


def test_a_309_digit_query_parameter_once_failed(client):
    response = client.get("/sheets/?players=" + "9" * 309)
    assert response.status_code == 400 and "Players: is too long to be a number" in response.get_data(as_text=True)
    assert client.get("/?playing=" + "9" * 309).status_code == 200
    response = client.get("/house/which?bid1=2&took1=2&points1=" + "9" * 400)
    assert response.status_code == 200 and "Hand 1: " in response.get_data(as_text=True)
    assert "one of its numbers is too long" in response.get_data(as_text=True)


# ---- the actions API and /import: a 4xx --------------------------------------------------------

RAW_NUMBERS = st.one_of(
    st.just("9" * 5000),
    st.just("-" + "9" * 400),
    st.just("1e400"),
    st.just("1.5"),
    st.just("true"),
    st.just("null"),
    HUGE.map(lambda t: t if t[0] in "-9" else t),
    UNICODE_DIGITS.map(json.dumps),
    st.just('"3"'),
)


@pytest.mark.parametrize("field", ["revision", "seat", "bid", "cards", "tricks", "bids"])
def test_the_actions_api_answers_4xx_to_hostile_numbers(client, field):
    game_id, key = playing(client)
    before = snapshot(client)

    @FEW
    @given(RAW_NUMBERS)
    def attempt(raw):
        body = {
            "id": "t",
            "revision": 3,
            "hand": 1,
            "action": {"cards": "deal", "tricks": "tricks", "bids": "reveal"}.get(field, "bid"),
            "seat": 1,
            "bid": 0,
        }
        text = json.dumps(body)
        if field == "tricks":
            text = text[:-1] + f', "tricks": [{raw}, 0, 0, 0]}}'
        elif field == "bids":
            text = text[:-1] + f', "bids": {{{json.dumps(raw) if raw[0] != chr(34) else raw}: 1}}}}'
        else:
            text = (
                text.replace(f'"{field}": {json.dumps(body[field])}', f'"{field}": {raw}')
                if field in body
                else text[:-1] + f', "{field}": {raw}}}'
            )
        response = client.post(
            f"/api/games/{game_id}/actions",
            data=text,
            content_type="application/json",
            headers={"Authorization": f"Bearer {key}"},
        )
        assert 400 <= response.status_code < 500 or response.status_code == 200, response.get_data(as_text=True)
        if response.status_code != 200:
            assert response.get_json()["error"]
            assert snapshot(client) == before

    attempt()


def test_a_5000_digit_number_in_an_import_file_is_a_400(client):
    from tests.transfer_helpers import upload

    text = json.dumps(
        {
            "format": "scorekeeper-games",
            "version": 1,
            "games": [{"players": ["Ann", "Bob", "Cy"], "rules": {"stake": 12345}}],
        }
    )
    response = upload(client, text.replace("12345", "9" * 5000))
    assert response.status_code == 400
    assert "5,000 digits" in response.get_data(as_text=True) and "Nothing was imported" in response.get_data(
        as_text=True
    )
    response = client.post(
        "/api/games",
        data='{"players": ["Ann", "Bob"], "rules": {"stake": ' + "9" * 5000 + "}}",
        content_type="application/json",
    )
    assert response.status_code == 400 and "5,000 digits" in response.get_json()["error"]


def test_a_405_names_the_methods_allowed(client):
    for url, allowed in (("/api/games", {"POST"}), ("/import", {"GET", "POST"}), ("/export/games.json", {"GET"})):
        response = client.delete(url)
        assert response.status_code == 405
        assert allowed <= {method.strip() for method in response.headers["Allow"].split(",")}


@pytest.mark.parametrize("text", ["³", "①", "9" * 5000, "0"])
def test_the_command_line_says_what_to_type(capsys, text):
    from scorekeeper import cli

    assert cli.main(["which", "2/2=12", "--cards", text]) == 2
    assert "--cards must be a whole number of at least 1" in capsys.readouterr().err


def test_the_bid_screens_seat_parameter_falls_back_to_whoever_bids_next(client):
    game_id, _key = playing(client)
    for text in ("³", "①", "9" * 5000, "-1", "99"):
        response = client.get(f"/games/{game_id}/bids", query_string={"seat": text})
        assert response.status_code == 200 and "Bob" in response.get_data(as_text=True)
