"""The "Print blank sheets" page, the bookmarkable PDF and its preview, through the real app."""

import html
import re

import pytest
from babel.support import Translations

from scorekeeper import printing
from tests.language_helpers import LANGUAGES, TRANSLATIONS
from tests.pdf_reading import hand_column, info, text
from tests.pictures import picture


def test_page_shows_the_form_and_a_preview(client):
    page = client.get("/sheets/")
    assert page.status_code == 200
    html = page.get_data(as_text=True)
    assert "Print blank sheets" in html
    for name in ("players", "names", "pattern", "max", "decks", "paper", "landscape", "hook", "copies"):
        assert f'name="{name}"' in html
    assert "Download PDF" in html
    assert ('src="/sheets/preview.png?' if printing.can_preview_png() else 'src="/sheets/blank.pdf?') in html


def test_blank_pdf_takes_the_command_lines_parameters(client, tmp_path):
    response = client.get(
        "/sheets/blank.pdf?players=3&pattern=up&max=5&names=Ann,Bob,Cy&decks=1&paper=letter&landscape=1&hook=1&copies=2"
    )
    assert response.status_code == 200
    assert response.mimetype == "application/pdf"
    found = info(response.data, tmp_path)
    assert found["pages"] == 2
    assert found["page_w"] == pytest.approx(792, abs=0.5)
    sheet = text(response.data, tmp_path)
    assert hand_column(sheet.split("\f")[0]) == [1, 2, 3, 4, 5]
    assert "Ann" in sheet and "Bids so far" in sheet


def test_unchecked_boxes_are_off(client, tmp_path):
    response = client.get("/sheets/blank.pdf?players=4&max=5&landscape=0&hook=")
    found = info(response.data, tmp_path)
    assert found["page_w"] < found["page_h"]
    assert "Bids so far" not in text(response.data, tmp_path)


@pytest.mark.parametrize(
    "query, message",
    [
        ("players=1", "Players: Number must be between 2 and 10."),
        ("players=4&pattern=zigzag", "unknown deal pattern &#39;zigzag&#39;"),
        ("players=4&max=14", "14 cards for 4 players needs more than 1 deck "),
        ("players=lots", "Players: must be a number typed with the digits 0 to 9"),
    ],
)
def test_bad_parameters_get_400_with_the_message_and_no_pdf(client, query, message):
    response = client.get("/sheets/blank.pdf?" + query)
    assert response.status_code == 400
    assert response.mimetype == "text/html"
    assert not response.data.startswith(b"%PDF")
    assert message in response.get_data(as_text=True)
    page = client.get("/sheets/?" + query)
    assert page.status_code == 400
    assert message in page.get_data(as_text=True)
    assert "/sheets/preview.png?" not in page.get_data(as_text=True)


def test_download_button_redirects_to_an_attachment(client):
    response = client.get("/sheets/?players=5&pattern=down&max=4&download=1")
    assert response.status_code == 302
    pdf_response = client.get(response.location)
    assert pdf_response.mimetype == "application/pdf"
    assert pdf_response.headers["Content-Disposition"].startswith("attachment;")


def test_names_are_escaped_on_the_page(client):
    html = client.get("/sheets/?players=2&names=<script>x</script>,Bob").get_data(as_text=True)
    assert "<script>x</script>" not in html
    assert "&lt;script&gt;x&lt;/script&gt;" in html


def test_preview_png(client):
    if not printing.can_preview_png():
        assert client.get("/sheets/preview.png?players=4").status_code == 404
        return
    response = client.get("/sheets/preview.png?players=4&max=5")
    assert response.status_code == 200 and response.mimetype == "image/png"
    assert response.data.startswith(b"\x89PNG")
    bad = client.get("/sheets/preview.png?players=4&pattern=zigzag")
    assert bad.status_code == 400 and bad.mimetype == "text/plain"
    assert "unknown deal pattern 'zigzag'" in bad.get_data(as_text=True)


@pytest.mark.parametrize("language", ("en",) + LANGUAGES)
def test_a_sheet_made_from_a_preset_names_it_on_the_pdf_its_preview_and_its_card(client, tmp_path, language):
    """Issue 25: the Boerenbridge preset's blank sheet reads "Boerenbridge" on its rules line, never the formula."""
    words = Translations.load(TRANSLATIONS, [language])
    name, formula = words.gettext("Boerenbridge (Dutch)"), words.gettext("House formula")
    said = {"headers": {"Accept-Language": language}}
    page = client.get("/sheets/?players=5", **said).get_data(as_text=True)
    offered = dict(re.findall(r'<a href="(/sheets/\?[^"]+)">([^<]+)</a>', page.split('id="sheet-presets"')[1]))
    link = html.unescape(next(href for href, shown in offered.items() if shown == name))
    form = client.get(link, **said).get_data(as_text=True)
    query = html.unescape(re.search(r'src="/sheets/(?:preview\.png|blank\.pdf)\?([^"]+)"', form)[1])
    assert "preset=boerenbridge" in query  # the preview is drawn from the same sheet
    sheet = " ".join(text(client.get("/sheets/blank.pdf?" + query, **said).data, tmp_path).split())
    rules_line = " ".join((words.gettext("Scoring: %(system)s") % {"system": name}).split())
    assert rules_line in sheet and formula not in sheet
    card = client.get(html.unescape(re.search(r'id="sheet-card" href="([^"]+)"', form)[1]), **said)
    assert name in card.get_data(as_text=True) and formula not in card.get_data(as_text=True)


def test_a_preset_sheet_whose_system_was_changed_names_the_system(client, tmp_path):
    sheet = text(client.get("/sheets/blank.pdf?players=4&max=5&system=exact&preset=boerenbridge").data, tmp_path)
    assert "Scoring: Exact" in sheet and "Boerenbridge" not in sheet
    refused = client.get("/sheets/blank.pdf?players=4&max=5&preset=nosuch")
    assert refused.status_code == 400 and "nosuch" in refused.get_data(as_text=True)


@pytest.mark.browser
def test_live_preview_and_form_errors_in_a_browser(browser, live_server, tmp_path):
    page = browser.new_page(accept_downloads=True)
    try:
        page.goto(live_server + "/sheets/")
        preview = "#preview-img" if printing.can_preview_png() else "#preview-pdf"
        page.wait_for_selector(preview)
        if printing.can_preview_png():
            page.wait_for_function("() => document.querySelector('#preview-img').naturalWidth > 100")
        picture(page, tmp_path / "print-page.png", full_page=True)

        page.fill("input[name=players]", "1")
        page.wait_for_selector("#errors:not([hidden])")
        assert "between 2 and 10" in page.inner_text("#errors")
        assert page.query_selector(preview) is None

        page.fill("input[name=players]", "5")
        page.fill("input[name=names]", "Ann,Bob,Cy,Di,Ed")
        page.select_option("select[name=pattern]", "up")
        page.wait_for_selector(preview)
        assert page.is_hidden("#errors")
        assert "players=5" in page.url and "pattern=up" in page.url

        with page.expect_download() as waiting:
            page.click("#download")
        saved = tmp_path / "download.pdf"
        waiting.value.save_as(saved)
        sheet = text(saved.read_bytes(), tmp_path)
        assert "Ann" in sheet and "Ed" in sheet
        assert hand_column(sheet)[:3] == [1, 2, 3]
    finally:
        page.close()
