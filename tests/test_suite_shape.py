"""The test suite's own shape (issue 45, item 5): shared helpers live in helper modules, imported one way.

A test module that imports another runs that module a second time under a second name (pytest imports
tests/test_x.py as `test_x`, `from tests.test_x import` imports it again as `tests.test_x`), and a helper imported
as both `game_helpers` and `tests.game_helpers` is two modules with two copies of its state (conftest.py, which pytest
imports itself, likewise). So: no test module and no conftest is imported by another module, every helper module in
tests/ is imported one way, `from tests.<module> import ...`, and a helper module holds no tests.
"""

import ast
from pathlib import Path

TESTS = Path(__file__).parent
LOCAL = {path.stem for path in TESTS.glob("*.py")}


def wrong_imports(path):
    """Say what is wrong with each import of the module at path (nested imports too)."""
    found = []
    for node in ast.walk(ast.parse(path.read_text(), filename=str(path))):
        where = f"{path.name}:{getattr(node, 'lineno', 0)}"
        if isinstance(node, ast.Import):
            names = [alias.name for alias in node.names]
            found += [
                f"{where} `import {name}`: write `from {name} import ...`" for name in names if name[:6] == "tests."
            ]
        elif isinstance(node, ast.ImportFrom) and node.module:
            names = [node.module]
            if node.module == "tests":  # `from tests import x` imports the module tests.x
                names += [f"tests.{alias.name}" for alias in node.names]
                found.append(f"{where} `from tests import ...`: write `from tests.<module> import ...`")
        else:
            continue
        for name in names:
            parts = name.split(".")
            local = parts[1:2] if parts[0] == "tests" else parts[:1] if parts[0] in LOCAL else []
            if local == ["conftest"]:
                found.append(f"{where} imports conftest, which pytest has imported already: use a helper module")
            elif local and local[0].startswith("test_"):
                found.append(f"{where} imports the test module {name!r}: move what it shares to a helper module")
            elif parts[0] in LOCAL:
                found.append(f"{where} imports {name!r} by its bare name: write `from tests.{name} import ...`")
    return found


def test_no_test_module_is_imported_and_helpers_are_imported_as_tests_dot_name():
    wrong = [problem for path in sorted(TESTS.glob("*.py")) for problem in wrong_imports(path)]
    assert wrong == []


def test_a_helper_module_holds_no_tests():
    helpers = [path for path in sorted(TESTS.glob("*.py")) if not path.stem.startswith("test_")]
    holding = [
        f"{path.name}: {node.name}"
        for path in helpers
        for node in ast.parse(path.read_text()).body
        if isinstance(node, ast.FunctionDef | ast.ClassDef) and node.name.lower().startswith("test")
    ]
    assert holding == []
