"""Two render queues (review F-20): anonymous blank sheets, previews and house cards wait in one; the director's and
the owner's printouts in their own, so a loop of anonymous PDFs never holds the room's printouts up."""

from contextlib import contextmanager
from pathlib import Path

import pytest

from scorekeeper import printing
from scorekeeper.cache import kept
from tests.event_web_helpers import short_event
from tests.game_helpers import create, record
from tests.owner_helpers import owner_client
from tests.pdf_reading import text as pdf_text
from tests.regular_helpers import club, name_season

BLANK = "/sheets/blank.pdf?players=4&max=3"


@contextmanager
def filled(queue):
    """Take every slot of a render queue, as renders in flight do, and give them back after. A render that finds it
    full waits a twentieth of a second here before it is refused, not the queue's own 0.5 s or 5 s, which only
    slept the suite (the slots are held by this thread, so no wait could ever end in a slot)."""
    taken, wait = 0, queue.wait
    queue.wait = 0.05
    try:
        while queue.acquire(timeout=0):
            taken += 1
        assert taken == 2
        yield
    finally:
        queue.wait = wait
        for _slot in range(taken):
            queue.release()


@pytest.fixture(autouse=True)
def nothing_kept():
    kept.KEPT.clear()  # every PDF here is rendered, none answered from the cache
    yield


def test_a_directors_cards_render_while_anonymous_sheets_fill_their_queue(app, stranger, tmp_path):
    director = short_event(owner_client(app))
    director.act("start")
    directing = app.test_client()  # the director's phone: the director key, not the owner
    headers = {"Authorization": f"Bearer {director.key}"}
    with filled(printing.RENDER_SLOTS):
        busy = stranger.get(BLANK)
        assert busy.status_code == 503 and busy.headers["Retry-After"]
        assert "try again in a few seconds" in busy.get_data(as_text=True)
        assert stranger.get("/house/card.pdf?scoring=exact").status_code == 503  # the house card waits its turn too
        cards = directing.get(f"/events/{director.id}/rounds/1/cards.pdf", headers=headers)
        assert cards.status_code == 200, cards.get_data(as_text=True)
        assert "Table 1" in pdf_text(cards.data, tmp_path)
        results = directing.get(f"/events/{director.id}/rounds/1/seating.pdf", headers=headers)
        assert results.status_code == 200
        assert stranger.get(f"/events/{director.id}/rounds/1/seating.pdf").status_code == 503  # a reader's waits
    assert stranger.get(BLANK).status_code == 200  # once the anonymous renders are done, the next one is made


def test_the_owners_season_renders_while_anonymous_sheets_fill_their_queue(app, stranger, tmp_path):
    owner = owner_client(app)
    club(owner)
    season_id = name_season(owner).headers["Location"].rsplit("/", 1)[1]
    with filled(printing.RENDER_SLOTS):
        assert stranger.get(f"/seasons/{season_id}/season.pdf").status_code == 503
        printed = owner.get(f"/seasons/{season_id}/season.pdf")
        assert printed.status_code == 200 and "Winter 2026" in pdf_text(printed.data, tmp_path)


def test_the_keyed_queue_is_bounded_too(app):
    director = short_event(owner_client(app))
    director.act("start")
    directing = app.test_client()
    with filled(printing.KEYED_RENDER_SLOTS), filled(printing.RENDER_SLOTS):
        busy = directing.get(
            f"/events/{director.id}/rounds/1/cards.pdf", headers={"Authorization": f"Bearer {director.key}"}
        )
        assert busy.status_code == 503 and "director" in busy.get_data(as_text=True)


def test_every_pdf_takes_a_render_slot_and_weasyprint_is_called_in_one_place(client, stranger, tmp_path):
    # A game's house-rules card waits as the blank sheets do: two in flight, the third is told to try again.
    game_id, _key = create(client, record())
    with filled(printing.RENDER_SLOTS):
        busy = stranger.get(f"/games/{game_id}/card.pdf")
        assert busy.status_code == 503 and busy.headers["Retry-After"]
        assert stranger.get(f"/games/{game_id}/sheet.pdf").status_code == 503
    card = stranger.get(f"/games/{game_id}/card.pdf")
    assert card.status_code == 200 and "House rules" in pdf_text(card.data, tmp_path)
    # Every PDF is made by printing.render.document (the sandboxed fetcher, the base in sheets/) in a slot.
    package = Path(printing.__file__).parent.parent
    calls = [
        path.relative_to(package).as_posix()
        for path in package.rglob("*.py")
        if "from weasyprint import HTML" in path.read_text()
    ]
    assert calls == ["printing/render.py"]
