"""Seasons (issue 27, RULES.md): a club names a season and reads its table as a page, a big screen, a PDF, a
CSV and JSON; best N; only chosen evenings."""

import csv
import io
import re

from scorekeeper import store
from scorekeeper.rules.club import seasons
from tests.html_forms import submit
from tests.owner_helpers import owner_client
from tests.pdf_reading import text as pdf_text
from tests.regular_helpers import club, name_season, play


def test_the_season_table_as_rules_md_defines_it():
    # Ann first twice at a table of three (2 points each); Bob and Cy share first once (1.5 each, half a win): Bob 1 + 1 + 1.5.
    games = [
        (["Ann", "Bob", "Cy"], [1, 2, 3], [2, 1, 0], [2, 2, 2]),
        (["Ann", "Bob", "Cy"], [1, 2, 3], [2, 0, 0], [2, 2, 2]),
        (["Ann", "Bob", "Cy"], [3, 1, 1], [0, 2, 2], [2, 2, 2]),
    ]
    rows = {row["player"]: row for row in seasons.season_table(games)}
    assert rows["Ann"] == {
        "place": 1,
        "player": "Ann",
        "games": 3,
        "played": 3,
        "wins": 2,
        "points": 4,
        "per_game": 1.33,
        "bids_made": 0.667,
        "hands": 6,
        "rating": None,
    }
    assert rows["Bob"]["wins"] == 0.5 and rows["Bob"]["points"] == 3.5 and rows["Cy"]["points"] == 1.5
    best = {row["player"]: row for row in seasons.season_table(games, best=1)}
    assert best["Ann"]["points"] == 2 and best["Ann"]["games"] == 1 and best["Cy"]["points"] == 1.5


def test_only_the_owner_names_a_season_and_everyone_reads_it(app, stranger, tmp_path):
    owner = client = owner_client(app)
    club(client)
    refused = stranger.post("/seasons", data={"name": "Mine", "starts": "2000-01-01", "ends": "2999-12-31"})
    assert refused.status_code == 403 and "New season" not in stranger.get("/seasons").get_data(as_text=True)
    response = name_season(owner, best="3")
    assert response.status_code == 302
    season_id = response.headers["Location"].rsplit("/", 1)[1]
    client = stranger  # anyone reads it
    page = client.get(f"/seasons/{season_id}").get_data(as_text=True)
    names = re.findall(r"<tr><td>\d+</td><th><a href=\"/players/[^\"]+\">([^<]+)</a></th><td>([^<]+)</td>", page)
    assert names[0] == ("Ann", "5 (3 counted)") and {name for name, _games in names} == {"Ann", "Bob", "Cy", "Di"}
    assert "Each player&#39;s best 3 games count." in page or "Each player's best 3 games count." in page
    assert "Big screen" in page and client.get(f"/seasons/{season_id}?screen=1").status_code == 200
    rows = list(csv.DictReader(io.StringIO(client.get(f"/seasons/{season_id}/season.csv").get_data(as_text=True))))
    assert (rows[0]["player"], rows[0]["games"], rows[0]["played"], rows[0]["points"]) == ("Ann", "3", "5", "6")
    api = client.get(f"/api/seasons/{season_id}").get_json()
    assert api["name"] == "Winter 2026" and api["best"] == 3 and api["table"][0]["player"] == "Ann"
    with app.app_context():
        rating = {row["name"]: row["rating"] for row in store.player_ratings(store.get_db())}["Ann"]
    assert api["table"][0]["rating"] == round(rating, 2)  # every game is before the season's end
    printed = pdf_text(client.get(f"/seasons/{season_id}/season.pdf").data, tmp_path)
    assert "Winter 2026" in printed and "Ann" in printed and "Placement points" in printed


def test_a_season_follows_the_games_and_counts_only_its_days_and_evenings(app, client):
    owner = owner_client(app)
    play(client, ["Ann", "Bob", "Cy"], ["Bob", "Ann", "Cy"])
    season_id = name_season(owner).headers["Location"].rsplit("/", 1)[1]
    before = client.get(f"/seasons/{season_id}/revision").get_json()["revision"]
    play(client, ["Ann", "Bob", "Cy"], ["Ann", "Bob", "Cy"], 1)
    assert client.get(f"/seasons/{season_id}/revision").get_json()["revision"] != before
    past = name_season(owner, name="Long ago", starts="2001-01-01", ends="2001-12-31").headers["Location"]
    assert "No finished game in this season yet." in client.get(past).get_data(as_text=True)
    with app.app_context():
        evening = store.list_evenings(store.get_db(), 1)[0]["id"]
    one = name_season(owner, name="One evening", evenings=evening).headers["Location"]
    ann = r"<th><a href=\"/players/Ann\">Ann</a></th><td>(\d+)</td>"
    assert re.findall(ann, client.get(one).get_data(as_text=True)) == ["1"]


def test_a_bad_season_is_refused_with_what_to_fix(app):
    owner = owner_client(app)
    response = name_season(owner, ends="1999-01-01")
    assert response.status_code == 400 and "last day must be on or after its first" in response.get_data(as_text=True)
    response = name_season(owner, starts="27 Nov")
    assert response.status_code == 400 and "YYYY-MM-DD" in response.get_data(as_text=True)


def test_a_best_n_season_counts_n_games_and_says_how_many_were_played():
    """Issue 42: "11 (6 counted)": games counts the best N, played every game; bids made is over every game
    played in the season (a habit, not a result); players level on points and per game share a place."""
    table = ["Ann", "Bob", "Cy"]
    games = [
        (table, [1, 2, 3], [1, 1, 0], [2, 2, 2]),  # Ann made 1 of 2, Bob 1, Cy 0
        (table, [2, 1, 3], [0, 2, 2], [2, 2, 2]),  # Ann 0, Bob 2, Cy 2
        (table, [3, 2, 1], [2, 2, 2], [2, 2, 2]),
    ]  # Ann 2, Bob 2, Cy 2
    rows = {row["player"]: row for row in seasons.season_table(games, best=2)}
    assert {name: (row["played"], row["games"]) for name, row in rows.items()} == {
        "Ann": (3, 2),
        "Bob": (3, 2),
        "Cy": (3, 2),
    }
    assert rows["Ann"]["bids_made"] == round(3 / 6, 3) and rows["Cy"]["bids_made"] == round(4 / 6, 3)
    # Ann 2 + 1 and Bob 1 + 2 points from their best two, 1.5 a game each: one shared first place; Cy third.
    assert (rows["Ann"]["points"], rows["Bob"]["points"], rows["Cy"]["points"]) == (3, 3, 2)
    assert (rows["Ann"]["place"], rows["Bob"]["place"], rows["Cy"]["place"]) == (1, 1, 3)


def test_the_owner_changes_and_deletes_a_season(app, stranger):
    owner = owner_client(app)
    club(owner)
    season_id = name_season(owner).headers["Location"].rsplit("/", 1)[1]
    assert "Change or delete the season" not in stranger.get(f"/seasons/{season_id}").get_data(as_text=True)
    assert stranger.get(f"/seasons/{season_id}/edit").status_code == 403
    page = owner.get(f"/seasons/{season_id}").get_data(as_text=True)
    assert f'href="/seasons/{season_id}/edit"' in page
    before = owner.get(f"/api/seasons/{season_id}").get_json()["table"]
    assert {row["player"]: row["games"] for row in before}["Ann"] == 5
    edited = submit(
        owner, f"/seasons/{season_id}/edit", {"name": "Winter, best 2", "best": "2"}, unset=["evenings", "events"]
    )
    assert edited.status_code == 302
    after = owner.get(f"/api/seasons/{season_id}").get_json()
    assert after["name"] == "Winter, best 2" and after["best"] == 2
    assert {row["player"]: (row["played"], row["games"]) for row in after["table"]}["Ann"] == (5, 2)
    assert "5 (2 counted)" in owner.get(f"/seasons/{season_id}").get_data(as_text=True)  # not the kept old table
    assert stranger.post(f"/seasons/{season_id}/delete").status_code in (400, 403)
    deleted = submit(owner, f"/seasons/{season_id}/edit", action=f"/seasons/{season_id}/delete")
    assert deleted.status_code == 302 and owner.get(f"/seasons/{season_id}").status_code == 404
    assert owner.get("/api/players").get_json()["players"]  # its games stay
