"""Print how long the table cards of a round of 166 tables take (each card and its table's blank score sheet,
one PDF), against the naive WeasyPrint rendering of the same cards: one document per card and per sheet,
joined (23 s on the director's laptop, issue 24).

Status: the app still renders the naive way (ratio 1.0). Rendering all cards, and the sheets sharing a head, as
one document each was measured 1.7 times slower here (WeasyPrint's layout of one long document of flex cards
and inline SVG QR codes costs more than many short ones); PNG QR codes took the cards from 0.45 to 0.33 s
each. The 5 s target is not met yet.

Run: .venv/bin/python bench/bench_event_cards.py [--tables 166]
Target: a director at the printer waits at most 5 s for 166 tables (and the PDF has every table's pages).
"""

import argparse
import sys
import time

from common import run_alone
from scorekeeper import rules
from scorekeeper.printing import events as printing
from scorekeeper.printing.render import render_slot
from scorekeeper.rules import events

TARGET_SECONDS = 5.0


def round_tables(count):
    """A Cartier round of `count` tables of 4 as the app prints it: seats, first dealer, links, an unplayed game."""
    table_rules = events.FORMATS.find("cartier").table_rules({}, {"advance": [2, 1]})
    tables = []
    for number in range(1, count + 1):
        seats = [f"Player {number:03}-{seat}" for seat in range(1, 5)]
        game = rules.load({"players": seats, "rules": {**table_rules, "first_dealer": number % 4}, "hands": []})
        tables.append({"number": number, "seats": seats, "first_dealer": seats[number % 4],
                       "scorekeeper_url": f"https://club.example/games/g{number:05}/claim/k{number:020}",
                       "follow_url": f"https://club.example/games/g{number:05}", "game": game})
    return tables


def naive(name, number, tables, standings_url):
    """One WeasyPrint document per card and per sheet, joined: the straightforward rendering."""
    standings_qr = printing.qr_svg(standings_url)
    parts = []
    for table in tables:
        parts.append((printing._card_html(name, number, table, standings_qr, standings_url), False))
        parts.append((printing.table_sheet_html(table["game"], printing._sheet_header(name, number, table)), True))
    with render_slot():
        return printing._joined(printing._documents(parts))


def pages(pdf):
    return pdf.count(b"/Type /Page\n") or pdf.count(b"/Type /Page") - pdf.count(b"/Type /Pages")


def rows(count=166):
    tables = round_tables(count)
    url = "https://club.example/events/e1/standings"
    start = time.perf_counter()
    ours = printing.round_cards_pdf("Cartier night", 1, tables, url)
    t_ours = time.perf_counter() - start
    start = time.perf_counter()
    plain = naive("Cartier night", 1, tables, url)
    t_plain = time.perf_counter() - start
    same = "same pages" if pages(ours) == pages(plain) else f"PAGES DIFFER {pages(ours)} / {pages(plain)}"
    return [(f"table cards, {count} tables ({same}) / naive: a document per card and sheet",
             f"{t_ours:.2f} s", f"{t_plain:.2f} s", t_ours / t_plain, "<= 1"),
            (f"table cards, {count} tables / the director's 5 s", f"{t_ours:.2f} s", "5 s",
             t_ours / TARGET_SECONDS, "<= 1")]


if __name__ == "__main__":
    parser = argparse.ArgumentParser()
    parser.add_argument("--tables", type=int, default=166)
    sys.exit(run_alone(rows(min(max(parser.parse_args().tables, 1), 300))))
