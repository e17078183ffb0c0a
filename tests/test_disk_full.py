"""A full disk (issue 23, section 5): the write is refused whole with 507 Insufficient Storage and the sentence
that says what to do, never a 500; nothing of it is stored. SQLite's own SQLITE_FULL is brought about in a
real database file by capping its size (PRAGMA max_page_count) on the connection the request uses."""

import pytest

from scorekeeper import store
from tests.game_helpers import record
from tests.html_forms import submit

FULL = "The disk is full, so this could not be recorded (nothing of it was stored)."


@pytest.fixture
def full_disk(app):
    """Cap the database at the pages it has now, on this thread's connection (the test client's requests run
    here); a write that needs another page fails as on a full disk."""
    app.config["PROPAGATE_EXCEPTIONS"] = False  # answer as the server does, not raise into the test
    with app.app_context():
        db = store.get_db()
        db.execute("delete from players")  # no free page left over for a new row
        db.execute("vacuum")
        pages = db.execute("pragma page_count").fetchone()[0]
        db.execute(f"pragma max_page_count = {pages}")
        yield db
        db.execute("pragma max_page_count = 1073741823")


def _games(app):
    with app.app_context():
        return len(store.list_games(store.get_db()))


def _fill(client):
    """Store games until the disk is full; return the answer that said so."""
    for number in range(200):
        game = dict(record(players=[f"Player {number}", "Bob", "Cy", "Di"]), note="n" * 80)
        response = client.post("/api/games", json=game)
        if response.status_code != 201:
            return response
    raise AssertionError("the capped database never filled up")


def test_the_api_answers_507_with_the_sentence_when_the_disk_is_full(app, client, full_disk):
    response = _fill(client)
    assert response.status_code == 507
    assert FULL in response.get_json()["error"]


def test_the_setup_page_answers_507_and_stores_nothing_when_the_disk_is_full(app, client, full_disk):
    _fill(client)
    before = _games(app)
    response = submit(client, "/games/new", {"player_0": "Ann", "player_1": "Bob", "player_2": "Cy"})
    assert response.status_code == 507
    assert FULL in response.get_data(as_text=True)
    assert _games(app) == before
