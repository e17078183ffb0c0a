"""The actions API's answer as JSON text (scorekeeper/web/scored_json.py): the bytes Flask's jsonify writes for the
same answer, however the players are named, and the same again when each hand's text is taken from the kept."""

import json

from hypothesis import given, settings
from hypothesis import strategies as st

from scorekeeper import rules
from scorekeeper.web import scored_json
from tests.game_helpers import record
from scorekeeper.rules.said import json_default

names = st.lists(st.text(min_size=1, max_size=12).filter(str.strip), min_size=4, max_size=4, unique=True)


def flask_text(body):
    """What Flask's default provider writes outside debug mode: sorted keys, compact, ASCII (what the engine said
    in English: the app's json.default, web/i18n.py)."""
    return json.dumps(body, sort_keys=True, separators=(",", ":"), default=json_default)


@settings(deadline=None)
@given(players=names, message=st.none() | st.text(max_size=30))
def test_the_answer_is_the_bytes_jsonify_writes(players, message):
    try:
        loaded = rules.load(dict(record(), players=players))
    except rules.RecordError:
        return  # a name the record refuses is not a game to answer with
    body = {"revision": 3, "step": rules.step(loaded), "game": rules.score(loaded), "message": message, "sealed": []}
    assert scored_json.answer_text(body) == flask_text(body)
    assert scored_json.answer_text(body) == flask_text(body)  # the hands' texts kept from the first


def test_an_answer_without_a_game_is_written_whole():
    body = {"error": "Nothing to undo yet.", "field": "action", "revision": 1}
    assert scored_json.answer_text(body) == flask_text(body)
