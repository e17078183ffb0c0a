"""The director's night on the web (issue 24): a Cartier table never more than 4 refused in words on the
director's pages and the API, a no-show who is no entrant, the event's money as a payout list and who has
paid, final results by the round reached, and an event's table that settles nothing and agrees with the
event at the final."""

import random
import re

from tests.event_web_helpers import NAMES, SHORT, Director, Tap, _form_index, cartier, play
from tests.html_forms import submit


def test_five_at_a_cartier_table_is_refused_saying_why_on_the_form_and_the_api(client):
    refused = client.post("/api/events", json={"name": "Five", "format": "cartier", "seed": "s", "players": NAMES[:5]})
    assert refused.status_code == 422
    assert refused.get_json()["field"] == "players"
    assert "a Cartier tournament table seats at most 4" in refused.get_json()["error"]
    page = submit(client, "/events/new", {"name": "Five", "format": "cartier", "players": "\n".join(NAMES[:5])})
    assert page.status_code == 400
    assert "seats at most 4: each hand is dealt from one deck of 52 cards" in page.get_data(as_text=True)
    # A late entry cannot push a table of 4 past it: the API and the director's page say why.
    director = cartier(client, NAMES[:8])
    director.act("start")
    answer = director.act("late", status=422, player="Lucy Late", table=1)
    assert answer["field"] == "rounds[0].tables[0].seats" and "seats at most 4" in answer["error"]
    client.get(director.created["url"])
    html = client.get(f"/events/{director.id}").get_data(as_text=True)
    submit(
        client,
        f"/events/{director.id}",
        {"do": "late", "player": "Lucy Late", "table": "1"},
        action=f"/events/{director.id}/actions",
        index=_form_index(html, "late"),
    )
    html = client.get(f"/events/{director.id}").get_data(as_text=True)
    assert "Table 1 cannot take another player: a Cartier tournament table seats at most 4" in html


def test_a_two_player_event_is_refused(client):
    refused = client.post("/api/events", json={"format": "rounds", "seed": "s", "players": ["Ann", "Bob"]})
    assert refused.status_code == 422 and "at least 3" in refused.get_json()["error"]


def test_a_no_show_is_no_entrant_pays_nothing_and_is_listed_apart(client):
    director = cartier(client, NAMES[:9] + ["Nora Noshow"], money={"entry_fee": 20, "split": [100], "currency": "GBP"})
    director.act("withdraw", player="Nora Noshow")
    director.act("paid", player="Player 01")
    scored = director.scored()
    assert len(scored["players"]) == 9 and "Nora Noshow" not in scored["players"]
    assert scored["money"]["pot"] == 180 and scored["money"]["paid"] == ["Player 01"]
    assert "Nora Noshow" not in scored["money"]["unpaid"]
    client.get(director.created["url"])
    html = client.get(f"/events/{director.id}").get_data(as_text=True)
    assert re.search(r"Cartier tournament · 9 players ·", html)
    results = client.get(f"/events/{director.id}/results").get_data(as_text=True)
    assert "Pot: £180.00 (9 × £20.00)" in results
    assert "Withdrawn before play (not entrants): Nora Noshow" in results
    assert " pays " not in results
    # The draw seats the 9 who came.
    seated = [name for table in director.act("start")["tables"] for name in table["seats"]]
    assert sorted(seated) == NAMES[:9]


def play_level_at_the_top(client, table):
    """Seats 0 and 1 make both bids, seats 2 and 3 miss one or both: 0 and 1 level at the top."""
    tap = Tap(client, table["game"], table["edit_key"])
    for bids, tricks in (([1, 1, 1, 1], [1, 1, 0, 0]), ([0, 0, 0, 0], [0, 0, 1, 0])):
        tap("deal", trump="hearts")
        dealer = client.get(f"/api/games/{table['game']}/export").get_json()["hands"][-1]["dealer"]
        for seat in [(dealer + 1 + k) % 4 for k in range(4)]:
            tap("bid", seat=seat, bid=bids[seat])
        tap("tricks", tricks=tricks)
    return table["seats"][:2]


def test_the_final_tables_page_agrees_with_the_event_and_settles_nothing(client):
    """Two finalists level on total: the event's tie-break names one champion; no settlement, no Settle up."""
    director = Director(
        client,
        {
            "name": "Club final",
            "format": "rounds",
            "seed": "final",
            "players": NAMES[:4],
            "rules": {**SHORT, "settlement": "prospect", "stake": 1},
            "options": {"rounds": 1},
            "money": {"entry_fee": 10, "split": [70, 30], "charity": 10, "cause": "Lifeboats"},
        },
    )
    rng = random.Random(5)
    play(client, director.act("start")["tables"], rng)
    final = director.act("start")["tables"]
    level = play_level_at_the_top(client, final[0])
    scored = director.scored()
    game = final[0]["game"]
    client.get(f"/games/{game}/claim/{final[0]['edit_key']}")  # the table's scorekeeper
    over = client.get(f"/games/{game}/over").get_data(as_text=True)
    assert "Settle up" not in over and "New game, same table" not in over and "Settling up" not in over
    assert re.search(r" pays ", over) is None
    assert "Table 1, round 2 of" in over
    assert f"Champion of Club final: <b>{scored['champion']}</b>" in over
    assert scored["rounds"][-1]["ties"][0]["text"].replace("'", "&#39;") in over
    assert "Winners:" not in over and "share" not in over
    assert set(scored["rounds"][-1]["ties"][0]["players"]) == set(level)
    # Results: by the round reached, and the money as a payout list.
    results = client.get(f"/events/{director.id}/results").get_data(as_text=True)
    assert 'id="final-results"' in results and "Round reached" in results
    assert "To Lifeboats: 4.00 (10% of the pot)" in results
    first = scored["results"][0]["player"]
    assert f"<b>{first}</b> receives 25.20" in results
    assert [row["player"] for row in scored["results"]][:1] == [scored["champion"]]


def test_the_new_event_form_names_its_fields_as_it_labels_them(client):
    page = submit(
        client, "/events/new", {"name": "Dup", "format": "cartier", "players": "Ann\nBob\nCy\nann\nDi\nEd"}
    ).get_data(as_text=True)
    assert "Players, one per line, line 4: &#39;ann&#39; is listed twice (also player 1)" in page
    assert "players[" not in page
    page = submit(
        client,
        "/events/new",
        {"name": "Opt", "format": "cartier", "opt-cartier-advance": "3", "players": "\n".join(NAMES[:8])},
    ).get_data(as_text=True)
    assert "The format&#39;s options:" in page and "System options" not in page and "system options" not in page


def test_what_the_room_sees_summary_own_table_the_screen_and_the_prizes(client):
    from tests.event_web_helpers import EIGHT, play_short_round

    director = Director(
        client,
        {
            "name": "Room",
            "format": "rounds",
            "seed": "room",
            "players": EIGHT,
            "rules": SHORT,
            "options": {"rounds": 1},
            "money": {"entry_fee": 5, "split": [60, 40]},
        },
    )
    client.get(director.created["url"])
    tables = director.act("start")["tables"]
    page = client.get(f"/events/{director.id}").get_data(as_text=True)
    assert "0 of 2 tables finished, waiting on tables 1, 2" in page
    # the round's clock, ticked on by round_clock.js (issue 24: it said "0 minutes ago" until a reload)
    assert re.search(
        r'Round drawn at \d\d:\d\d, playing for <span class="round-clock" data-since="[^"]+" '
        r'role="timer">0:\d\d</span>',
        page,
    )
    # A player's phone: their own table first, found by name (case ignored); everyone A to Z with a table.
    mine = next(t for t in tables if "P3" in t["seats"])
    phone = client.application.test_client()
    page = phone.get(f"/events/{director.id}/standings?player=p3").get_data(as_text=True)
    you = page[page.index('id="you"') :]
    assert f"P3: round 1, table {tables.index(mine) + 1}" in you and ", ".join(mine["seats"]) in you
    where = page[page.index('id="where-to-sit"') :]
    listed = re.findall(r"<li><b>([^<]+)</b> · Table (\d+)</li>", where)
    assert [name for name, _ in listed] == sorted(EIGHT, key=str.casefold)
    assert all(name in tables[int(table) - 1]["seats"] for name, table in listed)
    play_short_round(client, tables)
    page = client.get(f"/events/{director.id}").get_data(as_text=True)
    by_table = page[page.index('class="small go-on-by-table"') :]
    for number, table in enumerate(tables, start=1):  # who goes on, grouped by table
        going = [name for name in table["seats"] if name in director.scored()["rounds"][0]["advanced"]]
        if going:
            assert f"Table {number}: {', '.join(going)}" in by_table
    # Between rounds the screen shows who goes on and the next draw; the final is named Final; prizes at the end.
    screen = client.get(f"/events/{director.id}/screen").get_data(as_text=True)
    assert 'id="screen-cut"' in screen and 'id="screen-next"' in screen and "Next: the final" in screen
    final = director.act("start")["tables"]
    screen = client.get(f"/events/{director.id}/screen").get_data(as_text=True)
    assert "<h2>Final <span>" in screen
    play_short_round(client, final, seed=3)
    screen = client.get(f"/events/{director.id}/screen").get_data(as_text=True)
    champion = director.scored()["champion"]
    prizes = screen[screen.index('id="screen-prizes"') :]
    assert champion in prizes and "24.00" in prizes


def test_a_changed_table_reprints_alone_with_the_full_header_and_its_old_card_is_void(client, tmp_path):
    from tests.pdf_reading import text as pdf_text

    director = cartier(client, NAMES[:9])
    client.get(director.created["url"])
    tables = director.act("start")["tables"]
    three = next(n for n, table in enumerate(tables, start=1) if len(table["seats"]) == 3)
    after = director.act("late", player="Lucy Late", table=three)["tables"]
    pdf = client.get(f"/events/{director.id}/rounds/1/cards.pdf?tables={three}")
    assert pdf.status_code == 200
    text = pdf_text(pdf.data, tmp_path)
    assert f"Cartier night · Round 1, table {three}" in text and "Lucy Late" in text
    others = [n for n in range(1, len(tables) + 1) if n != three]
    assert all(f"Round 1, table {n}" not in text for n in others)
    # The old card's scorekeeper link opens the void game's page, which sends the table on.
    old = tables[three - 1]
    page = client.get(f"/games/{old['game']}/claim/{old['edit_key']}", follow_redirects=True).get_data(as_text=True)
    assert "This card is void" in page and f'href="/games/{after[three - 1]["game"]}"' in page
    # A hand screen of an event's table says which event, round and table.
    deal = client.get(f"/games/{after[0]['game']}/claim/{after[0]['edit_key']}", follow_redirects=True).get_data(
        as_text=True
    )
    assert "Table 1, round 1 of" in deal


def test_the_results_csv_ranks_by_the_round_reached(client):
    from tests.event_web_helpers import EIGHT, play_short_round

    director = Director(
        client,
        {
            "name": "Csv",
            "format": "rounds",
            "seed": "csv",
            "players": EIGHT + ["=Eve"],
            "rules": SHORT,
            "options": {"rounds": 1, "table": 3, "final": 3},
        },
    )
    play_short_round(client, director.act("start")["tables"])
    play_short_round(client, director.act("start")["tables"], seed=4)
    scored = director.scored()
    rows = client.get(f"/events/{director.id}/results.csv").get_data(as_text=True).splitlines()
    assert rows[0] == "place,player,round_reached,withdrawn,points,total,bids_made,note"
    assert [row.split(",")[1] for row in rows[1:]] == [
        "'=Eve" if row["player"] == "=Eve" else row["player"] for row in scored["results"]
    ]
    assert [row.split(",")[2] for row in rows[1:4]] == ["2"] * 3 and rows[-1].split(",")[2] == "1"
