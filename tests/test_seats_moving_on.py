"""Moving on to the next game (issue: what a new table found, item 2): the finished game names its next game,
its poll says so, seat links carry over by player name, and a late arrival gets a seat link."""

from scorekeeper import store
from tests.game_helpers import HANDS, create, record
from tests.html_forms import submit
from tests.seat_helpers import phone, seat_links


def play_again(client, game_id):
    """Tap "New game, same table" on the game-over screen; return the next game's id."""
    response = submit(client, f"/games/{game_id}/over", action=f"/games/{game_id}/again")
    assert response.status_code == 302
    return response.location.split("/games/")[1].split("/")[0]


def test_the_poll_of_a_finished_game_names_its_next_game(client):
    game_id, _key = create(client, record())
    revision = client.get(f"/games/{game_id}/revision")
    assert "next" not in revision.get_json()
    seen = {"If-None-Match": revision.headers["ETag"]}
    assert client.get(f"/games/{game_id}/revision", headers=seen).status_code == 304
    next_id = play_again(client, game_id)
    moved = client.get(f"/games/{game_id}/revision", headers=seen)  # a page drawn before the table moved on
    assert moved.status_code == 200 and moved.get_json()["next"] == f"/games/{next_id}"
    # A page drawn after it carries the new tag, and its poll stays a bodiless 304.
    assert client.get(f"/games/{game_id}/revision", headers={"If-None-Match": moved.headers["ETag"]}).status_code == 304
    sheet = client.get(f"/games/{game_id}/sheet").get_data(as_text=True)
    assert f'data-revision="{moved.get_json()["revision"]}+next"' in sheet


def test_the_next_game_is_in_the_same_evening_and_the_next_dealer_deals(client, app):
    game_id, _key = create(client, record())
    next_id = play_again(client, game_id)
    with app.app_context():
        db = store.get_db()
        assert store.evening_of(db, next_id) == store.evening_of(db, game_id)
        assert store.get_game_head(db, game_id)["next_game"] == next_id
        assert store.get_game(db, next_id)["record"]["rules"]["first_dealer"] == 1


def test_seat_links_carry_over_by_player_name_and_the_seat_phone_moves_on(client, app):
    game_id, _key = create(client, record(hands=HANDS[:1]))
    links = seat_links(client, game_id)
    cy = phone(app, links["Cy"])
    with app.app_context():
        # The next table seats Cy first: Cy's phone takes seat 0 there, with a key of its own.
        next_id, _ = store.create_next_game(
            store.get_db(), game_id, dict(record(), players=["Cy", "Ann", "Bob", "Di"], hands=[])
        )
        assert sorted(store.seat_keys(store.get_db(), next_id)) == [0, 1, 2, 3]
        assert store.seat_keys(store.get_db(), next_id)[0] != store.seat_keys(store.get_db(), game_id)[2]
    moved = cy.get(f"/games/{game_id}/mine/next")
    assert moved.status_code == 302 and moved.location.endswith(f"/games/{next_id}/mine")
    page = cy.get(f"/games/{next_id}/mine")
    assert page.status_code == 200
    with app.app_context():
        assert store.seat_of_key(store.get_db(), next_id, cy.get_cookie(f"seat_{next_id}").value) == 0


def test_a_player_not_at_the_next_table_follows_it_read_only(client, app):
    game_id, _key = create(client, record(hands=HANDS[:1]))
    di = phone(app, seat_links(client, game_id)["Di"])
    with app.app_context():
        next_id, _ = store.create_next_game(
            store.get_db(), game_id, dict(record(), players=["Ann", "Bob", "Cy", "Ed"], hands=[])
        )
    assert di.get(f"/games/{game_id}/mine/next").location == f"/games/{next_id}"


def test_without_seat_links_the_next_game_has_none_and_an_arrival_gets_none(client, app):
    game_id, _key = create(client, record())
    next_id = play_again(client, game_id)
    with app.app_context():
        db = store.get_db()
        assert store.seat_keys(db, next_id) == {}
        assert store.offer_seats_too(db, next_id, [0, 1, 2, 3, 4]) == {}


def test_an_arrival_gets_a_key_where_the_seats_have_links(client, app):
    game_id, _key = create(client, record(hands=HANDS[:1]))
    seat_links(client, game_id)
    with app.app_context():
        assert sorted(store.offer_seats_too(store.get_db(), game_id, [0, 1, 2, 3, 4])) == [0, 1, 2, 3, 4]
