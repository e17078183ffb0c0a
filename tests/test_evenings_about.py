"""An evening's date and note (item 8): set by a scorekeeper of its games, shown in the evening's name (its page,
the lists) and in the evening's text to send to the table."""

import re

from scorekeeper import store
from tests.evening_helpers import play_evening
from tests.html_forms import submit


def evening_url(app, game_id):
    with app.app_context():
        return f"/evenings/{store.evening_of(store.get_db(), game_id)}"


def test_the_scorekeeper_dates_and_notes_the_evening(client, app):
    _first, _second, third = play_evening(client, app)
    url = evening_url(app, third)
    page = client.get(url).get_data(as_text=True)
    assert "Date and note…" in page
    response = submit(client, url, {"date": "2026-11-20", "note": "Birthday at Ann's"}, action=f"{url}/about")
    assert response.status_code == 302
    page = client.get(url).get_data(as_text=True)
    assert '<h1 class="evening-name" id="evening-name">Fri, Nov 20, 2026 · Birthday at Ann&#39;s</h1>' in page
    assert "<title>Fri, Nov 20, 2026 · Birthday at Ann&#39;s · Oh Hell</title>" in page
    assert "Oh Hell evening Nov 20, 2026 (Birthday at Ann&#39;s):" in page
    assert ">Fri, Nov 20, 2026 · Birthday at Ann&#39;s</a>" in client.get("/").get_data(as_text=True)  # the home's
    dutch = client.get(url, headers={"Accept-Language": "nl"}).get_data(as_text=True)
    assert ">vr 20 nov 2026 · Birthday at Ann&#39;s</h1>" in dutch and "2026-11-20" not in dutch.split('name="date"')[0]


def test_a_bad_note_is_refused_and_the_evening_keeps_its_day(client, app):
    _first, _second, third = play_evening(client, app)
    url = evening_url(app, third)
    submit(client, url, {"date": "", "note": "x" * 81}, action=f"{url}/about")
    page = client.get(url).get_data(as_text=True)
    assert "Note: is 81 characters long; a note has at most 80." in page
    assert re.search(r'<h1 class="evening-name" id="evening-name">[^<·]+</h1>', page)  # its day alone


def test_someone_without_a_game_of_the_evening_cannot_date_it(client, app):
    _first, _second, third = play_evening(client, app)
    url = evening_url(app, third)
    stranger = app.test_client()
    assert "Date and note…" not in stranger.get(url).get_data(as_text=True)
    assert stranger.post(f"{url}/about", data={"date": "2026-11-20"}).status_code == 403


def test_the_scorekeeper_of_an_earlier_table_dates_it_too(client, app):
    # Two tables at once: the phone keeping the first game's score may date the evening, though the last game is
    # another phone's.
    first, _second, third = play_evening(client, app)
    url = evening_url(app, third)
    phone = app.test_client()
    with app.app_context():
        key = store.get_game(store.get_db(), first)["edit_key"]
    phone.get(f"/games/{first}/claim/{key}")
    response = submit(phone, url, {"date": "2026-11-20", "note": "Two tables"}, action=f"{url}/about")
    assert response.status_code == 302
    assert "Fri, Nov 20, 2026 · Two tables</h1>" in phone.get(url).get_data(as_text=True)


def test_the_evening_note_needs_the_pages_token(client, app):
    _first, _second, third = play_evening(client, app)
    url = evening_url(app, third)
    assert client.post(f"{url}/about", data={"note": "no token"}).status_code == 400
    assert 'class="note"' not in client.get(url).get_data(as_text=True)
