"""The PDF sheets in other languages, read back with pdftotext: a game's sheet in the game's language whoever
asks, a blank sheet in the page's language (or the one chosen), the CLI's `sheet --language`."""

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.game_helpers import create, record
from tests.pdf_reading import text
from tests.cli_helpers import run_cli
from tests.examples import REQUESTS

DUTCH = {"Accept-Language": "nl"}


def dutch_game(**extra):
    return record(stake=1, currency="EUR", **extra) | {"language": "nl"}


def test_a_dutch_games_sheet_reads_dutch_whatever_the_readers_language(client, tmp_path):
    game_id, _key = create(client, dutch_game(), claim=False)
    for reader in ("en", "de", "nl"):
        sheet = text(client.get(f"/games/{game_id}/sheet.pdf", headers={"Accept-Language": reader}).data, tmp_path)
        for word in ("Bod", "Slagen", "Deler", "Troef", "Totaal", "Puntentelling"):
            assert word in sheet, (reader, word)
        for english in ("Took", "Dealer", "Total", "Scoring"):
            assert english not in sheet, (reader, english)
        assert "€ 1,00" in sheet  # the stake in the game's currency, the Dutch way


def test_a_game_without_a_language_follows_the_reader_and_the_cache_keeps_them_apart(client, tmp_path):
    game_id, _key = create(client, record(), claim=False)
    dutch = text(client.get(f"/games/{game_id}/sheet.pdf", headers=DUTCH).data, tmp_path)
    english = text(client.get(f"/games/{game_id}/sheet.pdf").data, tmp_path)
    assert "Slagen" in dutch and "Took" not in dutch
    assert "Took" in english and "Slagen" not in english


def test_a_blank_german_sheet(client, tmp_path):
    chosen = text(client.get("/sheets/blank.pdf?players=4&max=5&hook=1&language=de").data, tmp_path)
    by_phone = text(
        client.get("/sheets/blank.pdf?players=4&max=5&hook=1", headers={"Accept-Language": "de"}).data, tmp_path
    )
    for sheet in (chosen, by_phone):
        for word in ("Ansage", "Stiche", "Geber", "Trumpf", "Datum", "Geberregel"):
            assert word in sheet, word
        assert "Bid" not in sheet and "Dealer" not in sheet
    english = text(client.get("/sheets/blank.pdf?players=4&max=5&hook=1").data, tmp_path)
    assert "Dealer" in english and "Geber" not in english


def test_the_sheets_page_offers_the_languages_and_speaks_the_readers(client):
    html = client.get("/sheets/", headers={"Accept-Language": "fr"}).get_data(as_text=True)
    assert '<option selected value="fr">Français</option>' in html
    assert "Imprimer" in html and "Print blank sheets" not in html


@settings(max_examples=REQUESTS, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(language=st.text(max_size=30))
def test_any_language_parameter_gets_the_form_never_a_crash(client, language):
    # players=1 is refused: the form comes back with its message, in the page's language, whatever language says
    response = client.get("/sheets/blank.pdf", query_string={"players": "1", "language": language})
    assert response.status_code == 400
    assert "Players: Number must be between 2 and 10." in response.get_data(as_text=True)


def test_the_command_lines_sheet_in_german(tmp_path):
    out = tmp_path / "blank.pdf"
    done = run_cli("sheet", "--players", "3", "--language", "de", "-o", out)
    assert done.returncode == 0, done.stderr
    sheet = text(out.read_bytes(), tmp_path)
    assert "Ansage" in sheet and "Stiche" in sheet and "Bid" not in sheet
    refused = run_cli("sheet", "--players", "3", "--language", "xx", "-o", tmp_path / "x.pdf")
    assert refused.returncode == 2 and "--language" in refused.stderr
