"""Export and import through the Flask client: CSV with the formula guard, JSON round trip, bad files refused."""

import csv
import io
import json

from scorekeeper import store
from tests.evening_helpers import play_evening
from tests.game_helpers import HANDS, create, record
from tests.html_forms import form_data
from tests.owner_helpers import owner_client
from tests.transfer_helpers import count_games, upload


def read_csv(response):
    assert response.status_code == 200 and response.mimetype == "text/csv"
    assert response.headers["Content-Type"] == "text/csv; charset=utf-8"
    assert "attachment" in response.headers["Content-Disposition"]
    raw = response.get_data(as_text=True)
    assert raw.startswith("\ufeff")  # the byte-order mark Excel needs to read UTF-8
    return list(csv.DictReader(io.StringIO(raw[1:])))


def test_game_csv_one_row_per_hand_and_player(client):
    game_id, _key = create(client, record())
    rows = read_csv(client.get(f"/games/{game_id}/export.csv"))
    assert len(rows) == 8
    assert [(r["hand"], r["player"], r["bid"], r["took"], r["score"], r["total"]) for r in rows[4:]] == [
        ("2", "Ann", "1", "1", "11", "11"),
        ("2", "Bob", "1", "0", "0", "11"),
        ("2", "Cy", "0", "0", "10", "20"),
        ("2", "Di", "1", "1", "11", "21"),
    ]
    assert {r["game"] for r in rows} == {game_id}


def test_csv_neutralises_formulas_in_names(client):
    names = ['=HYPERLINK("http://evil.example","x")', "+1", "-2", "@SUM(A1)"]
    game_id, _key = create(client, record(players=names))
    rows = read_csv(client.get(f"/games/{game_id}/export.csv"))
    assert [r["player"] for r in rows[:4]] == ["'" + name for name in names]
    assert rows[0]["dealer"].startswith("'=")
    everything = read_csv(client.get("/export/games.csv"))
    assert not any(
        value.startswith(("=", "+", "@"))
        for row in everything
        for value in row.values()
        if not value.lstrip("-").replace(".", "").isdigit()
    )


def test_all_games_csv_oldest_first(client):
    first, _ = create(client, record())
    second, _ = create(client, record(players=["Eve", "Fay", "Gus", "Hal"]))
    rows = read_csv(client.get("/export/games.csv"))
    assert len(rows) == 16 and {r["game"] for r in rows} == {first, second}


def test_json_round_trip_keeps_dates_and_evenings(client, app, tmp_path):
    games = play_evening(client, app)
    create(client, record(players=["Eve", "Fay", "Gus", "Hal"], hands=HANDS[:1]))
    response = client.get("/export/games.json")
    assert response.mimetype == "application/json" and "attachment" in response.headers["Content-Disposition"]
    document = json.loads(response.get_data(as_text=True))
    assert document["format"] == "scorekeeper-games" and len(document["games"]) == 4
    assert all("date" in game and "evening" in game for game in document["games"])

    from scorekeeper import create_app  # a second scorekeeper, on another database

    other = create_app({"TESTING": True, "DATABASE": str(tmp_path / "other.db"), "SECRET_KEY": "other"})
    try:
        phone = owner_client(other)
        response = upload(phone, response.data)
        assert response.status_code == 302
        assert "Imported 4 games." in phone.get(response.headers["Location"]).get_data(as_text=True)
        with other.app_context():
            db = store.get_db()
            imported = store.list_games(db)
            assert len(imported) == 4 and set(games) <= {g["id"] for g in imported}  # the same links
            evenings = {store.evening_of(db, g["id"]) for g in imported}
            assert len(evenings) == 2  # the evening of three games, and the single game
            three = max((store.get_evening(db, e) for e in evenings), key=lambda e: len(e["games"]))
            assert [g["record"]["rules"]["first_dealer"] for g in three["games"]] == [0, 1, 2]
            dates = {g["created"] for g in imported}
            assert dates == {g["date"] for g in document["games"]}
            assert all(not {"date", "evening", "id", "history", "edit_key"} & set(g["record"]) for g in imported)
        # The importing phone may edit the imported games.
        assert "Change how we settle" in phone.get(f"/games/{imported[0]['id']}/settle").get_data(as_text=True)
    finally:
        other.extensions["scorekeeper.keeper"].close()


def test_bad_file_is_refused_whole(client, app):
    create(client, record())
    good = record()
    bad = record()
    bad["hands"][1]["bids"] = [1, 0, 0, 1]  # Bob deals 2 and may not bid 0: the bids would add up
    before = count_games(app)
    response = upload(client, json.dumps({"format": "scorekeeper-games", "version": 1, "games": [good, bad]}))
    html = response.get_data(as_text=True)
    assert response.status_code == 400
    assert "This file cannot be imported: games[1].hands[1].bids[1]" in html and "Nothing was imported" in html
    assert count_games(app) == before
    for content, words in (
        (b"{not json", "not valid JSON"),
        (b"\xff\xfe\x00", "not UTF-8"),
        (b"", "empty"),
        (b'{"games": []}', "holds no games"),
        (b'{"hello": 1}', "not an export of this app"),
    ):
        response = upload(client, content)
        assert response.status_code == 400 and words in response.get_data(as_text=True), words
    assert count_games(app) == before


def test_import_needs_a_file_and_a_token(client, app):
    before = count_games(app)
    _action, fields = form_data(client.get("/import").get_data(as_text=True))
    response = client.post("/import", data=dict(fields), content_type="multipart/form-data")
    assert response.status_code == 400 and "Choose a file" in response.get_data(as_text=True)
    response = upload(client, json.dumps([record()]), token=False)
    assert response.status_code == 400 and "security token" in response.get_data(as_text=True)
    assert count_games(app) == before


def test_too_large_a_file_is_refused_with_the_limit(client, app):
    before = count_games(app)
    response = upload(client, b" " * (app.config["MAX_CONTENT_LENGTH"] + 1))
    html = response.get_data(as_text=True)
    assert response.status_code == 413 and "too large: at most 8 MB" in html and "Nothing was imported" in html
    assert count_games(app) == before


def test_export_and_import_linked_from_home(client):
    game_id, _key = create(client, record())
    assert 'href="/import"' in client.get("/").get_data(as_text=True)
    page = client.get("/import").get_data(as_text=True)
    assert 'href="/export/games.csv"' in page and 'href="/export/games.json"' in page
    assert f'href="/games/{game_id}/export.csv"' in client.get(f"/games/{game_id}/sheet").get_data(as_text=True)
