"""Rate limits a tournament hall can live with (issue 23, section 5), through the real app with its limits on:
every phone of a hall reaches the server from one public address, so each limit is keyed on who spends it
(docs/security.md, "Rate limits")."""

import io
import shutil

import pytest
import requests
from werkzeug.datastructures import FileStorage

from scorekeeper import create_app, store
from tests.html_forms import form_data
from tests.owner_helpers import OWNER_KEY, owner_client
from tests.server_helpers import GAME, waitress_serving

TABLES = 100


@pytest.fixture
def limited(tmp_path, migrated_database):
    """The real app with the rate limits as shipped (the other tests' app turns them off)."""
    database = tmp_path / "hall.db"
    shutil.copyfile(migrated_database, database)
    app = create_app({"DATABASE": str(database), "SECRET_KEY": "hall secret", "OWNER_KEY": OWNER_KEY})
    yield app
    store.close(app)


def _phone(app):
    """A phone on the hall's Wi-Fi: its own browser (cookies), the hall's one address (the test client's)."""
    return app.test_client()


def _set_up_a_game(phone):
    _action, fields = form_data(phone.get("/games/new").get_data(as_text=True))
    data = dict(fields) | {
        "player_0": "Ann",
        "player_1": "Bob",
        "player_2": "Cy",
        "player_3": "Di",
        "first_dealer": "0",
    }
    return phone.post("/games/new", data=data)


def _sign_in(phone, key):
    _action, fields = form_data(phone.get("/owner").get_data(as_text=True))
    return phone.post("/owner", data=dict(fields) | {"key": key})


def test_a_hall_behind_one_address_starts_100_tables_games_within_a_minute(limited):
    answers = [_set_up_a_game(_phone(limited)).status_code for _table in range(TABLES)]
    assert answers == [302] * TABLES
    with limited.app_context():
        assert len(store.list_games(store.get_db())) == TABLES


def test_one_browser_still_cannot_fill_the_disk(limited):
    phone = _phone(limited)
    answers = [_set_up_a_game(phone).status_code for _game in range(31)]
    assert answers == [302] * 30 + [429]
    assert "Nothing was stored" in _set_up_a_game(phone).get_data(as_text=True)
    assert _set_up_a_game(_phone(limited)).status_code == 302  # the next table's phone is not held up


def test_a_script_without_cookies_is_limited_by_its_address(limited):
    script = _phone(limited)
    answers = [script.post("/api/games", json=GAME).status_code for _game in range(31)]
    assert answers == [201] * 30 + [429]


def test_a_script_taking_a_fresh_browser_each_time_meets_the_addresss_ceiling(limited):
    limited.config["GAME_CREATION_ADDRESS_LIMIT"] = "5 per minute"
    answers = [_set_up_a_game(_phone(limited)).status_code for _game in range(6)]
    assert answers == [302] * 5 + [429]


def test_ten_wrong_owner_keys_from_the_halls_address_do_not_lock_out_the_right_one(limited):
    guesser = _phone(limited)
    assert [_sign_in(guesser, f"guess {n}").status_code for n in range(10)] == [403] * 10
    assert _sign_in(_phone(limited), OWNER_KEY).status_code == 302  # the owner, on another phone
    assert _sign_in(guesser, OWNER_KEY).status_code == 302  # even on the phone that typed ten wrong keys


def test_guessing_the_owner_key_is_still_limited(limited):
    guesser = _phone(limited)
    answers = [_sign_in(guesser, f"guess {n}").status_code for n in range(21)]
    assert answers == [403] * 20 + [429]
    assert _sign_in(_phone(limited), OWNER_KEY).status_code == 302  # the owner's own phone is not locked out
    # A script taking a fresh browser for each guess meets the address's allowance of wrong keys.
    answers = [_sign_in(_phone(limited), f"guess {n}").status_code for n in range(81)]
    assert answers == [403] * 80 + [429]


def test_strangers_refused_at_the_import_do_not_spend_the_owners_allowance(limited):
    stranger = _phone(limited)
    for _attempt in range(12):
        assert stranger.post("/import").status_code == 403
    owner = owner_client(limited)
    _action, fields = form_data(owner.get("/import").get_data(as_text=True))
    data = dict(fields) | {"file": FileStorage(io.BytesIO(b'{"games": []}'), "games.json")}
    assert owner.post("/import", data=data).status_code == 400  # read and refused (no games), not 429


@pytest.fixture
def limited_server(limited):
    """The limited app behind a real server (waitress on 127.0.0.1): every browser comes from one address."""
    with waitress_serving(limited) as url:
        yield url


def _sign_in_over_http(base, key):
    """A fresh browser (its own cookies) on the hall's address: open /owner, send the key; the answer's status."""
    browser = requests.Session()
    page = browser.get(f"{base}/owner", timeout=30)
    _action, fields = form_data(page.text)
    return browser.post(
        f"{base}/owner", data=dict(fields) | {"key": key}, allow_redirects=False, timeout=30
    ).status_code


def test_the_owner_signs_in_after_100_wrong_keys_from_her_own_address(limited_server):
    """Review F-10: a player on the venue's Wi-Fi types 100 wrong keys; the owner, at the same address, still gets in."""
    wrong = [_sign_in_over_http(limited_server, f"guess {n}") for n in range(100)]
    assert wrong == [403] * 100
    assert _sign_in_over_http(limited_server, f"guess {100}") == 429  # the guesser is still held back
    assert _sign_in_over_http(limited_server, OWNER_KEY) == 302  # the right key is never refused
    assert _sign_in_over_http(limited_server, OWNER_KEY) == 302
