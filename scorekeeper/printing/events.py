"""A tournament's printouts: each round's table cards, each followed by that table's blank sheet (one PDF
for the round), and the results. Layouts in sheets/event_cards.html and sheets/event_results.html."""

import json

from ..text import words
from ..text import event_results
from . import seating, stamp, table_cards
from .game import _short, game_context
from .layout import BLANK_MAX_ROW_H, page, page_layout, split_pages
from .params import MAX_ROWS
from .render import _stylesheet, document, render_html, render_slot

# The event layouts' words: said in the language the caller speaks (i18n.speaking: the event's).
WORDS = {
    "_": words._,
    "ngettext": words.ngettext,
    "number": words.number,
    "say_money": words.money,
    "percent": words.percent,
    "locale": words.locale,
    "event_results": event_results,
}


def qr_svg(text):
    """A QR code of text as inline SVG for a printed card (black on white)."""
    import segno  # only printing and the sheet need it

    return segno.make(text, micro=False).svg_inline(scale=3, dark="#000", light="#fff", border=2)


def _geometry(seats):
    c = table_cards
    return {
        "left": c.LEFT,
        "width": c.WIDTH,
        "number": c.NUMBER,
        "event": c.EVENT,
        "order_top": c.ORDER_TOP,
        "seats_top": c.SEATS_TOP,
        "seat_indent": c.SEAT_INDENT,
        "codes_top": c.CODES_TOP,
        "code_w": c.CODE_W,
        "qr": c.QR,
        "caption_top": c.CAPTION_TOP,
        "url_top": c.URL_TOP,
        "url_size": c.URL_SIZE,
        "url_line": c.URL_LINE,
        **c.card_geometry(seats),
    }


def cards_html(seats, cards=(), template=False):
    """The HTML of the cards of tables of `seats` seats: `cards` whole ones, or one template (`template`)."""
    return render_html(
        "event_cards.html", **WORDS, g=_geometry(seats), blank=template, cards=[None] if template else cards
    )


def _whole_card(event_name, number, table, standings_url):
    urls = [table["scorekeeper_url"], table["follow_url"], standings_url]
    return {
        "table": table,
        "event_line": table_cards.event_line(event_name, number, table["number"]),
        "urls": urls,
        "qrs": [qr_svg(url) for url in urls],
    }


def dealer_names(names):
    """How a table's blank sheet names each seat in its narrow Dealer column: the first name where the first names
    tell the table's players apart, else the whole name; at most 12 characters."""
    first = [name.split()[0] if name.split() else name for name in names]
    labels = first if len({label.casefold() for label in first}) == len(first) else list(names)
    return [_short(label, 12) for label in labels]


def dealt_rows(game, dealers=True):
    """A game's planned hands as a blank sheet's rows: the cards, and who deals each hand, from the first dealer
    clockwise (RULES.md's seats)."""
    names, first = dealer_names(game.players), game.rules.first_dealer
    return [
        {"cards": cards, **({"dealer": names[(first + index) % len(names)]} if dealers else {})}
        for index, cards in enumerate(game.plan())
    ]


def table_sheet_context(game, dealers=True):
    """The sheet of a table's game: a game not started is a blank sheet with its names, its hands and who deals
    each (`dealers`), no totals yet; a game under way is its filled sheet."""
    context = game_context(game)
    if game.hands:
        return context
    rows = dealt_rows(game, dealers)
    layout = page_layout(
        len(game.players), game.players, "a4", context["landscape"], False, len(rows), 0, BLANK_MAX_ROW_H
    )
    chunks = split_pages(rows)
    context.update(
        layout=layout,
        pages=[page(layout, chunk, index, len(chunks), filled=None) for index, chunk in enumerate(chunks)],
    )
    return context


def table_sheet_html(game, header, context=None, stamped=False):
    """The blank sheet of a table's game not yet played: its names and rules, `header` as its title (`stamped`:
    no paging, the stamp writes it with the title)."""
    context = dict(context or table_sheet_context(game))
    # A header too long for its line at 4.4 mm wraps into two smaller lines, whole (the stamp does the same).
    context.update(
        title=header,
        foot=[],
        legend=words._("Date ____________"),
        hook_reminder="",
        wrap_title=len(header) > 44,
        stamped=stamped,
    )
    return render_html("blank.html", **context)


def _documents(parts):
    """Render each (html, with the sheet stylesheet?) as a WeasyPrint document."""
    return [document(html).render(stylesheets=[_stylesheet()] if sheet else []) for html, sheet in parts]


def _joined(documents):
    pages = [page for document in documents for page in document.pages]
    return documents[0].copy(pages).write_pdf()


def sheet_header(event_name, number, table):
    return table_cards.event_line(event_name, number, table["number"])


def naive_parts(event_name, number, tables, standings_url):
    """Each table's whole card and its blank sheet, a WeasyPrint document each: the way for any script."""
    parts = []
    for table in tables:
        parts.append((cards_html(len(table["seats"]), [_whole_card(event_name, number, table, standings_url)]), False))
        parts.append((table_sheet_html(table["game"], sheet_header(event_name, number, table)), True))
    return parts


def _sheet_kind(game):
    """What a table's blank sheet shares with others of its kind: its players' number and its rules; a game under
    way is a kind of its own (its hands are on its sheet)."""
    if game.hands:
        return "played", id(game)
    rules = {key: value for key, value in game.record.get("rules", {}).items() if key != "first_dealer"}
    return len(game.players), json.dumps(rules, sort_keys=True, default=str)


class _Templates:
    """The template pages the fast way lays out once each: (html, with the sheet stylesheet?) and where each
    kind's pages start among all the documents' pages."""

    def __init__(self):
        self.parts, self.start, self.pages = [], {}, 0

    def add(self, key, html, sheet, pages):
        if key not in self.start:
            self.start[key] = self.pages
            self.parts.append((html, sheet))
            self.pages += pages
        return self.start[key]


def _stamped(event_name, number, tables, standings_url):
    """The round's PDF the fast way (stamp.py), or None when a text needs a script the fast way does not set."""
    for table in tables:
        if not stamp.covers(*table_cards.card_words(event_name, number, table, standings_url)):
            return None
    templates, sheets, pages = _Templates(), {}, []
    for table in tables:
        card = templates.add(("card", len(table["seats"])), cards_html(len(table["seats"]), template=True), False, 1)
        game, key = table["game"], _sheet_kind(table["game"])
        if key not in sheets:
            plain = table_sheet_context(game, dealers=False)
            sheets[key] = plain
            templates.add(
                key,
                table_sheet_html(game, "", {**plain, "layout": table_cards.unnamed(plain["layout"])}, stamped=True),
                True,
                len(plain["pages"]),
            )
        plain = sheets[key]
        dealt = dealt_rows(game) if not game.hands else []
        named = table_cards.named(plain["layout"], table["seats"])
        pages.append((card, table_cards.card_marks(event_name, number, table, standings_url)))
        count = len(plain["pages"])
        for at in range(count):
            title = sheet_header(event_name, number, table)
            if count > 1:
                title = words._("%(title)s · page %(number)s of %(count)s", title=title, number=at + 1, count=count)
            rows = dealt[at * MAX_ROWS : (at + 1) * MAX_ROWS]
            pages.append(
                (
                    templates.start[key] + at,
                    table_cards.sheet_marks(named, title)
                    + table_cards.dealer_marks(named, [row["dealer"] for row in rows]),
                )
            )
    documents = _documents(templates.parts)
    if sum(len(document.pages) for document in documents) != templates.pages:
        return None  # a template laid out on more pages than its plan: the WeasyPrint way, whole
    return stamp.stamped_pdf(documents, pages)


def round_cards_pdf(event_name, number, tables, standings_url):
    """Return one PDF for round `number`: for each table, its card (table number, seats, the first dealer,
    QR codes of the scorekeeper link, the follow link and the standings) then its blank score sheet (its names,
    every hand's dealer from the first).

    tables: [{number, seats, first_dealer, scorekeeper_url, follow_url, game (a rules.Game)}].
    WeasyPrint lays out one card and one sheet (of one page or more) of each kind, and each table's own words are
    stamped on them (table_cards.py, stamp.py: bench/bench_event_cards.py); a script the stamp does not set is laid
    out per card."""
    with render_slot():
        pdf = _stamped(event_name, number, tables, standings_url)
        return pdf if pdf is not None else _joined(_documents(naive_parts(event_name, number, tables, standings_url)))


def seating_pdf(event_name, number, rows):
    """Return where everyone sits in round `number` as PDF, for the wall: rows [(name, table, seat)], sorted by
    name, then the same rows by surname."""
    parts = [
        (words._("%(event)s · Round %(round)d: where everyone sits", event=event_name, round=number), rows),
        (
            words._("%(event)s · Round %(round)d: where everyone sits, by surname", event=event_name, round=number),
            seating.by_surname(rows),
        ),
    ]
    with render_slot():
        if not all(seating.covered(title, listed) for title, listed in parts):
            return _joined(
                _documents([(seating.seating_html(title, seating.pages_of(listed)), False) for title, listed in parts])
            )
        marks = []
        for template, (_title, listed) in enumerate(parts):
            pages = seating.pages_of(listed)
            marks += [
                (template, seating.page_marks(blocks, at, len(pages))) for at, blocks in enumerate(pages, start=1)
            ]
        return stamp.stamped_pdf(
            _documents([(seating.seating_html(title, [], blank=True), False) for title, _listed in parts]), marks
        )


def results_pdf(event_name, scored, money):
    """Return the results as PDF: the champion, the final standings, each round's tables and tie-breaks, the money."""
    html = render_html("event_results.html", **WORDS, event_name=event_name, scored=scored, money=money)
    with render_slot():
        return _joined(_documents([(html, False)]))
