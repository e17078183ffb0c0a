"""Every free-text field a stranger can send is bounded (issue 41, review F-6): a penalty's reason as a note is,
the keys this app does not know on a new game, a game's history; hostile text is refused with the field and the
limit named, and nothing is stored."""

import io
import json
import uuid

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st
from werkzeug.datastructures import FileStorage

from scorekeeper import store
from scorekeeper.rules.game import limits, unknown_keys
from scorekeeper.store import log
from tests.api_helpers import Table, stored_record
from tests.game_helpers import HANDS, create, record
from tests.html_forms import form_data, submit

FUZZ = settings(suppress_health_check=list(HealthCheck), database=None)  # as many examples as the profile asks
# Text a hostile client sends: too long, several lines, control characters, invisible and bidi characters.
HOSTILE = st.one_of(
    st.text(min_size=81, max_size=400),
    st.text(max_size=80).map(lambda text: text + "\n" + text),
    st.builds(
        lambda head, control, tail: head + control + tail,
        st.text(max_size=30),
        st.sampled_from(["\x00", "\x1b", "\r", "\t", "\x7f", "\x85", "\u2028", "\u2029"]),
        st.text(max_size=30),
    ),
    st.sampled_from(["x" * 900_000, "revoke" * 20, "\u202e" * 81, "\u200b" * 81]),
)
ONE_LINE = st.text(alphabet=st.characters(blacklist_categories=("Cc", "Cs", "Zl", "Zp")), max_size=80)


def finished(client):
    """A finished two-hand game this client scores; its id, key and the actions API's table."""
    game_id, key = create(client, record())
    table = Table(client, game_id, key)
    table.revision = client.get(f"/games/{game_id}/revision").get_json()["revision"]
    return game_id, key, table


def _is_refused_reason(response, path_end):
    answer = response.get_json()
    return response.status_code == 422 and answer["field"].endswith(path_end), answer


@FUZZ
@given(reason=HOSTILE)
def test_a_penalty_reason_beyond_a_notes_limit_is_refused_by_every_way_in(client, reason):
    game_id, key, table = finished(client)
    before = stored_record(client, game_id)
    corrected = table.post(
        "correct",
        action_id=f"fix-{uuid.uuid4()}",
        number=1,
        bids=[1, 1, 0, 0],
        tricks=[0, 1, 0, 0],
        penalties=[{"seat": 2, "reason": reason, "points": -5}],
    )
    refused, answer = _is_refused_reason(corrected, "reason")
    assert refused, answer
    assert stored_record(client, game_id) == before
    hand = dict(HANDS[1], penalties=[{"seat": 0, "reason": reason, "points": -5}])
    created = client.post("/api/games", json=record(hands=[HANDS[0], hand]))
    assert created.status_code == 422 and created.get_json()["field"] == "hands[1].penalties[0].reason"


@FUZZ
@given(reason=ONE_LINE)
def test_a_reason_of_one_line_within_the_limit_is_kept_as_typed(client, reason):
    game_id, _key, table = finished(client)
    table.ok(
        "correct",
        action_id=f"fix-{uuid.uuid4()}",
        number=1,
        bids=[1, 1, 0, 0],
        tricks=[0, 1, 0, 0],
        penalties=[{"seat": 2, "reason": reason, "points": -5}],
    )
    assert stored_record(client, game_id)["hands"][0]["penalties"] == [{"seat": 2, "reason": reason, "points": -5.0}]


def test_a_taps_penalty_carries_nothing_but_its_seat_reason_and_points(client):
    game_id, _key, table = finished(client)
    before = stored_record(client, game_id)
    junk = table.post(
        "correct",
        number=1,
        bids=[1, 1, 0, 0],
        tricks=[0, 1, 0, 0],
        penalties=[{"seat": 2, "reason": "revoke", "junk": "x" * 100_000}],
    )
    assert junk.status_code == 422 and junk.get_json()["field"] == "penalties"
    assert "nothing else" in junk.get_json()["error"] and stored_record(client, game_id) == before


def test_a_hand_holds_at_most_100_penalties(client):
    many = [{"seat": 0, "reason": "revoke", "points": -1}] * (limits.MAX_PENALTIES + 1)
    refused = client.post("/api/games", json=record(hands=[dict(HANDS[0], penalties=many), HANDS[1]]))
    assert refused.status_code == 422 and refused.get_json()["field"] == "hands[0].penalties"
    assert "at most 100" in refused.get_json()["error"]


def test_a_new_games_unknown_keys_are_bounded_and_an_owners_import_keeps_them_whole(client, stranger):
    small = dict(record(), venue={"room": "kitchen"}, rules=dict(record()["rules"], house_note="Grandma's"))
    assert stranger.post("/api/games", json=small).status_code == 201  # a little is kept, as before
    junk = "x" * (limits.MAX_UNKNOWN_BYTES + 1)
    for where in (
        {"junk": junk},
        {"rules": dict(record()["rules"], junk=junk)},
        {"hands": [dict(HANDS[0], junk=junk), HANDS[1]]},
    ):
        refused = stranger.post("/api/games", json=dict(record(), **where))
        answer = refused.get_json()
        assert refused.status_code == 422 and answer["field"].endswith("junk"), answer
        assert "10,000" in answer["error"] and "import keeps them whole" in answer["error"]
    assert "junk" not in json.dumps(client.get("/export/games.json").get_json())
    # The owner's import keeps a game's unknown keys whole: a round trip loses nothing.
    document = {"format": "scorekeeper-games", "version": 1, "games": [dict(record(), junk=junk)]}
    _action, fields = form_data(client.get("/import").get_data(as_text=True))
    upload = FileStorage(io.BytesIO(json.dumps(document).encode()), "games.json")
    assert client.post("/import", data=dict(fields) | {"file": upload}).status_code == 302
    exported = client.get("/export/games.json").get_json()["games"]
    assert [game["junk"] for game in exported if "junk" in game] == [junk]


def test_a_hand_sent_to_the_api_has_its_unknown_keys_bounded(client):
    game_id, key = create(client, record(hands=[HANDS[0]]))
    refused = client.post(
        f"/api/games/{game_id}/hands",
        json=dict(HANDS[1], junk="x" * 20_000),
        headers={"Authorization": f"Bearer {key}"},
    )
    assert refused.status_code == 422 and refused.get_json()["field"] == "junk"
    assert len(stored_record(client, game_id)["hands"]) == 1


@pytest.mark.parametrize("field", ["payouts", "sizes"])
def test_a_typed_list_beyond_5000_characters_is_refused_on_the_form(client, field):
    game_id, _key, _table = finished(client)
    url = f"/games/{game_id}/settle" if field == "payouts" else "/games/new"
    fields = {field: "1, " * 2000} | (
        {"settlement": "prospect"}
        if field == "payouts"
        else {"player_0": "Ann", "player_1": "Bob", "player_2": "Cy", "pattern": "custom"}
    )
    before = stored_record(client, game_id)
    refused = submit(client, url, fields)
    page = client.get(refused.headers["Location"]) if refused.status_code == 302 else refused
    assert "Field cannot be longer than 5000 characters." in page.get_data(as_text=True)
    assert stored_record(client, game_id) == before


def test_a_long_reason_stored_before_is_repaired_by_the_upgrade(tmp_path):
    """A game stored with a 900,000-character reason (review F-6) loads after the upgrade: its reason cut to its
    first 80 characters, the repair in its History."""
    path = str(tmp_path / "old.db")
    db = store.connect(path, create=True)
    store.migrations.apply(db)
    hostile = record(hands=[HANDS[0], dict(HANDS[1], penalties=[{"seat": 1, "reason": "z" * 900_000, "points": -5}])])
    db["games"].insert(
        {
            "id": "hostile",
            "edit_key": "k",
            "record": json.dumps(hostile),
            "revision": 1,
            "status": "finished",
            "created": "2026-12-01",
            "updated": "2026-12-01",
        }
    )
    db.close()
    store.migrate(path)
    db = store.connect(path)
    try:
        repaired = json.loads(db.execute("select record from games where id = 'hostile'").fetchone()[0])
        assert repaired["hands"][1]["penalties"] == [{"seat": 1, "reason": "z" * 80, "points": -5}]
        assert (
            db.execute("select kind from events where game_id = 'hostile' order by seq desc").fetchone()[0] == "repair"
        )
        assert db.execute("select repaired from repairs where game_id = 'hostile'").fetchone()[0] == 1
    finally:
        db.close()


def test_a_game_at_its_history_bound_keeps_its_sheet_and_says_to_play_on_in_a_new_game(client, monkeypatch):
    game_id, _key = create(client, record(hands=[]))
    table = Table(client, game_id, _key)
    monkeypatch.setattr(log, "MAX_HISTORY", 3)  # the bound is 50,000: the same code meets it after 2 taps here
    table.ok("deal", trump="hearts")
    table.ok("undo")
    refused = table.post("deal", trump="hearts")
    answer = refused.get_json()
    assert refused.status_code == 422 and "the most one game keeps" in answer["error"], answer
    assert "start a new game for the table" in answer["error"]
    assert client.get(f"/games/{game_id}", follow_redirects=True).status_code == 200  # the sheet and History stay
    assert client.get(f"/games/{game_id}/history").status_code == 200
    # The form says so too, on the scorekeeper's page.
    dealt = submit(client, f"/games/{game_id}/deal", {"trump": "hearts"})
    assert "the most one game keeps" in client.get(dealt.headers["Location"]).get_data(as_text=True)


def test_history_is_read_a_page_at_a_time(client, monkeypatch):
    """Review F-17: a long History is never sent whole."""
    from scorekeeper.views.table import history

    monkeypatch.setattr(history, "HISTORY_PAGE_SIZE", 3)
    game_id, key = create(client, record(hands=[]))
    table = Table(client, game_id, key)
    for _round in range(3):
        table.ok("deal", trump="hearts")
        table.ok("undo")
    first = client.get(f"/games/{game_id}/history").get_data(as_text=True)  # 7 entries: pages of 3, 3 and 1
    assert "<small>#1 " in first and "<small>#3 " in first and "<small>#4 " not in first
    assert "page 1 of 3" in first and f"/games/{game_id}/history?page=2" in first and "Earlier" not in first
    last = client.get(f"/games/{game_id}/history?page=3").get_data(as_text=True)
    assert "<small>#7 " in last and "<small>#6 " not in last and "Later" not in last and "?page=2" in last
    assert "<small>#1 " in client.get(f"/games/{game_id}/history?page=99").get_data(as_text=True)  # beyond: the first


def test_the_next_game_of_an_imported_game_with_many_unknown_keys_says_why_it_cannot_start(client):
    """An owner's import keeps unknown keys whole; "New game, same table" starts a new game, which keeps 10 kB."""
    document = {
        "format": "scorekeeper-games",
        "version": 1,
        "games": [dict(record(), id="big", junk="x" * (limits.MAX_UNKNOWN_BYTES + 1))],
    }
    _action, fields = form_data(client.get("/import").get_data(as_text=True))
    upload = FileStorage(io.BytesIO(json.dumps(document).encode()), "games.json")
    assert client.post("/import", data=dict(fields) | {"file": upload}).status_code == 302
    again = submit(client, "/games/big/over", {}, action="/games/big/again")
    assert again.status_code == 302 and again.headers["Location"].endswith("/games/big/over")
    assert "a new game keeps at most 10,000" in client.get(again.headers["Location"]).get_data(as_text=True)


@FUZZ
@given(
    action_id=st.one_of(
        st.text(max_size=120), st.builds(lambda a, b: f"{a}:{b}", st.text(max_size=40), st.text(max_size=40))
    )
)
def test_any_taps_id_is_applied_or_refused_naming_the_id(client, action_id):
    game_id, key = create(client, record(hands=[]))
    table = Table(client, game_id, key)
    dealt = table.post("deal", action_id=action_id or None, trump="hearts")
    fine = action_id and len(action_id) <= 100 and action_id.isprintable() and ":" not in action_id
    if fine or not action_id:  # an empty id is the helper's own (tap-N)
        assert dealt.status_code == 200, dealt.get_json()
    else:
        assert dealt.status_code == 422 and dealt.get_json()["field"] == "id"
        assert stored_record(client, game_id)["hands"] == []


@FUZZ
@given(
    key=st.text(min_size=1, max_size=20).filter(lambda k: k not in unknown_keys.KNOWN_KEYS["record"]),
    size=st.integers(0, 2 * limits.MAX_UNKNOWN_BYTES),
    where=st.sampled_from(["record", "rules", "hand"]),
)
def test_unknown_keys_of_any_size_are_kept_up_to_a_new_games_allowance(stranger, key, size, where):
    value = "é" * (size // 2)
    game = record()
    if where == "record":
        game[key] = value
    elif where == "rules":
        game["rules"][key] = value
    else:
        game["hands"][0][key] = value
    unknown = len(json.dumps({key: value}, ensure_ascii=False, separators=(",", ":")).encode())
    created = stranger.post("/api/games", json=game)
    if (
        where == "rules"
        and key in unknown_keys.KNOWN_KEYS["rules"]
        or where == "hand"
        and key in unknown_keys.KNOWN_KEYS["hand"]
    ):
        return  # a key this app knows: its own checks answer
    if unknown <= limits.MAX_UNKNOWN_BYTES:
        assert created.status_code == 201, created.get_json()
    else:
        assert created.status_code == 422 and created.get_json()["field"].endswith(key)


@FUZZ
@given(typed=st.text(min_size=limits.MAX_TYPED_LIST + 1, max_size=limits.MAX_TYPED_LIST + 300))
def test_a_typed_scale_of_any_text_beyond_5000_characters_changes_nothing(client, typed):
    game_id, _key = create(client, record(stake=1))
    before = stored_record(client, game_id)
    submit(client, f"/games/{game_id}/settle", {"settlement": "prospect", "stake": "1", "payouts": typed})
    assert stored_record(client, game_id) == before


def test_a_posted_hands_unknown_key_holding_nan_is_refused_not_a_crash(client):
    game_id, key = create(client, record(hands=[HANDS[0]]))
    body = json.dumps(dict(HANDS[1], junk=0.5)).replace("0.5", "NaN")
    refused = client.post(
        f"/api/games/{game_id}/hands",
        data=body,
        content_type="application/json",
        headers={"Authorization": f"Bearer {key}"},
    )
    assert refused.status_code == 422 and refused.get_json()["field"] == "junk"
