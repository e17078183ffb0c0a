"""Importing (issue "Serving a room", item 4): one cookie however many games, and a file imported twice
adds nothing the second time, saying so."""

import http.client
import json
import urllib.request

from hypothesis import given, settings, strategies as st

from scorekeeper import create_app, store
from tests.examples import WALKS
from tests.game_helpers import HANDS, create, record
from tests.owner_helpers import OWNER_KEY, owner_client
from tests.transfer_helpers import count_games, upload


def export_of(games, tmp_path):
    """Return the JSON export of a scorekeeper holding `games` games."""
    source = create_app(
        {
            "TESTING": True,
            "DATABASE": str(tmp_path / "source.db"),
            "SECRET_KEY": "s",
            "OWNER_KEY": OWNER_KEY,
            "RATELIMIT_ENABLED": False,
        }
    )
    try:
        client = owner_client(source)
        for number in range(games):
            create(
                client, record(players=[f"Ann {number}", "Bob", "Cy", "Di"], hands=HANDS[: 1 + number % 2]), claim=False
            )
        return client.get("/export/games.json").data
    finally:
        store.close(source)


def test_an_import_of_100_games_sets_one_cookie_through_the_real_server(app, live_server, tmp_path):
    document = export_of(100, tmp_path)
    owner = {"Authorization": f"Bearer {OWNER_KEY}"}  # import is the instance owner's
    with urllib.request.urlopen(urllib.request.Request(live_server + "/import", headers=owner)) as page:
        cookie = page.headers["Set-Cookie"].split(";")[0]
        token = page.read().decode().split('name="csrf_token" type="hidden" value="')[1].split('"')[0]
    boundary = "hostile-boundary"
    body = (
        (
            f'--{boundary}\r\nContent-Disposition: form-data; name="csrf_token"\r\n\r\n{token}\r\n'
            f'--{boundary}\r\nContent-Disposition: form-data; name="file"; filename="games.json"\r\n'
            "Content-Type: application/json\r\n\r\n"
        ).encode()
        + document
        + f"\r\n--{boundary}--\r\n".encode()
    )
    # http.client, as Python's own clients read it: a hundred Set-Cookie headers were refused outright.
    connection = http.client.HTTPConnection(live_server.removeprefix("http://"), timeout=60)
    try:
        connection.request(
            "POST",
            "/import",
            body,
            {"Content-Type": f"multipart/form-data; boundary={boundary}", "Cookie": cookie, **owner},
        )
        response = connection.getresponse()
        assert response.status == 302
        cookies = response.headers.get_all("Set-Cookie")
    finally:
        connection.close()
    assert len([c for c in cookies if c.startswith("edit_")]) == 1 and len(cookies) <= 2  # and the session's
    assert count_games(app) == 100


def test_importing_the_same_file_twice_skips_the_games_already_here(client, app, tmp_path):
    document = export_of(3, tmp_path)
    response = upload(client, document)
    assert response.status_code == 302
    assert "Imported 3 games." in client.get("/").get_data(as_text=True)
    before = count_games(app)
    response = upload(client, document)
    assert response.status_code == 302
    page = client.get("/").get_data(as_text=True)
    assert "Imported 0 games. 3 games were already here, skipped." in page
    assert count_games(app) == before == 3


def test_a_game_changed_since_is_imported_beside_the_one_here(client, app, tmp_path):
    document = json.loads(export_of(2, tmp_path))
    assert upload(client, json.dumps(document)).status_code == 302
    document["games"][0]["rules"]["stake"] = 2  # not the game stored here any more
    del document["games"][0]["history"]
    assert upload(client, json.dumps(document)).status_code == 302
    assert "Imported 1 game. 1 game was already here, skipped." in client.get("/").get_data(as_text=True)
    assert count_games(app) == 3


@settings(max_examples=WALKS, deadline=None)
@given(st.lists(st.booleans(), min_size=1, max_size=6))
def test_only_the_games_not_here_are_imported(tmp_path_factory, already):
    folder = tmp_path_factory.mktemp("twice")
    document = json.loads(export_of(len(already), folder))
    target = create_app(
        {
            "TESTING": True,
            "DATABASE": str(folder / "target.db"),
            "SECRET_KEY": "t",
            "OWNER_KEY": OWNER_KEY,
            "RATELIMIT_ENABLED": False,
        }
    )
    try:
        client = owner_client(target)
        first = dict(document, games=[game for game, here in zip(document["games"], already) if here])
        if first["games"]:
            assert upload(client, json.dumps(first)).status_code == 302
        assert upload(client, json.dumps(document)).status_code == 302
        assert count_games(target) == len(already)
        skipped = sum(already)
        page = client.get("/").get_data(as_text=True)
        assert f"Imported {len(already) - skipped} game" in page
        assert ("already here" in page) == bool(skipped)
    finally:
        store.close(target)
