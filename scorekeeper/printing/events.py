"""A tournament's printouts: each round's table cards, each followed by that table's blank sheet (one PDF
for the round), and the results. Layouts in sheets/event_cards.html and sheets/event_results.html."""

from ..rules import words
from .game import game_context
from .render import _fetcher, _stylesheet, render_html, render_slot

# The event layouts' words: said in the language the caller speaks (i18n.speaking: the event's).
WORDS = {"_": words._, "ngettext": words.ngettext, "number": words.number, "say_money": words.money,
         "locale": words.locale}


def qr_svg(text):
    """A QR code of text as inline SVG for a printed card (black on white)."""
    import segno  # only printing and the sheet need it

    return segno.make(text, micro=False).svg_inline(scale=3, dark="#000", light="#fff", border=2)


def table_sheet_html(game, header):
    """The blank sheet of a table's game not yet played: its names and rules, `header` as its title."""
    context = game_context(game)
    context.update(title=header, foot=[], legend=words._("Date ____________"), hook_reminder="")
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


def _card_html(event_name, number, table, standings_qr, standings_url):
    return render_html("event_cards.html", **WORDS, event_name=event_name, round=number, table=table,
                       scorekeeper_qr=qr_svg(table["scorekeeper_url"]), follow_qr=qr_svg(table["follow_url"]),
                       standings_qr=standings_qr, standings_url=standings_url)


def _sheet_header(event_name, number, table):
    return words._("%(event)s · Round %(round)d, table %(table)d", event=event_name, round=number,
                   table=table["number"])


def round_cards_pdf(event_name, number, tables, standings_url):
    """Return one PDF for round `number`: for each table, its card (table number, seats, the first dealer,
    QR codes of the scorekeeper link, the follow link and the standings) then its blank score sheet.

    tables: [{number, seats, first_dealer, scorekeeper_url, follow_url, game (a rules.Game)}].
    (Rendering the cards and sheets sharing a layout as one document was measured slower: bench_event_cards.py.)"""
    standings_qr = qr_svg(standings_url)
    parts = []
    for table in tables:
        parts.append((_card_html(event_name, number, table, standings_qr, standings_url), False))
        parts.append((table_sheet_html(table["game"], _sheet_header(event_name, number, table)), True))
    with render_slot():
        return _joined(_documents(parts))


def results_pdf(event_name, scored, money):
    """Return the results as PDF: the champion, the final standings, each round's tables and tie-breaks, the money."""
    html = render_html("event_results.html", **WORDS, event_name=event_name, scored=scored, money=money)
    with render_slot():
        return _joined(_documents([(html, False)]))


