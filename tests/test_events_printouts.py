"""A round's table cards printed the fast way (issue 24: printing/stamp.py, printing/table_cards.py), read back as
a director would: every table's words on its card and sheet, a long event name wrapped whole without a page
more, the QR codes module by module, and a name in a script the stamp does not set printed the WeasyPrint way."""

import re
import subprocess

import pytest

from tests.event_web_helpers import NAMES, Director, cartier
from tests.pdf_reading import info as pdf_info, text as pdf_text

LONG_NAME = "The Grand Annual Oh Hell Championship of the Riverside Clubs"  # 60 characters


def cards(client, director, tables=""):
    client.get(director.created["url"])  # the director's cookie
    response = client.get(f"/events/{director.id}/rounds/1/cards.pdf" + (f"?tables={tables}" if tables else ""))
    assert response.status_code == 200 and response.mimetype == "application/pdf"
    return response.data


def words(text):
    return " ".join(text.split())


def links(pdf, tmp_path):
    """The card's text in the order it is written (`pdftotext -raw`), lines joined: a link wrapped over three
    lines reads whole."""
    (tmp_path / "raw.pdf").write_bytes(pdf)
    raw = subprocess.run(
        ["pdftotext", "-raw", str(tmp_path / "raw.pdf"), "-"], capture_output=True, text=True, check=True
    ).stdout
    return "".join(raw.split())


def test_every_table_reads_its_own_card_and_sheet(client, tmp_path):
    director = cartier(client, NAMES[:10])
    tables = director.act("start")["tables"]
    pdf = cards(client, director)
    pages = pdf_text(pdf, tmp_path).split("\f")
    assert pdf_info(pdf, tmp_path)["pages"] == 2 * len(tables)
    raw = links(pdf, tmp_path)
    for number, table in enumerate(tables, start=1):
        card, sheet = pages[2 * number - 2], pages[2 * number - 1]
        assert re.search(rf"^\s*Table {number}\s*$", card, re.M)
        assert f"Cartier night · Round 1, table {number}" in card
        assert "Sit in this order, clockwise." in card and "First dealer (cut by the app):" in card
        for seat, name in enumerate(table["seats"], start=1):
            assert f"{seat}. {name}" in card and name in sheet
        dealer = card.split("First dealer (cut by the app):")[1].split()
        assert " ".join(dealer[:2]) in table["seats"]
        assert "Scorekeeper (one phone)" in card and "Overall standings" in card
        assert f"/games/{table['game']}/claim/{table['edit_key']}" in raw
        assert f"Cartier night · Round 1, table {number}" in sheet and "Date ____________" in sheet
        assert "Cards Dealer" in sheet and "Total" in sheet


def test_a_long_event_name_wraps_whole_on_cards_and_sheets_without_a_page_more(client, tmp_path):
    assert len(LONG_NAME) == 60
    short = cartier(client, NAMES[:8])
    short.act("start")
    director = Director(client, {"name": LONG_NAME, "format": "cartier", "seed": "night", "players": NAMES[:8]})
    tables = director.act("start")["tables"]
    pdf = cards(client, director)
    assert pdf_info(pdf, tmp_path)["pages"] == pdf_info(cards(client, short), tmp_path)["pages"] == 2 * len(tables)
    for number, page in enumerate(pdf_text(pdf, tmp_path).split("\f")[: 2 * len(tables)], start=1):
        table = (number + 1) // 2
        # Wrapped over lines, the header reads whole, in order: nothing cut, no ellipsis.
        assert f"{LONG_NAME} · Round 1, table {table}" in words(page), page
        assert not [line for line in page.splitlines() if "Riverside" in line and "…" in line]
    # Nothing runs off the page: every word sits inside the page's width.
    (tmp_path / "long.pdf").write_bytes(pdf)
    boxes = subprocess.run(
        ["pdftotext", "-bbox", str(tmp_path / "long.pdf"), "-"], capture_output=True, text=True, check=True
    ).stdout
    page_w = pdf_info(pdf, tmp_path)["page_w"]
    right_edges = [float(edge) for edge in re.findall(r'xMax="([\d.]+)"', boxes)]
    assert right_edges and max(right_edges) <= page_w - 20  # inside the margins (15 mm on a card, 9 mm a sheet)


def test_the_codes_are_the_links_module_by_module(client, tmp_path):
    segno = pytest.importorskip("segno")
    from PIL import Image

    from scorekeeper.printing import table_cards

    director = cartier(client, NAMES[:8])
    table = director.act("start")["tables"][0]
    pdf = cards(client, director, tables="1")
    (tmp_path / "card.pdf").write_bytes(pdf)
    dpi = 200
    subprocess.run(
        [
            "pdftoppm",
            "-r",
            str(dpi),
            "-gray",
            "-f",
            "1",
            "-l",
            "1",
            "-png",
            str(tmp_path / "card.pdf"),
            str(tmp_path / "card"),
        ],
        check=True,
    )
    image = Image.open(next(tmp_path.glob("card*.png"))).convert("L")
    link = f"http://localhost/games/{table['game']}/claim/{table['edit_key']}"
    assert link in links(pdf, tmp_path)
    matrix = segno.make(link, micro=False, mask=0).matrix
    module = table_cards.QR / (len(matrix) + 4)
    x0 = table_cards.LEFT + (table_cards.CODE_W - table_cards.QR) / 2 + 2 * module
    y0 = table_cards.CODES_TOP + 2 * module
    px = dpi / 25.4
    read = [
        [
            image.getpixel((round((x0 + (c + 0.5) * module) * px), round((y0 + (r + 0.5) * module) * px))) < 128
            for c in range(len(matrix))
        ]
        for r in range(len(matrix))
    ]
    assert read == [[bool(cell) for cell in row] for row in matrix]


def test_a_name_in_a_script_the_stamp_does_not_set_prints_the_weasyprint_way(client, tmp_path):
    from scorekeeper.printing import stamp

    assert stamp.covers("Zoë Ωmega Жанна · Round 1 ✓")
    assert not stamp.covers("أحمد") and not stamp.covers("Zoe\u0308")
    director = cartier(client, NAMES[:7] + ["Ahmad أحمد"])
    tables = director.act("start")["tables"]
    pdf = cards(client, director)
    text = pdf_text(pdf, tmp_path)
    assert pdf_info(pdf, tmp_path)["pages"] == 2 * len(tables)
    for number, table in enumerate(tables, start=1):
        assert f"Cartier night · Round 1, table {number}" in text
        for name in table["seats"]:
            assert name.split()[0] in text


def test_where_everyone_sits_lists_every_player_alphabetically_with_table_and_seat(client, tmp_path):
    players = [
        f"{first} {last}"
        for first in ("Zed", "amy", "Bo", "Cy", "Dee", "Eli", "Flo", "Gus", "Hal")
        for last in ("North", "South", "East", "West", "Up", "Down", "Left", "Right", "Far")
    ]  # 81 players
    director = cartier(client, players)
    tables = director.act("start")["tables"]
    client.get(director.created["url"])
    page = client.get(f"/events/{director.id}").get_data(as_text=True)
    link = f"/events/{director.id}/rounds/1/seating.pdf"
    assert f'href="{link}"' in page and "Round 1: where everyone sits, for the wall (PDF)" in page
    response = client.get(link)
    assert response.status_code == 200 and response.mimetype == "application/pdf"
    pdf = response.data
    assert pdf_info(pdf, tmp_path)["pages"] == 4  # 72 rows a page, by name then by surname
    text = "\f".join(pdf_text(pdf, tmp_path).split("\f")[:2])
    assert "Cartier night · Round 1: where everyone sits" in text and "page 2 of 2" in text
    assert text.count("Player") >= 4 and "Table" in text and "Seat" in text
    expected = sorted(
        (
            (name, number, seat)
            for number, table in enumerate(tables, start=1)
            for seat, name in enumerate(table["seats"], start=1)
        ),
        key=lambda row: row[0].casefold(),
    )
    read = re.findall(r"([A-Za-z]+ [A-Za-z]+)\s+(\d+)\s+(\d+)", text)
    rows = [
        (name, int(number), int(seat))
        for name, number, seat in read
        if name.split()[0] in ("Zed", "amy", "Bo", "Cy", "Dee", "Eli", "Flo", "Gus", "Hal")
    ]
    assert sorted(rows, key=lambda row: row[0].casefold()) == expected
    # Two blocks a page, each read top to bottom: the first block's rows come first in the alphabet.
    line = next(line for line in text.split("\f")[0].splitlines() if expected[0][0] in line)
    assert expected[36][0] in line
    assert client.get(f"/events/{director.id}/rounds/2/seating.pdf").status_code == 404


def test_where_everyone_sits_speaks_the_events_language(client, tmp_path):
    director = Director(
        client, {"name": "Clubavond", "format": "cartier", "seed": "nl", "players": NAMES[:8], "language": "nl"}
    )
    director.act("start")
    text = pdf_text(client.get(f"/events/{director.id}/rounds/1/seating.pdf").data, tmp_path)
    assert "Clubavond · Speelronde 1: wie zit waar" in text
    assert "Speler" in text and "Tafel" in text and "Plaats" in text
    assert "where everyone sits" not in text and "Seat" not in text


def test_a_long_event_name_wraps_whole_the_weasyprint_way_too(client, tmp_path):
    director = Director(
        client, {"name": LONG_NAME, "format": "cartier", "seed": "night", "players": NAMES[:7] + ["Ahmad أحمد"]}
    )  # a script the stamp does not set
    tables = director.act("start")["tables"]
    pdf = cards(client, director)
    assert pdf_info(pdf, tmp_path)["pages"] == 2 * len(tables)
    pages = pdf_text(pdf, tmp_path).split("\f")
    for number in range(1, len(tables) + 1):
        for page in pages[2 * number - 2 : 2 * number]:
            assert f"{LONG_NAME} · Round 1, table {number}" in words(page), page
            assert not [line for line in page.splitlines() if "Riverside" in line and "…" in line]


def test_where_everyone_sits_by_surname_too(client, tmp_path):
    players = [
        "Dirk de Vries",
        "Ann van der Berg",
        "Zoë Peeters",
        "Bob Aalders",
        "Cy",
        "Hugo Jansen",
        "Mieke Jansen",
        "Els Kok",
    ]
    director = Director(client, {"name": "Club", "format": "cartier", "seed": "surnames", "players": players})
    tables = director.act("start")["tables"]
    where = {
        name: (number, seat)
        for number, table in enumerate(tables, start=1)
        for seat, name in enumerate(table["seats"], start=1)
    }
    pages = pdf_text(client.get(f"/events/{director.id}/rounds/1/seating.pdf").data, tmp_path).split("\f")
    first, second = pages[0], pages[1]
    assert "Club · Round 1: where everyone sits" in first and "where everyone sits, by surname" in second
    listed = re.findall(r"^\s*(.+?)\s{2,}(\d+)\s+(\d+)\s*$", second, re.M)
    shown = [
        "Aalders, Bob",
        "Berg, Ann van der",
        "Cy",
        "Jansen, Hugo",
        "Jansen, Mieke",
        "Kok, Els",
        "Peeters, Zoë",
        "Vries, Dirk de",
    ]
    assert [name for name, _table, _seat in listed] == shown
    for (_name, table, seat), player in zip(
        listed,
        [
            "Bob Aalders",
            "Ann van der Berg",
            "Cy",
            "Hugo Jansen",
            "Mieke Jansen",
            "Els Kok",
            "Zoë Peeters",
            "Dirk de Vries",
        ],
    ):
        assert (int(table), int(seat)) == where[player]


def test_two_page_sheets_print_every_page_with_its_dealers_and_no_totals(client, tmp_path):
    """Tables of 3 on the default rules play 33 hands: each blank sheet takes two pages, stamped as fast as one
    (bench/bench_event_cards.py); the Dealer column starts with the table's first dealer and goes round clockwise;
    a blank sheet has no totals to print. The WeasyPrint way (a name the stamp does not set) reads the same."""
    players = ["Ann Adams", "Bob Brink", "Cy Claes", "Dirk de Vries", "Els Kok", "Finn Peeters"]
    for arabic in (False, True):
        named = players[:5] + ["Ahmad أحمد"] if arabic else players
        director = Director(
            client,
            {"name": "Qualifiers", "format": "rounds", "seed": "two pages", "players": named, "options": {"table": 3}},
        )
        tables = director.act("start")["tables"]
        pdf = cards(client, director)
        assert pdf_info(pdf, tmp_path)["pages"] == 3 * len(tables)  # a card and two sheet pages a table
        pages = pdf_text(pdf, tmp_path).split("\f")
        for number, table in enumerate(tables, start=1):
            sheet = pages[3 * number - 2 : 3 * number]
            game = client.get(f"/api/games/{table['game']}/export").get_json()
            first = game["rules"]["first_dealer"]
            plan = list(range(17, 0, -1)) + list(range(2, 18))
            dealers = []
            for at, page in enumerate(sheet, start=1):
                assert re.search(rf"Qualifiers · Round 1, table {number} (· )?page {at} of 2", page), page
                assert all(name.split()[0] in page for name in table["seats"])
                rows = re.findall(r"^\s*(\d+)\s+(\S+)\s*$", page, re.M)
                dealers += [(int(cards_), who) for cards_, who in rows]
                assert not re.search(r"Total\s+0", page)
            assert [cards_ for cards_, _who in dealers] == plan
            expected = [table["seats"][(first + hand) % 3].split()[0] for hand in range(33)]
            assert [who for _cards, who in dealers] == expected


def test_after_a_swap_or_a_late_player_the_director_is_told_which_cards_to_print_again(client):
    from tests.event_web_helpers import Tap

    director = cartier(client, NAMES[:10])  # tables of 4, 3, 3
    tables = director.act("start")["tables"]
    page = client.get(f"/events/{director.id}").get_data(as_text=True)
    assert 'id="reprint"' not in page  # nothing changed since the draw
    answer = director.act("swap", first=tables[0]["seats"][0], second=tables[1]["seats"][0])
    assert answer["message"].endswith("Print the cards of tables 1, 2 again: the old ones are void.")
    answer = director.act("late", player="Lucy Late", table=3)
    assert answer["message"] == "Lucy Late joins table 3. Print the card of table 3 again: the old one is void."
    tables = answer["tables"]
    client.get(director.created["url"])
    page = client.get(f"/events/{director.id}").get_data(as_text=True)
    summary = page[page.index('id="reprint"') :]
    summary = summary[: summary.index("</p>")]
    assert "Tables 1, 2, 3 were seated again: their printed cards are void." in summary
    assert f'href="/events/{director.id}/rounds/1/cards.pdf?tables=1,2,3"' in summary
    for number in (1, 2, 3):
        section = page[page.index(f'id="table-{number}"') :]
        assert "Seated again: its printed card is void." in section[: section.index("</section>")]
    # A table that has started plays its new card: no longer marked.
    Tap(client, tables[0]["game"], tables[0]["edit_key"])("deal", trump="hearts")
    page = client.get(f"/events/{director.id}").get_data(as_text=True)
    section = page[page.index('id="table-1"') :]
    assert "Seated again" not in section[: section.index("</section>")]
    assert "Tables 2, 3 were seated again" in page
