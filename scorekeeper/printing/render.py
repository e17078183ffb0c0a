"""Rendering: the layouts of `sheets/` through Jinja, then WeasyPrint in a sandbox, two at a time at most in each of
two queues (anyone's, and the director's and the owner's).

WeasyPrint is imported lazily, and may only read files inside `sheets/`: player names are user
data, so no `file://` elsewhere and no network, ever.
"""

from contextlib import contextmanager
from contextvars import ContextVar
from functools import lru_cache
from pathlib import Path

from jinja2 import Environment, FileSystemLoader, select_autoescape

from scorekeeper.serving import slots
from scorekeeper.text.display import without_bidi, words_in_templates
from scorekeeper.text import words
from scorekeeper.text.words import lazy_gettext

SHEETS = Path(__file__).resolve().parent.parent.parent / "sheets"


Busy = slots.Busy

# Rendering a long sheet takes seconds and hundreds of MB: at most two at a time, and a third
# request waits only briefly before it is told to try again, so the rest of the site stays quick.
# Two queues: anyone's (blank sheets, previews, house cards, a game's sheet), and the director's and the owner's
# (a round's table cards, the results, a season), so a loop of anonymous blank sheets never holds the room's
# printouts up. A keyed render waits longer: the few who hold a key wait for each other, not for strangers.
RENDER_SLOTS = slots.Slots(2, 0.5, lazy_gettext("two sheets are being rendered already; try again in a few seconds"))
KEYED_RENDER_SLOTS = slots.Slots(
    2,
    5,
    lazy_gettext(
        "two of the director's or the owner's printouts are being rendered already; try again in a few seconds"
    ),
)
_keyed = ContextVar("keyed_render", default=False)


@contextmanager
def keyed(holds_key=True):
    """Render in the director's and the owner's queue while in this block, when `holds_key`."""
    token = _keyed.set(bool(holds_key) or _keyed.get())
    try:
        yield
    finally:
        _keyed.reset(token)


def _owner_asks():
    """True when the request being answered is the owner's (every PDF the owner asks for is keyed)."""
    from flask import has_request_context

    if not has_request_context():
        return False
    from scorekeeper.web.owner import is_owner

    return is_owner()


def render_slot():
    """A render slot of the keyed queue for the director (`keyed`) or the owner, else of everyone's: held in a
    `with`; Busy when every slot of the queue stays taken."""
    return (KEYED_RENDER_SLOTS if _keyed.get() or _owner_asks() else RENDER_SLOTS).held()


@lru_cache(maxsize=1)
def _environment():
    env = Environment(
        loader=FileSystemLoader(str(SHEETS)),
        autoescape=select_autoescape(default=True),
        trim_blocks=True,
        lstrip_blocks=True,
        extensions=["jinja2.ext.i18n"],
    )
    # The words of the current language (i18n.speaking: a game's own); only %(num)d in a layout's plurals.
    env.install_gettext_callables(
        words._,
        lambda singular, plural, num: words.ngettext(singular, plural, num),
        pgettext=words.pgettext,
        newstyle=True,
    )
    words_in_templates(env)
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
    except ImportError:  # WeasyPrint before 68 takes a function that returns a dict

        def fetch(url):
            path = _inside_sheets(url)
            if path is None:
                raise ValueError(f"score sheets only read files in sheets/, not {url[:60]}")
            return {
                "string": path.read_bytes(),
                "redirected_url": path.as_uri(),
                "mime_type": "text/css" if path.suffix == ".css" else "application/octet-stream",
            }

        return fetch

    class SheetsOnly(URLFetcher):
        def fetch(self, url, headers=None):
            path = _inside_sheets(url)
            if path is None:
                raise ValueError(f"score sheets only read files in sheets/, not {url[:60]}")
            return URLFetcherResponse(
                path.as_uri(),
                path.read_bytes(),
                {"Content-Type": "text/css" if path.suffix == ".css" else "application/octet-stream"},
            )

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


def document(html):
    """The app's one WeasyPrint call: the HTML, resolving links against sheets/ and fetching nothing else. Render
    or write it inside a render slot (pdf does; events.py holds one for its many documents)."""
    from weasyprint import HTML

    return HTML(string=html, base_url=str(SHEETS) + "/", url_fetcher=_fetcher())


def pdf(html, sheet=True):
    """Return the PDF of the HTML, in a render slot (Busy when none comes); `sheet`: with sheet.css."""
    with render_slot():
        return document(html).write_pdf(stylesheets=[_stylesheet()] if sheet else None)


def html_to_pdf(html):
    """Return the PDF of a score sheet's HTML (with sheet.css)."""
    return pdf(html)


def house_card_pdf(card):
    """Return the one-page house-rules card (rules/scoring/card.py's house_card) as PDF."""
    return pdf(render_html("card.html", card=card), sheet=False)
