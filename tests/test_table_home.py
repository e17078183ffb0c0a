"""The home page pages its lists: the games in progress first, then the finished, 20 at a time."""

import re

from scorekeeper import store
from tests.game_helpers import HANDS, record


def test_home_pages_its_lists_in_progress_first(client, app):
    with app.app_context():
        db = store.get_db()
        playing = [
            store.create_game(
                db,
                record(players=[f"P{n}", "Bob", "Cy", "Di"], hands=HANDS[:1]),
                created=f"2024-05-01T20:{n:02d}:00+00:00",
            )[0]
            for n in range(22)
        ]
        finished = [
            store.create_game(
                db, record(players=[f"F{n}", "Bob", "Cy", "Di"]), created=f"2024-05-02T20:{n:02d}:00+00:00"
            )[0]
            for n in range(25)
        ]
    html = client.get("/").get_data(as_text=True)
    assert html.index("In progress") < html.index("Finished")
    lists = dict(re.findall(r'<ul class="games (playing|finished)">(.*?)</ul>', html, re.S))
    shown = {status: re.findall(r'href="/games/([^"]+)"', lists[status]) for status in lists}
    assert len(shown["playing"]) == 20 and len(shown["finished"]) == 20
    assert set(shown["playing"]) <= set(playing) and set(shown["finished"]) <= set(finished)
    assert "1 hand ·" in lists["playing"] and "2 hands" in lists["finished"]
    # The next page of the finished games keeps the page of games in progress.
    older = re.findall(r'<a href="([^"]+)">Older →</a>', html)
    assert older == ["/?playing=2&amp;finished=1", "/?playing=1&amp;finished=2"]
    page_two = client.get("/?playing=1&finished=2").get_data(as_text=True)
    rest = re.findall(r'href="/games/([^"]+)"', re.search(r'<ul class="games finished">(.*?)</ul>', page_two, re.S)[1])
    assert len(rest) == 5 and set(rest) | set(shown["finished"]) == set(finished)
    assert "← Newer" in page_two and client.get("/?finished=-3").status_code == 200
