"""An evening that follows the night (issue 42) through the Flask client: the next game with other rules, another
table drawn from the evening's people, a second scorekeeper joining with the evening's link, tonight's evening
offered on a new setup, and who may not join."""

import re

from werkzeug.datastructures import MultiDict

from scorekeeper import store
from tests.game_helpers import HANDS, create, game_id_of, record
from tests.html_forms import form_data

SIX = ["Ann", "Bob", "José", "Daan", "Eva", "Femke"]


def phone(app, game_id=None, key=None):
    """A scorekeeper's phone (not the owner's): holding the edit key of game_id when given."""
    client = app.test_client()
    if game_id:
        assert client.get(f"/games/{game_id}/claim/{key}").status_code == 302
    return client


def finished_game(app, players=("Ann", "Bob", "Cy", "Di")):
    """A finished game set up through the API, and the phone that keeps its score."""
    owner = app.test_client()
    hands = [
        dict(hand, bids=hand["bids"] + [0] * (len(players) - 4), tricks=hand["tricks"] + [0] * (len(players) - 4))
        for hand in HANDS
    ]
    game_id, key = create(owner, record(players=list(players), hands=hands), claim=False)
    return game_id, phone(app, game_id, key)


def evening_of(app, game_id):
    with app.app_context():
        return store.evening_of(store.get_db(), game_id)


def post(client, url, html, fields=(), unset=()):
    """Post the setup page's form (drawn as html) with fields replacing its values; return the response."""
    _action, defaults = form_data(html)
    names = {name for name, _value in fields}
    data = [(k, v) for k, v in defaults if k not in names and k not in unset] + list(fields)
    return client.post(url, data=MultiDict(data))


def seats(html):
    return [
        value
        for _name, value in sorted(
            (int(name[7:]), value) for name, value in re.findall(r'name="(player_\d+)"[^>]*value="([^"]*)"', html)
        )
    ]


def test_the_next_game_with_other_rules_stays_in_the_evening(app):
    game_id, scorekeeper = finished_game(app)
    over = scorekeeper.get(f"/games/{game_id}/over").get_data(as_text=True)
    link = re.search(r'id="next-game-other" href="([^"]+)"', over)[1].replace("&amp;", "&")
    assert link == f"/games/new?like={game_id}"
    page = scorekeeper.get(link).get_data(as_text=True)
    # The setup is the last game's: its table in its seats, the next dealer, its rules; joined to its evening.
    assert [name for name in seats(page) if name] == ["Ann", "Bob", "Cy", "Di"]
    assert re.search(r'<option selected value="1">Bob</option>', page)
    assert re.search(r'<option selected value="exact">', page)
    assert f'name="evening" type="hidden" value="{evening_of(app, game_id)}"' in page
    assert re.search(r'<input checked id="in_evening" name="in_evening" type="checkbox"', page)
    response = post(scorekeeper, link, page, [("scoring", "basic")])
    assert response.status_code == 302, response.get_data(as_text=True)
    second = game_id_of(response.headers["Location"])
    assert evening_of(app, second) == evening_of(app, game_id)
    with app.app_context():
        assert store.get_game(store.get_db(), second)["record"]["rules"]["scoring"] == "basic"
        # The table moved on: those following the first game are taken to the second.
        assert store.get_game_head(store.get_db(), game_id)["next_game"] == second


def test_another_table_is_four_picked_from_the_evenings_people_and_someone_new(app):
    game_id, scorekeeper = finished_game(app, SIX)
    evening_id = evening_of(app, game_id)
    evening = scorekeeper.get(f"/evenings/{evening_id}").get_data(as_text=True)
    assert f'id="new-game-here" href="/games/new?evening={evening_id}"' in evening
    url = f"/games/new?evening={evening_id}"
    page = scorekeeper.get(url).get_data(as_text=True)
    assert not any(seats(page))  # another table: the seats to fill
    assert re.findall(r'<button name="pick" value="([^"]+)"', page) == SIX
    # Tapping a name seats it; tapping it again unseats it (without JavaScript: the page comes back).
    for name in ["José", "Eva", "Ann", "Eva", "Femke"]:
        page = post(scorekeeper, url, page, [("pick", name)]).get_data(as_text=True)
    assert [name for name in seats(page) if name] == ["José", "Ann", "Femke"]
    assert re.findall(r'value="([^"]+)" class="small pick primary" aria-pressed="true"', page) == [
        "Ann",
        "José",
        "Femke",
    ]
    response = post(scorekeeper, url, page, [("player_3", "Gijs")])  # someone new takes the fourth seat
    assert response.status_code == 302, response.get_data(as_text=True)
    table = game_id_of(response.headers["Location"])
    assert evening_of(app, table) == evening_id
    with app.app_context():
        assert store.get_game(store.get_db(), table)["record"]["players"] == ["José", "Ann", "Femke", "Gijs"]
    html = scorekeeper.get(f"/evenings/{evening_id}").get_data(as_text=True)
    assert "2 games, 1 finished · 7 players" in html


def test_unticked_the_game_starts_an_evening_of_its_own(app):
    game_id, scorekeeper = finished_game(app)
    page = scorekeeper.get(f"/games/new?like={game_id}").get_data(as_text=True)
    response = post(scorekeeper, f"/games/new?like={game_id}", page, unset=("in_evening",))
    assert response.status_code == 302
    assert evening_of(app, game_id_of(response.headers["Location"])) != evening_of(app, game_id)


def test_a_second_scorekeeper_joins_with_the_evenings_link_for_another_table(app):
    game_id, scorekeeper = finished_game(app, SIX)
    evening_id = evening_of(app, game_id)
    html = scorekeeper.get(f"/evenings/{evening_id}").get_data(as_text=True)
    link = re.search(r'id="table-link" readonly value="([^"]+)"', html)[1].replace("&amp;", "&")
    assert re.fullmatch(rf"http://[^/]+/games/new\?evening={evening_id}&key=[\w-]{{24}}", link)
    second = app.test_client()  # another phone, at the hall's other table
    url = link.split("localhost", 1)[-1]
    page = second.get(url).get_data(as_text=True)
    assert re.findall(r'<button name="pick" value="([^"]+)"', page) == SIX
    response = post(second, url, page, [(f"player_{seat}", name) for seat, name in enumerate(["Bob", "Daan", "Eva"])])
    assert response.status_code == 302, response.get_data(as_text=True)
    assert evening_of(app, game_id_of(response.headers["Location"])) == evening_id
    # Keeping a table's score of the evening now, that phone may date and name it.
    assert "Date and note…" in second.get(f"/evenings/{evening_id}").get_data(as_text=True)


def test_a_phone_without_a_game_or_the_link_cannot_join(app):
    game_id, _scorekeeper = finished_game(app)
    evening_id = evening_of(app, game_id)
    stranger = app.test_client()
    evening = stranger.get(f"/evenings/{evening_id}").get_data(as_text=True)
    assert "new-game-here" not in evening and "table-link" not in evening
    page = stranger.get(f"/games/new?evening={evening_id}&key=wrong").get_data(as_text=True)
    assert "This phone keeps no score at that evening" in page and 'id="evening-choice"' not in page
    # A form posted with the evening written in by hand is refused, nothing stored.
    page = stranger.get("/games/new").get_data(as_text=True)
    names = [(f"player_{seat}", name) for seat, name in enumerate(["Ann", "Bob", "Cy"])]
    response = post(stranger, "/games/new", page, names + [("evening", evening_id), ("in_evening", "y")])
    assert response.status_code == 403
    assert "Only a phone keeping the score at this evening" in response.get_data(as_text=True)


def test_a_new_game_on_the_same_phone_tonight_joins_its_evening_unless_unticked(app):
    game_id, scorekeeper = finished_game(app)
    evening_id = evening_of(app, game_id)
    page = scorekeeper.get("/games/new").get_data(as_text=True)
    assert f'name="evening" type="hidden" value="{evening_id}"' in page
    assert re.search(r'<label for="in_evening">Part of the evening <b>[^<]+</b></label>', page)
    names = [(f"player_{seat}", name) for seat, name in enumerate(["Ann", "Bob", "Cy", "Di"])]
    response = post(scorekeeper, "/games/new", page, names)
    assert evening_of(app, game_id_of(response.headers["Location"])) == evening_id
    # Another phone has no evening tonight; nor has this one once its evening was played hours ago.
    assert 'id="evening-choice"' not in app.test_client().get("/games/new").get_data(as_text=True)
    with app.app_context():
        db = store.get_db()
        with db.atomic():
            db.execute("update evenings set updated = '2020-01-01T20:00:00+00:00'")
    assert 'id="evening-choice"' not in scorekeeper.get("/games/new").get_data(as_text=True)
