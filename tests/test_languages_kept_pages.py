"""Pages and PDFs kept for speed are kept per language (issue 19): after an English phone has read a page, a
Dutch phone still gets it in Dutch.

The sheet, the event's read-only pages and the PDFs are rendered once and kept (views/table/sheet.py,
views/events/pages.py, printing/); a key without the language hands every reader the first reader's words.
"""

import gzip
import re

from tests.game_helpers import create, record
from tests.language_helpers import seed_event
from tests.pdf_reading import text as pdf_text

ENGLISH, DUTCH = {"Accept-Language": "en"}, {"Accept-Language": "nl"}
FOLLOWER = {"Accept-Encoding": "gzip"}  # what a phone sends: followers' pages are kept gzipped


def lang(response):
    body = response.get_data()
    if response.headers.get("Content-Encoding") == "gzip":
        body = gzip.decompress(body)
    return re.search(r'<html lang="([^"]+)"', body.decode()).group(1)


def test_the_sheet_read_in_english_first_is_dutch_for_a_dutch_reader(client, stranger):
    game_id, _key = create(client, record())  # client holds the edit key: the scorekeeper's sheet
    for reader, headers in ((client, {}), (stranger, FOLLOWER)):
        assert lang(reader.get(f"/games/{game_id}/sheet", headers={**headers, **ENGLISH})) == "en"
        assert lang(reader.get(f"/games/{game_id}/sheet", headers={**headers, **DUTCH})) == "nl", (
            "the kept sheet is the first reader's language" + (" (a follower's)" if reader is stranger else "")
        )


def test_an_events_pages_read_in_english_first_are_dutch_for_a_dutch_reader(client, stranger):
    event = seed_event(client)
    for page in ("standings", "screen", "results"):
        url = f"/events/{event['id']}/{page}"
        assert lang(stranger.get(url, headers={**FOLLOWER, **ENGLISH})) == "en"
        assert lang(stranger.get(url, headers={**FOLLOWER, **DUTCH})) == "nl", f"the kept {page} page is English"


def test_a_pdf_read_in_english_first_reads_as_the_dutch_one_read_first(client, tmp_path):
    """A game without a language of its own prints in its reader's; a blank sheet always does. The Dutch PDF after
    an English one reads as a Dutch PDF asked first (two games alike but for one player's name; two blank sheets)."""

    def dutch_after(url, english_first):
        if english_first:
            client.get(url, headers=ENGLISH)
        return pdf_text(client.get(url, headers=DUTCH).get_data(), tmp_path).split()  # the words, not the spacing

    first, _key = create(client, record(players=["Ann", "Bob", "Cy", "Xa"]))
    second, _key = create(client, record(players=["Ann", "Bob", "Cy", "Ya"]))
    for url in ("/games/{}/sheet.pdf", "/sheets/blank.pdf?names=Ann,Bob,Cy,{}"):
        fresh = dutch_after(url.format(first if "games" in url else "Xa"), english_first=False)
        kept = dutch_after(url.format(second if "games" in url else "Ya"), english_first=True)
        assert [word.replace("Xa", "Di") for word in fresh] == [word.replace("Ya", "Di") for word in kept], url
