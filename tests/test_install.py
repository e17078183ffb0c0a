"""A fresh machine installs: the venv's bundled pip installs only the locked installer, which installs the rest."""

import re
import shutil
import subprocess
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def planned_commands(tmp_path, target):
    """The commands `make` would run for `target` in a clone with no venv yet."""
    for name in ("Makefile", "pyproject.toml", "requirements"):
        source, copy = ROOT / name, tmp_path / name
        if not copy.exists():
            (shutil.copytree if source.is_dir() else shutil.copy)(source, copy)
    made = subprocess.run(["make", "-n", target], cwd=tmp_path, capture_output=True, text=True, check=True)
    return made.stdout.splitlines()


def test_the_bundled_pip_installs_only_the_pinned_installer(tmp_path):
    for target in (".venv/.run", ".venv/.test"):
        installs = [line for line in planned_commands(tmp_path, target) if "pip install" in line]
        assert "-r requirements/installer.txt" in installs[0], installs
        assert all("--require-hashes" in line or "--no-deps -e ." in line for line in installs), installs


def test_the_installer_is_pinned_with_hashes_and_matches_the_lock():
    pins = re.findall(
        r"^(\S+)==(\S+) \\\n((?:\s+--hash=sha256:\w+(?: \\)?\n)+)",
        (ROOT / "requirements/installer.txt").read_text(),
        re.M,
    )
    assert [name for name, _, _ in pins] == ["pip"]
    name, version, hashes = pins[0]
    for lock in ("run.txt", "test.txt"):
        locked = re.search(
            r"^pip==(\S+) \\\n((?:\s+--hash=sha256:\w+(?: \\)?\n)+)", (ROOT / "requirements" / lock).read_text(), re.M
        )
        assert locked and locked.group(1) == version, f"requirements/{lock} pins another pip"
        assert sorted(locked.group(2).split()) == sorted(hashes.split())


def test_make_test_lints_before_it_tests(tmp_path):
    """Issue 45: ruff over the Python and ESLint over the browser's scripts run in make test and make test-fast,
    before any test, with the locked ruff and the ESLint installed from tests/lint/package.json."""
    (tmp_path / "tests" / "axe").mkdir(parents=True)
    shutil.copy(ROOT / "tests/axe/package.json", tmp_path / "tests/axe/package.json")
    shutil.copytree(ROOT / "tests/lint", tmp_path / "tests/lint", ignore=shutil.ignore_patterns("node_modules"))
    for target in ("test", "test-fast"):
        commands = planned_commands(tmp_path, target)
        ruff, eslint, pytest = (
            next(i for i, line in enumerate(commands) if word in line)
            for word in ("ruff check", "eslint --config", "-m pytest")
        )
        assert ruff < pytest and eslint < pytest, commands
    assert re.search(r"^ruff==", (ROOT / "requirements/test.txt").read_text(), re.M)
