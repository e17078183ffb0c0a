"""A game's date and note (item 8): set by the scorekeeper on the sheet, kept in the record (`played_on`,
`note`), shown on the sheet, the home page, the PDF header and the CSV; hostile input is refused clearly."""

import datetime

import pytest
from hypothesis import given, settings, strategies as st

from scorekeeper import rules, store
from scorekeeper.rules import actions
from scorekeeper.rules.game.limits import MAX_NOTE, LimitError, checked_date, checked_note
from tests.game_helpers import HANDS, create, record
from tests.html_forms import submit
from tests.pdf_reading import text


def test_describe_sets_and_clears_the_date_and_note():
    outcome = actions.describe(record(), "2026-11-20", "  Birthday at Ann's ")
    assert outcome.record["played_on"] == "2026-11-20" and outcome.record["note"] == "Birthday at Ann's"
    assert outcome.entry == ("about", {"date": "2026-11-20", "note": "Birthday at Ann's"})
    assert actions.about_of(outcome.record, "2026-11-25T20:00:00+00:00") == {
        "date": "2026-11-20",
        "note": "Birthday at Ann's",
    }
    cleared = actions.describe(outcome.record, "", "")
    assert "played_on" not in cleared.record and "note" not in cleared.record
    assert actions.about_of(cleared.record, "2026-11-25T20:00:00+00:00") == {"date": "2026-11-25", "note": ""}


def test_the_next_game_has_its_own_date_and_no_note():
    described = actions.describe(record(), "2026-11-20", "Birthday at Ann's").record
    assert not {"played_on", "note"} & set(actions.again(described).record)


@pytest.mark.parametrize(
    "date, note, message",
    [
        ("2026-02-30", "", "date: is not a day of the calendar"),
        ("25/11/2026", "", "date: must be a day written YYYY-MM-DD"),
        ("", "x" * (MAX_NOTE + 1), f"note: is {MAX_NOTE + 1} characters long; a note has at most {MAX_NOTE}"),
        ("", "two\nlines", "note: must be one line of text"),
    ],
)
def test_a_bad_date_or_note_is_refused_saying_what_to_fix(date, note, message):
    with pytest.raises(rules.RecordError, match=message):
        actions.describe(record(), date, note)


def test_a_record_from_elsewhere_with_a_note_that_is_not_text_keeps_it_and_shows_none():
    loaded = rules.load(record(note={"table": "kitchen"}))
    assert actions.about_of(loaded.record, "2026-11-25")["note"] == ""


@settings(deadline=None)
@given(st.text(max_size=120))
def test_any_note_is_kept_exactly_trimmed_or_refused_with_a_limit(note):
    try:
        kept = checked_note(note)
    except LimitError as error:
        assert error.path == "note" and error.message
        return
    assert kept == note.strip() and len(kept) <= MAX_NOTE and "\n" not in kept
    assert rules.load(dict(record(), note=kept)).record["note"] == kept


@settings(deadline=None)
@given(
    st.one_of(
        st.text(max_size=14),
        st.dates().map(datetime.date.isoformat),
        st.integers(),
        st.none(),
        st.floats(allow_nan=True),
    )
)
def test_any_date_is_a_calendar_day_or_refused(value):
    try:
        kept = checked_date(value)
    except LimitError as error:
        assert error.path == "date" and error.message
        return
    assert datetime.date.fromisoformat(kept).isoformat() == kept == value


def test_the_scorekeeper_dates_and_notes_the_game_from_the_sheet(client, app):
    game_id, _key = create(client, record(hands=HANDS[:1]))
    response = submit(
        client,
        f"/games/{game_id}/sheet",
        {"date": "2026-11-20", "note": "Birthday at Ann's"},
        action=f"/games/{game_id}/about",
    )
    assert response.status_code == 302
    sheet = client.get(f"/games/{game_id}/sheet").get_data(as_text=True)
    assert '<span class="date">Nov 20, 2026</span>' in sheet and "Birthday at Ann&#39;s" in sheet
    assert 'value="2026-11-20"' in sheet  # the form's date field keeps the ISO day
    home = client.get("/").get_data(as_text=True)
    assert "Nov 20, 2026 · Birthday at Ann&#39;s" in home
    dutch = client.get(f"/games/{game_id}/sheet", headers={"Accept-Language": "nl"}).get_data(as_text=True)
    assert '<span class="date">20 nov 2026</span>' in dutch  # the day as the reader's language writes it
    history = client.get(f"/games/{game_id}/history").get_data(as_text=True)
    assert "date Nov 20, 2026; note Birthday at Ann&#39;s" in history
    csv = client.get(f"/games/{game_id}/export.csv").get_data(as_text=True).splitlines()
    header, first = csv[0].lstrip("\ufeff").split(","), csv[1].split(",")
    row = dict(zip(header, first))
    assert row["date"] == "2026-11-20" and row["note"] == "Birthday at Ann's"


def test_a_bad_date_from_the_sheet_is_refused_and_nothing_changes(client):
    game_id, _key = create(client, record(hands=HANDS[:1]))
    response = submit(
        client, f"/games/{game_id}/sheet", {"date": "2026-13-01", "note": "x"}, action=f"/games/{game_id}/about"
    )
    page = client.get(response.location).get_data(as_text=True)
    assert "is not a day of the calendar" in page
    assert rules.load(client.get(f"/api/games/{game_id}/export").get_json()).record.get("note") is None


def test_a_follower_cannot_date_the_game(client, app):
    game_id, _key = create(client, record(hands=HANDS[:1]), claim=False)
    assert client.post(f"/games/{game_id}/about", data={"date": "2026-11-20"}).status_code == 403


def test_the_pdf_header_has_the_date_and_note(tmp_path):
    described = actions.describe(record(hands=HANDS), "2026-11-20", "Birthday at Ann's").record
    from scorekeeper import printing

    sheet = text(printing.game_sheet_pdf(rules.load(described)), tmp_path)
    assert "Oh Hell · Nov 20, 2026 · Birthday at Ann's" in sheet  # issue 25: the locale's date
    undated = text(printing.game_sheet_pdf(rules.load(record(hands=HANDS)), created="2026-11-25T20:00:00"), tmp_path)
    assert "Oh Hell · Nov 25, 2026" in undated


def test_the_json_export_keeps_the_date_and_note_through_an_import(client, app):
    game_id, _key = create(client, record(hands=HANDS[:1]))
    submit(
        client,
        f"/games/{game_id}/sheet",
        {"date": "2026-11-20", "note": "Birthday at Ann's"},
        action=f"/games/{game_id}/about",
    )
    exported = client.get("/export/games.json").get_json()
    entry = exported["games"][0]
    assert entry["played_on"] == "2026-11-20" and entry["note"] == "Birthday at Ann's"
    from scorekeeper.store.exports import parse_import

    assert parse_import(__import__("json").dumps(exported))[0]["note"] == "Birthday at Ann's"
    with app.app_context():
        assert store.get_game(store.get_db(), game_id)["record"]["played_on"] == "2026-11-20"
