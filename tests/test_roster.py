"""The club's roster (issue 42): one display name per player on every page, spellings merged into one player, and
renames, through the real app on a real SQLite file (docs/decisions/0040-one-roster-and-merged-spellings.md)."""

import html
import re
import shutil

import pytest

from scorekeeper import create_app, store
from scorekeeper.web import money_lines
from tests.game_helpers import create
from tests.html_forms import submit
from tests.money_helpers import IBAN, totals_game
from tests.owner_helpers import OWNER_KEY, owner_client

# A month of a club: José typed "jose" at one table (without the accent) and "JOSÉ" at another; Hanna "HANNA".
GAMES = [
    (["José", "Ann", "Bob"], [30, 20, 10]),
    (["jose", "Cy", "Di"], [15, 25, 5]),
    (["JOSÉ", "ann", "Cy"], [12, 30, 18]),
    (["HANNA", "Bob", "jose"], [40, 10, 22]),
    (["Ann", "Di", "José", "Bob"], [10, 20, 30, 40]),
]


def play_month(client, spell=lambda name: name):
    for number, (players, totals) in enumerate(GAMES, start=1):
        game = totals_game([spell(name) for name in players], totals, 0.5)
        game["played_on"] = f"2026-11-{number:02d}"
        create(client, game)


def other_app(tmp_path, migrated_database, name):
    """A second instance on its own copy of the migrated database file."""
    path = tmp_path / f"{name}.db"
    shutil.copyfile(migrated_database, path)
    return create_app(
        {
            "TESTING": True,
            "DATABASE": str(path),
            "SECRET_KEY": "test secret",
            "SERVER_NAME": None,
            "OWNER_KEY": OWNER_KEY,
            "RATELIMIT_ENABLED": False,
        }
    )


def views(client, season_id):
    """What the club reads: the ratings list, the season's table, the balances and José's own page's numbers."""
    players = client.get("/api/players").get_json()["players"]
    season = client.get(f"/api/seasons/{season_id}").get_json()["table"]
    money = client.get("/api/money/balances").get_json()["books"]
    jose = client.get("/api/players/José").get_json()
    return players, season, money, {key: jose[key] for key in ("player", "games", "wins", "rating", "places")}


def merge(client, spelling, into):
    return submit(client, "/owner/roster", {"spelling": spelling, "into": into}, action="/owner/roster/merge")


def flashed(client, url="/owner/roster"):
    return " ".join(html.unescape(re.sub(r"<[^>]+>", " ", client.get(url).get_data(as_text=True))).split())


def test_a_merge_makes_every_game_rating_season_line_and_payment_one_players(app, client, tmp_path, migrated_database):
    play_month(client)
    with app.app_context():
        db = store.get_db()
        store.add_member(db, "José")
        store.record_payment(db, "jose", "Cy", 250, "EUR", "2026-11-20")  # paid under the spelling
        season = store.create_season(db, "November", "2026-11-01", "2026-11-30")
    before = client.get("/api/players").get_json()["players"]
    assert {row["player"] for row in before} >= {"José", "jose"}
    assert merge(client, "jose", "José").status_code == 302
    assert "jose is merged into José" in flashed(client)

    # The same month typed "José" at every table, on another instance: what the merge must give.
    same = other_app(tmp_path, migrated_database, "typed-once")
    same_client = owner_client(same)
    play_month(same_client, lambda name: "José" if name.casefold() in ("jose", "josé") else name)
    with same.app_context():
        db = store.get_db()
        store.add_member(db, "José")
        store.record_payment(db, "José", "Cy", 250, "EUR", "2026-11-20")
        same_season = store.create_season(db, "November", "2026-11-01", "2026-11-30")
    merged, typed_once = views(client, season), views(same_client, same_season)
    assert merged == typed_once
    players, season_rows, money, jose = merged
    assert [row["player"] for row in players].count("José") == 1 and "jose" not in str(players)
    assert jose["games"] == 5 and jose["rating"]["games"] == 5  # every game he played is rated once, as his
    assert [row["player"] for row in season_rows].count("José") == 1
    assert next(row for row in season_rows if row["player"] == "José")["games"] == 5
    assert [row["player"] for row in money[0]["balances"]].count("José") == 1
    store.close(same)

    # His page from any of his names; the payment's line and the roster say José; a game typed "jose" later is his.
    for spelling in ("jose", "JOSE", "José", "JOSÉ"):
        page = client.get(f"/players/{spelling}").get_data(as_text=True)
        assert "<h1>José</h1>" in page or ">José<" in page
        assert client.get(f"/api/players/{spelling}").get_json()["games"] == 5
    assert "jose paid Cy" not in flashed(client, "/money")
    roster_page = client.get("/owner/roster").get_data(as_text=True)
    assert "also: jose" in roster_page and "jose merged into José" in flashed(client)
    later = totals_game(["jose", "Ann", "Di"], [10, 20, 30], 0.5)
    later["played_on"] = "2026-11-28"
    create(client, later)
    assert client.get("/api/players/José").get_json()["games"] == 6
    with app.app_context():
        assert "jose" not in {row["name"] for row in store.list_players(store.get_db())}


def test_a_merge_of_two_people_or_of_nobody_is_refused(app, client):
    play_month(client)
    assert merge(client, "Ann", "Bob").status_code == 302  # they sat at the same table
    assert "they are two people" in flashed(client)
    merge(client, "Zorro", "Ann")
    assert "Nobody called 'Zorro' has played here yet." in flashed(client)
    merge(client, "ANN", "Ann")
    assert "are one player already" in flashed(client)
    with app.app_context():
        assert store.display_names(store.get_db())["ann"] == "Ann"
        assert store.roster_changes(store.get_db()) == []


def test_display_names_on_the_season_the_money_and_the_epc_code(app, client, monkeypatch):
    play_month(client)
    with app.app_context():
        db = store.get_db()
        season = store.create_season(db, "November", "2026-11-01", "2026-11-30")
    # Not whatever was typed last: the first spelling entered ("jose" and "José" are two players here).
    table = client.get(f"/api/seasons/{season}").get_json()["table"]
    assert {row["player"] for row in table} == {"José", "Ann", "Bob", "jose", "Cy", "Di", "HANNA"}
    assert "HANNA" in client.get(f"/seasons/{season}").get_data(as_text=True)  # kept until the names change
    # The owner adds the members as the club spells them, and renames José.
    for name in ("Hanna", "Ann"):
        submit(client, "/owner/members", {"name": name})
    response = submit(client, "/owner/roster", {"name": "JOSÉ", "new": "José M."}, action="/owner/roster/rename")
    assert response.status_code == 302 and "JOSÉ is called José M. now." in flashed(client)
    with app.app_context():
        store.set_iban(store.get_db(), "josé m.", IBAN, "")  # kept before holders were asked: the player's name
    payloads = []
    real = money_lines.sepa.epc_text
    monkeypatch.setattr(money_lines.sepa, "epc_text", lambda *args: payloads.append(real(*args)) or payloads[-1])
    table = client.get(f"/api/seasons/{season}").get_json()["table"]
    assert {row["player"] for row in table} == {"José M.", "Ann", "Bob", "jose", "Cy", "Di", "Hanna"}
    season_page = client.get(f"/seasons/{season}").get_data(as_text=True)
    assert "José M." in season_page and "HANNA" not in season_page and "JOSÉ" not in season_page
    money = client.get("/money").get_data(as_text=True)
    assert "José M." in money and "HANNA" not in money and ">ann<" not in money
    balances = {row["player"] for row in client.get("/api/money/balances").get_json()["books"][0]["balances"]}
    assert "José M." in balances and "Hanna" in balances and "HANNA" not in balances
    assert payloads and all(payload.split("\n")[5] == "José M." for payload in payloads)
    # His page from the old spellings and the new name; the rating kept its games.
    for spelling in ("José", "JOSÉ", "josé m."):
        assert client.get(f"/api/players/{spelling}").get_json()["player"] == "José M."
    assert client.get("/api/players/José M.").get_json()["rating"]["games"] == 3


def test_a_rename_onto_another_players_name_is_refused_and_a_merged_spelling_may_become_the_name(app, client):
    play_month(client)
    rename = {"action": "/owner/roster/rename"}
    submit(client, "/owner/roster", {"name": "Ann", "new": "bob"}, **rename)
    assert "Bob is another player's name: merge the two players instead." in flashed(client)
    merge(client, "jose", "José")
    submit(client, "/owner/roster", {"name": "José", "new": "Jose"}, **rename)  # the merged spelling, capitalised
    assert "José is called Jose now." in flashed(client)
    assert client.get("/api/players/JOSÉ").get_json()["player"] == "Jose"
    assert client.get("/api/players/jose").get_json()["games"] == 5


@pytest.mark.parametrize("path", ["/owner/roster"])
def test_the_roster_is_the_owners(stranger, path):
    assert stranger.get(path).status_code == 403


def test_names_are_picked_from_the_roster_where_they_are_typed(app, client):
    play_month(client)
    merge(client, "jose", "José")
    submit(client, "/owner/members", {"name": "Hanna"})
    page = client.get("/games/new").get_data(as_text=True)
    offered = re.findall(
        r'<option value="([^"]+)">', re.search(r'<datalist id="roster">(.*?)</datalist>', page, re.S)[1]
    )
    assert offered[0] == "Hanna" and "José" in offered and "jose" not in offered and "HANNA" not in offered
    money = client.get("/money").get_data(as_text=True)
    payer = re.search(r'<select[^>]*name="payer"[^>]*>(.*?)</select>', money, re.S)[1]
    assert "José" in payer and ">jose<" not in payer


def test_two_spellings_of_one_merged_player_are_refused_at_one_table(app, client):
    play_month(client)
    merge(client, "jose", "José")
    response = client.post("/api/games", json=totals_game(["jose", "Ann", "José"], [1, 2, 3], 0))
    assert response.status_code == 422 and "listed twice" in str(response.get_json())


def test_a_merge_is_undone_by_splitting_the_spelling_off(app, client, tmp_path, migrated_database):
    play_month(client)
    with app.app_context():
        db = store.get_db()
        store.record_payment(db, "jose", "Cy", 250, "EUR", "2026-11-20")
        season = store.create_season(db, "November", "2026-11-01", "2026-11-30")
    before = views(client, season)
    merge(client, "jose", "José")
    assert views(client, season) != before
    response = submit(client, "/owner/roster", {}, action="/owner/roster/split")
    assert response.status_code == 302
    assert "jose is a player of their own again" in flashed(client) and "jose split off from José" in flashed(client)
    assert views(client, season) == before  # every game, rating, season line and payment as before the merge
    assert client.get("/api/players/jose").get_json()["games"] == 2
    client.post(
        "/owner/roster/split",
        data={
            "spelling": "nobody",
            "csrf_token": re.search(
                r'name="csrf_token"[^>]*value="([^"]+)"', client.get("/owner/roster").get_data(as_text=True)
            )[1],
        },
    )
    assert "nobody is merged into nobody." in flashed(client)
