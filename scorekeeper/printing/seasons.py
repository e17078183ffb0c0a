"""A season's table as a PDF to pin on the club's wall (issue 27). Layout in sheets/season.html."""

from ..rules import words
from .render import SHEETS, _fetcher, render_html, render_slot

WORDS = {"_": words._, "ngettext": words.ngettext, "number": words.number, "locale": words.locale,
         "day": words.day}


def season_pdf(season, rows):
    """Return the season's table as PDF: its name, its span, and each player's line."""
    from weasyprint import HTML

    html = render_html("season.html", **WORDS, season=season, rows=rows)
    with render_slot():
        return HTML(string=html, base_url=str(SHEETS) + "/", url_fetcher=_fetcher()).write_pdf()
