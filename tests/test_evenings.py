"""Evenings through the Flask client: three games by one table, the ledger and the evening's settlement."""

import re
import sqlite3

import pytest

from scorekeeper import store
from tests.evening_helpers import GAME_2, again, play_evening
from tests.game_helpers import HANDS, create, post_hand, record


def cells(html, table_class):
    """Return the rows of a table as lists of their cells' text."""
    body = re.search(rf'<table class="grid {table_class}">(.*?)</table>', html, re.S)[1]
    return [
        [
            " ".join(re.sub(r"<[^>]+>", " ", cell).split())
            for cell in re.findall(r"<t[hd][^>]*>(.*?)</t[hd]>", row, re.S)
        ]
        for row in re.findall(r"<tr[^>]*>(.*?)</tr>", body, re.S)
    ]


def games_of(html):
    """Return each game of the evening page's list: its link's text, then each seat's name, total and money."""

    def text(part):
        return " ".join(re.sub(r"<[^>]+>", " ", part).split())

    body = re.search(r'<ol class="evening-games">(.*?)</ol>', html, re.S)[1]
    games = []
    for game in re.split(r"\n  <li>", body)[1:]:
        table = re.search(r'<ul class="at-table">(.*?)</ul>', game, re.S)[1]
        games.append(
            [text(re.search(r'<a class="game"[^>]*>(.*?)</a>', game, re.S)[1])]
            + [text(seat) for seat in re.findall(r"<li>(.*?)</li>", table, re.S)]
        )
    return games


def test_evening_of_three_games_worked_by_hand(client, app):
    games = play_evening(client, app)
    with app.app_context():
        db = store.get_db()
        evening_ids = {store.evening_of(db, game_id) for game_id in games}
        assert len(evening_ids) == 1
        evening = store.get_evening(db, evening_ids.pop())
        assert [g["id"] for g in evening["games"]] == list(games)
        # The first dealer passes left from game to game.
        assert [g["record"]["rules"]["first_dealer"] for g in evening["games"]] == [0, 1, 2]
    over = client.get(f"/games/{games[2]}/over").get_data(as_text=True)
    link = re.search(r'href="(/evenings/[^"]+)">Evening</a>', over)[1]
    html = client.get(link).get_data(as_text=True)
    assert games_of(html) == [
        ["game 1 · Exact", "Ann 11 -19.00", "Bob 11 -19.00", "Cy 20 +17.00", "Di 21 +21.00"],
        ["game 2 · Exact", "Ann 23 +29.00", "Bob 10 -23.00", "Cy 10 -23.00", "Di 20 +17.00"],
        ["game 3 · Exact", "Ann 21 +22.00", "Bob 11 -18.00", "Cy 10 -22.00", "Di 20 +18.00"],
    ]
    # One row per person: the games they sat at and the evening's money (-19 +29 +22 = +32 for Ann).
    assert cells(html, "ledger") == [
        ["Player", "Games", "Evening"],
        ["Ann", "3", "+32.00"],
        ["Bob", "3", "-60.00"],
        ["Cy", "3", "-28.00"],
        ["Di", "3", "+56.00"],
    ]
    # +32 -60 -28 +56: no two or three of them sum to zero, so three payments; largest debtor first.
    shown = re.findall(r"<li><b>(.*?)</b> pays <b>(.*?)</b> <span class=\"amount\">(.*?)</span></li>", html)
    assert shown == [("Bob", "Di", "56.00"), ("Cy", "Ann", "28.00"), ("Bob", "Ann", "4.00")]
    text = re.search(r'<textarea id="evening-text" readonly[^>]*>(.*?)</textarea>', html, re.S)[1]
    assert "3 games" in text and "Bob pays Di 56.00\nCy pays Ann 28.00\nBob pays Ann 4.00" in text


def test_a_game_in_progress_counts_no_money_yet(client, app):
    first, _key = create(client, record(hands=HANDS))
    second, key = again(client, app, first)
    post_hand(client, second, key, GAME_2[0])
    with app.app_context():
        evening_id = store.evening_of(store.get_db(), first)
    html = client.get(f"/evenings/{evening_id}").get_data(as_text=True)
    assert games_of(html)[1][1:] == ["Ann 11 playing", "Bob 0 playing", "Cy 10 playing", "Di 10 playing"]
    assert cells(html, "ledger")[1:] == [
        ["Ann", "2", "-19.00"],
        ["Bob", "2", "-19.00"],
        ["Cy", "2", "+17.00"],
        ["Di", "2", "+21.00"],
    ]
    assert "2 games, 1 finished" in html


def test_a_new_game_starts_a_new_evening(client, app):
    first, _key = create(client, record())
    second, _key = create(client, record())
    with app.app_context():
        db = store.get_db()
        assert store.evening_of(db, first) != store.evening_of(db, second)


def test_home_lists_evenings(client, app):
    games = play_evening(client, app)
    home = client.get("/").get_data(as_text=True)
    with app.app_context():
        evening_id = store.evening_of(store.get_db(), games[0])
    assert f'href="/evenings/{evening_id}"' in home and "3 games" in home


def test_unknown_evening_is_404(client):
    assert client.get("/evenings/nope").status_code == 404


def test_migration_puts_older_games_in_evenings_of_their_own(tmp_path):
    path = str(tmp_path / "old.db")
    db = store.connect(path)
    store.migrations.apply(db, stop_before="m002_evenings_and_players")
    db["games"].insert(
        {
            "id": "old1",
            "edit_key": "k",
            "record": '{"players": ["Ann", "bob", "Cy"], "rules": {}}',
            "revision": 1,
            "status": "playing",
            "created": "2024-01-01T20:00:00+00:00",
            "updated": "2024-01-01T20:00:00+00:00",
        }
    )
    db.close()
    store.migrate(path)
    db = store.connect(path)
    assert store.get_evening(db, store.evening_of(db, "old1"))["created"].startswith("2024-01-01")
    assert [p["name"] for p in store.list_players(db)] == ["Ann", "bob", "Cy"]
    try:
        with pytest.raises(sqlite3.IntegrityError):  # a link to no game is refused
            db["evening_games"].insert({"game_id": "nope", "evening_id": "nope", "position": 1})
    finally:
        db.close()
