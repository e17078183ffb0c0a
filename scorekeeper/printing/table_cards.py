"""A round's table cards in fixed geometry: where each thing sits on a card, in mm, for both ways of printing it.

The fast way (stamp.py): WeasyPrint lays out one card of each table size and one blank sheet of each kind of
table, without the table's own words; each table's number, event line, seats, first dealer, links and QR codes,
and its sheet's title and names, are stamped on them. The same layout, sheets/event_cards.html, prints a whole
card when a name needs a script the fast way does not set (WeasyPrint then lays out each card and sheet).
"""

from dataclasses import replace

from ..text import words
from . import stamp
from .layout import MARGIN, RULES_H, TITLE_H, name_font

LEFT, WIDTH = 15.0, 180.0
NUMBER = dict(top=15.0, size=30.0, line=32.0)
EVENT = dict(top=49.0, size=6.0, line=7.5, lines=3)
ORDER_TOP = 74.0  # "Sit in this order, clockwise."
SEATS_TOP, SEATS_HEIGHT = 82.0, 96.0
SEAT_INDENT = 12.0
CODES_TOP, CODE_W, CODE_STEP, QR = 188.0, 55.0, 62.5, 50.0
CAPTION_TOP, URL_TOP, URL_SIZE, URL_LINE = CODES_TOP + QR + 2.0, CODES_TOP + QR + 8.5, 2.6, 3.2


def seat_step(seats):
    """The height of a seat's line: 12 mm, less at a large table so every seat fits above the links."""
    return min(12.0, SEATS_HEIGHT / max(seats, 1))


def card_geometry(seats):
    """The positions on a card of `seats` seats that depend on the number of seats."""
    step = seat_step(seats)
    dealer_top = SEATS_TOP + seats * step + 3.0
    return dict(
        step=step,
        seat_size=min(9.0, step * 0.75),
        dealer_top=dealer_top,
        dealer_name_top=dealer_top + 6.5,
        codes=[LEFT + column * CODE_STEP for column in range(3)],
    )


def fit_block(text, width, size, lines, bold=False, anywhere=False, smallest=1.6):
    """The largest font size up to `size` at which text wraps into at most `lines` lines of `width` mm, and its
    lines: a long event name wraps and shrinks, never cut."""
    while True:
        broken = stamp.wrapped(text, width, size, bold, anywhere)
        if len(broken) <= lines or size <= smallest:
            return size, broken
        size = max(smallest, size * 0.92)


def _block(text, x, top, width, size, line_ratio, lines, bold=False, align="left", anywhere=False):
    size, broken = fit_block(stamp.clean(text), width, size, lines, bold, anywhere)
    line = size * line_ratio
    return [
        stamp.Text(x, top + index * line, width, size, part, bold, align, line) for index, part in enumerate(broken)
    ]


def event_line(event_name, number, table_number):
    return words._("%(event)s · Round %(round)d, table %(table)d", event=event_name, round=number, table=table_number)


def card_words(event_name, number, table, standings_url):
    """Every text of a table's own on its card (the fast way sets them only if it covers them all)."""
    return [
        words._("Table %(table)d", table=table["number"]),
        event_line(event_name, number, table["number"]),
        *table["seats"],
        table["first_dealer"],
        table["scorekeeper_url"],
        table["follow_url"],
        standings_url,
    ]


def card_marks(event_name, number, table, standings_url):
    """The marks of a table's own on its card: number, event line, seats, first dealer, links and QR codes."""
    seats = table["seats"]
    at = card_geometry(len(seats))
    marks = [
        stamp.Text(
            LEFT,
            NUMBER["top"],
            WIDTH,
            stamp.fitted(words._("Table %(table)d", table=table["number"]), WIDTH, NUMBER["size"], True),
            words._("Table %(table)d", table=table["number"]),
            True,
            line=NUMBER["line"],
        )
    ]
    marks += _block(
        event_line(event_name, number, table["number"]),
        LEFT,
        EVENT["top"],
        WIDTH,
        EVENT["size"],
        EVENT["line"] / EVENT["size"],
        EVENT["lines"],
    )
    for index, name in enumerate(seats):
        top = SEATS_TOP + index * at["step"]
        name = stamp.clean(name)
        size = stamp.fitted(name, WIDTH - SEAT_INDENT, at["seat_size"], smallest=3.0)
        marks.append(stamp.Text(LEFT, top, SEAT_INDENT, at["seat_size"], f"{index + 1}.", line=at["step"]))
        marks.append(stamp.Text(LEFT + SEAT_INDENT, top, WIDTH - SEAT_INDENT, size, name, line=at["step"]))
    dealer = stamp.clean(table["first_dealer"])
    marks.append(
        stamp.Text(
            LEFT, at["dealer_name_top"], WIDTH, stamp.fitted(dealer, WIDTH, 6.0, True, 3.0), dealer, True, line=7.5
        )
    )
    for x, url in zip(at["codes"], (table["scorekeeper_url"], table["follow_url"], standings_url)):
        marks.append(stamp.Qr(x + (CODE_W - QR) / 2, CODES_TOP, QR, url))
        marks += _block(url, x, URL_TOP, CODE_W, URL_SIZE, URL_LINE / URL_SIZE, 8, align="center", anywhere=True)
    return marks


def sheet_marks(layout, title):
    """The marks of a table's own on its blank sheet: the title (wrapped in two smaller lines when long, never
    cut) and the players' names over their columns."""
    width = layout["usable_w"] * 0.62
    title = stamp.clean(title)
    size = stamp.fitted(title, width, 4.4, True)
    if size >= 3.2:
        marks = [stamp.Text(MARGIN, MARGIN, width, size, title, True, line=TITLE_H)]
    else:
        marks = _block(title, MARGIN, MARGIN, width, 2.5, 1.2, 2, bold=True)
    top = MARGIN + TITLE_H + RULES_H
    for head in layout["heads"]:
        marks.append(
            stamp.Text(
                MARGIN + head.x, top, head.width, head.font, stamp.clean(head.name), True, "center", layout["names_h"]
            )
        )
    return marks


def dealer_marks(layout, dealers):
    """The Dealer column of a table's blank sheet page: each hand's dealer, centred in the column as the sheet's
    own cells are (sheet.html, .col.dealer), in a font that fits the column."""
    column = next(c for c in layout["columns"] if c.key == "dealer")
    size, row_h = layout["small"] * 0.8, layout["row_h"]
    top = MARGIN + TITLE_H + RULES_H + layout["head_h"]
    return [
        stamp.Text(
            MARGIN + column.x,
            top + index * row_h,
            column.width,
            stamp.fitted(stamp.clean(name), column.width - 0.6, size),
            stamp.clean(name),
            align="center",
            line=row_h,
        )
        for index, name in enumerate(dealers)
        if name
    ]


def unnamed(layout):
    """The layout with its players' names left out: the template every table of its kind is stamped on."""
    return {**layout, "heads": [replace(head, name="") for head in layout["heads"]]}


def named(layout, names):
    """The layout with the table's names over its columns, each in the font that fits it."""
    return {
        **layout,
        "heads": [
            replace(head, name=name, font=name_font(head.width, name)) for head, name in zip(layout["heads"], names)
        ],
    }
