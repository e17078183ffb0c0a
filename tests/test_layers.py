"""The house's layers (docs/architecture.md): the folders say the architecture, and the imports keep to it."""

import ast
import os
import re
from pathlib import Path

from importlinter.cli import lint_imports

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "scorekeeper"


def test_the_import_contracts_hold(tmp_path, capsys):
    """pyproject.toml's import-linter contracts: each layer imports only those below it; the engine is pure."""
    here = os.getcwd()
    os.chdir(ROOT)
    try:
        broken = lint_imports(config_filename=str(ROOT / "pyproject.toml"), no_cache=True, no_logo=True)
    finally:
        os.chdir(here)
    assert broken == 0, capsys.readouterr().out


def test_no_module_sits_loose_at_the_top():
    """Only the app's factory and `python -m` live beside the layers' folders (the command line is one: cli/)."""
    loose = {path.name for path in PACKAGE.glob("*.py")}
    assert loose == {"__init__.py", "__main__.py"}


def test_every_layer_says_what_it_may_import():
    for init in sorted(PACKAGE.glob("*/__init__.py")):
        if init.parent.name in {"translations", "static"}:
            continue
        docstring = ast.get_docstring(ast.parse(init.read_text())) or ""
        assert "May import" in docstring, f"{init.relative_to(ROOT)}: its docstring says what it may import"


# One word for one concept (docs/architecture.md, the glossary): a game's log is its history, an event is a
# tournament. These names are retired; the decisions records may still tell of them.
RETIRED = re.compile(
    r"eventlog|event log|append_event|EVENT_FIELDS|store\.events\(|store/tournaments|tournaments\.py|rules/results\.py|rules\.results",
    re.IGNORECASE,
)


def test_no_retired_name_is_used():
    places = [
        *ROOT.glob("scorekeeper/**/*.py"),
        *ROOT.glob("scorekeeper/static/*.js"),
        *ROOT.glob("templates/**/*.html"),
        *ROOT.glob("tests/*.py"),
        *ROOT.glob("bench/*.py"),
        *ROOT.glob("docs/*.md"),
        ROOT / "README.md",
    ]
    found = [
        f"{path.relative_to(ROOT)}:{number}: {line.strip()}"
        for path in places
        if path.name != "test_layers.py"
        for number, line in enumerate(path.read_text().splitlines(), 1)
        if RETIRED.search(line) and "(retired)" not in line
    ]
    assert not found, "retired names (docs/architecture.md's glossary):\n" + "\n".join(found)


def test_no_view_owns_a_transaction():
    """A write that spans rows is one of the store's functions (`with db.atomic():` inside the store)."""
    owning = [
        f"{path.relative_to(ROOT)}:{number}"
        for path in sorted((PACKAGE / "views").rglob("*.py"))
        for number, line in enumerate(path.read_text().splitlines(), 1)
        if ".atomic(" in line
    ]
    assert not owning, "views open transactions: " + ", ".join(owning)


def _imports_between_modules():
    """{module: the scorekeeper modules it imports}, every import counted (inside functions too: a late import
    hides a circle, it does not break it)."""

    def name_of(path):
        parts = list(path.relative_to(ROOT).with_suffix("").parts)
        return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)

    modules = {name_of(path): path for path in PACKAGE.rglob("*.py")}
    graph = {}
    for name, path in modules.items():
        package = name if path.name == "__init__.py" else name.rsplit(".", 1)[0]
        named = set()
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.ImportFrom):
                base = package.split(".")[: len(package.split(".")) - node.level + 1] if node.level else []
                target = ".".join(base + [node.module] if node.module else base)
                named |= {
                    f"{target}.{alias.name}" if f"{target}.{alias.name}" in modules else target for alias in node.names
                }
            elif isinstance(node, ast.Import):
                named |= {alias.name for alias in node.names}
        graph[name] = {other for other in named if other in modules and other != name}
    return graph


def test_no_modules_import_each_other_in_a_circle():
    """The store, the engine and every other package import downwards within themselves too (the store's
    migrations → log → db → migrations circle is gone). The one exception is Flask's: a blueprint's package
    (views/table, views/events) makes the blueprint, then imports its route modules, which import it."""
    graph = _imports_between_modules()
    for package in ("scorekeeper.views.table", "scorekeeper.views.events"):
        graph[package] = {other for other in graph[package] if not other.startswith(package + ".")}
    done, circles = set(), []

    def walk(module, path):  # depth first: an import back into the path is a circle
        for other in sorted(graph[module]):
            if other in path:
                circles.append(" → ".join(path[path.index(other) :] + [other]))
            elif other not in done:
                walk(other, path + [other])
        done.add(module)

    for module in sorted(graph):
        if module not in done:
            walk(module, [module])
    assert not circles, "modules that import each other in a circle:\n" + "\n".join(circles)
