"""An evening's name and links (issue 42) through the Flask client: named by its day and note everywhere, the
evenings before and after it, its season, the money, each player's page; and the home page's links."""

import re

from scorekeeper import store
from tests.game_helpers import HANDS, create, record


def evening_on(app, client, day, note=None, players=("Ann", "Bob", "Cy", "Di")):
    """A game in an evening of its own (finished at four players), dated day (with a note); return the evening's id."""
    hands = HANDS if len(players) == 4 else []
    game_id, _key = create(client, record(players=list(players), hands=hands), claim=False)
    with app.app_context():
        db = store.get_db()
        evening_id = store.evening_of(db, game_id)
        store.set_evening_about(db, evening_id, day, note)
    return evening_id


def link_texts(html, pattern):
    return [" ".join(text.split()) for text in re.findall(pattern, html, re.S)]


def test_an_evening_is_named_by_its_day_and_note_and_links_to_its_neighbours(app, client):
    before = evening_on(app, client, "2026-11-30")
    evening = evening_on(app, client, "2026-12-07", "Club night", ("Ann", "Bob", "José", "Daan"))
    after = evening_on(app, client, "2026-12-14")
    html = client.get(f"/evenings/{evening}").get_data(as_text=True)
    assert '<h1 class="evening-name" id="evening-name">Mon, Dec 7, 2026 · Club night</h1>' in html
    assert f'<a rel="prev" id="previous-evening" href="/evenings/{before}">← Mon, Nov 30, 2026</a>' in html
    assert f'<a rel="next" id="next-evening" href="/evenings/{after}">Mon, Dec 14, 2026 →</a>' in html
    first = client.get(f"/evenings/{before}").get_data(as_text=True)
    assert "previous-evening" not in first and f'href="/evenings/{evening}">Mon, Dec 7, 2026 · Club night →' in first
    # Each person's name in the ledger is a link to their page; the money between regulars is a tap away.
    assert link_texts(html, r'<tr><th><a href="/players/[^"]+">(.*?)</a></th>') == ["Ann", "Bob", "José", "Daan"]
    assert 'href="/players/Jos%C3%A9"' in html
    assert '<a id="money-link" href="/money">Money between regulars</a>' in html


def test_an_evening_links_to_the_seasons_its_day_falls_in(app, client):
    evening = evening_on(app, client, "2026-12-07")
    other = evening_on(app, client, "2026-12-08")
    with app.app_context():
        db = store.get_db()
        autumn = store.create_season(db, "Autumn 2026", "2026-10-01", "2026-12-31")
        store.create_season(db, "November", "2026-11-01", "2026-11-30")
        chosen = store.create_season(db, "The 8th only", "2026-12-01", "2026-12-31", evenings=[other])
    html = client.get(f"/evenings/{evening}").get_data(as_text=True)
    assert link_texts(html, r'<a class="season" href="/seasons/[^"]+">(.*?)</a>') == ["Season: Autumn 2026"]
    assert f'href="/seasons/{autumn}"' in html and f'href="/seasons/{chosen}"' not in html
    # The season lists its evenings, each a link; its table links each player's page.
    season = client.get(f"/seasons/{autumn}").get_data(as_text=True)
    assert link_texts(season, r'<a href="/evenings/[^"]+">(.*?)</a>') == ["Mon, Dec 7, 2026", "Tue, Dec 8, 2026"]
    assert '<th><a href="/players/Ann">Ann</a></th>' in season


def test_evenings_of_one_day_are_numbered_in_every_list(app, client):
    first = evening_on(app, client, "2026-12-07")
    second = evening_on(app, client, "2026-12-07")
    listed = client.get("/evenings").get_data(as_text=True)
    assert f'<a href="/evenings/{first}">Mon, Dec 7, 2026, evening 1</a>' in listed
    assert f'<a href="/evenings/{second}">Mon, Dec 7, 2026, evening 2</a>' in listed
    # The season form's list of evenings names them the same way (the owner's page).
    seasons = client.get("/seasons").get_data(as_text=True)
    assert sorted(re.findall(r'<option value="[^"]+">(Mon, Dec 7, 2026, evening \d)</option>', seasons)) == [
        "Mon, Dec 7, 2026, evening 1",
        "Mon, Dec 7, 2026, evening 2",
    ]
    dutch = client.get("/evenings", headers={"Accept-Language": "nl"}).get_data(as_text=True)
    assert ">ma 7 dec 2026, avond 2</a>" in dutch


def test_an_evening_list_says_its_games_and_people(app, client):
    evening_on(app, client, "2026-12-07", "Club night", ["Ann", "Bob", "Cy", "Di", "Eva", "Femke", "Gijs"])
    home = client.get("/").get_data(as_text=True)
    item = re.search(r'<li><a href="/evenings/[^"]+">Mon, Dec 7, 2026 · Club night</a>\s*<small>(.*?)</small>', home)
    assert item[1] == "1 game · Ann, Bob, Cy, Di, Eva, Femke +1"


def test_home_links_to_the_players_the_seasons_and_the_money(client):
    home = client.get("/").get_data(as_text=True)
    assert re.findall(r'<a href="/(players|seasons|money)">(\w+)</a>', home) == [
        ("players", "Players"),
        ("seasons", "Seasons"),
        ("money", "Money"),
    ]


def test_a_players_page_links_to_their_evenings(app, client):
    evening = evening_on(app, client, "2026-12-07", "Club night")
    page = client.get("/players/Ann").get_data(as_text=True)
    assert f'<a href="/evenings/{evening}">Mon, Dec 7, 2026 · Club night</a>' in page
