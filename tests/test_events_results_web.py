"""Results that agree (issue 43): one event's final results, computed once by the engine, read back from every
place that shows them (the results page, the big screen, the results PDF and CSV, the API, `event --json` and the
command's table) in the same order, with the same withdrawn mark and the same notes; a player finds herself on the
standings page by a first name, a surname, without accents; the round's clock and its time limit."""

import csv
import html
import io
import json
import random
import re

import pytest

from scorekeeper import store
from scorekeeper.rules import events
from tests.event_helpers import play_table
from tests.event_web_helpers import SHORT, Director, Tap, _form_index, rows_of, run_cli
from tests.html_forms import submit
from tests.pdf_reading import text as pdf_text

PLAYERS = [
    "Ann Adams",
    "Bob Brink",
    "Cy Claes",
    "Dirk de Vries",
    "Els Kok",
    "Finn Peeters",
    "Zoë Peeters",
    "Hugo Jansen",
    "Mieke Jansen",
]


def play(client, tables, seed):
    rng = random.Random(seed)
    for table in tables:
        start = client.get(f"/api/games/{table['game']}/export").get_json()
        play_table(table["seats"], None, rng, start=start, tap=Tap(client, table["game"], table["edit_key"]))


def correction_that_changes_the_final(director, client, tables):
    """(table number, seat) of round 2 whose taking the last hand's one trick would send another player to the
    final: worked out by the engine on the export, as if the final were not yet seated."""
    exported = director.export()
    del exported["rounds"][2:]
    confirmed = sorted(director.scored()["rounds"][1]["advanced"])
    for number, table in enumerate(tables, start=1):
        for seat in range(len(table["seats"])):
            corrected = json.loads(json.dumps(exported))
            hand = corrected["rounds"][1]["tables"][number - 1]["record"]["hands"][-1]
            hand["tricks"] = [int(s == seat) for s in range(len(table["seats"]))]
            if sorted(events.score_event(corrected)["rounds"][1]["advanced"]) != confirmed:
                return number, seat
    raise AssertionError("no correction of this seed's round 2 changes who goes to the final")


@pytest.fixture
def night(client):
    """A `rounds` event of 9 with money, to its champion: a player withdrawn after round 1, and a correction of
    round 2 after the final was drawn that would send another player on, the confirmed cut left to stand."""
    director = Director(
        client,
        {
            "name": "Club night",
            "format": "rounds",
            "seed": "agree",
            "players": PLAYERS,
            "rules": SHORT,
            "options": {"rounds": 2, "table": 3, "final": 3},
            "money": {
                "entry_fee": "3.33",
                "split": [50, 30, 20],
                "currency": "EUR",
                "charity": 5,
                "cause": "Lifeboats",
            },
        },
    )
    play(client, director.act("start")["tables"], 1)
    director.act("withdraw", player="Els Kok")
    second = director.act("start")["tables"]
    play(client, second, 2)
    final = director.act("start")["tables"]
    number, seat = correction_that_changes_the_final(director, client, second)
    director.act("approve", round=2, table=number)
    tap = Tap(client, second[number - 1]["game"], second[number - 1]["edit_key"])
    tap("undo")
    tap("tricks", tricks=[int(s == seat) for s in range(len(second[number - 1]["seats"]))])
    director.act("decide", round=2, table=number, choice="stand")
    play(client, final, 3)
    return director


REACHED = {"Final": 3, "Round 1": 1, "Round 2": 2}


def test_the_final_results_agree_on_the_page_the_screen_the_pdf_the_csv_the_api_and_the_command(
    client, night, tmp_path
):
    scored = night.scored()
    expected = rows_of(scored)
    assert [row[1] for row in expected][:1] == [scored["champion"]] and len(expected) == 9
    assert [row for row in expected if row[3]] == [(9, "Els Kok", 1, True)]  # withdrawn after round 1, kept
    notes = [note["text"] for note in scored["notes"]]
    assert [note["kind"] for note in scored["notes"]] == ["cut_stood", "withdrawn"]
    assert notes[1] == (
        "Els Kok withdrew after round 1: the rounds played count, and the cut was made among the others."
    )
    assert re.fullmatch(
        r"Round 2: after a correction the cut would send on .+ instead of .+; the director let "
        r"the confirmed cut stand\.",
        notes[0],
    )

    # The command: --json is the API's; its table lists the same rows and notes.
    assert json.loads(run_cli(tmp_path, night.export(), "--json")) == scored
    table = run_cli(tmp_path, night.export())
    block = table[table.index("Final results") :]
    listed = re.findall(r"^ +(\d+) +(.+?) {2,}(Final|Round \d) *(.*)$", block, re.M)
    assert [(int(p), name, REACHED[reached], "withdrew" in how) for p, name, reached, how in listed] == expected
    assert all(note in table for note in notes) and "Money" in table and "To Lifeboats: €1.50 (5% of the pot)" in table

    # The results page.
    page = client.get(f"/events/{night.id}/results").get_data(as_text=True)
    shown = re.findall(
        r'<tr( class="withdrawn")?><td>(\d+)</td><th scope="row">([^<]+)</th><td>([^<]+)</td>'
        r'<td class="small">([^<]*)</td></tr>',
        page[page.index('id="final-results"') :],
    )
    assert [
        (int(p), html.unescape(name), REACHED[reached], bool(mark)) for mark, p, name, reached, _how in shown
    ] == expected
    assert "withdrew after round 1" in shown[-1][4] and shown[0][4] == "champion"
    assert all(html.escape(note, quote=False) in page for note in notes)

    # The big screen at the end: the final results (every entrant), not the placement-point standings.
    screen = client.get(f"/events/{night.id}/screen").get_data(as_text=True)
    slide = screen[screen.index('id="screen-results-1"') :]
    assert re.findall(r'<span class="who">([^<]+)</span>', slide)[:9] == [html.escape(row[1]) for row in expected]
    assert 'id="screen-standings-1"' not in screen and "withdrew after round 1" in slide
    assert all(html.escape(note, quote=False) in screen for note in notes)

    # The results PDF: one ranking, titled, with the same rows and notes.
    text = pdf_text(client.get(f"/events/{night.id}/results.pdf").data, tmp_path)
    part = text[text.index("Final results") : text.index("Prizes")]
    printed = re.findall(r"^ *(\d+) +(.+?) {2,}(Final|Round \d) *(.*)$", part, re.M)
    assert [(int(p), name, REACHED[reached], "withdrew" in how) for p, name, reached, how in printed] == expected
    flat = " ".join(text.split())
    assert all(note in flat for note in notes) and "Placement points" not in text
    assert "Pot: €29.97 (9 × €3.33)" in flat and "Entry fee paid: 0 of 9." in flat

    # The CSV.
    rows = list(csv.reader(io.StringIO(client.get(f"/events/{night.id}/results.csv").get_data(as_text=True))))
    assert rows[0] == ["place", "player", "round_reached", "withdrawn", "points", "total", "bids_made", "note"]
    assert [(int(r[0]), r[1], int(r[2]), r[3] == "yes") for r in rows[1:]] == expected
    assert rows[-1][7] == notes[1]


def test_a_player_finds_herself_by_a_first_name_a_surname_or_without_accents(client, night):
    phone = client.application.test_client()
    scored = night.scored()

    def you(typed):
        page = phone.get(f"/events/{night.id}/standings", query_string={"player": typed}).get_data(as_text=True)
        section = page[page.index('id="you"') :]
        return html.unescape(re.sub(r"<[^>]+>", " ", section[: section.index("</section>")]))

    zoe = next(row for row in scored["results"] if row["player"] == "Zoë Peeters")
    place = {1: "st", 2: "nd", 3: "rd"}.get(zoe["place"], "th")
    how = "champion" if zoe["place"] == 1 else "at the final table" if zoe["round_reached"] == 3 else "out in round 2"
    for typed in ("zoe", "Zoë", "zoe peeters", "ZOE  PEETERS", "peeters zoe"):
        assert f"Zoë Peeters : {zoe['place']}{place}, {how}" in " ".join(you(typed).split()), typed
    # A first name or a surname that several players share offers them all; nothing found says what to type.
    assert "Which one are you?" in you("jansen") and "Hugo Jansen" in you("jansen") and "Mieke Jansen" in you("jansen")
    assert "Which one are you?" in you("peeters")
    assert "No player of this event is called xavier: type your first name or your surname." in " ".join(
        you("xavier").split()
    )
    els = " ".join(you("els").split())
    assert "Els Kok : 9th, withdrew after round 1" in els and "Els Kok withdrew after round 1" in els


def test_a_player_sees_her_table_her_seat_who_deals_first_and_her_standing(client):
    director = Director(
        client,
        {
            "name": "Room",
            "format": "rounds",
            "seed": "seat",
            "players": PLAYERS,
            "rules": SHORT,
            "options": {"rounds": 2, "table": 3, "final": 3},
        },
    )
    tables = director.act("start")["tables"]
    mine = next(table for table in tables if "Zoë Peeters" in table["seats"])
    number = tables.index(mine) + 1
    phone = client.application.test_client()
    page = phone.get(f"/events/{director.id}/standings?player=zoe").get_data(as_text=True)
    section = html.unescape(page[page.index('id="you"') : page.index("</section>")])
    seat = mine["seats"].index("Zoë Peeters") + 1
    assert f"Zoë Peeters: round 1, table {number}" in section
    assert f"Seat {seat} of 3, clockwise: {', '.join(mine['seats'])}" in section
    dealer = client.get(f"/api/games/{mine['game']}/export").get_json()["rules"]["first_dealer"]
    if mine["seats"][dealer] == "Zoë Peeters":
        assert "You deal first." in section
    else:
        assert f"{mine['seats'][dealer]} deals first." in section
    assert f'href="/games/{mine["game"]}"' in section  # follow her table
    play(client, tables, 5)
    page = phone.get(f"/events/{director.id}/standings?player=zoe").get_data(as_text=True)
    section = html.unescape(re.sub(r"<[^>]+>", "", page[page.index('id="you"') : page.index("</section>")]))
    standing = [row["player"] for row in director.scored()["standings"]].index("Zoë Peeters") + 1
    assert re.search(rf"{standing}(st|nd|rd|th) of 9 in the standings: [\d.]+ points, -?\d+ in all\.", section)
    assert re.search(r"Next: round 2, table \d: .*Zoë Peeters", section)


# ---- the round's clock ----------------------------------------------------------------------------------------


def director_page(client, director):
    client.get(director.created["url"])
    return client.get(f"/events/{director.id}").get_data(as_text=True)


def test_letting_an_earlier_rounds_cut_stand_does_not_restart_the_round_clock(client, app):
    director = Director(
        client,
        {
            "name": "Clock",
            "format": "rounds",
            "seed": "clock",
            "players": PLAYERS,
            "rules": SHORT,
            "options": {"rounds": 2, "table": 3, "final": 3},
        },
    )
    play(client, director.act("start")["tables"], 1)
    director.act("start")
    with app.app_context():  # round 2 was drawn at 20:00 UTC
        db = store.get_db()
        db.execute(
            "update tournament_log set at = '2026-12-05T20:00:00+00:00' where tournament_id = ? and kind = 'round'",
            [director.id],
        )
    director.act("approve", round=1, table=1)
    director.act("decide", round=1, table=1, choice="stand")
    page = director_page(client, director)
    assert 'data-since="2026-12-05T20:00:00+00:00"' in page
    # Drawing a round again after a correction does restart it: RULES.md's redraw is a new draw.
    with app.app_context():
        assert store.round_clock(store.get_db(), director.id) == "2026-12-05T20:00:00+00:00"


def test_times_are_shown_in_the_instances_time_zone(client, app):
    app.config["TIME_ZONE"] = "Europe/Amsterdam"
    director = Director(
        client,
        {
            "name": "Zone",
            "format": "rounds",
            "seed": "zone",
            "players": PLAYERS,
            "rules": SHORT,
            "options": {"rounds": 1},
        },
    )
    director.act("start")
    with app.app_context():
        store.get_db().execute(
            "update tournament_log set at = '2026-12-05T20:30:00+00:00' where tournament_id = ?", [director.id]
        )
    page = director_page(client, director)
    assert "Round drawn at 21:30, playing for" in page  # 20:30 UTC is 21:30 in Amsterdam in winter
    log = page[page.index('class="event-log"') :]
    assert "21:30 round 1 drawn: 3 tables" in log
    app.config["TIME_ZONE"] = "America/New_York"
    assert "Round drawn at 15:30, playing for" in director_page(client, director)


def test_the_rounds_time_limit_counts_down_on_the_directors_page_the_screen_and_the_tables_phones(client, app):
    refused = Director(
        client,
        {
            "name": "Limit",
            "format": "rounds",
            "seed": "limit",
            "players": PLAYERS,
            "rules": SHORT,
            "options": {"rounds": 1},
        },
    )
    answer = refused.act("time_limit", status=422, minutes="ninety")
    assert answer["field"] == "minutes" and "whole minutes from 1 to 600" in answer["error"]
    created = submit(
        client,
        "/events/new",
        {
            "name": "Limit",
            "format": "rounds",
            "players": "\n".join(PLAYERS),
            "rules": json.dumps(SHORT),
            "opt-rounds-rounds": "1",
            "minutes": "90",
        },
    )
    event_id = created.headers["Location"].rstrip("/").rsplit("/", 1)[-1]
    with app.app_context():
        assert store.get_event(store.get_db(), event_id)["record"]["round_minutes"] == 90
    page = client.get(f"/events/{event_id}").get_data(as_text=True)
    assert 'value="90"' in page[page.index('id="time-limit"') :]
    submit(
        client,
        f"/events/{event_id}",
        {"do": "start"},
        action=f"/events/{event_id}/actions",
        index=_form_index(page, "start"),
    )
    with app.app_context():
        db = store.get_db()
        drawn = store.round_clock(db, event_id)
        game = store.get_event(db, event_id)["record"]["rounds"][0]["tables"][0]["game"]
        key = store.get_game(db, game)["edit_key"]
    page = client.get(f"/events/{event_id}").get_data(as_text=True)
    ends = re.search(r'id="director-countdown" data-ends="([^"]+)"', page)[1]
    assert ends.startswith(drawn[:11]) or ends > drawn
    assert re.search(r'<b class="left">1:(29:[0-5]\d|30:00)</b> left', page)
    screen = client.get(f"/events/{event_id}/screen").get_data(as_text=True)
    assert f'id="screen-countdown" data-ends="{ends}"' in screen
    deal = client.get(f"/games/{game}/claim/{key}", follow_redirects=True).get_data(as_text=True)
    assert f'data-ends="{ends}"' in deal and "round_clock.js" in deal and "Round 1:" in deal
    # Time is up: said, not a negative count.
    with app.app_context():
        store.get_db().execute(
            "update tournament_log set at = '2026-01-01T20:00:00+00:00' where tournament_id = ?", [event_id]
        )
    page = client.get(f"/events/{event_id}").get_data(as_text=True)
    assert 'class="round-countdown over" id="director-countdown"' in page and "Time is up" in page


def test_the_new_event_form_takes_the_charity_share_as_the_reader_writes_it(client, app):
    from tests.event_web_helpers import new_event, speaking

    speaking(client, "nl")
    page = client.get("/events/new").get_data(as_text=True)
    assert re.search(r'<input id="charity" name="charity" inputmode="decimal"', page)
    event_id = new_event(
        client, entry_fee="3,33", currency="EUR", split="50 30 20", charity="7,5", cause="KNRM", minutes="75"
    )
    with app.app_context():
        record = store.get_event(store.get_db(), event_id)["record"]
    assert record["money"]["charity"] == 7.5 and record["money"]["cause"] == "KNRM"
    assert record["round_minutes"] == 75
    # A share that is no percentage is refused naming the field, in the reader's words, and the form keeps it.
    refused = submit(
        client,
        "/events/new",
        {"name": "Fout", "format": "rounds", "players": "\n".join(PLAYERS), "charity": "veel", "entry_fee": "5"},
    )
    text = html.unescape(refused.get_data(as_text=True))
    assert refused.status_code == 400
    assert "Naar goed doel, % van de pot: moet een percentage van 0 tot 100 zijn, zoals 10 of 2,5" in text
    assert 'value="veel"' in text
