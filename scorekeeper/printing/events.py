"""A tournament's printouts: each round's table cards, each followed by that table's blank sheet (one PDF
for the round), and the results. Layouts in sheets/event_cards.html and sheets/event_results.html."""

import json

from ..rules import words
from ..text import event_results
from . import seating, stamp, table_cards
from .game import game_context
from .render import _fetcher, _stylesheet, render_html, render_slot

# The event layouts' words: said in the language the caller speaks (i18n.speaking: the event's).
WORDS = {"_": words._, "ngettext": words.ngettext, "number": words.number, "say_money": words.money,
         "percent": words.percent, "locale": words.locale, "event_results": event_results}


def qr_svg(text):
    """A QR code of text as inline SVG for a printed card (black on white)."""
    import segno  # only printing and the sheet need it

    return segno.make(text, micro=False).svg_inline(scale=3, dark="#000", light="#fff", border=2)


def _geometry(seats):
    c = table_cards
    return {"left": c.LEFT, "width": c.WIDTH, "number": c.NUMBER, "event": c.EVENT, "order_top": c.ORDER_TOP,
            "seats_top": c.SEATS_TOP, "seat_indent": c.SEAT_INDENT, "codes_top": c.CODES_TOP, "code_w": c.CODE_W,
            "qr": c.QR, "caption_top": c.CAPTION_TOP, "url_top": c.URL_TOP, "url_size": c.URL_SIZE,
            "url_line": c.URL_LINE, **c.card_geometry(seats)}


def cards_html(seats, cards=(), template=False):
    """The HTML of the cards of tables of `seats` seats: `cards` whole ones, or one template (`template`)."""
    return render_html("event_cards.html", **WORDS, g=_geometry(seats), blank=template,
                       cards=[None] if template else cards)


def _whole_card(event_name, number, table, standings_url):
    urls = [table["scorekeeper_url"], table["follow_url"], standings_url]
    return {"table": table, "event_line": table_cards.event_line(event_name, number, table["number"]),
            "urls": urls, "qrs": [qr_svg(url) for url in urls]}


def table_sheet_html(game, header, context=None):
    """The blank sheet of a table's game not yet played: its names and rules, `header` as its title."""
    context = dict(context or game_context(game))
    # A header too long for its line at 4.4 mm wraps into two smaller lines, whole (the stamp does the same).
    context.update(title=header, foot=[], legend=words._("Date ____________"), hook_reminder="",
                   wrap_title=len(header) > 44)
    return render_html("blank.html", **context)


def _documents(parts):
    """Render each (html, with the sheet stylesheet?) as a WeasyPrint document."""
    from weasyprint import HTML

    from .render import SHEETS

    documents = []
    for html, sheet in parts:
        document = HTML(string=html, base_url=str(SHEETS) + "/", url_fetcher=_fetcher())
        documents.append(document.render(stylesheets=[_stylesheet()] if sheet else []))
    return documents


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
    """What a table's blank sheet shares with others of its kind: its players' number and its rules."""
    rules = {key: value for key, value in game.record.get("rules", {}).items() if key != "first_dealer"}
    return len(game.players), json.dumps(rules, sort_keys=True, default=str)


def _stamped(event_name, number, tables, standings_url):
    """The round's PDF the fast way (stamp.py), or None when a sheet runs over a page (its paging sits in the
    title's line) or a text needs a script the fast way does not set."""
    for table in tables:
        if not stamp.covers(*table_cards.card_words(event_name, number, table, standings_url)):
            return None
    templates, index_of, layouts = [], {}, {}
    for table in tables:
        card_key = ("card", len(table["seats"]))
        if card_key not in index_of:
            index_of[card_key] = len(templates)
            templates.append((cards_html(len(table["seats"]), template=True), False))
        sheet_key = _sheet_kind(table["game"])
        if sheet_key not in index_of:
            context = game_context(table["game"])
            if len(context["pages"]) > 1:
                return None
            layouts[sheet_key] = context["layout"]
            index_of[sheet_key] = len(templates)
            templates.append((table_sheet_html(table["game"], "", {**context, "layout": table_cards.unnamed(
                context["layout"])}), True))
    pages = []
    for table in tables:
        layout = layouts[_sheet_kind(table["game"])]
        named = table_cards.named(layout, table["seats"])
        pages.append((index_of[("card", len(table["seats"]))],
                      table_cards.card_marks(event_name, number, table, standings_url)))
        pages.append((index_of[_sheet_kind(table["game"])],
                      table_cards.sheet_marks(named, sheet_header(event_name, number, table))))
    return stamp.stamped_pdf(_documents(templates), pages)


def round_cards_pdf(event_name, number, tables, standings_url):
    """Return one PDF for round `number`: for each table, its card (table number, seats, the first dealer,
    QR codes of the scorekeeper link, the follow link and the standings) then its blank score sheet.

    tables: [{number, seats, first_dealer, scorekeeper_url, follow_url, game (a rules.Game)}].
    WeasyPrint lays out one card and one sheet of each kind, and each table's own words are stamped on them
    (table_cards.py, stamp.py: bench/bench_event_cards.py); a script the stamp does not set is laid out per card."""
    with render_slot():
        pdf = _stamped(event_name, number, tables, standings_url)
        return pdf if pdf is not None else _joined(_documents(naive_parts(event_name, number, tables, standings_url)))


def seating_pdf(event_name, number, rows):
    """Return where everyone sits in round `number` as PDF, for the wall: rows [(name, table, seat)], sorted."""
    title = words._("%(event)s · Round %(round)d: where everyone sits", event=event_name, round=number)
    pages = seating.pages_of(rows)
    with render_slot():
        if not seating.covered(title, rows):
            return _joined(_documents([(seating.seating_html(title, pages), False)]))
        marks = [(0, seating.page_marks(blocks, at, len(pages))) for at, blocks in enumerate(pages, start=1)]
        return stamp.stamped_pdf(_documents([(seating.seating_html(title, pages, blank=True), False)]), marks)


def results_pdf(event_name, scored, money):
    """Return the results as PDF: the champion, the final standings, each round's tables and tie-breaks, the money."""
    html = render_html("event_results.html", **WORDS, event_name=event_name, scored=scored, money=money)
    with render_slot():
        return _joined(_documents([(html, False)]))
