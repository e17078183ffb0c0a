"""The regulars on the web (issue 27): the players page ranked by rating, a player's rating, places and head to
head, the favourite before a game, and the same numbers in the JSON API."""

from scorekeeper import store
from scorekeeper.rules.club import ratings
from tests.regular_helpers import club


def test_the_players_page_ranks_by_rating_with_how_sure_it_is(client):
    club(client)
    page = client.get("/players").get_data(as_text=True)
    assert page.index(">Ann</a>") < page.index(">Bob</a>") < page.index(">Cy</a>")
    # Ann (5 games) has a rating that says something; Di (1 game) is marked provisional, not "give or take 15".
    row = {name: page.split(f">{name}</a>")[1].split("</tr>")[0] for name in ("Ann", "Di")}
    assert "provisional" not in row["Ann"] and "provisional" in row["Di"] and "give or take" not in page


def test_a_players_page_shows_the_rating_over_time_places_and_head_to_head(client):
    club(client)
    page = client.get("/players/Ann").get_data(as_text=True)
    assert "Ann&#x27;s rating after each game" in page and 'class="rating"' in page
    assert "Head to head" in page and ">Bob</a></th><td>5</td><td>4</td><td>1</td>" in page


def test_a_place_in_the_ranking_is_not_a_place_to_play(client, tmp_path):
    """Issue 25: "Place" heads a player's places (de Platz, fr Place) and is where the game is played on a blank
    sheet (de Ort, fr Lieu, es Lugar): one English word, two messages."""
    from tests.pdf_reading import text

    club(client)
    for language, rank, where in (("de", "Platz", "Ort"), ("fr", "Place", "Lieu"), ("es", "Puesto", "Lugar")):
        said = {"Accept-Language": language}
        page = client.get("/players/Ann", headers=said).get_data(as_text=True)
        assert f"<thead><tr><th>{rank}</th>" in page.split('class="grid places"')[1], language
        sheet = text(client.get("/sheets/blank.pdf?players=4&max=3", headers=said).data, tmp_path)
        assert f"{where} ____" in sheet, language


def test_the_favourite_before_a_game(client, app):
    club(client)
    answer = client.get("/regulars/favourites?name=Ann&name=Eve&name=Fay").get_json()
    # The line says each one's chance of winning among them, as the model has it (its own predict_win here).
    with app.app_context():
        ann = store.ratings_of(store.get_db(), ["ann"])["ann"]
    model = ratings.MODEL
    chances = model.predict_win([[model.rating(mu=ann.mu, sigma=ann.sigma)], [model.rating()], [model.rating()]])
    shown = [f"{round(100 * chance)}%" for chance in chances]
    assert answer["line"] == f"Ann is the favourite: Ann\u00a0{shown[0]}, Eve\u00a0{shown[1]}, Fay\u00a0{shown[2]}"
    assert answer["order"] == [["Ann"], ["Eve", "Fay"]]
    assert (
        client.get("/regulars/favourites?name=Eve&name=Fay").get_json()["line"]
        == "Everyone is level: nobody is the favourite."
    )
    assert client.get("/regulars/favourites?name=Eve").get_json()["line"] == ""


def test_the_api_gives_the_same_numbers_as_the_store(client, app):
    club(client)
    players = client.get("/api/players").get_json()["players"]
    with app.app_context():
        kept = {row["name"]: row for row in store.player_ratings(store.get_db())}
    assert [row["player"] for row in players][:2] == ["Ann", "Bob"]
    for row in players:
        assert row["rating"]["mu"] == kept[row["player"]]["mu"]
        assert row["rating"]["games"] == kept[row["player"]]["games"]
    ann = client.get("/api/players/ann").get_json()
    assert ann["places"] == {"1": 4, "2": 1} and len(ann["history"]) == 5
    assert ann["history"][-1]["rating"] == ratings.Rating(kept["Ann"]["mu"], kept["Ann"]["sigma"]).rating
    assert client.get("/api/players/Nobody").status_code == 404


def test_each_games_rating_change_shows_on_its_results_and_the_players_page(client, app):
    """Issue 42: "+1.3" beside each player on the game-over page and on the player's recent games, and the
    changes are the steps of the rating the player's page charts."""
    club(client)
    with app.app_context():
        db = store.get_db()
        game_id = db.execute("select game_id from rated_games order by finished desc limit 1").fetchone()[0]
        steps = store.rating_history(db, "ann")
    before, after = (ratings.Rating(row["mu"], row["sigma"]) for row in steps[-2:])
    change = round(after.rating - before.rating, 1)
    said = ("+" if change > 0 else "") + f"{change:.1f}"
    over = client.get(f"/games/{game_id}/over").get_data(as_text=True)
    assert f'Ann <small class="rating-change" title="Rating change">{said}</small>' in over
    page = client.get("/players/Ann").get_data(as_text=True)
    assert f'<span class="rating-change">rating {said}</span>' in page
    assert page.count('class="rating-change"') == len(steps)  # one per rated game shown
