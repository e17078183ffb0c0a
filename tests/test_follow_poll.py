"""A follower's unchanged poll, and its page once a follower had it, are answered before Flask, exactly as the
route answers them."""

import gzip
import os

import pytest
from flask import Flask, request_started
from hypothesis import HealthCheck, given, settings, strategies as st
from werkzeug.test import Client

from scorekeeper import store
from tests.examples import REQUESTS
from tests.table_helpers import deal, new_game


def through_the_route(app):
    """A test client of the app without the shortcut: every poll reaches the Flask route."""
    return Client(Flask.wsgi_app.__get__(app), app.response_class)


def test_an_unchanged_poll_carries_the_routes_headers(client, app):
    game_id = new_game(client)
    asks = {"If-None-Match": '"1"'}
    shortcut = client.get(f"/games/{game_id}/revision", headers=asks)
    route = through_the_route(app).get(f"/games/{game_id}/revision", headers=asks)
    assert shortcut.status_code == route.status_code == 304
    assert shortcut.get_data() == route.get_data() == b""
    assert sorted(shortcut.headers.items()) == sorted(route.headers.items())


def test_a_moved_game_an_unknown_game_and_a_missing_database_go_to_the_route(client, app):
    game_id = new_game(client)
    deal(client, game_id)
    moved = client.get(f"/games/{game_id}/revision", headers={"If-None-Match": '"1"'})
    assert moved.status_code == 200 and moved.get_json()["revision"] == 2 and moved.headers["ETag"] == '"2"'
    unknown = client.get("/games/nosuchgame/revision", headers={"If-None-Match": '"1"'})
    assert unknown.status_code == 404 and unknown.get_json()["field"] == "id"
    os.remove(app.config["DATABASE"])
    with pytest.raises(store.StorageError, match="missing"):  # the route's own error (TESTING lets it through)
        client.get(f"/games/{game_id}/revision", headers={"If-None-Match": '"2"'})


@settings(max_examples=REQUESTS, suppress_health_check=[HealthCheck.function_scoped_fixture], deadline=None)
@given(
    asked=st.one_of(
        st.sampled_from(['"1"', 'W/"1"', '"2", "1"', "*", '"1', "1", '""', '"01"', ' "1" ']),
        st.text(alphabet=st.characters(min_codepoint=32, max_codepoint=126), max_size=20),
    )
)
def test_the_shortcut_answers_304_exactly_when_the_route_would(client, app, asked):
    game_id = getattr(app, "_poll_game", None) or new_game(client)
    app._poll_game = game_id
    path = f"/games/{game_id}/revision"
    assert (
        client.get(path, headers={"If-None-Match": asked}).status_code
        == through_the_route(app).get(path, headers={"If-None-Match": asked}).status_code
    )


def test_a_poll_for_a_name_the_server_does_not_answer_to_is_refused_as_the_route_refuses_it(client, app):
    game_id = new_game(client)
    asks = {"If-None-Match": '"1"', "Host": "evil.example"}
    shortcut = client.get(f"/games/{game_id}/revision", headers=asks)
    assert shortcut.status_code == through_the_route(app).get(f"/games/{game_id}/revision", headers=asks).status_code
    assert shortcut.status_code == 400 and b"does not answer to the name" in shortcut.get_data()


def test_an_unchanged_poll_behind_the_tls_proxy_carries_hsts_as_the_route_does(client, app):
    game_id = new_game(client)
    app.config["PROXY"] = True
    asks = {"If-None-Match": '"1"'}
    shortcut = client.get(f"/games/{game_id}/revision", headers=asks, base_url="https://localhost")
    route = through_the_route(app).get(f"/games/{game_id}/revision", headers=asks, base_url="https://localhost")
    assert shortcut.status_code == route.status_code == 304
    assert shortcut.headers["Strict-Transport-Security"] == route.headers["Strict-Transport-Security"]


# ---- the follower's page, given again before Flask ---------------------------------------------------------

GZIP = {"Accept-Encoding": "gzip"}


def flask_requests(app):
    """Count the requests Flask itself handles (its request_started signal)."""
    handled = []
    request_started.connect(lambda sender, **extra: handled.append(1), app, weak=False)
    return handled


def answer_of(response):
    return response.status_code, sorted(response.headers.items()), response.get_data()


def test_a_followers_page_is_given_again_without_flask_as_the_route_gave_it(client, app):
    game_id = new_game(client)
    handled = flask_requests(app)
    follower, other = app.test_client(), app.test_client()
    first = follower.get(f"/games/{game_id}", headers=GZIP)
    assert first.status_code == 200 and first.headers["Content-Encoding"] == "gzip" and len(handled) == 1
    again = other.get(f"/games/{game_id}", headers=GZIP)
    assert len(handled) == 1  # the second follower's page never reached Flask
    assert (
        answer_of(again) == answer_of(first) == answer_of(through_the_route(app).get(f"/games/{game_id}", headers=GZIP))
    )
    assert "Ann" in gzip.decompress(again.get_data()).decode() and "Set-Cookie" not in again.headers


def test_the_scorekeeper_a_moved_game_and_another_language_each_get_their_own_page(client, app):
    game_id = new_game(client)
    follower = app.test_client()
    path = f"/games/{game_id}"
    english = gzip.decompress(follower.get(path, headers=GZIP).get_data()).decode()
    follower.get(path, headers=GZIP)
    # The scorekeeper's phone (its edit cookie) is on the deal screen, not the followers' sheet.
    keeper = client.get(path, headers=GZIP)
    assert keeper.status_code == 302 and keeper.headers["Location"].endswith("/deal")
    dutch = gzip.decompress(follower.get(path, headers={**GZIP, "Accept-Language": "nl"}).get_data()).decode()
    assert 'lang="nl"' in dutch and 'lang="en"' in english
    follower.set_cookie("lang", "fr")
    assert 'lang="fr"' in gzip.decompress(follower.get(path, headers=GZIP).get_data()).decode()
    deal(client, game_id)
    moved = gzip.decompress(app.test_client().get(path, headers=GZIP).get_data()).decode()
    assert 'data-revision="2"' in moved and 'data-revision="1"' in english


@settings(max_examples=REQUESTS, suppress_health_check=[HealthCheck.function_scoped_fixture], deadline=None)
@given(
    path=st.sampled_from(["", "/sheet", "/sheets", "/revision"]),
    query=st.sampled_from(["", "?x=1"]),
    headers=st.dictionaries(
        st.sampled_from(
            [
                "Accept-Language",
                "Cookie",
                "Host",
                "Accept-Encoding",
                "X-Forwarded-Proto",
                "If-None-Match",
                "Authorization",
            ]
        ),
        st.one_of(
            st.sampled_from(
                [
                    "nl",
                    "de;q=0.5, fr",
                    "lang=es",
                    "lang=nl; session=x",
                    "gzip",
                    "identity",
                    "https",
                    '"1"',
                    "localhost",
                    "evil.example",
                    "Bearer x",
                ]
            ),
            st.text(alphabet=st.characters(min_codepoint=32, max_codepoint=126), max_size=12),
        ),
    ),
)
def test_any_request_for_a_followers_page_is_answered_as_the_route_answers_it(client, app, path, query, headers):
    """Asked twice (the second may be given again), the answer is the route's own, byte for byte."""
    game_id = getattr(app, "_page_game", None) or new_game(client)
    app._page_game = game_id
    url = f"/games/{game_id}{path}{query}"
    route = through_the_route(app).get(url, headers=headers)
    for _ in range(2):
        assert answer_of(app.test_client().get(url, headers=headers)) == answer_of(route)
