"""The algebra of a game's history (scorekeeper/rules/game/changes.py): a change leads from one record to the next and back."""

import ast
from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scorekeeper.rules.game.changes import apply, diff

VALUES = st.recursive(
    st.none() | st.booleans() | st.integers(-5, 5) | st.text(max_size=3),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=2), inner, max_size=3),
    max_leaves=6,
)
HANDS = st.lists(
    st.fixed_dictionaries({"cards": st.integers(1, 3), "bids": st.lists(st.integers(0, 3), max_size=3)}), max_size=5
)
RECORDS = st.dictionaries(st.sampled_from(["players", "rules", "table", "room"]), VALUES, max_size=4).flatmap(
    lambda record: st.one_of(st.just(record), HANDS.map(lambda hands: {**record, "hands": hands}))
)


@settings(deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(RECORDS, RECORDS)
def test_a_change_leads_there_and_back(before, after):
    change = diff(before, after)
    assert apply(before, change) == after
    assert apply(after, change, forward=False) == before


@settings(deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(RECORDS, HANDS)
def test_a_new_hand_stores_that_hand_only(record, hands):
    before = {**record, "hands": hands}
    after = {**before, "hands": [*hands, {"cards": 1, "bids": [0]}]}
    assert diff(before, after) == {"hands": {"at": len(hands), "before": [], "after": [{"cards": 1, "bids": [0]}]}}


def test_the_history_algebra_and_the_repair_are_pure():
    """No Flask, no SQLite: they import the standard library and the rules engine only."""
    package = Path(__file__).resolve().parent.parent / "scorekeeper"
    for path in (package / "rules" / "game" / "changes.py", package / "rules" / "game" / "repair.py"):
        imported = set()
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.Import):
                imported.update(alias.name for alias in node.names)
            elif isinstance(node, ast.ImportFrom):
                imported.add("." * node.level + (node.module or ""))
        assert imported <= {"json", "math", ".", ".rules", ".limits", ".record"}, (path.name, imported)
