"""serve --workers N: a follower's page rendered by one process is left for the others, and read from there."""

import gzip

from scorekeeper.cache import kept
from scorekeeper.views.table import sheet
from tests.table_helpers import deal, new_game


def follower_page(app, game_id):
    response = app.test_client().get(f"/games/{game_id}", headers={"Accept-Encoding": "gzip"})
    assert response.status_code == 200
    return gzip.decompress(response.get_data()).decode()


def test_a_page_another_process_rendered_is_served_and_a_new_one_is_left_for_them(client, app, tmp_path):
    folder = tmp_path / "pages"
    folder.mkdir()
    app.config[kept.SHARED_FOLDER] = str(folder)
    game_id = new_game(client)
    # "Another process" rendered revision 1 (a game being played): a page of its own, with the slot for this
    # server's address.
    (folder / f"{game_id}~g0~1~en.html").write_text(
        f"<p>rendered elsewhere, back at {sheet.ORIGIN_SLOT}</p>" + " " * 300
    )
    page = follower_page(app, game_id)
    assert "rendered elsewhere, back at http://localhost/" in page
    deal(client, game_id)  # revision 2: nobody has rendered it yet
    page = follower_page(app, game_id)
    assert "rendered elsewhere" not in page and 'data-revision="2"' in page
    assert sorted(path.name for path in folder.iterdir()) == [f"{game_id}~g0~2~en.html"]  # the older one dropped
    assert 'data-revision="2"' in (folder / f"{game_id}~g0~2~en.html").read_text()


def test_a_page_is_shared_in_each_language_and_one_does_not_drop_the_other(client, app, tmp_path):
    folder = tmp_path / "pages"
    folder.mkdir()
    app.config[kept.SHARED_FOLDER] = str(folder)
    game_id = new_game(client)
    for language in ("de", "en"):
        response = app.test_client().get(f"/games/{game_id}", headers={"Accept-Language": language})
        assert f'<html lang="{language}">' in response.get_data(as_text=True)
    assert sorted(path.name for path in folder.iterdir()) == [f"{game_id}~g0~1~de.html", f"{game_id}~g0~1~en.html"]


def test_one_process_shares_nothing(client, app, tmp_path):
    game_id = new_game(client)
    follower_page(app, game_id)
    assert kept.SHARED_FOLDER not in app.config or not app.config[kept.SHARED_FOLDER]
