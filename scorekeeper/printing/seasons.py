"""A season's table as a PDF to pin on the club's wall (issue 27). Layout in sheets/season.html."""

from ..text import words
from .render import pdf, render_html

WORDS = {"_": words._, "ngettext": words.ngettext, "number": words.number, "locale": words.locale, "day": words.day}


def season_pdf(season, rows):
    """Return the season's table as PDF: its name, its span, and each player's line."""
    return pdf(render_html("season.html", **WORDS, season=season, rows=rows), sheet=False)
