"""Printable score sheets: blank sheets for any table and filled sheets of a game, as PDF.

The layouts live in the top-level `sheets/` folder (Jinja templates and CSS). WeasyPrint is
imported lazily, and may only read files inside `sheets/`: player names are user data, so no
`file://` elsewhere and no network, ever.

Speed: a score sheet as one big HTML table makes WeasyPrint lay out every cell. These layouts
use fixed geometry computed here instead: one absolutely placed box per column, its cells as
lines of text at a fixed line height, and the row rules drawn by one repeated CSS gradient.
"""

import hashlib
import json
import shutil
import subprocess
import tempfile
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path

from jinja2 import Environment, FileSystemLoader, select_autoescape

from scorekeeper import rules, slots
from scorekeeper.bounded_cache import BoundedCache
from scorekeeper.display import without_bidi
from scorekeeper.rules.plan import completed_hands

SHEETS = Path(__file__).resolve().parent.parent / "sheets"
PAPERS = {"a4": (210.0, 297.0), "letter": (215.9, 279.4)}
PAPER_NAMES = {"a4": "A4", "letter": "Letter"}
MAX_PLAYERS = 10
MAX_COPIES = 20
MAX_ROWS = 25          # hands per page; more go on the next page, under a repeated header
MAX_SIZES = 250        # hand sizes listed for a custom blank sheet
MAX_SHEET_ROWS = 1000  # hands in all copies of a blank sheet: 40 pages
MAX_NAME = 24
MARGIN = 9.0           # mm
TITLE_H = 6.0          # the title line
RULES_H = 5.0          # the rules line
NAMES_H = 8.0          # the player names
LABELS_H = 4.5         # bid / took / score
FOOT_LINE_H = 5.0      # one line of the winner / settlement foot
MAX_ROW_H = 10.0
HOOK_REMINDER = "Hook: the dealer may not bid so that the bids add up to the cards."


class SheetError(ValueError):
    """A sheet that cannot be made from these parameters; the message says what to fix."""


Busy = slots.Busy

# Rendering a long sheet takes seconds and hundreds of MB: at most two at a time, and a third
# request waits only briefly before it is told to try again, so the rest of the site stays quick.
RENDER_SLOTS = slots.Slots(2, 0.5, "two sheets are being rendered already; try again in a few seconds")
_slot = RENDER_SLOTS.held


@dataclass
class Column:
    """One column of the grid: where it sits, its header and its cells, top to bottom."""

    key: str
    label: str
    x: float
    width: float
    kind: str = ""
    cells: list = field(default_factory=list)
    total: object = ""


@dataclass
class Player:
    """A player's header: the name over the bid, took and score columns."""

    name: str
    x: float
    width: float
    font: float = 4.2


# --- parameters -------------------------------------------------------------------------

def _whole(value, what, low, high):
    if isinstance(value, bool):
        raise SheetError(f"{what} must be a whole number")
    try:
        number = int(str(value).strip())
    except ValueError:
        raise SheetError(f"{what} must be a whole number, not {str(value)[:20]!r}") from None
    if not low <= number <= high:
        raise SheetError(f"{what} must be between {low} and {high}, not {number}")
    return number


def _names(names, players):
    if names is None:
        return None
    if isinstance(names, str):
        names = names.split(",")
    names = [str(name).strip() for name in names]
    if not any(names):
        return None
    for name in names:
        if len(name) > MAX_NAME:
            raise SheetError(f"the name {name[:MAX_NAME]!r}... is longer than {MAX_NAME} characters")
    if players is not None and len(names) != players:
        raise SheetError(f"{len(names)} names given for {players} players")
    return tuple(names)


def _sizes(sizes):
    if sizes is None or sizes == "":
        return None
    if isinstance(sizes, str):
        sizes = [part for part in sizes.replace(" ", ",").split(",") if part]
    if len(sizes) > MAX_SIZES:
        raise SheetError(f"{len(sizes)} hand sizes listed; a sheet has at most {MAX_SIZES}")
    return tuple(_whole(size, "every hand size", 1, 104) for size in sizes)


def blank_params(players=None, names=None, pattern="down-up", max_cards=None, sizes=None, decks=None,
                 paper="a4", landscape=False, hook_helper=False, copies=1, rules_line=True, system=None):
    """Return the blank sheet's parameters checked and normalised, or raise SheetError saying why."""
    if players is None and names is None:
        raise SheetError("say how many players (or give their names)")
    if players is not None:
        players = _whole(players, "players", 2, MAX_PLAYERS)
    names = _names(names, players)
    if players is None:
        players = _whole(len(names), "players", 2, MAX_PLAYERS)
    try:
        pattern = rules.PATTERNS.find(pattern or "down-up").id
        system = rules.SYSTEMS.find(system).id if system else None
    except ValueError as error:
        raise SheetError(str(error)) from None
    decks = rules.decks_for(players) if decks in (None, "") else _whole(decks, "decks", 1, 4)
    max_cards = None if max_cards in (None, "") else _whole(max_cards, "max", 1, 104)
    sizes = _sizes(sizes)
    if pattern != "custom" and sizes:
        raise SheetError("hand sizes may only be listed with the custom pattern")
    try:
        plan = rules.hand_sizes(pattern, players, decks, max_cards, sizes)
    except ValueError as error:
        raise SheetError(str(error)) from None
    paper = str(paper or "a4").lower()
    if paper not in PAPERS:
        raise SheetError(f"paper must be a4 or letter, not {paper[:20]!r}")
    copies = _whole(copies, "copies", 1, MAX_COPIES)
    if len(plan) * copies > MAX_SHEET_ROWS:
        raise SheetError(f"{copies} copies of {len(plan)} hands make {len(plan) * copies} rows; "
                         f"at most {MAX_SHEET_ROWS} rows ({MAX_SHEET_ROWS // MAX_ROWS} pages) are printed at once")
    return dict(players=players, names=names, pattern=pattern, max_cards=max_cards, sizes=sizes,
                decks=decks, plan=tuple(plan), paper=paper, landscape=bool(landscape),
                hook_helper=bool(hook_helper), copies=copies, rules_line=bool(rules_line), system=system)


# --- geometry -----------------------------------------------------------------------------

def _page_size(paper, landscape):
    width, height = PAPERS[paper]
    return (height, width) if landscape else (width, height)


def _columns(players, names, width, helper):
    """Lay out the columns across the usable width: hand, dealer, trump, [hook], then players."""
    wide = width > 240
    fixed = [("hand", "Cards", 10.0, "hand"), ("dealer", "Dealer", 17.0 if wide else 14.0, "dealer"),
             ("trump", "Trump", 11.0, "trump")]
    if helper:
        fixed.append(("hook", "Bids so far", 17.0, "hook"))
    columns, x = [], 0.0
    for key, label, w, kind in fixed:
        columns.append(Column(key, label, x, w, kind))
        x += w
    per_player = (width - x) / players
    bid = took = round(per_player * 0.26, 2)
    score = per_player - bid - took
    heads = []
    for seat in range(players):
        name = names[seat] if names else ""
        # a long name gets a smaller font rather than being cut off (DejaVu bold: ~0.7 em per letter)
        heads.append(Player(name, x, per_player, min(4.2, (per_player - 1.5) / (0.7 * max(len(name), 1)))))
        for key, w, kind in (("bid", bid, "bid first"), ("took", took, "took"), ("score", score, "score")):
            columns.append(Column(f"{key}{seat}", key.capitalize(), x, w, kind))
            x += w
    return columns, heads


def _row_height(usable_h, header_h, rows, foot_h):
    """The row height that fits the rows, the totals row and the foot; never above MAX_ROW_H."""
    return min(MAX_ROW_H, (usable_h - header_h - foot_h) / (rows + 1.2))


def _pages(rows):
    """Split the rows into pages of at most MAX_ROWS."""
    return [rows[start:start + MAX_ROWS] for start in range(0, len(rows), MAX_ROWS)] or [[]]


def _layout(players, names, paper, landscape, helper, row_count, foot_lines):
    """Return the geometry of a sheet in mm: page, columns, row height, fonts."""
    page_w, page_h = _page_size(paper, landscape)
    usable_w, usable_h = page_w - 2 * MARGIN, page_h - 2 * MARGIN
    columns, heads = _columns(players, names, usable_w, helper)
    header_h = TITLE_H + RULES_H + NAMES_H + LABELS_H
    rows_per_page = min(MAX_ROWS, max(row_count, 1))
    foot_h = foot_lines * FOOT_LINE_H + (2 if foot_lines else 0)
    row_h = _row_height(usable_h, header_h, rows_per_page, foot_h)
    font = min(4.2, row_h * 0.55)
    narrow = usable_w / (players * 3 + 4) < 8
    return dict(page_w=page_w, page_h=page_h, margin=MARGIN, usable_w=usable_w, columns=columns,
                heads=heads, row_h=row_h, font=font, small=font * (0.78 if narrow else 0.88),
                title_h=TITLE_H, rules_h=RULES_H, names_h=NAMES_H, labels_h=LABELS_H,
                head_h=NAMES_H + LABELS_H, totals_h=row_h * 1.2, foot_line_h=FOOT_LINE_H)


# --- rendering ----------------------------------------------------------------------------

@lru_cache(maxsize=1)
def _environment():
    env = Environment(loader=FileSystemLoader(str(SHEETS)), autoescape=select_autoescape(default=True),
                      trim_blocks=True, lstrip_blocks=True)
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

    with _slot():
        document = HTML(string=html, base_url=str(SHEETS) + "/", url_fetcher=_fetcher())
        return document.write_pdf(stylesheets=[_stylesheet()])


def _hand_label(pattern, plan):
    """Describe the deal for the rules line: the pattern's name and its sizes."""
    entry = rules.PATTERNS.find(pattern)
    if entry.id == "custom":
        return f"{entry.name}: {' '.join(map(str, plan))}"
    n = max(plan)
    return f"{entry.name} ({' '.join(map(str, _squeeze(plan)))}), N = {n}"


def _squeeze(plan):
    """Show a long plan by its ends: 7 6 5 ... 5 6 7."""
    plan = list(plan)
    return plan if len(plan) <= 9 else plan[:3] + ["…"] + plan[-3:]


def _deck_label(decks):
    return "1 deck" if decks == 1 else f"{decks} decks"


def blank_context(p):
    """Return the template context of a blank sheet from normalised parameters."""
    rows = [{"cards": cards} for cards in p["plan"]]
    layout = _layout(p["players"], p["names"], p["paper"], p["landscape"], p["hook_helper"], len(rows), 0)
    parts = []
    if p["system"]:
        parts.append(f"Scoring: {rules.SYSTEMS.find(p['system']).name}")
    parts += [f"Deal: {_hand_label(p['pattern'], p['plan'])}", _deck_label(p["decks"]),
              f"{len(p['plan'])} hands"]
    if p["hook_helper"]:
        parts.append("hook on")
    pages = []
    chunks = _pages(rows)
    for _copy in range(p["copies"]):
        for index, chunk in enumerate(chunks):
            pages.append(_page(layout, chunk, index, len(chunks), filled=None))
    return dict(layout=layout, pages=pages, rules_line=" · ".join(parts) if p["rules_line"] else "",
                hook_reminder=HOOK_REMINDER if p["hook_helper"] else "", title="Oh Hell",
                paper=PAPER_NAMES[p["paper"]], landscape=p["landscape"], foot=[])


def _page(layout, chunk, index, count, filled):
    """Return one page: its columns with the cells of its rows, and the drawing of its grid."""
    columns = []
    for template in layout["columns"]:
        column = Column(template.key, template.label, template.x, template.width, template.kind)
        if template.key == "hand":
            column.cells = [str(row["cards"]) for row in chunk]
        elif template.key == "hook":
            # plain text: a smaller font inside a line would make the line taller than a row
            column.cells = [f"≠ {row['cards']}" for row in chunk]
        elif filled is not None:
            column.cells = [row.get(template.key, "") for row in chunk]
        else:
            column.cells = []          # blank cells are no text at all: fewer boxes
        if filled is not None:
            column.total = filled.get(template.key, "") if index == count - 1 else ""
        columns.append(column)
    last = index == count - 1
    return dict(columns=[c for c in columns if c.cells or c.total], rows=len(chunk), last=last,
                number=index + 1, count=count, drawing=_drawing(layout, len(chunk), last, filled is None))


def _f(value):
    return f"{value:.2f}".rstrip("0").rstrip(".")


def _drawing(layout, rows, last, blank):
    """Return the grid of one page as SVG shapes, in mm: shading, thin and thick rules, labels.

    One SVG draws every line of the sheet, so WeasyPrint lays out one box instead of a box per cell.
    """
    columns, width = layout["columns"], layout["usable_w"]
    names_h, head_h, row_h = layout["names_h"], layout["head_h"], layout["row_h"]
    bottom = head_h + rows * row_h
    end = bottom + (layout["totals_h"] if last else 0)
    fixed = [c for c in columns if c.kind in ("hand", "dealer", "trump", "hook")]
    fixed_w = sum(c.width for c in fixed)
    shade = [(0, 0, fixed_w, head_h, "#e6ece6"), (fixed_w, 0, width - fixed_w, names_h, "#e6ece6"),
             (fixed_w, names_h, width - fixed_w, head_h - names_h, "#f4f4f1"),
             (0, head_h, columns[0].width, rows * row_h, "#eef2ee")]
    shade += [(c.x, head_h, c.width, rows * row_h, "#f3f3f1") for c in columns if c.kind.startswith(("bid", "took"))]
    thin = [f"M0 {_f(head_h + r * row_h)}H{_f(width)}" for r in range(1, rows)]
    thin += [f"M{_f(c.x)} {_f(names_h if c.kind in ('took', 'score') else 0)}V{_f(bottom)}"
             for c in columns if not c.kind.startswith(("hand", "bid"))]
    thick = [f"M0 0H{_f(width)}", f"M0 {_f(head_h)}H{_f(width)}", f"M0 {_f(bottom)}H{_f(width)}",
             f"M0 0V{_f(end)}", f"M{_f(width)} 0V{_f(end)}"]
    thick += [f"M{_f(c.x)} 0V{_f(end)}" for c in columns if c.kind.startswith("bid")]
    # The bid / took / score labels: one line of text per kind, placed by tab stops one player apart.
    heads = layout["heads"]
    labels = [(c.x + 0.7, c.label, "\t".join([c.label] * len(heads)))
              for c in columns[len(columns) - 3 * len(heads):][:3]]
    boxes = []
    if last and blank:
        pad = 0.8
        boxes = [(c.x + pad, bottom + pad, c.width - 2 * pad, layout["totals_h"] - 2 * pad)
                 for c in columns if c.kind == "score"]
    if last:
        thick.append(f"M0 {_f(end)}H{_f(width)}")
    return dict(width=width, height=end, shade=[tuple(map(_f, r[:4])) + (r[4],) for r in shade],
                thin="".join(thin), thick="".join(thick),
                labels=labels, tab=heads[0].width,
                label_size=min(2.6, layout["columns"][-2].width * 0.34),
                boxes=[tuple(map(_f, b)) for b in boxes])


def render_blank_sheet(**params):
    """Return a blank sheet as PDF bytes, uncached."""
    return html_to_pdf(render_html("blank.html", **blank_context(blank_params(**params))))


@lru_cache(maxsize=64)
def _cached_blank(key):
    return html_to_pdf(render_html("blank.html", **blank_context(dict(key))))


def _freeze(params):
    return tuple(sorted(params.items()))


def blank_sheet_pdf(players=None, names=None, pattern="down-up", max_cards=None, sizes=None, decks=None,
                    paper="a4", landscape=False, hook_helper=False, copies=1, rules_line=True, system=None):
    """Return a blank score sheet as PDF bytes (cached); raise SheetError for bad parameters."""
    params = blank_params(players, names, pattern, max_cards, sizes, decks, paper, landscape,
                          hook_helper, copies, rules_line, system)
    return _cached_blank(_freeze(params))


# --- the filled sheet of a game -----------------------------------------------------------

def _number(value):
    if value is None:
        return ""
    if isinstance(value, float):
        return f"{value:g}"
    return str(value)


def _total_cell(value):
    """A running total: negative values are circled, as on the sheet in 000."""
    text = _number(value)
    return {"text": text, "cls": "neg"} if value is not None and value < 0 else text


def _short(name, limit):
    return name if len(name) <= limit else name[:limit - 1] + "…"


PENALTY_MARK = "†"


def newcomer_starts(game):
    """Return {seat: (hand index, starting total)} for each late arrival: the index of the first hand they play
    (or of the next deal, while they wait for it)."""
    starts = {seat: (index, total) for index, hand in enumerate(game.hands) for seat, total in hand.joins}
    for join in rules.table_state(game.record)["joining"]:
        starts.setdefault(join["seat"], (len(game.hands), join["total"]))
    return starts


def before_arrival(starts, index, seat):
    """Return None when seat has arrived by hand `index`; else their starting total on the last hand before
    they play, and "" on earlier ones (no running total yet)."""
    if seat not in starts or index >= starts[seat][0]:
        return None
    return starts[seat][1] if index == starts[seat][0] - 1 else ""


def _game_rows(game, scored):
    names = game.players
    rows = []
    starts = newcomer_starts(game)
    for index, hand in enumerate(scored["hands"]):
        trump = hand["trump"]
        row = {"cards": hand["cards"], "dealer": _short(names[hand["dealer"]], 9),
               "trump": {"text": rules.SYMBOLS[trump], "cls": f"suit {trump}"} if trump else ""}
        for seat in range(len(names)):
            if seat in hand["out"]:
                # Not dealt in: no bid or tricks, the running total carries on.
                row[f"bid{seat}"] = "out"
                waiting = before_arrival(starts, index, seat)
                if waiting is not None:
                    # A late arrival's first entry is the total they start with.
                    row[f"score{seat}"] = "" if waiting == "" else _total_cell(waiting)
                elif hand["totals"] is not None:
                    row[f"score{seat}"] = _total_cell(hand["totals"][seat])
                continue
            bid = hand["bids"][seat]
            blind = "ᴮ" if seat in hand["blind"] else ""
            if hand["made"] is not None and hand["made"][seat]:
                row[f"bid{seat}"] = {"text": f"{bid}{blind}✓", "cls": "made"}
            else:
                row[f"bid{seat}"] = "" if bid is None else f"{bid}{blind}"
            if hand["tricks"] is not None:
                # A penalty is marked by the tricks with a footnote sign; the foot says what it was.
                penalised = any(p["seat"] == seat for p in hand["penalties"])
                row[f"took{seat}"] = str(hand["tricks"][seat]) + (PENALTY_MARK if penalised else "")
                row[f"score{seat}"] = _total_cell(hand["totals"][seat])
        rows.append(row)
    done = completed_hands(game) + (1 if game.hands and not game.hands[-1].complete else 0)
    rows += [{"cards": cards} for cards in game.plan()[done:]]
    return rows


def _game_rules_line(game, scored):
    r = game.rules
    parts = [f"Scoring: {rules.SYSTEMS.find(scored['system']).title(scored['options'])}"
             + (" (lowest wins)" if scored["lowest_wins"] else "")]
    plan = game.plan()
    parts.append(f"Deal: {_hand_label(r.pattern, plan)}")
    parts.append(_deck_label(r.decks))
    parts.append("hook on" if r.hook_applies else "no hook")
    parts += [rules.MODIFIERS.find(m).name for m in r.modifiers]
    if r.settlement != "none":
        parts.append(f"settle: {rules.SETTLEMENTS.find(r.settlement).name}, stake {r.stake:g}")
    return " · ".join(parts)


def _foot(game, scored):
    """Return the lines at the foot: the winner, the payments, penalties."""
    lines = [rules.standing_text(scored)]
    if rules.loser_text(scored):
        lines.append(rules.loser_text(scored))
    settlement = scored["settlement"]
    if settlement["method"] != "none":
        name = rules.SETTLEMENTS.find(settlement["method"]).name
        payments = [rules.payment_text(payment) for payment in settlement["payments"]]
        lines.append(f"Settlement ({name}, stake {settlement['stake']:g}): "
                     + ("; ".join(payments) if payments else "nobody owes anything")
                     + (f"; {rules.pot_text(settlement)}" if rules.pot_text(settlement) else ""))
    penalties = [rules.penalty_text(game.players, hand, p) for hand in scored["hands"] for p in hand["penalties"]]
    if penalties:
        lines.append(f"{PENALTY_MARK} Penalties: " + "; ".join(penalties))
    return lines


def game_context(game, paper="a4", landscape=None):
    """Return the template context of a game's filled sheet (landscape by default from 8 players on)."""
    paper = str(paper or "a4").lower()
    if paper not in PAPERS:
        raise SheetError(f"paper must be a4 or letter, not {paper[:20]!r}")
    scored = rules.score(game)
    rows = _game_rows(game, scored)
    foot = _foot(game, scored)
    players = len(game.players)
    landscape = players > 7 if landscape is None else bool(landscape)
    layout = _layout(players, game.players, paper, landscape, False, len(rows), len(foot) + 1)
    waiting = {seat: total for seat, (index, total) in newcomer_starts(game).items() if index >= len(game.hands)}
    totals = {f"score{seat}": _total_cell(waiting.get(seat, total)) for seat, total in enumerate(scored["totals"])}
    chunks = _pages(rows)
    pages = [_page(layout, chunk, index, len(chunks), filled=totals) for index, chunk in enumerate(chunks)]
    return dict(layout=layout, pages=pages, rules_line=_game_rules_line(game, scored), hook_reminder="",
                title="Oh Hell", foot=foot, paper=PAPER_NAMES[paper], landscape=landscape,
                legend="✓ bid made · circled: a negative total"
                + (" · ᴮ blind bid" if any(hand.blind for hand in game.hands) else ""))


def render_game_sheet(game, paper="a4", landscape=None):
    """Return the filled sheet of a game as PDF bytes, uncached."""
    return html_to_pdf(render_html("game.html", **game_context(game, paper, landscape)))


# Filled sheets by a digest of the record: the key stays small however long the game.
_GAME_SHEETS = BoundedCache(64 * 1024 * 1024)


def game_sheet_pdf(game, paper="a4", landscape=None):
    """Return the filled sheet of a game (a rules.Game) as PDF bytes, cached on its record.

    The key is the whole record, so any change to the game (a bid, a name) makes a new sheet.
    """
    record = json.dumps(game.record, sort_keys=True, ensure_ascii=False)
    key = (hashlib.sha256(record.encode()).hexdigest(), str(paper or "a4").lower(), landscape)
    data = _GAME_SHEETS.get(key)
    if data is None:
        data = render_game_sheet(game, key[1], landscape)
        _GAME_SHEETS.put(key, data)
    return data


# --- preview ------------------------------------------------------------------------------

def can_preview_png():
    """True when poppler's pdftoppm is installed, so a PNG preview can be made."""
    return shutil.which("pdftoppm") is not None


@lru_cache(maxsize=64)
def _png_of(pdf, dpi):
    with tempfile.TemporaryDirectory() as folder:
        source = Path(folder) / "sheet.pdf"
        source.write_bytes(pdf)
        with _slot():
            subprocess.run(["pdftoppm", "-png", "-r", str(dpi), "-f", "1", "-l", "1", "-singlefile",
                            str(source), str(Path(folder) / "page")], check=True, capture_output=True,
                           timeout=30)
        return (Path(folder) / "page.png").read_bytes()


def preview_png(pdf, dpi=60):
    """Return the first page of a PDF as PNG bytes (needs pdftoppm; see can_preview_png)."""
    if not can_preview_png():
        raise RuntimeError("pdftoppm is not installed")
    return _png_of(pdf, dpi)


def house_card_pdf(card):
    """Return the one-page house-rules card (rules/card.py's house_card) as PDF."""
    from weasyprint import HTML

    html = render_html("card.html", card=card)
    return HTML(string=html, base_url=str(SHEETS) + "/", url_fetcher=_fetcher()).write_pdf()
