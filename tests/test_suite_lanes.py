"""The suite's lanes stay true: every test `make test-fast` leaves out as slow (tests/lanes.py SLOW) exists, so a
renamed test cannot quietly move back into the fast lane's count or a deleted one linger in the list."""

import ast
from pathlib import Path

from tests.lanes import SLOW

TESTS = Path(__file__).parent


def test_every_slow_name_is_a_test_that_exists():
    missing = []
    for name in SLOW:
        file, _, test = name.partition("::")
        path = TESTS / file
        if not path.exists():
            missing.append(name)
            continue
        tests = {node.name for node in ast.parse(path.read_text()).body if isinstance(node, ast.FunctionDef)}
        if test and test not in tests or not any(each.startswith("test_") for each in tests):
            missing.append(name)
    assert not missing, f"SLOW names no such test: {missing}"
