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

    Rendered once per distinct layout: the cards, and the sheets sharing a head (their style), each as one
    document of the tables' pages, which are then put back in table order (a round of 166 tables in a few
    seconds rather than 332 documents)."""
    standings_qr = qr_svg(standings_url)
    parts = [(_card_html(event_name, number, table, standings_qr, standings_url), False,
              table_sheet_html(table["game"], _sheet_header(event_name, number, table))) for table in tables]
    with render_slot():
        cards = _pages_by_part([(card, False) for card, _sheet, _html in parts])
        sheets = _pages_by_part([(html, True) for _card, _sheet, html in parts])
        pages = [page for card, sheet in zip(cards, sheets) for page in card + sheet]
        return pages[0][0].copy([page for _document, page in pages]).write_pdf()


def _pages_by_part(parts):
    """Render (html, with the sheet stylesheet?) parts, those sharing a head as one document, each part on pages
    of its own; return each part's [(document, page)] in order."""
    from weasyprint import HTML

    from .render import SHEETS

    groups = {}
    for index, (html, sheet) in enumerate(parts):
        head, _, body = html.partition("<body")
        body = body.partition(">")[2].rpartition("</body>")[0]
        groups.setdefault((head, sheet), []).append((index, body))
    found = [None] * len(parts)
    for (head, sheet), members in groups.items():
        joined = head + "<body>" + "".join(
            f'<div id="part-{index}" style="break-before: page">{body}</div>' for index, body in members) + \
            "</body></html>"
        document = HTML(string=joined, base_url=str(SHEETS) + "/", url_fetcher=_fetcher()).render(
            stylesheets=[_stylesheet()] if sheet else [])
        starts = {}
        for at, page in enumerate(document.pages):
            for anchor in page.anchors:
                if anchor.startswith("part-"):
                    starts.setdefault(int(anchor[5:]), at)
        order = sorted(starts.items(), key=lambda item: item[1])
        for position, (index, start) in enumerate(order):
            end = order[position + 1][1] if position + 1 < len(order) else len(document.pages)
            found[index] = [(document, page) for page in document.pages[start:end]]
    return found


def results_pdf(event_name, scored, money):
    """Return the results as PDF: the champion, the final standings, each round's tables and tie-breaks, the money."""
    html = render_html("event_results.html", **WORDS, event_name=event_name, scored=scored, money=money)
    with render_slot():
        return _joined(_documents([(html, False)]))


