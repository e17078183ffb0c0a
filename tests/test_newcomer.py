"""Issue 8 through the client: what a newcomer reads on the sheet, the PDF and the CSV."""

import re

from scorekeeper import store
from tests.pdf_reading import text as pdf_text
from tests.game_helpers import create, record


def test_a_system_is_named_with_its_options_on_the_sheet_and_the_pdf(client, tmp_path):
    game_id, _key = create(client, record(scoring="get_fred", options={"squared": True}))
    sheet = client.get(f"/games/{game_id}/sheet").get_data(as_text=True)
    assert "Get Fred, squared (Oy Vey)" in sheet
    over = client.get(f"/games/{game_id}/over").get_data(as_text=True)
    assert "Get Fred, squared (Oy Vey)" in over
    text = pdf_text(client.get(f"/games/{game_id}/sheet.pdf").data, tmp_path)
    assert "Get Fred, squared (Oy Vey)" in " ".join(text.split())
    compare = client.get(f"/games/{game_id}/compare").get_data(as_text=True)
    assert "Played: <b>Get Fred, squared (Oy Vey)</b>" in compare
    with client.application.app_context():
        evening_id = store.evening_of(store.get_db(), game_id)
    evening = client.get(f"/evenings/{evening_id}").get_data(as_text=True)
    assert "Get Fred, squared (Oy Vey)" in evening


LATE = {
    "players": ["Ann", "Bob", "Cy", "Di"],
    "rules": {"scoring": "exact", "deals": {"pattern": "custom", "sizes": [5, 5]}},
    "hands": [
        {"cards": 5, "dealer": 0, "bids": [1, None, 2, 1], "tricks": [1, None, 2, 2], "out": [1]},
        {"cards": 5, "dealer": 2, "bids": [1, 1, 2, 0], "tricks": [1, 1, 2, 1], "joins": [{"seat": 1, "total": 7}]},
    ],
}


def test_a_late_arrival_starts_at_their_total_on_the_sheet_the_pdf_and_the_chart(client, tmp_path):
    game_id, _key = create(client, LATE)
    sheet = client.get(f"/games/{game_id}/sheet").get_data(as_text=True)
    first_row = sheet[sheet.index("<tbody>") : sheet.index("</tr>", sheet.index("<tbody>"))]
    bob = re.sub(r"<[^>]+>", " ", "<td" + first_row.split("<td")[2]).split()
    assert bob == ["out", "starts", "with", "7"]
    # The chart: Bob's line has two points (7 before hand 2, 18 after it), none at 0 for hand 1.
    line = re.search(r'data-seat="1"><title>Bob</title><polyline points="([^"]+)"', sheet).group(1)
    assert len(line.split()) == 2
    text = pdf_text(client.get(f"/games/{game_id}/sheet.pdf").data, tmp_path)
    first = next(row for row in text.splitlines() if row.strip().startswith("5 ") and "Ann" in row)
    assert first.split()[5:7] == ["out", "7"]
