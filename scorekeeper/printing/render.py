"""Rendering: the layouts of `sheets/` through Jinja, then WeasyPrint in a sandbox, two at a time at most.

WeasyPrint is imported lazily, and may only read files inside `sheets/`: player names are user
data, so no `file://` elsewhere and no network, ever.
"""

from contextlib import contextmanager
from functools import lru_cache
from pathlib import Path

from jinja2 import Environment, FileSystemLoader, select_autoescape

from scorekeeper.serving import slots
from scorekeeper.text.display import without_bidi
from scorekeeper.rules import words

SHEETS = Path(__file__).resolve().parent.parent.parent / "sheets"


Busy = slots.Busy

# Rendering a long sheet takes seconds and hundreds of MB: at most two at a time, and a third
# request waits only briefly before it is told to try again, so the rest of the site stays quick.
RENDER_SLOTS = slots.Slots(2, 0.5, "two sheets are being rendered already; try again in a few seconds")
render_slot = RENDER_SLOTS.held


@lru_cache(maxsize=1)
def _environment():
    env = Environment(loader=FileSystemLoader(str(SHEETS)), autoescape=select_autoescape(default=True),
                      trim_blocks=True, lstrip_blocks=True, extensions=["jinja2.ext.i18n"])
    # The words of the current language (i18n.speaking: a game's own); only %(num)d in a layout's plurals.
    env.install_gettext_callables(words._, lambda singular, plural, num: words.ngettext(singular, plural, num),
                                  pgettext=words.pgettext, newstyle=True)
    env.globals["language"] = words.locale
    env.filters["number"] = words.number
    env.filters["money"] = words.money
    env.filters["mm"] = lambda value: f"{value:.2f}mm"
    # Bidirectional controls in a name would reorder the printed line around it.
    env.finalize = without_bidi
    return env


def _inside_sheets(url):
    """Return the local path of a file:// URL inside sheets/, or None."""
    from urllib.parse import unquote, urlsplit

    parts = urlsplit(url)
    if parts.scheme != "file" or parts.netloc not in ("", "localhost"):
        return None
    path = Path(unquote(parts.path)).resolve()
    return path if path.is_relative_to(SHEETS) and path.is_file() else None


@lru_cache(maxsize=1)
def _fetcher():
    """A URL fetcher that serves files inside sheets/ and refuses everything else."""
    try:
        from weasyprint import URLFetcher
        from weasyprint.urls import URLFetcherResponse
    except ImportError:         # WeasyPrint before 68 takes a function that returns a dict
        def fetch(url):
            path = _inside_sheets(url)
            if path is None:
                raise ValueError(f"score sheets only read files in sheets/, not {url[:60]}")
            return {"string": path.read_bytes(), "redirected_url": path.as_uri(),
                    "mime_type": "text/css" if path.suffix == ".css" else "application/octet-stream"}

        return fetch

    class SheetsOnly(URLFetcher):
        def fetch(self, url, headers=None):
            path = _inside_sheets(url)
            if path is None:
                raise ValueError(f"score sheets only read files in sheets/, not {url[:60]}")
            return URLFetcherResponse(path.as_uri(), path.read_bytes(),
                                      {"Content-Type": "text/css" if path.suffix == ".css" else
                                       "application/octet-stream"})

    return SheetsOnly()


@contextmanager
def speaking(code):
    """Say a sheet in language code (a game's own), whoever asks; None: the reader's. Yields the language."""
    from scorekeeper.web.i18n import speaking as in_language

    with in_language(code):
        yield words.locale()


def render_html(template, **context):
    """Return the HTML of a layout in sheets/."""
    return _environment().get_template(template).render(**context)


@lru_cache(maxsize=1)
def _stylesheet():
    """sheet.css, parsed once per process."""
    from weasyprint import CSS

    return CSS(filename=str(SHEETS / "sheet.css"), url_fetcher=_fetcher())


def html_to_pdf(html):
    """Return the PDF of the HTML, resolving links against sheets/ and fetching nothing else."""
    from weasyprint import HTML

    with render_slot():
        document = HTML(string=html, base_url=str(SHEETS) + "/", url_fetcher=_fetcher())
        return document.write_pdf(stylesheets=[_stylesheet()])


def house_card_pdf(card):
    """Return the one-page house-rules card (rules/card.py's house_card) as PDF."""
    from weasyprint import HTML

    html = render_html("card.html", card=card)
    return HTML(string=html, base_url=str(SHEETS) + "/", url_fetcher=_fetcher()).write_pdf()
