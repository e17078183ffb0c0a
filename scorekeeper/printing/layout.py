"""The geometry of a sheet, in mm: the page, the columns, the row height, and each page's grid drawn as SVG.

Speed: a score sheet as one big HTML table makes WeasyPrint lay out every cell. These layouts
use fixed geometry computed here instead: one absolutely placed box per column, its cells as
lines of text at a fixed line height, and the row rules drawn by one repeated CSS gradient.
"""

from dataclasses import dataclass, field

from scorekeeper.text.words import _

from .params import MAX_ROWS, PAPERS
from .rowtext import row_line

MARGIN = 9.0  # mm
TITLE_H = 6.0  # the title line
RULES_H = 5.0  # the rules line
NAMES_H = 8.0  # the player names
LABELS_H = 4.5  # bid / took / score
FOOT_LINE_H = 5.0  # one line of the winner / settlement foot
MAX_ROW_H = 10.0
# A blank sheet's rows grow to fill the page (issue 17: 13 hands used 60 % of it), up to a row a hand can still
# write in comfortably; the smallest row is that of 25 hands on a page (MAX_ROWS).
BLANK_MAX_ROW_H = 20.0


@dataclass
class Column:
    """One column of the grid: where it sits, its header and its cells, top to bottom."""

    key: str
    label: str
    x: float
    width: float
    kind: str = ""
    cells: list = field(default_factory=list)
    total: object = ""


@dataclass
class Player:
    """A player's header: the name over the bid, took and score columns."""

    name: str
    x: float
    width: float
    font: float = 4.2


def _page_size(paper, landscape):
    width, height = PAPERS[paper]
    return (height, width) if landscape else (width, height)


def _columns(players, names, width, helper):
    """Lay out the columns across the usable width: hand, dealer, trump, [hook], then players."""
    wide = width > 240
    fixed = [
        ("hand", _("Cards"), 10.0, "hand"),
        ("dealer", _("Dealer"), 17.0 if wide else 14.0, "dealer"),
        ("trump", _("Trump"), 11.0, "trump"),
    ]
    if helper:
        fixed.append(("hook", _("Bids so far"), 17.0, "hook"))
    columns, x = [], 0.0
    for key, label, w, kind in fixed:
        columns.append(Column(key, label, x, w, kind))
        x += w
    per_player = (width - x) / players
    bid = took = round(per_player * 0.26, 2)
    score = per_player - bid - took
    heads = []
    for seat in range(players):
        name = names[seat] if names else ""
        heads.append(Player(name, x, per_player, name_font(per_player, name)))
        for key, label, w, kind in (
            ("bid", _("Bid"), bid, "bid first"),
            ("took", _("Took"), took, "took"),
            ("score", _("Score"), score, "score"),
        ):
            columns.append(Column(f"{key}{seat}", label, x, w, kind))
            x += w
    return columns, heads


def name_font(width, name):
    """A player's name over columns `width` mm wide: a long name gets a smaller font rather than being cut off
    (DejaVu bold: ~0.7 em per letter)."""
    return min(4.2, (width - 1.5) / (0.7 * max(len(name), 1)))


def _row_height(usable_h, header_h, rows, foot_h, max_row_h=MAX_ROW_H):
    """The row height that fits the rows, the totals row and the foot; never above max_row_h."""
    return min(max_row_h, (usable_h - header_h - foot_h) / (rows + 1.2))


def split_pages(rows):
    """Split the rows into pages of at most MAX_ROWS."""
    return [rows[start : start + MAX_ROWS] for start in range(0, len(rows), MAX_ROWS)] or [[]]


def page_layout(players, names, paper, landscape, helper, row_count, foot_lines, max_row_h=MAX_ROW_H):
    """Return the geometry of a sheet in mm: page, columns, row height (at most max_row_h), fonts."""
    page_w, page_h = _page_size(paper, landscape)
    usable_w, usable_h = page_w - 2 * MARGIN, page_h - 2 * MARGIN
    columns, heads = _columns(players, names, usable_w, helper)
    header_h = TITLE_H + RULES_H + NAMES_H + LABELS_H
    rows_per_page = min(MAX_ROWS, max(row_count, 1))
    foot_h = foot_lines * FOOT_LINE_H + (2 if foot_lines else 0)
    row_h = _row_height(usable_h, header_h, rows_per_page, foot_h, max_row_h)
    font = min(4.2, row_h * 0.55)
    narrow = usable_w / (players * 3 + 4) < 8
    return dict(
        page_w=page_w,
        page_h=page_h,
        margin=MARGIN,
        usable_w=usable_w,
        columns=columns,
        heads=heads,
        row_h=row_h,
        font=font,
        small=font * (0.78 if narrow else 0.88),
        title_h=TITLE_H,
        rules_h=RULES_H,
        names_h=NAMES_H,
        labels_h=LABELS_H,
        head_h=NAMES_H + LABELS_H,
        totals_h=row_h * 1.2,
        foot_line_h=FOOT_LINE_H,
    )


def page(layout, chunk, index, count, filled):
    """Return one page: its columns with the cells of its rows, and the drawing of its grid."""
    columns = []
    for template in layout["columns"]:
        column = Column(template.key, template.label, template.x, template.width, template.kind)
        if template.key == "hand":
            column.cells = [str(row["cards"]) for row in chunk]
        elif template.key == "hook":
            # plain text: a smaller font inside a line would make the line taller than a row
            column.cells = [f"≠ {row['cards']}" for row in chunk]
        elif filled is not None:
            column.cells = [row.get(template.key, "") for row in chunk]
        elif template.key == "dealer" and any(row.get("dealer") for row in chunk):
            column.cells = [row.get("dealer", "") for row in chunk]  # a table's blank sheet: who deals each hand
        else:
            column.cells = []  # blank cells are no text at all: fewer boxes
        if filled is not None:
            column.total = filled.get(template.key, "") if index == count - 1 else ""
        columns.append(column)
    last = index == count - 1
    # A filled sheet's players' cells are one line of text a row (rowtext.py), their marks drawn in the SVG;
    # the hand, dealer and trump columns stay columns, as do a blank sheet's.
    lines = marks = None
    if filled is not None:
        lines, marks = _row_lines(layout, columns, len(chunk))
    drawing = _drawing(layout, len(chunk), last, filled is None)
    drawing.update(
        made=[tuple(map(_f, m)) for m in (marks or {}).get("made", [])],
        circles=[tuple(map(_f, m)) for m in (marks or {}).get("neg", [])],
    )
    in_lines = lambda column: lines is not None and column.kind in PLAYER_KINDS  # noqa: E731
    return dict(
        columns=[c for c in columns if c.cells or c.total],
        rows=len(chunk),
        last=last,
        cell_columns=[c for c in columns if c.cells and not in_lines(c)],
        number=index + 1,
        count=count,
        lines=lines,
        drawing=drawing,
    )


PLAYER_KINDS = ("bid first", "took", "score")


def _row_lines(layout, columns, rows):
    """Return each row's players' cells as one line of plain text, and the marks the SVG draws for them:
    {"made": [(x, y, width, height) of a made bid's cell], "neg": [(cx, cy, rx, ry) of a negative total's circle]}.
    """
    size, row_h, top = layout["small"], layout["row_h"], layout["head_h"]
    players = [c for c in columns if c.kind in PLAYER_KINDS]
    lines, marks = [], {"made": [], "neg": []}
    for row in range(rows):
        cells = [
            (c.x, c.width, "right" if c.kind == "score" else "center", c.cells[row], "", size)
            for c in players
            if row < len(c.cells)
        ]
        segments = row_line(cells, size)
        lines.append([(spaces, text) for spaces, text, _cls, _start, _wide in segments])
        y = top + row * row_h
        for _spaces, _text, cls, start, wide in segments:
            if "made" in cls:
                column = next(c for c in players if c.x <= start + wide / 2 < c.x + c.width)
                marks["made"].append((column.x, y, column.width, row_h))
            if "neg" in cls:
                marks["neg"].append((start + wide / 2, y + row_h / 2, wide / 2 + 1.0, size * 0.62))
    return lines, marks


def _f(value):
    return f"{value:.2f}".rstrip("0").rstrip(".")


def _drawing(layout, rows, last, blank):
    """Return the grid of one page as SVG shapes, in mm: shading, thin and thick rules, labels.

    One SVG draws every line of the sheet, so WeasyPrint lays out one box instead of a box per cell.
    """
    columns, width = layout["columns"], layout["usable_w"]
    names_h, head_h, row_h = layout["names_h"], layout["head_h"], layout["row_h"]
    bottom = head_h + rows * row_h
    end = bottom + (layout["totals_h"] if last else 0)
    fixed = [c for c in columns if c.kind in ("hand", "dealer", "trump", "hook")]
    fixed_w = sum(c.width for c in fixed)
    shade = [
        (0, 0, fixed_w, head_h, "#e6ece6"),
        (fixed_w, 0, width - fixed_w, names_h, "#e6ece6"),
        (fixed_w, names_h, width - fixed_w, head_h - names_h, "#f4f4f1"),
        (0, head_h, columns[0].width, rows * row_h, "#eef2ee"),
    ]
    shade += [(c.x, head_h, c.width, rows * row_h, "#f3f3f1") for c in columns if c.kind.startswith(("bid", "took"))]
    thin = [f"M0 {_f(head_h + r * row_h)}H{_f(width)}" for r in range(1, rows)]
    thin += [
        f"M{_f(c.x)} {_f(names_h if c.kind in ('took', 'score') else 0)}V{_f(bottom)}"
        for c in columns
        if not c.kind.startswith(("hand", "bid"))
    ]
    thick = [
        f"M0 0H{_f(width)}",
        f"M0 {_f(head_h)}H{_f(width)}",
        f"M0 {_f(bottom)}H{_f(width)}",
        f"M0 0V{_f(end)}",
        f"M{_f(width)} 0V{_f(end)}",
    ]
    thick += [f"M{_f(c.x)} 0V{_f(end)}" for c in columns if c.kind.startswith("bid")]
    # The bid / took / score labels: one line of text per kind, placed by tab stops one player apart.
    heads = layout["heads"]
    first = [c.label for c in columns[len(columns) - 3 * len(heads) :][:3]]  # a longer word: a smaller font
    labels = [
        (c.x + 0.7, c.label, "\t".join([c.label] * len(heads))) for c in columns[len(columns) - 3 * len(heads) :][:3]
    ]
    boxes = []
    if last and blank:
        pad = 0.8
        boxes = [
            (c.x + pad, bottom + pad, c.width - 2 * pad, layout["totals_h"] - 2 * pad)
            for c in columns
            if c.kind == "score"
        ]
    if last:
        thick.append(f"M0 {_f(end)}H{_f(width)}")
    return dict(
        width=width,
        height=end,
        shade=[tuple(map(_f, r[:4])) + (r[4],) for r in shade],
        thin="".join(thin),
        thick="".join(thick),
        labels=labels,
        tab=heads[0].width,
        label_size=min(2.6, layout["columns"][-2].width * 0.34 * 4 / max(4, *map(len, first[:2]))),
        boxes=[tuple(map(_f, b)) for b in boxes],
    )
