"""Print how long the table cards of a round of 166 tables take (each card and its table's blank score sheet,
one PDF), against the naive WeasyPrint rendering of the same cards (one document per card and per sheet, joined:
23 s on the director's laptop, issue 24) and against the director's 5 s at the printer.

The app lays out one card of each table size and one blank sheet of each kind with WeasyPrint, and stamps each
table's own words and QR codes on them (printing/stamp.py, printing/table_cards.py). The time is the wall
clock of one call in a process that has imported WeasyPrint but rendered nothing yet (as a server's first
print of the night); the CPU time of that call is printed beside it, because a shared machine's wall clock
counts the other processes' turns too.

A round whose blank sheets run to two pages (tables of 3 on the default rules: 33 hands, issue 43: 113 s for 166
tables the WeasyPrint way, longer than a proxy waits) is stamped too, its sheet's pages laid out once: the second
pair of rows times it against 10 s (the naive way is not timed again: it is the 113 s).

Run: .venv/bin/python bench/bench_event_cards.py [--tables 166]
Target: a director at the printer waits at most 5 s for 166 tables of 4, at most 10 s for 166 tables of 3 whose
sheets take two pages, every table's pages in the PDF.
"""

import argparse
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from common import run_alone
from scorekeeper import rules
from scorekeeper.printing import events as printing
from scorekeeper.printing.render import render_slot
from scorekeeper.rules import events

TARGET_SECONDS = 5.0
TWO_PAGE_TARGET = 10.0
STANDINGS = "https://club.example/events/e1/standings"


def round_tables(count, seats=4, table_rules=None):
    """A round of `count` tables as the app prints it: seats, first dealer, links, an unplayed game; a Cartier
    round of tables of 4 unless told other rules (the default rules at tables of 3: two-page sheets)."""
    if table_rules is None:
        table_rules = events.FORMATS.find("cartier").table_rules({}, {"advance": [2, 1]})
    tables = []
    for number in range(1, count + 1):
        names = [f"Player {number:03}-{seat}" for seat in range(1, seats + 1)]
        game = rules.load({"players": names, "rules": {**table_rules, "first_dealer": number % seats}, "hands": []})
        tables.append(
            {
                "number": number,
                "seats": names,
                "first_dealer": names[number % seats],
                "scorekeeper_url": f"https://club.example/games/g{number:05}/claim/k{number:020}",
                "follow_url": f"https://club.example/games/g{number:05}",
                "game": game,
            }
        )
    return tables


def naive(name, number, tables, standings_url):
    """One WeasyPrint document per card and per sheet, joined: the straightforward rendering."""
    with render_slot():
        return printing._joined(printing._documents(printing.naive_parts(name, number, tables, standings_url)))


def pages(pdf):
    """The PDF's pages as poppler counts them."""
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "cards.pdf"
        path.write_bytes(pdf)
        out = subprocess.run(["pdfinfo", str(path)], check=True, capture_output=True, text=True).stdout
    return int(next(line.split()[1] for line in out.splitlines() if line.startswith("Pages:")))


def timed(render):
    wall, cpu = time.perf_counter(), time.process_time()
    pdf = render()
    return pdf, time.perf_counter() - wall, time.process_time() - cpu


def rows(count=166):
    tables = round_tables(count)
    import weasyprint  # noqa: F401  (imported before the clock starts, as in a running server)

    ours, t_ours, cpu_ours = timed(lambda: printing.round_cards_pdf("Cartier night", 1, tables, STANDINGS))
    plain, t_plain, cpu_plain = timed(lambda: naive("Cartier night", 1, tables, STANDINGS))
    expected = 2 * count
    same = (
        "every page"
        if pages(ours) == pages(plain) == expected
        else f"PAGES {pages(ours)} / {pages(plain)}, not {expected}"
    )
    return [
        (
            f"table cards, {count} tables ({same}) / naive: a document per card and sheet",
            f"{t_ours:.2f} s",
            f"{t_plain:.2f} s",
            t_ours / t_plain,
            "<= 1",
        ),
        (
            f"table cards, {count} tables / the director's 5 s (CPU {cpu_ours:.2f} s; naive {cpu_plain:.2f} s)",
            f"{t_ours:.2f} s",
            f"{TARGET_SECONDS:.0f} s",
            t_ours / TARGET_SECONDS,
            "<= 1",
        ),
        two_page_row(count),
    ]


def two_page_row(count):
    """The cards of `count` tables of 3 on the default rules (33 hands: each blank sheet two pages) / 10 s."""
    tables = round_tables(count, seats=3, table_rules={})
    pdf, wall, cpu = timed(lambda: printing.round_cards_pdf("Qualifiers", 1, tables, STANDINGS))
    expected = 3 * count
    same = "every page" if pages(pdf) == expected else f"PAGES {pages(pdf)}, not {expected}"
    return (
        f"table cards, {count} tables of 3, two-page sheets ({same}; CPU {cpu:.2f} s) / 10 s",
        f"{wall:.2f} s",
        f"{TWO_PAGE_TARGET:.0f} s",
        wall / TWO_PAGE_TARGET,
        "<= 1",
    )


if __name__ == "__main__":
    parser = argparse.ArgumentParser()
    parser.add_argument("--tables", type=int, default=166)
    sys.exit(run_alone(rows(min(max(parser.parse_args().tables, 1), 300))))
