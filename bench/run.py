"""Run every benchmark in this folder and print one table of the ratios they measured.

Each bench_*.py offers rows(): (what, measured, against, ratio, target), or (what, seconds, ratio, target)
measured against a bare route. Each runs in a process of its own, so what one leaves behind (its heap, its
caches, its threads) is not the next one's cost. A benchmark that fails (or calls sys.exit) gets a row saying
so, and the others still run.
"""

import json
import runpy
import subprocess
import sys
from pathlib import Path

HEADER = ("benchmark", "measured", "against", "ratio", "target")


def print_table(rows):
    """Print rows as one aligned table; a target of '<= x' is marked ok or MISSED."""
    lines = [HEADER]
    for row in rows:
        if len(row) == 4:  # (what, seconds, ratio to a bare route, target or None), as bench_read.py gives
            what, seconds, ratio, target = row
            row = (what, f"{seconds * 1e3:.3f} ms", "hello route", ratio, "" if target is None else f"<= {target:g}")
        what, measured, against, ratio, target = row
        verdict = ""
        if isinstance(ratio, float) and target.startswith("<="):
            verdict = " ok" if ratio <= float(target[2:]) else " MISSED"
        lines.append((what, measured, against, f"{ratio:.2f}" if isinstance(ratio, float) else ratio, target + verdict))
    widths = [max(len(line[column]) for line in lines) for column in range(len(HEADER))]
    for line in lines:
        print("  ".join(cell.ljust(width) for cell, width in zip(line, widths)).rstrip(), flush=True)


def collect(folder):
    """Return the rows of every bench_*.py in folder, in name order, each run in a process of its own."""
    rows = []
    for script in sorted(Path(folder).glob("bench_*.py")):
        print(f"running {script.name}...", file=sys.stderr, flush=True)
        done = subprocess.run([sys.executable, __file__, "--one", str(script)], stdout=subprocess.PIPE, text=True)
        try:
            rows += [tuple(row) for row in json.loads(done.stdout.strip().splitlines()[-1])]
        except (IndexError, ValueError):  # it died before saying anything
            rows.append((script.stem, "failed", "", f"exit status {done.returncode}", ""))
    return rows


def one(script):
    """Print the rows of one benchmark as JSON (its last line of output); a failure is its row."""
    sys.path.insert(0, str(script.parent))
    try:
        found = runpy.run_path(str(script), run_name=script.stem)["rows"]()
    except (Exception, SystemExit) as error:  # one broken benchmark must not hide the others
        found = [(script.stem, "failed", "", f"{type(error).__name__}: {error}", "")]
    print(json.dumps(found), flush=True)


def main(folder=Path(__file__).parent):
    print_table(collect(folder))


if __name__ == "__main__":
    if sys.argv[1:2] == ["--one"]:
        one(Path(sys.argv[2]))
    else:
        main(Path(sys.argv[1]) if len(sys.argv) > 1 else Path(__file__).parent)
