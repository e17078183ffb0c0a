"""The roster and the players' pages through the Flask client, on the evening of three games."""

import re

from scorekeeper import store
from tests.evening_helpers import play_evening
from tests.game_helpers import create, record
from tests.html_forms import submit


def test_setup_offers_the_names_entered_before(client, app):
    create(client, record(players=["Ann", "Bob", "Cy", "Di"]))
    create(client, record(players=["ann", " Bob ", "Cy", "Eve"]))  # the same people, typed differently
    with app.app_context():
        assert [p["name"] for p in store.list_players(store.get_db())] == ["Ann", "Bob", "Cy", "Di", "Eve"]
    html = client.get("/games/new").get_data(as_text=True)
    datalist = re.search(r'<datalist id="roster">(.*?)</datalist>', html, re.S)[1]
    assert re.findall(r'<option value="([^"]+)">', datalist) == ["Ann", "Bob", "Cy", "Di", "Eve"]
    assert "/static/roster.js" in html  # offers the datalist to every name field (no inline script: CSP)


def test_games_set_up_on_the_page_join_the_roster(client, app):
    submit(client, "/games/new", {"player_0": "Zoë", "player_1": "Yan", "player_2": "Xi", "first_dealer": "0"})
    with app.app_context():
        assert {p["name"] for p in store.list_players(store.get_db())} == {"Zoë", "Yan", "Xi"}


def test_player_page_worked_by_hand(client, app):
    # Ann over the three games: 11 (Di won), 23 (won), 21 (won); bids made 1 of 2, 2 of 2, 2 of 2.
    games = play_evening(client, app)
    html = client.get("/players/ann").get_data(as_text=True)
    assert re.search(r"<b>3</b><span>games</span>", html)
    assert re.search(r"<b>2</b><span>wins · 66.7%</span>", html)
    assert re.search(r"<b>83.3%</b><span>bids made · 5/6</span>", html)
    # Exact: an average of (11 + 23 + 21) / 3 = 18.3.
    assert re.search(r"<th>Exact</th>\s*<td>3</td><td>2</td><td>18.3</td>", html)
    links = re.findall(r'<li><a href="/games/([^"]+)">', html)
    assert sorted(links) == sorted(games)  # newest first; these three were stored within a second
    assert '<b class="win">won</b> with 21' in html and "3rd of 4 with 11" in html
    assert "<svg" in html and 'aria-label="Bids made: Ann and the table: Ann 83.3%' in html
    # Bob made 3 of his 6 bids; the players page lists everyone.
    assert re.search(r"<b>50%</b><span>bids made · 3/6</span>", client.get("/players/Bob").get_data(as_text=True))
    listing = client.get("/players").get_data(as_text=True)
    # Ranked by rating (issue 27; it was by games, then name): the order the stored ratings give.
    with app.app_context():
        by_rating = [row["name"] for row in store.player_ratings(store.get_db())]
    assert re.findall(r'<th><a href="/players/([^"]+)">', listing) == by_rating
    assert sorted(by_rating) == ["Ann", "Bob", "Cy", "Di"]
    assert '<a href="/players">Players</a>' in client.get("/").get_data(as_text=True)


def test_names_are_escaped_on_player_pages(client):
    create(client, record(players=["<i>Zed</i>", "Bob", "Cy", "Di"]))
    html = client.get("/players/<i>Zed</i>").get_data(as_text=True)
    assert "<i>Zed" not in html and "&lt;i&gt;Zed&lt;/i&gt;" in html
    assert "<i>Zed" not in client.get("/players").get_data(as_text=True)


def test_unknown_player_is_404_with_a_message(client):
    response = client.get("/players/Nobody")
    assert response.status_code == 404 and "Nobody called" in response.get_data(as_text=True)


def test_two_players_compared(client):
    """Issue 42: a member compares two players: ratings, games together, both ratings on one chart."""
    from tests.regular_helpers import club

    club(client)
    page = client.get("/players/Ann").get_data(as_text=True)
    assert 'action="/compare"' in page and "<option>Bob</option>" in page
    page = client.get("/compare?a=Ann&b=Bob").get_data(as_text=True)
    assert "5 games together: Ann finished ahead in 4, Bob in 1." in page
    assert page.count('class="rating"') == 2  # both lines on one chart
    assert client.get("/compare?a=Ann&b=Nobody").status_code == 404
