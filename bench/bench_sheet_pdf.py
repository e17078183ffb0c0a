"""Print how long WeasyPrint takes for our 7-player, 25-hand blank sheet against a plain one-table sheet,
and for the filled sheet of a played 7 x 25 game against the same table with its cells filled in.

Run: .venv/bin/python bench/bench_sheet_pdf.py
Targets: the blank sheet (issue 4) <= 0.25 x the plain table, uncached; a cached repeat close to reading a
static file; the filled sheet (issue 17) <= 0.3 x the plain filled table, uncached.
"""

import json
import sys
import tempfile
import time
from pathlib import Path

from common import GAME, PLAYERS, run_alone
from scorekeeper import printing, rules
from scorekeeper.text import sentences

PARAMS = dict(players=7, names=PLAYERS, pattern="up-down", max_cards=13, decks=2)


def plain_table_html(players, sizes):
    """The straightforward layout: one big HTML table, a bordered cell for everything."""
    head = "".join(f'<th colspan="3">{name}</th>' for name in players)
    sub = "<th>Bid</th><th>Took</th><th>Score</th>" * len(players)
    body = "".join(
        f"<tr><td>{size}</td><td></td><td></td>" + "<td></td>" * 3 * len(players) + "</tr>" for size in sizes
    )
    total = '<tr><td colspan="3">Total</td>' + "<td></td>" * 3 * len(players) + "</tr>"
    return f"""<!doctype html><html><head><meta charset="utf-8"><style>
      @page {{ size: A4; margin: 9mm; }}
      body {{ font-family: "DejaVu Sans", sans-serif; font-size: 9pt; }}
      table {{ width: 100%; border-collapse: collapse; }}
      th, td {{ border: 1px solid #444; height: 8.5mm; text-align: center; }}
    </style></head><body><h1>Oh Hell</h1><p>Deal: up and down, 2 decks</p>
    <table><thead><tr><th rowspan="2">Cards</th><th rowspan="2">Dealer</th><th rowspan="2">Trump</th>{head}</tr>
    <tr>{sub}</tr></thead><tbody>{body}{total}</tbody></table></body></html>"""


def plain_filled_html(game):
    """The straightforward layout of a played game: one big HTML table, a bordered cell for every entry."""
    scored = rules.score(game)
    head = "".join(f'<th colspan="3">{name}</th>' for name in game.players)
    sub = "<th>Bid</th><th>Took</th><th>Score</th>" * len(game.players)
    body = []
    for hand in scored["hands"]:
        cells = [str(hand["cards"]), game.players[hand["dealer"]], hand["trump"] or ""]
        for seat in range(len(game.players)):
            made = hand["made"] is not None and hand["made"][seat]
            cells += [
                f"{hand['bids'][seat]}{'✓' if made else ''}",
                "" if hand["tricks"] is None else str(hand["tricks"][seat]),
                "" if hand["totals"] is None else f"{hand['totals'][seat]:g}",
            ]
        body.append("<tr>" + "".join(f"<td>{cell}</td>" for cell in cells) + "</tr>")
    total = (
        '<tr><td colspan="3">Total</td>'
        + "".join(f"<td></td><td></td><td>{t:g}</td>" for t in scored["totals"])
        + "</tr>"
    )
    return f"""<!doctype html><html><head><meta charset="utf-8"><style>
      @page {{ size: A4; margin: 9mm; }}
      body {{ font-family: "DejaVu Sans", sans-serif; font-size: 9pt; }}
      table {{ width: 100%; border-collapse: collapse; }}
      th, td {{ border: 1px solid #444; height: 8.5mm; text-align: center; }}
    </style></head><body><h1>Oh Hell</h1><p>{sentences.standing_text(scored)}</p>
    <table><thead><tr><th rowspan="2">Cards</th><th rowspan="2">Dealer</th><th rowspan="2">Trump</th>{head}</tr>
    <tr>{sub}</tr></thead><tbody>{"".join(body)}{total}</tbody></table></body></html>"""


def filled_rows():
    """The filled sheet of the 7 x 25 game against the plain filled table, uncached, interleaved."""
    from weasyprint import HTML

    game = rules.load(json.loads(GAME.read_text(encoding="utf-8")))
    assert len(game.players) == 7 and len(game.hands) == 25
    plain = plain_filled_html(game)
    printing.render_game_sheet(game)
    HTML(string=plain).write_pdf()
    t_plain, t_ours = [], []
    for _ in range(7):
        t_plain.append(best_of(1, lambda: HTML(string=plain).write_pdf()))
        t_ours.append(best_of(1, lambda: printing.render_game_sheet(game)))
    t_plain, t_ours = min(t_plain), min(t_ours)
    return [
        (
            "our filled sheet 7p 25h / plain filled table",
            f"{t_ours * 1e3:.1f} ms",
            f"{t_plain * 1e3:.1f} ms",
            t_ours / t_plain,
            "<= 0.3",
        )
    ]


def best_of(runs, work):
    """Return the best time of a few runs of work(), in seconds: the least disturbed by other load."""
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        work()
        times.append(time.perf_counter() - start)
    return min(times)


def rows():
    """Return this benchmark's rows for bench/run.py's table: (what, measured, against, ratio, target)."""
    from weasyprint import HTML

    sizes = list(printing.blank_params(**PARAMS)["plan"])
    assert len(sizes) == 25, sizes
    plain = plain_table_html(PLAYERS, sizes)
    one_line = "<!doctype html><p>Oh Hell</p>"
    printing.render_blank_sheet(**PARAMS)  # warm up: imports, fonts
    HTML(string=plain).write_pdf()

    t_line, t_plain, t_ours = [], [], []
    for _ in range(7):  # interleaved, so a burst of load elsewhere hits all three alike
        t_line.append(best_of(1, lambda: HTML(string=one_line).write_pdf()))
        t_plain.append(best_of(1, lambda: HTML(string=plain).write_pdf()))
        t_ours.append(best_of(1, lambda: printing.render_blank_sheet(**PARAMS)))
    t_line, t_plain, t_ours = min(t_line), min(t_plain), min(t_ours)
    data = printing.blank_sheet_pdf(**PARAMS)
    t_cached = best_of(50, lambda: printing.blank_sheet_pdf(**PARAMS))
    with tempfile.NamedTemporaryFile(suffix=".pdf") as static:
        static.write(data)
        static.flush()
        t_static = best_of(50, lambda: Path(static.name).read_bytes())

    return [
        (
            "plain one-table sheet 7p 25h / one line",
            f"{t_plain * 1e3:.1f} ms",
            f"{t_line * 1e3:.1f} ms",
            t_plain / t_line,
            "",
        ),
        (
            "our blank sheet 7p 25h / plain table",
            f"{t_ours * 1e3:.1f} ms",
            f"{t_plain * 1e3:.1f} ms",
            t_ours / t_plain,
            "<= 0.25",
        ),
        (
            f"cached sheet / static file of {len(data)} bytes",
            f"{t_cached * 1e6:.1f} us",
            f"{t_static * 1e6:.1f} us",
            t_cached / t_static,
            "",
        ),
    ] + filled_rows()


if __name__ == "__main__":
    sys.exit(run_alone(rows()))
