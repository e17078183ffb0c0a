"""One source for each rule (issue 45, item 4; docs/decisions/0042): the places a rule lives, and that no other
module works it out again. The rules' own parity is tested beside them (test_hook_one_source.py,
test_bidstate_parity.py, test_queue_engine_parity.py, test_render_queues.py)."""

from pathlib import Path

from scorekeeper import rules
from scorekeeper.rules.events import record as events_record

PACKAGE = Path(__file__).resolve().parent.parent / "scorekeeper"


def holders(text):
    """The package's Python modules whose source holds `text`, as paths inside the package."""
    return sorted(path.relative_to(PACKAGE).as_posix() for path in PACKAGE.rglob("*.py") if text in path.read_text())


def test_each_rule_is_worked_out_in_one_module():
    assert holders("def hooked_bid(") == ["rules/bids/bidding.py"]
    # The engine's bid asks BidState (rules.bid_state), the record's load asks hooked_bid itself.
    assert holders("hooked_bid(") == ["rules/bids/bidding.py", "rules/game/record.py"]
    assert holders('headers.get("Authorization"') == ["web/bearer.py"]
    # Keys in cookies are web/keys.py's; the other cookie set is the language the reader chose.
    assert holders(".set_cookie(") == ["views/languages.py", "web/keys.py"]
    assert holders("from weasyprint import HTML") == ["printing/render.py"]
    # JSON from outside (the three APIs' bodies, an import, a record or an event file) reads integers one way.
    assert (
        holders("parse_int=")
        == holders("parse_int=numbers.json_int")
        == ["rules/events/record.py", "rules/game/record.py", "store/exports.py", "web/api_answers.py"]
    )


def test_a_huge_integer_in_a_record_or_an_event_file_is_named():
    huge = "9" * 5000
    for load in (rules.load, events_record.load_event):
        try:
            load('{"players": ["Ann", "Bob"], "rules": {"hook_from": ' + huge + '}, "hands": []}')
        except rules.RecordError as error:
            assert "holds a number of 5,000 digits" in str(error), str(error)
        else:
            raise AssertionError("a 5,000-digit number was read")
