"""Where everyone sits in a round, for the wall: every player alphabetically with their table and seat, two blocks a
page, in fixed geometry (mm); then the same list by surname, each name surname first. The title and the column
heads are laid out once by WeasyPrint; the rows and each page's number are stamped on that page (stamp.py); a name
in a script the stamp does not set prints the whole list the WeasyPrint way, from the same layout
(sheets/event_seating.html)."""

from ..text import words
from . import stamp
from .render import render_html

MARGIN = 12.0
HEADS_TOP, ROWS_TOP, ROW_H, ROW_SIZE = 33.0, 40.0, 6.5, 4.6
ROWS_PER_BLOCK = 36
BLOCKS = (12.0, 108.0)
NAME_W, NUMBER_W = 64.0, 12.0  # the name, then the table and the seat right-aligned in NUMBER_W each
FOOT_TOP = 285.0


def surname_first(name):
    """A name as the surname list shows it: its last word first ("Dirk de Vries": "Vries, Dirk de")."""
    words = name.split()
    return name if len(words) < 2 else f"{words[-1]}, {' '.join(words[:-1])}"


def by_surname(rows):
    """The rows [(name, table, seat)] by surname (a name's last word, then the whole name), each name surname first."""
    ordered = sorted(rows, key=lambda row: ((row[0].split() or [""])[-1].casefold(), row[0].casefold(), row[0]))
    return [(surname_first(name), table, seat) for name, table, seat in ordered]


def pages_of(rows):
    """The rows [(name, table, seat)] split into pages of two blocks: [[block, block], ...]."""
    per_page = ROWS_PER_BLOCK * len(BLOCKS)
    return [
        [rows[at + block * ROWS_PER_BLOCK : at + (block + 1) * ROWS_PER_BLOCK] for block in range(len(BLOCKS))]
        for at in range(0, len(rows), per_page)
    ] or [[[], []]]


def _geometry():
    return {
        "margin": MARGIN,
        "heads_top": HEADS_TOP,
        "rows_top": ROWS_TOP,
        "row_h": ROW_H,
        "row_size": ROW_SIZE,
        "blocks": BLOCKS,
        "name_w": NAME_W,
        "number_w": NUMBER_W,
        "foot_top": FOOT_TOP,
    }


def seating_html(title, pages, blank=False):
    """The list's HTML: its pages whole, or one page with only the title and the heads (`blank`)."""
    return render_html(
        "event_seating.html",
        _=words._,
        locale=words.locale,
        g=_geometry(),
        title=title,
        pages=[[[], []]] if blank else pages,
        blank=blank,
    )


def page_marks(blocks, number, count):
    """A page's rows and its number, stamped on the template page."""
    marks = []
    for x, block in zip(BLOCKS, blocks):
        for index, (name, table, seat) in enumerate(block):
            top, name = ROWS_TOP + index * ROW_H, stamp.clean(name)
            marks += [
                stamp.Text(x, top, NAME_W, stamp.fitted(name, NAME_W, ROW_SIZE, smallest=2.4), name, line=ROW_H),
                stamp.Text(x + NAME_W, top, NUMBER_W, ROW_SIZE, str(table), True, "right", ROW_H),
                stamp.Text(x + NAME_W + NUMBER_W, top, NUMBER_W, ROW_SIZE, str(seat), align="right", line=ROW_H),
            ]
    if count > 1:
        marks.append(
            stamp.Text(
                MARGIN,
                FOOT_TOP,
                210 - 2 * MARGIN,
                3.0,
                words._("page %(number)s of %(count)s", number=number, count=count),
                align="right",
                line=4.0,
            )
        )
    return marks


def covered(title, rows):
    return stamp.covers(title, *(name for name, _table, _seat in rows))
