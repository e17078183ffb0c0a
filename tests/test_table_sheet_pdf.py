"""The game's filled sheet as PDF through the Flask client (table/sheet.py), read back with poppler."""

from tests.pdf_reading import text as pdf_text
from tests.game_helpers import create, record


def test_sheet_pdf_shows_players_and_totals(client, tmp_path):
    game_id, _key = create(client, record(), claim=False)
    response = client.get(f"/games/{game_id}/sheet.pdf")  # a read-only viewer may download it
    assert response.status_code == 200 and response.mimetype == "application/pdf"
    assert "attachment" in response.headers["Content-Disposition"] and ".pdf" in response.headers["Content-Disposition"]
    text = pdf_text(response.data, tmp_path)
    for name in ("Ann", "Bob", "Cy", "Di"):
        assert name in text
    totals_line = next(line for line in text.splitlines() if "Total" in line or "Σ" in line)
    assert [int(n) for n in totals_line.split() if n.isdigit()][-4:] == [11, 11, 20, 21]


def test_pdf_links_on_sheet_over_and_home(client):
    game_id, _key = create(client, record())
    pdf_link = f'href="/games/{game_id}/sheet.pdf"'
    assert pdf_link in client.get(f"/games/{game_id}/sheet").get_data(as_text=True)
    assert pdf_link in client.get(f"/games/{game_id}/over").get_data(as_text=True)
    home = client.get("/").get_data(as_text=True)
    assert 'href="/sheets/"' in home and "Print blank sheets" in home


def test_unknown_game_pdf_is_404(client):
    assert client.get("/games/nope/sheet.pdf").status_code == 404
