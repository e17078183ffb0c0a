"""Every id an import carries is checked whole (issue 23, section 5): `"game1\\n"` once passed a `$`-anchored
pattern, answered 500 and was committed anyway."""

import json
import re

from hypothesis import HealthCheck, given, settings, strategies as st

from tests.examples import REQUESTS
from tests.game_helpers import record
from tests.transfer_helpers import count_games, upload

GOOD_ID = st.from_regex(r"[A-Za-z0-9_-]{1,64}", fullmatch=True)
# What a hostile file puts where an id goes: a good id with a line break after it, anything else printable or not.
HOSTILE_ID = st.one_of(
    GOOD_ID.map(lambda good: good + "\n"),
    GOOD_ID.map(lambda good: good + "\r\n"),
    st.text(max_size=70),
    st.text(alphabet="\n\r\t /.%\x00é", min_size=1, max_size=5),
)


def _is_good(value):
    return re.fullmatch(r"[A-Za-z0-9_-]{1,64}", value, re.ASCII) is not None


def _export(**meta):
    return json.dumps({"format": "scorekeeper-games", "version": 1, "games": [dict(record(), **meta)]})


def test_an_id_with_a_trailing_line_break_is_refused_and_nothing_is_stored(client, app):
    response = upload(client, _export(id="game1\n"))
    assert response.status_code == 400
    page = response.get_data(as_text=True)
    assert "games[0].id" in page and "Nothing was imported" in page
    assert count_games(app) == 0


@settings(max_examples=REQUESTS, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(field=st.sampled_from(["id", "edit_key", "evening"]), value=HOSTILE_ID)
def test_a_hostile_id_is_refused_whole_or_kept_whole(client, app, field, value):
    before = count_games(app)
    response = upload(client, _export(**{field: value}))
    if _is_good(value):
        assert response.status_code == 302
        assert count_games(app) in (before, before + 1) and count_games(app) >= 1  # the same id again: skipped
    else:
        assert response.status_code == 400
        assert f"games[0].{field}" in response.get_data(as_text=True)
        assert count_games(app) == before
