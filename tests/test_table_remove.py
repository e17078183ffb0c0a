"""Games the table is done with (issue 17): abandon (kept, undoable), restore, delete."""

import re

from scorekeeper import store
from tests.game_helpers import create, record
from tests.html_forms import form_data
from tests.table_helpers import new_game


def home_lists(client):
    html = client.get("/").get_data(as_text=True)
    return {
        status: " ".join(re.findall(r'<ul class="games ' + status + r'">(.*?)</ul>', html, re.S))
        for status in ("playing", "finished", "abandoned")
    }


def post_from_table_tab(client, game_id, action, **fields):
    """Press a button of the Table tab's "End this game…" panel (its form posts to `action`)."""
    page = client.get(f"/games/{game_id}/table").get_data(as_text=True)
    _url, data = form_data(page, action=f"/games/{game_id}/{action}")
    return client.post(f"/games/{game_id}/{action}", data=dict(data, **fields))


def stored(app, game_id):
    with app.app_context():
        return store.get_game(store.get_db(), game_id)


def test_abandon_takes_the_game_off_the_lists_and_restore_brings_it_back(client, app):
    game_id = new_game(client)
    assert game_id in home_lists(client)["playing"]
    response = post_from_table_tab(client, game_id, "abandon")
    assert response.status_code == 302 and response.headers["Location"] == "/"
    lists = home_lists(client)
    assert game_id not in lists["playing"] and game_id in lists["abandoned"]
    assert stored(app, game_id)["status"] == "abandoned"
    sheet = client.get(f"/games/{game_id}/sheet").get_data(as_text=True)
    assert "This game is abandoned" in sheet

    response = post_from_table_tab(client, game_id, "restore")
    assert response.status_code == 302 and response.headers["Location"].endswith("/deal")
    lists = home_lists(client)
    assert game_id in lists["playing"] and game_id not in lists["abandoned"]


def test_a_follower_notices_the_game_abandoned_and_restored(client, app):
    """Abandoning changes the game's status, not its revision: the follow tag says it, so a follower's unchanged
    poll answers 200 and its page says the game is abandoned (and again once it is restored)."""
    game_id = new_game(client)
    follower = app.test_client()
    path, gzip_ok = f"/games/{game_id}/revision", {"Accept-Encoding": "gzip"}
    assert follower.get(path, headers={"If-None-Match": '"1"'}).status_code == 304
    follower.get(f"/games/{game_id}", headers=gzip_ok)  # the follower's page, kept for the next follower
    post_from_table_tab(client, game_id, "abandon")
    moved = follower.get(path, headers={"If-None-Match": '"1"'})
    assert moved.status_code == 200 and moved.get_json() == {
        "id": game_id,
        "revision": 1,
        "status": "abandoned",
        "tag": "1+abandoned",
    }
    page = follower.get(f"/games/{game_id}").get_data(as_text=True)
    assert "This game is abandoned" in page and 'data-revision="1+abandoned"' in page
    assert follower.get(path, headers={"If-None-Match": '"1+abandoned"'}).status_code == 304
    post_from_table_tab(client, game_id, "restore")
    back = follower.get(path, headers={"If-None-Match": '"1+abandoned"'})
    assert back.status_code == 200 and back.get_json()["tag"] == "1"
    assert "This game is abandoned" not in follower.get(f"/games/{game_id}").get_data(as_text=True)


def test_a_game_without_hands_is_deleted_with_everything_stored_about_it(client, app):
    game_id = new_game(client)
    response = post_from_table_tab(client, game_id, "delete")
    assert response.status_code == 302 and response.headers["Location"] == "/"
    assert "Deleted: Ann, Bob, Cy, Di · 0 hands." in client.get("/").get_data(as_text=True)
    assert client.get(f"/games/{game_id}").status_code == 404
    with app.app_context():
        db = store.get_db()
        for table in db.table_names():
            if "game_id" in db[table].columns_dict:
                assert db.execute(f"select count(*) from [{table}] where game_id = ?", [game_id]).fetchone()[0] == 0
        assert store.list_evenings(db) == []  # its evening had no other game


def test_a_played_game_is_deleted_only_with_the_box_ticked(client, app):
    game_id, _key = create(client, record())
    refused = post_from_table_tab(client, game_id, "delete")
    assert refused.status_code == 302 and refused.headers["Location"].endswith("/table?open=end#end")
    assert "Tick the box to delete a game with 2 hands played." in client.get("/games/" + game_id + "/table").get_data(
        as_text=True
    )
    assert stored(app, game_id) is not None
    with app.app_context():
        assert store.player_summaries(store.get_db())  # Ann and the others have a game on their pages
    assert post_from_table_tab(client, game_id, "delete", confirm="yes").status_code == 302
    assert stored(app, game_id) is None
    with app.app_context():
        assert store.player_summaries(store.get_db()) == []  # the players' pages no longer count it


def test_only_the_scorekeeper_may_abandon_or_delete(client, app):
    game_id, _key = create(client, record(hands=[]), claim=False)
    for action in ("abandon", "delete", "restore"):
        assert client.post(f"/games/{game_id}/{action}", data={"revision": "1"}).status_code == 403
    assert stored(app, game_id)["status"] == "playing"


def test_a_write_to_an_abandoned_game_puts_it_back_in_progress(client, app):
    game_id = new_game(client)
    post_from_table_tab(client, game_id, "abandon")
    page = client.get(f"/games/{game_id}/deal").get_data(as_text=True)
    url, data = form_data(page)
    client.post(url or f"/games/{game_id}/deal", data=dict(data, trump="hearts"))
    assert stored(app, game_id)["status"] == "playing"


def test_a_played_game_is_the_owners_to_delete_an_unplayed_one_its_scorekeepers(stranger, app):
    played, _key = create(stranger, record())
    page = stranger.get(f"/games/{played}/table").get_data(as_text=True)
    assert 'id="delete-owner"' in page and 'id="delete"' not in page
    refused = stranger.post(f"/games/{played}/delete", data={"revision": "1", "confirm": "yes"})
    assert refused.status_code == 403 and stored(app, played) is not None
    unplayed = new_game(stranger)
    assert post_from_table_tab(stranger, unplayed, "delete").status_code == 302
    assert stored(app, unplayed) is None


def test_deleting_a_game_leaves_no_habits_and_no_move_on_to_it(client, app):
    # (An event's table is never deleted from its own pages: tests/test_events_room.py.)
    finished, _ = create(client, record())
    game_id, _ = create(client, record())
    with app.app_context():
        db = store.get_db()
        assert db.execute("select count(*) from player_habits where game_id = ?", [game_id]).fetchone()[0] > 0
        db.execute("update games set next_game = ? where id = ?", [game_id, finished])
        db.commit()
    assert post_from_table_tab(client, game_id, "delete", confirm="yes").status_code == 302
    with app.app_context():
        db = store.get_db()
        for table in ("player_habits", "tournament_games", "player_results", "events"):
            assert db.execute(f"select count(*) from {table} where game_id = ?", [game_id]).fetchone()[0] == 0
        assert store.get_game(db, finished)["next_game"] is None
