"""`make bench` (bench/run.py): every benchmark runs, even after one exits or fails, and one table is printed."""

import runpy
import subprocess
import sys
from pathlib import Path

RUN = Path(__file__).resolve().parent.parent / "bench" / "run.py"


def test_every_benchmark_runs_into_one_table(tmp_path):
    (tmp_path / "bench_a.py").write_text(
        "import sys\n"
        "def rows():\n    return [('first', '1 ms', '2 ms', 0.5, '<= 1')]\n"
        "if __name__ == '__main__':\n    sys.exit(1)\n"
        "sys.exit(0)\n"
    )  # a script that exits while it is loaded, as bench_sheet_page.py did
    (tmp_path / "bench_b.py").write_text("def rows():\n    raise RuntimeError('no fonts')\n")
    (tmp_path / "bench_c.py").write_text("def rows():\n    return [('third', '4 ms', '1 ms', 4.0, '<= 3')]\n")
    done = subprocess.run([sys.executable, str(RUN), str(tmp_path)], capture_output=True, text=True, timeout=60)
    lines = done.stdout.splitlines()
    assert lines[0].split() == ["benchmark", "measured", "against", "ratio", "target"]
    table = "\n".join(lines)
    assert "bench_a" in table and "SystemExit" in table
    assert "bench_b" in table and "no fonts" in table
    assert "third" in table and "4.00" in table and "MISSED" in table
    assert len(lines) == 4, table  # one header and one row each: a single table


def test_every_benchmark_of_ours_offers_its_rows_to_the_table():
    scripts = sorted(RUN.parent.glob("bench_*.py"))
    assert len(scripts) >= 9
    sys.path.insert(0, str(RUN.parent))
    try:
        for script in scripts:
            assert callable(runpy.run_path(str(script), run_name=script.stem).get("rows")), script.name
    finally:
        sys.path.remove(str(RUN.parent))


def test_the_room_benchmark_as_an_event_runs_without_errors():
    """bench_room --event against the real server: the event made through the events API with the owner's key,
    its round started, the tables tapping, and the director's page (through the director's link) and the big
    screen fetched as their pages do; no error. Its times are not checked here (they belong to make bench)."""
    done = subprocess.run(
        [
            sys.executable,
            str(RUN.parent / "bench_room.py"),
            "--tables",
            "2",
            "--seconds",
            "2",
            "--tap-every",
            "0.5",
            "--event",
        ],
        capture_output=True,
        text=True,
        timeout=120,
    )
    report = done.stdout.splitlines()[-1] if done.stdout else done.stderr
    assert "2 tables (12 phones)" in report and " 0 errors" in report, report
    assert "director page p99" in report and "screen page p99" in report, report
    assert "error:" not in done.stdout, done.stdout
