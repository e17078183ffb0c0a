"""The command line run in the test's own process: the real entry point (`scorekeeper.cli.main`, argparse and all)
on the words a user types, its output and exit status caught as a subprocess's would be.

A new `python -m scorekeeper` costs some 0.6 s of CPU before it does anything (1.5 s with WeasyPrint's fonts for a
sheet), and the suite ran over a hundred: use `run_cli` unless the test is about the process itself (its exit
on a signal, `serve`, memory, a pipe closed early), and keep one subprocess per command family as the smoke test
that `python -m scorekeeper` starts at all (`run_process` below, `tests/test_cli.py`).
"""

import contextlib
import io
import os
import subprocess
import sys
from pathlib import Path

from scorekeeper import cli

ROOT = Path(__file__).resolve().parent.parent


def run_cli(*args, cwd=None, env=None, check=False):
    """Run `python -m scorekeeper *args` in-process; return a CompletedProcess (returncode, stdout, stderr).

    cwd: the folder it runs in (relative paths are read from there); env: variables set for the run only (as
    SCOREKEEPER_DB), the others left as they are; check: raise CalledProcessError on a non-zero exit, as
    subprocess.run(check=True) does."""
    argv = [str(arg) for arg in args]
    out, err = io.StringIO(), io.StringIO()
    with contextlib.ExitStack() as stack:
        if cwd is not None:
            stack.enter_context(contextlib.chdir(cwd))
        if env:
            stack.enter_context(_environment(env))
        stack.enter_context(contextlib.redirect_stdout(out))
        stack.enter_context(contextlib.redirect_stderr(err))
        try:
            status = cli.main(argv)
        except SystemExit as exit:  # argparse's refusals (2) and --help (0), as `raise SystemExit(main())` would
            status = exit.code
            if isinstance(status, str):
                print(status, file=sys.stderr)
                status = 1
    done = subprocess.CompletedProcess(
        ["python", "-m", "scorekeeper", *argv], status or 0, out.getvalue(), err.getvalue()
    )
    if check:
        done.check_returncode()
    return done


def run_process(*args, cwd=ROOT, env=None, timeout=120):
    """Run `python -m scorekeeper *args` as a new process, as a user does: for tests about the process."""
    return subprocess.run(
        [sys.executable, "-m", "scorekeeper", *map(str, args)],
        capture_output=True,
        text=True,
        cwd=cwd,
        env=None if env is None else {**os.environ, **env},
        timeout=timeout,
    )


@contextlib.contextmanager
def _environment(values):
    saved = {name: os.environ.get(name) for name in values}
    os.environ.update({name: str(value) for name, value in values.items()})
    try:
        yield
    finally:
        for name, value in saved.items():
            if value is None:
                os.environ.pop(name, None)
            else:
                os.environ[name] = value
