"""The test suite's own shape (issue 45, item 5): shared helpers live in helper modules, imported one way.

A test module that imports another runs that module a second time under a second name (pytest imports
tests/test_x.py as `test_x`, `from tests.test_x import` imports it again as `tests.test_x`), and a helper imported
as both `game_helpers` and `tests.game_helpers` is two modules with two copies of its state (conftest.py, which pytest
imports itself, likewise). So: no test module and no conftest is imported by another module, every helper module in
tests/ is imported as `tests.<module>`, and a helper module holds no tests.
"""

import ast
from pathlib import Path

TESTS = Path(__file__).parent
LOCAL = {path.stem for path in TESTS.glob("*.py")}


def imported_modules(tree):
    """Yield (line, dotted module name) for every module an import in this tree names, nested imports too."""
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for alias in node.names:
                yield node.lineno, alias.name
        elif isinstance(node, ast.ImportFrom) and node.module:
            yield node.lineno, node.module
            if node.module == "tests":  # `from tests import test_x` names a module
                for alias in node.names:
                    yield node.lineno, f"tests.{alias.name}"


def wrong_imports(path):
    found = []
    for line, name in imported_modules(ast.parse(path.read_text(), filename=str(path))):
        parts = name.split(".")
        if "conftest" in parts[:2]:
            found.append(f"{path.name}:{line} imports conftest, which pytest has imported already: use a helper module")
        elif parts[0] in LOCAL:
            found.append(f"{path.name}:{line} imports {name!r} by its bare name: write `from tests.{name} import ...`")
        elif parts[0] == "tests" and len(parts) > 1 and parts[1].startswith("test_"):
            found.append(f"{path.name}:{line} imports the test module {name!r}: move what it shares to a helper module")
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
