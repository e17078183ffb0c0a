"""The reference docs name only what is: every file, folder, module and constant they put in `code` exists.

History and reasoning live in docs/decisions/ (records of their day: they may name what has since gone)."""

import importlib
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
# RULES.md is the rule book's copy: the seed documents it cites are not in this repository.
REFERENCE = sorted(path for path in [ROOT / "README.md", *(ROOT / "docs").glob("*.md")] if path.name != "RULES.md")
# Where a doc's relative path may start: the repository, the package, the templates, the static files.
BASES = [ROOT, ROOT / "scorekeeper", ROOT / "templates", ROOT / "scorekeeper" / "static", ROOT / "tests"]
EXTENSIONS = (".py", ".html", ".js", ".css", ".md", ".json", ".txt", ".toml", ".svg", ".po", ".pot", ".cfg")
NOT_OURS = ("test-artifacts/", "instance/", "node_modules", ".venv", "http", "/api/", "seeds/", "<", "*", "~",
            "EXPORT", "GAME", "EVENT", "SHEET", "/tmp", "/etc", "/usr", "/var", ".local")
MODULES = {path.stem for path in (ROOT / "scorekeeper").rglob("*.py")} | {
    path.name for path in (ROOT / "scorekeeper").rglob("*") if path.is_dir()}


def code_spans(path):
    text = re.sub(r"```.*?```", "", path.read_text(), flags=re.S)
    return set(re.findall(r"`([^`\n]+)`", text))


def is_path(span):
    """A file or folder of ours: not a URL (`/sw.js`), an extension (`.po`), a placeholder (`views/NAME.py`)."""
    return (" " not in span and not span.startswith(("/", ".", "_")) and not re.search(r"[A-Z]{4}", span)
            and span not in {"config.py", "settlement.pot"} and not any(mark in span for mark in NOT_OURS)
            and (span.endswith(EXTENSIONS) or (span.endswith("/") and "/" in span[:-1])))


def exists(span):
    span = span.split(":")[0].split("#")[0]
    if "/" not in span:
        return any(ROOT.rglob(span))
    return any((base / span).exists() for base in BASES)


def named_constant(span):
    """`module.CONSTANT` (a module of the package, a constant in capitals): the module must hold it."""
    match = re.fullmatch(r"([a-z_]+(?:\.[a-z_]+)*)\.([A-Z][A-Z0-9_]+)", span)
    return match.groups() if match else None


def resolve(module, name):
    candidates = [f"scorekeeper.{module}"] + [
        ".".join(("scorekeeper", *path.relative_to(ROOT / "scorekeeper").with_suffix("").parts))
        for path in (ROOT / "scorekeeper").rglob(f"{module.split('.')[-1]}.py")]
    for candidate in candidates:
        try:
            if hasattr(importlib.import_module(candidate), name):
                return True
        except ImportError:
            continue
    return False


@pytest.mark.parametrize("doc", REFERENCE, ids=lambda path: path.name)
def test_every_path_a_doc_names_exists(doc):
    missing = sorted(span for span in code_spans(doc) if is_path(span) and not exists(span))
    assert not missing, f"{doc.name} names files that do not exist: {missing}"


@pytest.mark.parametrize("doc", REFERENCE, ids=lambda path: path.name)
def test_every_constant_a_doc_names_is_where_it_says(doc):
    wrong = []
    for span in code_spans(doc):
        named = named_constant(span)
        if named and named[0].split(".")[0] in MODULES | {"pdf"} and not resolve(*named):
            wrong.append(span)
    assert not wrong, f"{doc.name} names constants that are not there: {sorted(wrong)}"
