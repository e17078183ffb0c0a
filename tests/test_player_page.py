"""A regular's page and their API answer a page at a time (issue 42, speed): the newest games first with a link to
the older ones, totals over every game, and the kept answer worked out again after a change."""

import re

from scorekeeper import store
from scorekeeper.web.player_page import GAMES_PAGE
from tests.game_helpers import PLAYERS, TOTALS, record

GAMES = GAMES_PAGE + 3


def seated(number):
    """The four at the table of game `number`, turned round by one seat a game: Ann sits at each seat in turn."""
    return PLAYERS[number % 4 :] + PLAYERS[: number % 4]


def import_games(app, numbers):
    """Store the finished two-hand game once per number, a day apart (game n on 2026-11-(n+1)); their ids."""
    with app.app_context():
        db = store.get_db()
        return [
            store.import_game(db, record(players=seated(number)), created=f"2026-11-{number + 1:02d}T20:00:00")[0]
            for number in numbers
        ]


def ann_total(number):
    return TOTALS[seated(number).index("Ann")]


def links(html):
    return re.findall(r'<li><a href="/games/([^"]+)">', html)


def test_a_players_page_lists_the_newest_games_first_and_links_to_the_older_ones(app, client):
    ids = import_games(app, range(GAMES))
    first = client.get("/players/Ann").get_data(as_text=True)
    assert links(first) == ids[::-1][:GAMES_PAGE]  # the newest first, one page of them
    assert 'href="/players/Ann?page=2#games"' in first and "?page=0" not in first
    older = client.get("/players/Ann?page=2").get_data(as_text=True)
    assert links(older) == ids[::-1][GAMES_PAGE:]
    assert 'href="/players/Ann?page=1#games"' in older and "?page=3" not in older
    # The totals count every game, not the page's: Ann wins where she sits on the 21 (Di's seat of the game).
    wins = sum(ann_total(number) == max(TOTALS) for number in range(GAMES))
    average = round(sum(ann_total(number) for number in range(GAMES)) / GAMES, 1)
    for html in (first, older):
        assert re.search(rf"<b>{GAMES}</b><span>games</span>", html)
        assert re.search(rf"<b>{wins}</b><span>wins · ", html)
        assert re.search(rf"<th>Exact</th>\s*<td>{GAMES}</td><td>{wins}</td><td>{average:g}</td>", html)
    # A page past the last lists nothing but still says the totals; a page that is no number is the first.
    assert links(client.get("/players/Ann?page=9").get_data(as_text=True)) == []
    assert links(client.get("/players/Ann?page=two").get_data(as_text=True)) == links(first)


def test_the_api_gives_the_rating_history_a_page_at_a_time_the_newest_page_first(app, client):
    import_games(app, range(GAMES))
    whole = client.get("/api/players/Ann").get_json()
    assert (whole["games"], whole["page"], whole["pages"], len(whole["history"])) == (GAMES, 1, 1, GAMES)
    assert [step["date"] for step in whole["history"]] == [f"2026-11-{n + 1:02d}" for n in range(GAMES)]
    pages = [client.get(f"/api/players/Ann?per_page=10&page={page}").get_json() for page in (1, 2, 3)]
    assert [answer["pages"] for answer in pages] == [3, 3, 3]
    assert [len(answer["history"]) for answer in pages] == [10, 10, GAMES - 20]
    assert sum((answer["history"] for answer in reversed(pages)), []) == whole["history"]
    assert sum(whole["places"].values()) == GAMES and whole["rating"]["games"] == GAMES


def test_the_kept_page_follows_a_new_game_and_an_evenings_note(app, client):
    import_games(app, range(3))
    assert re.search(r"<b>3</b><span>games</span>", client.get("/players/Ann").get_data(as_text=True))
    assert client.get("/api/players/Ann").get_json()["games"] == 3
    [newest] = import_games(app, [3])
    page = client.get("/players/Ann").get_data(as_text=True)
    assert re.search(r"<b>4</b><span>games</span>", page) and links(page)[0] == newest
    assert client.get("/api/players/Ann").get_json()["games"] == 4
    with app.app_context():
        db = store.get_db()
        store.set_evening_about(db, store.evening_of(db, newest), "2026-11-04", "Club night at Bob's")
    assert "Club night at Bob" in client.get("/players/Ann").get_data(as_text=True)


def test_the_history_pages_follow_the_rating_order_when_games_arrive_out_of_order(app, client):
    """Each step's count of games is its place in the rating order (the pages and the chart read by it): games
    stored newest first are replayed into order."""
    import_games(app, reversed(range(12)))
    pages = [client.get(f"/api/players/Ann?per_page=5&page={page}").get_json()["history"] for page in (3, 2, 1)]
    assert [step["date"] for step in sum(pages, [])] == [f"2026-11-{n + 1:02d}" for n in range(12)]
    with app.app_context():
        db = store.get_db()
        steps = store.rating_history(db, "ann")
        assert [row["games"] for row in steps] == list(range(1, 13))
        assert [step["rating"] for step in sum(pages, [])] == [
            client.get("/api/players/Ann?per_page=12").get_json()["history"][n]["rating"] for n in range(12)
        ]


def test_a_player_of_two_systems_as_often_sees_both_in_every_language(app, client):
    """Systems played as often are ordered by their names (the engine's names are values, not strings): the page
    and its Dutch read both, with no error."""
    with app.app_context():
        db = store.get_db()
        for number, scoring in enumerate(("exact", "basic")):
            store.import_game(db, record(scoring=scoring), created=f"2026-11-{number + 1:02d}T20:00:00")
    for language, names in (("en", ("Exact", "Basic")), ("nl", ("Exact", "Basis"))):
        page = client.get("/players/Ann", headers={"Accept-Language": language})
        assert page.status_code == 200
        assert all(name in page.get_data(as_text=True) for name in names), language
