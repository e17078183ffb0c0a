"""Charts as SVG text, drawn on the server: no JavaScript, they scale by viewBox and they print.

Each player's line has its own colour, dash pattern and marker shape, so that the chart still reads when printed in
black and white. Every name is escaped: the result can be put in a page as it is (`chart` marks it safe)."""

import html
import math
import re

from markupsafe import Markup

from scorekeeper import rules
from scorekeeper.text import words
from scorekeeper.text.words import N_, _, ngettext, percent, separated

WIDTH = 480
FONT = "system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif"
# Okabe and Ito's palette, which colour-blind readers can tell apart (its yellow left out: too pale).
COLOURS = ["#0072B2", "#D55E00", "#009E73", "#CC79A7", "#000000", "#E69F00", "#56B4E9", "#8C564B"]
DASHES = ["", "9 4", "2 3", "10 3 2 3", "5 5", "14 4", "1 4", "10 3 2 3 2 3"]
MARKERS = ["circle", "square", "triangle", "diamond", "down", "open-circle", "open-square", "open-triangle"]
# Characters XML 1.0 does not allow, even escaped: a name carrying one would break the page.
NOT_XML = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\ufffe\uffff]")
LABEL_CHARS = 18
CHAR = 8.2  # the average width of a character at the 14-unit font size


def text(value):
    """Return value as text safe inside an SVG element or attribute."""
    return html.escape(NOT_XML.sub("\ufffd", str(value)), quote=True)


def short(name):
    """Return a name cut to fit a legend, with an ellipsis when cut."""
    name = str(name).strip()
    return name if len(name) <= LABEL_CHARS else name[: LABEL_CHARS - 1] + "\u2026"


def number(value):
    """Return a number as a person writes it, the reader's way: 12, 12.5 (12,5 in Dutch), -3."""
    return words.number(value)


def style(seat):
    """Return the colour, dash pattern and marker of a seat; combinations differ up to 64 players."""
    lap = seat // len(COLOURS)
    return (COLOURS[seat % len(COLOURS)], DASHES[(seat + lap) % len(DASHES)], MARKERS[(seat + 2 * lap) % len(MARKERS)])


def marker_path(shape, x, y, size=3.5):
    """Return path data for one marker centred on (x, y)."""
    s = size
    kind = shape.removeprefix("open-")
    if kind == "circle":
        return f"M{x - s:.1f},{y:.1f}a{s},{s} 0 1,0 {2 * s},0a{s},{s} 0 1,0 {-2 * s},0Z"
    if kind == "square":
        return f"M{x - s:.1f},{y - s:.1f}h{2 * s}v{2 * s}h{-2 * s}Z"
    if kind == "triangle":
        return f"M{x:.1f},{y - s * 1.2:.1f}l{s * 1.1:.1f},{s * 2:.1f}h{-s * 2.2:.1f}Z"
    if kind == "diamond":
        return (
            f"M{x:.1f},{y - s * 1.3:.1f}l{s * 1.3:.1f},{s * 1.3:.1f}l{-s * 1.3:.1f},{s * 1.3:.1f}"
            f"l{-s * 1.3:.1f},{-s * 1.3:.1f}Z"
        )
    return f"M{x:.1f},{y + s * 1.2:.1f}l{s * 1.1:.1f},{-s * 2:.1f}h{-s * 2.2:.1f}Z"  # down


def nice_ticks(low, high, count=5):
    """Return round tick values covering low..high, about count of them."""
    if low == high:
        low, high = low - 10, high + 10
    raw = (high - low) / count
    magnitude = 10 ** math.floor(math.log10(raw))
    step = next(m * magnitude for m in (1, 2, 2.5, 5, 10) if m * magnitude >= raw)
    start = math.floor(low / step) * step
    ticks = []
    value = start
    while value < high + step / 2:
        ticks.append(round(value, 6))
        value += step
    if ticks[-1] < high:
        ticks.append(round(value, 6))
    return ticks


def svg_open(height, label):
    """Return the opening of an SVG that scales to its container's width."""
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {WIDTH} {height}" width="100%" '
        f'preserveAspectRatio="xMidYMid meet" role="img" aria-label="{text(label)}" '
        f'font-family="{FONT}" font-size="14" class="chart" style="max-width:100%;height:auto">'
        f"<title>{text(label)}</title>"
    )


def series(scored, standing=None):
    """Return each seat's running totals: 0 before the first hand, then after each recorded hand.

    A late arrival's line starts at their starting total just before the first hand they play (None before);
    one who has not played yet is a single point at the end, at `standing` (the totals the sheet shows).
    """
    done = [hand for hand in scored["hands"] if hand["scores"] is not None]
    lines = []
    for seat in range(len(scored["players"])):
        line = [0] + [hand["totals"][seat] for hand in done]
        first = next((i for i, hand in enumerate(done) if seat not in hand["out"]), None)
        if first is None and done:
            line = [None] * len(done) + [standing[seat] if standing else line[-1]]
        elif first:
            line[: first + 1] = [None] * first + [done[first]["totals"][seat] - done[first]["scores"][seat]]
        lines.append(line)
    return lines


def legend(entries, top, left=12, right=WIDTH - 12):
    """Return (svg, height) of a legend that wraps: each entry is (seat, label)."""
    parts, x, y = [], left, top
    for seat, label in entries:
        width = 44 + CHAR * len(label)
        if x > left and x + width > right:
            x, y = left, y + 22
        colour, dash, shape = style(seat)
        dash_attr = f' stroke-dasharray="{dash}"' if dash else ""
        fill = "#fff" if shape.startswith("open-") else colour
        parts.append(
            f'<g class="legend-entry"><line x1="{x}" y1="{y}" x2="{x + 30}" y2="{y}" stroke="{colour}" '
            f'stroke-width="2.5"{dash_attr}/>'
            f'<path d="{marker_path(shape, x + 15, y)}" fill="{fill}" stroke="{colour}" stroke-width="1.5"/>'
            f'<text x="{x + 36}" y="{y + 4.5}">{text(label)}</text></g>'
        )
        x += width + 12
    return "".join(parts), y - top + 22


def running_totals_svg(scored, title=None, standing=None):
    """Return an SVG line chart of every player's running total over the hands of a scored game.

    `standing`: the totals the sheet shows (a late arrival who has not played yet at their starting total).
    """
    names = scored["players"]
    lines = series(scored, standing)
    hands = max(len(lines[0]) - 1, scored.get("planned_hands") or 0, 1)
    values = [v for line in lines for v in line if v is not None] + [0]
    ticks = nice_ticks(min(values), max(values))
    low, high = ticks[0], ticks[-1]
    label_width = 8 + CHAR * max(len(number(t)) for t in ticks)
    left, right, top, plot_h = 10 + label_width, WIDTH - 16, 58, 240
    bottom = top + plot_h

    def x_at(i):
        return left + (right - left) * i / hands

    def y_at(v):
        return bottom - plot_h * (v - low) / (high - low)

    note = _("Lowest total wins") if scored.get("lowest_wins") else _("Highest total wins")
    title = title or _("Running totals")
    system = scored.get("system_name")
    heading = _("%(title)s: %(system)s", title=title, system=system) if system else title
    totals = standing or scored.get("totals") or [line[-1] for line in lines]
    entries = [
        (seat, _("%(name)s: %(total)s", name=short(name), total=number(totals[seat])))
        for seat, name in enumerate(names)
    ]
    legend_svg, legend_h = legend(entries, bottom + 52)
    height = bottom + 52 + legend_h
    described = _("%(heading)s, %(players)s. %(note)s.", heading=heading, players=", ".join(names), note=note)
    out = [
        svg_open(height, described),
        f'<rect class="bg" width="{WIDTH}" height="{height}" fill="#fff"/>',
        f'<text x="12" y="22" font-size="16" font-weight="bold">{text(heading)}</text>',
        f'<text x="12" y="42" fill="#333" class="note">{text(note)}</text>',
    ]
    for tick in ticks:
        y = y_at(tick)
        out.append(
            f'<line class="grid" x1="{left}" y1="{y:.1f}" x2="{right}" y2="{y:.1f}" stroke="#d0d0d0" stroke-width="1"/>'
            f'<text x="{left - 6}" y="{y + 4:.1f}" text-anchor="end" fill="#333">{number(tick)}</text>'
        )
    out.append(
        f'<line class="zero" x1="{left}" y1="{y_at(0):.1f}" x2="{right}" y2="{y_at(0):.1f}" '
        f'stroke="#222" stroke-width="1.5"/>'
    )
    every = math.ceil(hands / 13)
    for i in range(1, hands + 1):
        if i % every == 0 or i == hands:
            out.append(f'<text x="{x_at(i):.1f}" y="{bottom + 18}" text-anchor="middle" fill="#333">{i}</text>')
    axis = _("total after hand")
    out.append(
        f'<text x="{(left + right) / 2:.1f}" y="{bottom + 36}" text-anchor="middle" fill="#333">{text(axis)}</text>'
    )
    for seat, line in enumerate(lines):
        colour, dash, shape = style(seat)
        points = " ".join(f"{x_at(i):.1f},{y_at(v):.1f}" for i, v in enumerate(line) if v is not None)
        dash_attr = f' stroke-dasharray="{dash}"' if dash else ""
        fill = "#fff" if shape.startswith("open-") else colour
        marks = "".join(marker_path(shape, x_at(i), y_at(v)) for i, v in enumerate(line) if v is not None)
        out.append(
            f'<g class="player" data-seat="{seat}"><title>{text(names[seat])}</title>'
            f'<polyline points="{points}" fill="none" stroke="{colour}" stroke-width="2.5" '
            f'stroke-linejoin="round" stroke-linecap="round"{dash_attr}/>'
            f'<path d="{marks}" fill="{fill}" stroke="{colour}" stroke-width="1.5"/></g>'
        )
    out.append(legend_svg)
    out.append("</svg>")
    return "".join(out)


def bid_accuracy_svg(stats, title=None):
    """Return an SVG bar chart of the percentage of bids each player made: {name: pct or None}."""
    rows = list(stats.items())
    title = title or _("Bids made")
    name_width = min(12 + CHAR * max((len(short(name)) for name, _ in rows), default=4), 170)
    left, right, top, row_h = 12 + name_width, WIDTH - 70, 40, 30
    height = top + max(len(rows), 1) * row_h + 30
    said = ", ".join(
        _("%(name)s %(percent)s", name=name, percent="-" if pct is None else percent(pct)) for name, pct in rows
    )
    out = [
        svg_open(height, _("%(title)s: %(values)s", title=title, values=said)),
        f'<rect class="bg" width="{WIDTH}" height="{height}" fill="#fff"/>',
        f'<text x="12" y="22" font-size="16" font-weight="bold">{text(title)}</text>',
    ]
    if not rows:
        nothing = _("No bids recorded yet.")
        out.append(f'<text x="12" y="{top + 20}" fill="#333">{text(nothing)}</text>')
    for i, (name, pct) in enumerate(rows):
        y = top + i * row_h
        out.append(
            f'<g class="bar-row"><text x="{left - 8}" y="{y + 19}" text-anchor="end">{text(short(name))}</text>'
            f'<rect class="track" x="{left}" y="{y + 5}" width="{right - left}" height="20" fill="#f2f2f2" stroke="#999"/>'
        )
        if pct is None:
            none_yet = _("no hands yet")
            out.append(f'<text x="{left + 8}" y="{y + 19}" fill="#333">{text(none_yet)}</text></g>')
            continue
        width = (right - left) * max(0, min(pct, 100)) / 100
        shown = percent_text(pct)
        out.append(
            f'<rect class="bar" x="{left}" y="{y + 5}" width="{width:.1f}" height="20" fill="#0072B2"/>'
            f'<text x="{right + 8}" y="{y + 19}">{text(shown)}</text></g>'
        )
    base = top + max(len(rows), 1) * row_h
    for share in (0, 50, 100):
        x = left + (right - left) * share / 100
        out.append(
            f'<line x1="{x:.1f}" y1="{top}" x2="{x:.1f}" y2="{base + 4}" stroke="#555" '
            f'stroke-width="1" stroke-dasharray="{"" if share == 0 else "3 3"}"/>'
            f'<text x="{x:.1f}" y="{base + 20}" text-anchor="middle" fill="#333">'
            f"{text(percent_text(share))}</text>"
        )
    out.append("</svg>")
    return "".join(out)


def percent_text(value):
    """Say a percentage: 12.5% (12,5 % in German and French): words.percent, the locale's one spacing."""
    return percent(value)


def outcome_text(share, word):
    """Say a share of bids and their outcome: '40% made'."""
    return _("%(percent)s %(outcome)s", percent=percent(share or 0), outcome=_(word))


# The parts of a bid's outcome, each with a colour of the palette (made in green, over in orange, under in blue).
OUTCOMES = (("made", N_("made"), "#009E73"), ("over", N_("over"), "#D55E00"), ("under", N_("under"), "#0072B2"))


def habits_svg(sizes, title=None):
    """Return an SVG of stacked bars, one per hand size: the share of bids made, over and under.

    sizes: [{cards, hands, made_pct, over_pct, under_pct}] (rules.habits.by_hand_size)."""
    title = title or _("Bids by hand size")
    left, right, top, row_h = 112, WIDTH - 12, 64, 28
    height = top + max(len(sizes), 1) * row_h + 12
    said = []
    for row in sizes:
        size = ngettext("%(num)d card", "%(num)d cards", row["cards"])
        hands = ngettext("%(num)d hand", "%(num)d hands", row["hands"])
        shares = ", ".join(outcome_text(row[key + "_pct"], word) for key, word, _colour in OUTCOMES)
        said.append(_("%(size)s, %(hands)s: %(shares)s", size=size, hands=hands, shares=shares))
    label = _("%(title)s: %(values)s", title=title, values=separated(said))
    out = [
        svg_open(height, label),
        f'<rect class="bg" width="{WIDTH}" height="{height}" fill="#fff"/>',
        f'<text x="12" y="22" font-size="16" font-weight="bold">{text(title)}</text>',
    ]
    x = 12
    for key, word, colour in OUTCOMES:
        word = _(word)
        out.append(
            f'<rect class="{key}" x="{x}" y="32" width="14" height="14" fill="{colour}"/>'
            f'<text x="{x + 20}" y="44">{text(word)}</text>'
        )
        x += 30 + CHAR * len(word) + 16
    if not sizes:
        nothing = _("No hands recorded yet.")
        out.append(f'<text x="12" y="{top + 20}" fill="#333">{text(nothing)}</text>')
    for i, row in enumerate(sizes):
        y = top + i * row_h
        size = ngettext("%(num)d card · %(hands)s", "%(num)d cards · %(hands)s", row["cards"], hands=row["hands"])
        out.append(f'<g class="bar-row"><text x="{left - 8}" y="{y + 17}" text-anchor="end">{text(size)}</text>')
        start = left
        for key, word, colour in OUTCOMES:
            share = row[f"{key}_pct"] or 0
            width = (right - left) * share / 100
            if width <= 0:
                continue
            out.append(
                f'<rect class="{key}" x="{start:.1f}" y="{y + 3}" width="{width:.1f}" height="20" '
                f'fill="{colour}"><title>{text(outcome_text(share, word))}</title></rect>'
            )
            if width >= 34:
                out.append(
                    f'<text class="on-bar" x="{start + width / 2:.1f}" y="{y + 18}" text-anchor="middle" '
                    f'fill="#fff" font-size="12">{text(percent_text(round(share)))}</text>'
                )
            start += width
        out.append("</g>")
    out.append("</svg>")
    return "".join(out)


def rating_svg(lines, title):
    """Return an SVG line chart of players' ratings after each rated game, dated on its axis.

    lines: [(name, [(rating, give or take, finished ISO time)], oldest first)]: one player, or two compared. The
    games go left to right in the order they were rated (both players' games on one axis), each line starting
    from a new player's 0 just before its first game."""
    order = sorted({point[2] for _name, points in lines for point in points})
    at = {finished: i + 1 for i, finished in enumerate(order)}
    values = [0] + [point[0] for _name, points in lines for point in points]
    ticks = nice_ticks(min(values), max(values))
    low, high = ticks[0], ticks[-1]
    left = 18 + CHAR * max(len(number(t)) for t in ticks)
    right, top, plot_h = WIDTH - 16, 40, 200
    bottom, games = top + plot_h, max(len(order), 1)

    def x_at(i):
        return left + (right - left) * i / games

    def y_at(v):
        return bottom - plot_h * (v - low) / (high - low)

    legend_svg, legend_h = (
        legend([(seat, name) for seat, (name, _points) in enumerate(lines)], bottom + 52) if len(lines) > 1 else ("", 0)
    )
    height = bottom + 44 + legend_h
    last = separated([f"{name} {number(round(points[-1][0], 1))}" for name, points in lines if points]) or "-"
    out = [
        svg_open(height, _("%(title)s: %(values)s", title=title, values=last)),
        f'<rect class="bg" width="{WIDTH}" height="{height}" fill="#fff"/>',
        f'<text x="12" y="22" font-size="16" font-weight="bold">{text(title)}</text>',
    ]
    for tick in ticks:
        y = y_at(tick)
        out.append(
            f'<line class="grid" x1="{left}" y1="{y:.1f}" x2="{right}" y2="{y:.1f}" stroke="#d0d0d0"/>'
            f'<text x="{left - 6}" y="{y + 4:.1f}" text-anchor="end" fill="#333">{number(tick)}</text>'
        )
    for seat, (_name, points) in enumerate(lines):
        if points:
            first = at[points[0][2]] - 1
            line = " ".join(f"{x_at(at[finished]):.1f},{y_at(rating):.1f}" for rating, _spread, finished in points)
            colour, dash, _shape = style(seat)
            dash_attr = f' stroke-dasharray="{dash}"' if dash else ""
            out.append(
                f'<polyline class="rating" points="{x_at(first):.1f},{y_at(0):.1f} {line}" fill="none" '
                f'stroke="{colour}" stroke-width="2.5" stroke-linejoin="round"{dash_attr}/>'
            )
    # The first game's day, the last's and one between (each day once): when the games were, in the reader's words.
    shown = set()
    for i, anchor in {1: "start", (games + 1) // 2: "middle", games: "end"}.items() if order else ():
        day = words.day(order[i - 1])
        if day not in shown:
            shown.add(day)
            out.append(
                f'<text class="date" x="{x_at(i):.1f}" y="{bottom + 18}" text-anchor="{anchor}" '
                f'fill="#333">{text(day)}</text>'
            )
    out.append(
        f'<text x="{(left + right) / 2:.1f}" y="{bottom + 36}" text-anchor="middle" fill="#333">'
        f"{text(ngettext('%(num)d game rated', '%(num)d games rated', len(order)))}</text>"
    )
    out.append(legend_svg + "</svg>")
    return "".join(out)


def chart(svg):
    """Mark an SVG from this module as safe to put in a page: it escapes every name itself."""
    return Markup(svg)


def running_chart(scored, record=None):
    """Return the running-totals chart of a scored game, safe to put in a page. With the game's record, a late
    arrival who has not played yet stands at their starting total, as on the sheet."""
    standing = rules.standing_totals(record, scored["totals"]) if record else None
    return chart(running_totals_svg(scored, standing=standing))
