"""The printable sheets, read back with poppler: hand sizes, names, totals, circled negatives, paper."""

import io
import json
import re

import pytest
from PIL import Image, ImageChops, ImageStat  # WeasyPrint's own dependency

from scorekeeper import printing, rules
from scorekeeper.printing import render
from tests.pdf_reading import gray_page, hand_column, info, ink_left_of, text, words

A4 = (595.3, 841.9)
LETTER = (612.0, 792.0)

# Each pattern with a table it suits, and the column a player expects down the left.
PATTERN_CASES = [
    ("down-up", dict(players=4, max_cards=5), [5, 4, 3, 2, 1, 2, 3, 4, 5]),
    ("up-down", dict(players=5, max_cards=4), [1, 2, 3, 4, 3, 2, 1]),
    ("up", dict(players=4, max_cards=13), list(range(1, 14))),
    ("down", dict(players=3, max_cards=10), list(range(10, 0, -1))),
    ("odd-up-down", dict(players=3, max_cards=15), [1, 3, 5, 7, 9, 11, 13, 15, 13, 11, 9, 7, 5, 3, 1]),
    ("okenuff", dict(players=4), [4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 13, 13, 13]),
    ("cartier", dict(players=4), list(range(13, 1, -1)) + list(range(3, 14))),
    ("custom", dict(players=4, sizes=[3, 5, 7, 5, 3]), [3, 5, 7, 5, 3]),
]

GAME = {
    "players": ["Ann", "Bob", "Cy", "Di"],
    "rules": {
        "scoring": "okenuff",
        "modifiers": ["no_trump_doubles"],
        "hook": True,
        "deals": {"pattern": "okenuff", "decks": 1},
        "stake": 0.1,
        "settlement": "pairwise",
    },
    "hands": [
        {"cards": 4, "dealer": 0, "trump": "spades", "bids": [1, 0, 2, 0], "tricks": [1, 1, 2, 0]},
        {
            "cards": 5,
            "dealer": 1,
            "trump": "none",
            "bids": [2, 1, 1, 2],
            "tricks": [2, 0, 1, 2],
            "penalties": [{"seat": 2, "points": -20, "reason": "revoke"}],
        },
        {"cards": 6, "dealer": 2, "trump": "hearts", "bids": [0, 3, 2, 0], "tricks": [1, 3, 2, 0]},
        {"cards": 7, "dealer": 3, "bids": [1, 2, None, None]},
    ],
}


def test_every_pattern_is_covered():
    assert sorted(case[0] for case in PATTERN_CASES) == sorted(rules.PATTERNS.ids())


@pytest.mark.parametrize("pattern, table, expected", PATTERN_CASES, ids=[c[0] for c in PATTERN_CASES])
def test_hand_size_column_in_the_patterns_order(tmp_path, pattern, table, expected):
    data = printing.render_blank_sheet(pattern=pattern, **table)
    pages = text(data, tmp_path).split("\f")
    read = [size for page in pages for size in hand_column(page)]
    assert read == expected
    assert read == rules.hand_sizes(pattern, table["players"], 1, table.get("max_cards"), table.get("sizes"))


def test_blank_sheet_shows_names_columns_and_totals_row(tmp_path):
    data = printing.render_blank_sheet(players=4, names="Ann,Bob,Cy,Di", pattern="down-up", max_cards=7)
    sheet = text(data, tmp_path)
    header = next(line for line in sheet.splitlines() if "Ann" in line)
    assert header.split() == ["Ann", "Bob", "Cy", "Di"]
    assert "Cards" in sheet and "Dealer" in sheet and "Trump" in sheet
    labels = next(line for line in sheet.splitlines() if "Took" in line)
    assert labels.split() == ["Bid", "Took", "Score"] * 4
    assert "Total" in sheet
    assert info(data, tmp_path)["pages"] == 1


def test_rules_line_names_the_system_and_pattern_from_the_registries(tmp_path):
    data = printing.render_blank_sheet(players=5, pattern="up-down", max_cards=6, system="get_fred", hook_helper=True)
    sheet = text(data, tmp_path)
    rules_line = sheet.splitlines()[1]
    assert str(rules.SYSTEMS.find("get_fred").name) in rules_line
    assert str(rules.PATTERNS.find("up-down").name) in rules_line
    assert "hook on" in rules_line
    assert "Bids so far" in sheet
    assert re.findall(r"≠ ?(\d+)", sheet) == [str(n) for n in [1, 2, 3, 4, 5, 6, 5, 4, 3, 2, 1]]


def test_rules_line_can_be_left_out(tmp_path):
    data = printing.render_blank_sheet(players=4, max_cards=5, rules_line=False)
    assert "Deal:" not in text(data, tmp_path)
    assert "Deal:" in text(printing.render_blank_sheet(players=4, max_cards=5), tmp_path)  # the control


def test_seven_players_and_25_hands_fit_on_one_page_in_every_paper(tmp_path):
    for paper in ("a4", "letter"):
        for landscape in (False, True):
            data = printing.render_blank_sheet(
                players=7,
                pattern="up-down",
                max_cards=13,
                decks=2,
                paper=paper,
                landscape=landscape,
                names="A1,B2,C3,D4,E5,F6,G7",
            )
            assert info(data, tmp_path)["pages"] == 1
            page = text(data, tmp_path)
            assert len(hand_column(page)) == 25
            assert "G7" in page


def test_paper_sizes_and_orientation(tmp_path):
    sizes = {}
    for paper in ("a4", "letter"):
        for landscape in (False, True):
            found = info(
                printing.render_blank_sheet(players=4, max_cards=5, paper=paper, landscape=landscape), tmp_path
            )
            sizes[paper, landscape] = (round(found["page_w"], 1), round(found["page_h"], 1))
    assert sizes["a4", False] == pytest.approx(A4, abs=0.5)
    assert sizes["a4", True] == pytest.approx(A4[::-1], abs=0.5)
    assert sizes["letter", False] == pytest.approx(LETTER, abs=0.5)
    assert sizes["letter", True] == pytest.approx(LETTER[::-1], abs=0.5)


def test_more_than_25_hands_go_on_to_a_second_page_that_repeats_the_header(tmp_path):
    data = printing.render_blank_sheet(players=3, names="Ann,Bob,Cy", pattern="down-up", max_cards=17)
    assert info(data, tmp_path)["pages"] == 2
    first, second = text(data, tmp_path).split("\f")[:2]
    assert "page 1 of 2" in first and "page 2 of 2" in second
    for page in (first, second):
        assert "Ann" in page and "Cy" in page and "Cards" in page
    assert hand_column(first) + hand_column(second) == list(range(17, 0, -1)) + list(range(2, 18))
    assert "Total" not in first and "Total" in second


def test_copies_repeat_the_whole_sheet(tmp_path):
    data = printing.render_blank_sheet(players=4, max_cards=5, copies=3)
    pages = text(data, tmp_path).split("\f")[:3]
    assert info(data, tmp_path)["pages"] == 3
    assert [hand_column(page) for page in pages] == [[5, 4, 3, 2, 1, 2, 3, 4, 5]] * 3


def test_names_are_text_not_markup(tmp_path):
    names = ["<b>Bob</b>", "Ann & Co", '<img src="file:///x">']
    sheet = text(printing.render_blank_sheet(players=3, names=names, max_cards=5), tmp_path)
    assert "<b>Bob</b>" in sheet
    assert "Ann & Co" in sheet
    assert '<img src="file:///x">' in sheet


@pytest.mark.parametrize(
    "params, message",
    [
        (dict(players=1), "players must be between 2 and 10"),
        (dict(players=4, pattern="nope"), "unknown deal pattern 'nope'"),
        (dict(players=4, max_cards=14), "needs more than 1 deck"),
        (dict(players=4, names="Ann,Bob"), "2 names given for 4 players"),
        (dict(players=4, pattern="custom"), "custom pattern needs its list"),
        (dict(players=4, paper="a3"), "paper must be a4 or letter"),
        (dict(players=4, copies=0), "copies must be between 1 and"),
        (dict(players=4, sizes="3,x"), "every hand size must be a whole number"),
    ],
)
def test_bad_parameters_say_what_to_fix(params, message):
    with pytest.raises(printing.SheetError, match=message):
        printing.blank_sheet_pdf(**params)


def test_fetcher_reads_only_files_inside_sheets(tmp_path):
    fetch = render._fetcher()
    assert b".col" in fetch((printing.SHEETS / "sheet.css").as_uri()).read()
    for url in [
        "file:///etc/hostname",
        (tmp_path / "x.css").as_uri(),
        "http://127.0.0.1:9/x.css",
        (printing.SHEETS / ".." / "README.md").resolve().as_uri(),
        "data:text/css,body{}",
    ]:
        with pytest.raises(ValueError, match="only read files in sheets/"):
            fetch(url)


def test_a_stylesheet_outside_sheets_is_never_applied(tmp_path):
    outside = tmp_path / "evil.css"
    outside.write_text('.title::after { content: "LEAKED"; }')
    inside = printing.SHEETS / "sheet.css"
    html = printing.render_html("blank.html", **printing.blank_context(printing.blank_params(players=2, max_cards=2)))
    html = html.replace(
        "</head>",
        f'<link rel="stylesheet" href="{outside.as_uri()}"><link rel="stylesheet" href="{inside.name}"></head>',
    )
    assert "LEAKED" not in text(printing.html_to_pdf(html), tmp_path)
    # The control: the same rule in the page itself does show, so the test can see a leak.
    inline = html.replace("</head>", '<style>.title::after { content: "LEAKED"; }</style></head>')
    assert "LEAKED" in text(printing.html_to_pdf(inline), tmp_path)


def test_repeated_request_is_served_from_the_cache():
    first = printing.blank_sheet_pdf(players=4, names="Ann,Bob,Cy,Di", max_cards=6)
    again = printing.blank_sheet_pdf(players=4, names=["Ann", "Bob", "Cy", "Di"], max_cards=6)
    assert again is first
    assert printing.blank_sheet_pdf(players=4, names="Ann,Bob,Cy,Di", max_cards=5) is not first


# --- the filled sheet of a game ---------------------------------------------------------------


def test_game_sheet_shows_bids_tricks_running_totals_and_the_plan(tmp_path):
    game = rules.load(GAME)
    scored = rules.score(game)
    sheet = text(printing.game_sheet_pdf(game), tmp_path)
    assert hand_column(sheet) == game.plan()
    lines = sheet.splitlines()
    row = next(line for line in lines if line.strip().startswith("5 ") and "Bob" in line)
    assert row.split() == ["5", "Bob", "NT", "2✓", "2", "22", "1", "0", "-15", "1✓", "1†", "0", "2✓", "2", "21"]
    totals = next(line for line in lines if line.strip().startswith("Total"))
    assert totals.split()[1:] == [str(t) for t in scored["totals"]] == ["17", "-4", "8", "26"]
    assert "Leading after 3 of 13 hands: Di" in sheet
    assert "Bob pays Di 5.70" in sheet and "Cy pays Ann 1.50" in sheet and "Bob pays Ann 0.60" in sheet
    assert "hand 2: Cy revoke -20" in sheet and "† Penalties:" in sheet  # the † by each penalised tricks count
    assert str(rules.SYSTEMS.find("okenuff").name) in lines[1]


def test_negative_totals_are_circled_and_positive_ones_are_not(tmp_path):
    data = printing.game_sheet_pdf(rules.load(GAME))
    page = gray_page(data, tmp_path)
    found = words(data, tmp_path)
    negative = [w for w in found if w[0] in ("-4", "-15", "-5")]
    positive = [w for w in found if w[0] in ("17", "22", "26", "21")]
    assert len(negative) >= 4 and len(positive) >= 4
    for word in negative:
        assert ink_left_of(page, word) > 3, f"{word[0]} is not circled"
    for word in positive:
        assert ink_left_of(page, word) == 0, f"{word[0]} is circled"


def test_finished_game_names_the_winner(tmp_path):
    record = {
        "players": ["Ann", "Bob"],
        "rules": {"scoring": "exact", "deals": {"pattern": "up", "max": 2}, "stake": 1, "settlement": "pairwise"},
        "hands": [
            {"cards": 1, "dealer": 0, "bids": [1, 1], "tricks": [0, 1]},
            {"cards": 2, "dealer": 1, "bids": [2, 1], "tricks": [2, 0]},
        ],
    }
    sheet = text(printing.game_sheet_pdf(rules.load(record)), tmp_path)
    assert "Winner: Ann" in sheet
    assert "Bob pays Ann 1.00" in sheet


def test_game_sheet_cache_follows_the_record():
    game = rules.load(GAME)
    first = printing.game_sheet_pdf(game)
    assert printing.game_sheet_pdf(rules.load(json.dumps(GAME))) is first
    changed = json.loads(json.dumps(GAME))
    changed["hands"][-1]["bids"] = [1, 2, 3, None]
    assert printing.game_sheet_pdf(rules.load(changed)) is not first


def test_preview_is_a_png_of_the_first_page(tmp_path):
    if not printing.can_preview_png():
        pytest.skip("pdftoppm is not installed")
    # 30 hands make two pages; the preview is the first, as printed: Ann's name in the header, hand 1 on the left.
    data = printing.blank_sheet_pdf(names=["Ann", "Bob", "Cy", "Di"], pattern="custom", sizes=[1] * 30)
    assert info(data, tmp_path)["pages"] == 2
    preview = Image.open(io.BytesIO(printing.preview_png(data))).convert("L")
    assert preview.size == pytest.approx((A4[0] * 60 / 72, A4[1] * 60 / 72), abs=1)
    first, second = (
        Image.frombytes("L", page[:2], page[2])
        for page in (gray_page(data, tmp_path, dpi=60, page=1), gray_page(data, tmp_path, dpi=60, page=2))
    )
    assert preview.size == first.size
    assert difference(preview, first) < difference(preview, second) / 4
    ann = next(word for word in words(data, tmp_path) if word[0] == "Ann")
    header = preview.crop(tuple(round(v * 60 / 72) for v in ann[1:]))
    assert header.getextrema()[0] < 128, "Ann's name is not on the preview"


def difference(one, other):
    """The mean difference in gray between two images of the same size (0 when they are the same)."""
    return ImageStat.Stat(ImageChops.difference(one, other)).mean[0]


def test_a_player_sitting_out_and_a_late_arrival_on_the_sheet(tmp_path):
    record = {
        "players": ["Ann", "Bob", "Cy", "Di"],
        "rules": {"scoring": "exact", "deals": {"pattern": "custom", "sizes": [5, 5]}},
        "hands": [
            {"cards": 5, "dealer": 0, "bids": [1, None, 2, 1], "tricks": [1, None, 2, 2], "out": [1]},
            {"cards": 5, "dealer": 2, "bids": [1, 1, 2, 0], "tricks": [1, 1, 2, 1], "joins": [{"seat": 1, "total": 7}]},
        ],
    }
    sheet = text(printing.game_sheet_pdf(rules.load(record)), tmp_path)
    assert "None" not in sheet
    first = next(line for line in sheet.splitlines() if line.strip().startswith("5 ") and "Ann" in line)
    # Ann made 1 (11); Bob is out, joining next hand with 7: his first entry is 7; Cy made 2 (12); Di missed (0).
    assert first.split()[2:] == ["1✓", "1", "11", "out", "7", "2✓", "2", "12", "1", "2", "0"]
    totals = next(line for line in sheet.splitlines() if line.strip().startswith("Total"))
    assert totals.split()[1:] == ["22", "18", "24", "0"]


@pytest.mark.parametrize("paper, landscape, hands", [("a4", False, 13), ("a4", False, 19), ("letter", True, 9)])
def test_a_blank_sheet_fills_the_page_down_to_the_bottom_margin(tmp_path, paper, landscape, hands):
    # Issue 17: a blank sheet of 13 hands used 60 % of the page. Its rows now grow so that the grid (the
    # totals row below the last hand) ends at the bottom margin, rows at most 20 mm high.
    data = printing.render_blank_sheet(
        players=4, pattern="custom", sizes=[1] * (hands - 1) + [7], paper=paper, landscape=landscape
    )
    page_h = info(data, tmp_path)["page_h"]
    last = max((w for w in words(data, tmp_path) if w[0] == "7"), key=lambda w: w[2])  # the last row's "7"
    row_mm = min(20.0, ((page_h / 72 * 25.4) - 18 - 23.5) / (hands + 1.2))
    gap_mm = (page_h - last[4]) / 72 * 25.4  # from the last row's text to the foot of the page
    # Below the text: half a row, the totals row (1.2 rows) and the 9 mm margin, and no more.
    assert gap_mm <= 9 + 1.7 * row_mm + 3, (gap_mm, row_mm)
    assert gap_mm >= 9 + 1.2 * row_mm  # and the grid stays inside the margin
