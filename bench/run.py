"""Run every benchmark in this folder and print one table of the ratios they measured.

Each bench_*.py offers rows(): (what, measured, against, ratio, target), or (what, seconds, ratio, target)
measured against a bare route. A benchmark that fails
(or calls sys.exit) gets a row saying so, and the others still run.
"""

import gc
import runpy
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
        lines.append((what, measured, against, f"{ratio:.2f}" if isinstance(ratio, float) else ratio,
                      target + verdict))
    widths = [max(len(line[column]) for line in lines) for column in range(len(HEADER))]
    for line in lines:
        print("  ".join(cell.ljust(width) for cell, width in zip(line, widths)).rstrip(), flush=True)


def collect(folder):
    """Return the rows of every bench_*.py in folder, in name order."""
    sys.path.insert(0, str(folder))
    rows = []
    for script in sorted(Path(folder).glob("bench_*.py")):
        print(f"running {script.name}...", file=sys.stderr, flush=True)
        gc.collect()  # what the one before left behind is not this one's cost
        try:
            found = runpy.run_path(str(script), run_name=script.stem)["rows"]()
        except (Exception, SystemExit) as error:  # one broken benchmark must not hide the others
            found = [(script.stem, "failed", "", f"{type(error).__name__}: {error}", "")]
        rows += found
    return rows


def main(folder=Path(__file__).parent):
    print_table(collect(folder))


if __name__ == "__main__":
    main(Path(sys.argv[1]) if len(sys.argv) > 1 else Path(__file__).parent)
