"""The room on the web (issue 43): a table's card cannot break the room (deleting, abandoning, table changes and
settlement of an event's game are the director's, refused in the store whatever the path; the director's pages
survive a missing game); an import checks the money as a creation does; removals are asked first and taken back;
a locked table asks the director for a correction; check-in drives the draw; the whole log."""

import html as entities
import json
import random
import re

import pytest

from scorekeeper import store
from scorekeeper.rules import RecordError, events
from tests.event_web_helpers import EIGHT, Director, _form_index, bearer, play, play_short_round, short_event
from tests.html_forms import csrf_of, form_data, submit


def phone(app, table):
    """A table's scorekeeper phone: a browser that opened the table card's scorekeeper link."""
    browser = app.test_client()
    browser.get(f"/games/{table['game']}/claim/{table['edit_key']}")
    return browser


def page(client, director):
    return client.get(f"/events/{director.id}").get_data(as_text=True)


def said(response):
    """A page's text as a person reads it (its entities undone)."""
    return entities.unescape(response.get_data(as_text=True))


def post_form(client, director, do, fields=None, **extra):
    """Press the director's page's form for `do` with the fields chosen (as a person does, with the page's
    defaults); return the page the redirect lands on."""
    html = page(client, director)
    response = submit(
        client,
        f"/events/{director.id}",
        dict(fields or {}),
        index=_form_index(html, do),
        action=f"/events/{director.id}/actions",
        **extra,
    )
    assert response.status_code == 302, response.status_code
    return response.headers["Location"], page(client, director)


# ---- a table's card cannot break the room (security review F-4, F-11, F-14) ---------------------------------


def test_a_tables_card_cannot_delete_its_game_or_seat_a_stranger(client, app):
    director = short_event(client)
    client.get(director.created["url"])
    tables = director.act("start")["tables"]
    card = phone(app, tables[0])
    game = tables[0]["game"]
    table_tab = card.get(f"/games/{game}/table")
    assert "who sits at it, the plan of hands and ending the game are the director's" in said(table_tab)
    assert f'action="/games/{game}/delete"' not in table_tab.get_data(as_text=True)
    # A card holder who posts the forms anyway is refused by the store.
    refused = card.post(
        f"/games/{game}/delete", data={"csrf_token": csrf_of(card), "revision": "1"}, follow_redirects=True
    )
    assert "Table 1 of round 1 of Short is the event's: who sits at it" in said(refused)
    with app.app_context():
        assert store.get_game(store.get_db(), game) is not None
    # A stranger seated from the Table tab is refused too: the event stays one the director can act on.
    token = csrf_of(card)
    arrive = card.post(
        f"/games/{game}/table",
        data={"csrf_token": token, "revision": "1", "action": "arrive", "name": "Mallory", "start": "zero"},
        follow_redirects=True,
    )
    assert "is the event's" in said(arrive) and "Ask the director" in said(arrive)
    assert client.get(f"/api/games/{game}/export").get_json()["players"] == tables[0]["seats"]
    assert client.get(f"/events/{director.id}").status_code == 200
    assert director.act("swap", first=tables[0]["seats"][0], second=tables[1]["seats"][0])["message"]


def test_a_locked_table_cannot_be_abandoned_restored_or_settled_from_its_card(client, app):
    director = short_event(client)
    tables = director.act("start")["tables"]
    play_short_round(client, tables)
    director.act("start")  # round 1 is confirmed: its tables are locked
    game = tables[0]["game"]
    card = phone(app, tables[0])
    token = csrf_of(card)
    revision = card.get(f"/games/{game}/revision").get_json()["revision"]
    answer = card.post(
        f"/games/{game}/abandon", data={"csrf_token": token, "revision": revision}, follow_redirects=True
    )
    assert "is the event's" in said(answer)
    with app.app_context():  # every way to the store is refused alike
        for remove in (store.abandon_game, store.restore_game, store.delete_game):
            with pytest.raises(RecordError, match="is the event's"):
                remove(store.get_db(), game)
    settle = card.post(
        f"/games/{game}/settle",
        data={"csrf_token": token, "revision": revision, "settlement": "pairwise", "stake": "500"},
        follow_redirects=True,
    )
    assert settle.status_code == 403 and "An event's table moves no money" in said(settle)
    with app.app_context():
        stored = store.get_game(store.get_db(), game)
    assert stored["status"] == "finished" and stored["revision"] == revision
    assert (stored["record"]["rules"].get("stake") or 0) == 0
    assert client.get(f"/api/events/{director.id}").status_code == 200


def test_the_directors_pages_survive_a_missing_game_and_the_next_action_mends_it(client, app):
    director = short_event(client)
    client.get(director.created["url"])
    tables = director.act("start")["tables"]
    with app.app_context():  # as the table's delete did before events kept their games
        db = store.get_db()
        db.execute("delete from tournament_games where game_id = ?", [tables[0]["game"]])
        db.commit()
        store.delete_game(db, tables[0]["game"])
    assert client.get(f"/events/{director.id}").status_code == 200
    assert client.get(f"/events/{director.id}/standings").status_code == 200
    assert client.get(f"/events/{director.id}/screen").status_code == 200
    mended = director.act("swap", first=tables[1]["seats"][0], second=tables[1]["seats"][1])["tables"]
    assert mended[0]["game"] not in (None, tables[0]["game"]) and mended[0]["seats"] == tables[0]["seats"]
    play_short_round(client, mended)
    assert director.scored()["rounds"][0]["complete"]


def test_an_import_checks_the_money_as_a_creation_does(client):
    director = short_event(client, money={"entry_fee": 5, "split": [60, 40]})
    exported = director.export()
    for money, field in (
        ({"entry_fee": 5, "split": [101]}, "money.split"),
        ({"entry_fee": -1, "split": []}, "money.entry_fee"),
        ({"entry_fee": 5, "split": [], "currency": "XYZ"}, "money.currency"),
        ({"entry_fee": 5, "split": [], "paid": ["Nobody"]}, "money.paid"),
    ):
        refused = client.post("/api/events/import", json={**exported, "money": money})
        assert refused.status_code == 422 and refused.get_json()["field"] == field, refused.get_json()
    assert client.post("/api/events/import", json=exported).status_code == 201


# ---- a locked table asks the director, who sees it at once --------------------------------------------------


def test_a_locked_table_asks_the_director_for_a_correction_before_typing_the_hand(client, app):
    director = short_event(client)
    client.get(director.created["url"])
    tables = director.act("start")["tables"]
    play_short_round(client, tables)
    director.act("start")
    game = tables[0]["game"]
    card = phone(app, tables[0])
    # The table's game-over screen and its correction screen say it is locked, before anything is typed.
    over = card.get(f"/games/{game}", follow_redirects=True).get_data(as_text=True)
    assert "this table is locked" in over and "Ask the director for a correction" in over
    assert "this table is locked" in card.get(f"/games/{game}/hands/1/edit").get_data(as_text=True)
    # Only the scorekeeper may ask (the edit key), and the director's page shows the request at once.
    stranger = app.test_client()
    assert stranger.post(f"/games/{game}/ask-director", data={"csrf_token": csrf_of(stranger)}).status_code == 403
    tag = client.get(f"/events/{director.id}/revision").get_json()["revision"]
    _url, data = form_data(over, action=f"/games/{game}/ask-director")
    assert card.post(f"/games/{game}/ask-director", data=dict(data)).status_code == 302
    assert "The director has been asked" in card.get(f"/games/{game}/sheet").get_data(as_text=True)
    assert client.get(f"/events/{director.id}/revision").get_json()["revision"] != tag  # the live page moves on
    html = page(client, director)
    assert "Table 1 of round 1 asks for a correction" in html
    html = page(client, director)
    forms = re.findall(r"<form[^>]*>.*?</form>", html, re.S)
    index = [i for i, form in enumerate(forms) if 'value="approve"' in form and 'value="1-1"' in form][0]
    submit(client, f"/events/{director.id}", {}, index=index, action=f"/events/{director.id}/actions")
    html = page(client, director)
    assert 'id="request-1-1"' not in html and "Table 1 of round 1 is open for a correction." in html
    assert "opened this table for a correction" in card.get(f"/games/{game}/sheet").get_data(as_text=True)


# ---- removals asked first and taken back (issue 43, "Undo") -------------------------------------------------


def test_a_withdrawal_is_asked_first_and_taken_back_to_the_same_seat(client):
    director = short_event(client)
    client.get(director.created["url"])
    tables = director.act("start")["tables"]
    leaving = tables[0]["seats"][1]
    html = page(client, director)
    assert '<option value="">(choose a player)</option>' in html  # nothing is chosen for the director
    where, html = post_form(client, director, "withdraw", {"player": leaving})
    assert "ask=withdraw" in where
    asked = client.get(where).get_data(as_text=True)
    assert f"Withdraw {leaving}?" in asked and f"{leaving} withdraws: no seat from round 1 on." in asked
    assert leaving in director.export()["rounds"][0]["tables"][0]["seats"]  # nothing done yet
    forms = re.findall(r"<form[^>]*>.*?</form>", asked, re.S)
    index = [i for i, form in enumerate(forms) if 'name="sure"' in form][0]
    submit(client, where, {}, index=index, action=f"/events/{director.id}/actions")
    record = director.export()
    assert leaving not in record["rounds"][0]["tables"][0]["seats"]
    html = page(client, director)
    assert f"Bring {leaving} back" in html
    # Brought back: the same seat at the same table, which plays a new game again (its card reprinted).
    director.act("back", player=leaving)
    record = director.export()
    assert record["rounds"][0]["tables"][0]["seats"] == tables[0]["seats"]
    assert record.get("withdrawn") is None and "Bring" not in page(client, director)


def test_a_replacement_is_taken_back_and_a_withdrawn_player_is_never_a_dead_end(client):
    director = short_event(client)
    first = director.act("withdraw", player="P1")  # before the draw: a no-show
    assert "no seat from round 1 on" in first["message"]
    # Checking in the no-show who came after all brings them back (it used to say "is here" and do nothing).
    assert director.act("check_in", player="P1")["message"] == "P1 is back and checked in."
    director.act("withdraw", player="P2")
    assert director.act("register", player="P2")["message"] == "P2 is registered again."
    tables = director.act("start")["tables"]
    seated = tables[1]["seats"][2]
    director.act("replace", player=seated, **{"with": "Sub"})
    assert "Sub" in director.export()["players"]
    back = director.act("back", player=seated)
    assert back["message"] == f"{seated} is back at table 2. Print the card of table 2 again: the old one is void."
    record = director.export()
    assert record["rounds"][0]["tables"][1]["seats"] == tables[1]["seats"] and "Sub" not in record["players"]
    # After the draw, a withdrawn player may still be seated at a table not started (late), never refused.
    director.act("withdraw", player=seated)
    assert "joins table 2" in director.act("late", player=seated, table=2)["message"]
    assert not director.export().get("withdrawn")


def test_taking_a_draw_back_is_asked_first_and_voids_its_cards(client):
    director = short_event(client)
    client.get(director.created["url"])
    tables = director.act("start")["tables"]
    where, _html = post_form(client, director, "reopen")
    assert "ask=reopen" in where and "Take the draw back?" in client.get(where).get_data(as_text=True)
    assert director.export()["rounds"]
    director.act("reopen")
    assert director.export()["rounds"] == [] and "This card is void" in client.get(
        f"/games/{tables[0]['game']}"
    ).get_data(as_text=True)


# ---- check-in drives the room -------------------------------------------------------------------------------


def test_check_in_drives_the_draw_roll_call_refunds(client):
    director = short_event(client, money={"entry_fee": 10, "split": [100], "currency": "EUR"})
    client.get(director.created["url"])
    # The roll call: who is here and who has paid, saved at once.
    here = EIGHT[:6]
    _where, html = post_form(client, director, "roll_call", {"here": here, "paid": EIGHT[:4] + ["P8"]})
    assert "Checked in: 6 of 8." in html
    # The draw warns about the two not checked in, and offers to withdraw them (asked first).
    assert "Not checked in (2): P7, P8. The draw seats them all the same." in html
    where, _html = post_form(client, director, "withdraw_absent")
    asked = client.get(where).get_data(as_text=True)
    assert "Withdraw them?" in asked and "2 players not checked in withdraw: P7, P8." in asked
    director.act("withdraw_absent")
    html = page(client, director)
    # Withdrawn players are listed apart and not counted; the one who paid is owed a refund.
    assert "Checked in: 6 of 6." in html and "Not checked in" not in html
    assert re.search(r'<option value="P7">', html.split('id="check-in"')[-1].split("</form>")[0]) is None
    money = director.scored()["money"]
    assert money["refunds"] == [{"player": "P8", "amount": 10.0}] and money["entrants"] == 6
    results = client.get(f"/events/{director.id}/results").get_data(as_text=True)
    assert "Owed a refund" in results and "P8" in results
    # A single check-in can take the fee too ("paid at check-in").
    director.act("back", player="P7")
    assert director.act("check_in", player="P7", paid=True)["message"] == "P7 is here and has paid."
    assert "P7" in director.scored()["money"]["paid"]


def test_the_whole_log_is_one_click_away_and_paged(client, app):
    director = short_event(client)
    client.get(director.created["url"])
    for number in range(12):
        director.act("check_in", player=EIGHT[number % 8], present=number % 2 == 0)
    html = page(client, director)
    assert html.split('id="log"')[1].split("</ol>")[0].count("<li value=") == 8  # the latest on the page
    assert "The whole log (13 entries)" in html
    whole = client.get(f"/events/{director.id}/log").get_data(as_text=True)
    assert whole.count("<li value=") == 13 and "event Short set up" in whole
    assert app.test_client().get(f"/events/{director.id}/log").status_code == 403


# ---- a correction changes only what it changes ---------------------------------------------------------------

SIXTEEN = [f"Player {n:02}" for n in range(1, 17)]


def changing_correction(director, before):
    """With round 1 confirmed: a table of round 1 and its last hand corrected so that one seat alone made its bid
    (all 13 tricks), which sends on exactly one other player (worked out from the export as if round 2 were not
    seated); (table number, the hand corrected)."""
    exported = director.export()
    del exported["rounds"][1:]
    for number, table in enumerate(exported["rounds"][0]["tables"], start=1):
        hands = table["record"]["hands"]
        for seat in range(len(table["seats"])):
            hand = dict(
                hands[-1],
                bids=[hands[-1]["cards"] if s == seat else 1 for s in range(4)],
                tricks=[hands[-1]["cards"] if s == seat else 0 for s in range(4)],
            )
            corrected = json.loads(json.dumps(exported))
            corrected["rounds"][0]["tables"][number - 1]["record"]["hands"][-1] = hand
            after = events.score_event(corrected)["rounds"][0]["advanced"]
            if len(set(after) - set(before)) == 1:
                return number, len(hands), hand
    raise AssertionError("no correction of this seed changes one player of the cut")


def test_a_redraw_after_a_correction_changes_only_the_seat_it_changes(client):
    """Issue 43: the review's redraw replaced every table of round 2 and cut new first dealers though one seat
    changed. Now the player the corrected cut sends on takes the seat of the one it no longer does; every other
    table keeps its seats, its game (so its printed card) and its first dealer."""
    director = Director(client, {"name": "Cartier", "format": "cartier", "seed": "redraw", "players": SIXTEEN})
    client.get(director.created["url"])
    tables = director.act("start")["tables"]
    play(client, tables, random.Random(43))
    before = director.scored()["rounds"][0]["advanced"]
    seated = director.act("start")["tables"]
    games = {table["game"]: client.get(f"/api/games/{table['game']}/export").get_json() for table in seated}
    number, last, hand = changing_correction(director, before)
    director.act("approve", round=1, table=number)
    game = tables[number - 1]["game"]
    correct = {
        "id": "fix-1",
        "revision": client.get(f"/games/{game}/revision").get_json()["revision"],
        "hand": last,
        "action": "correct",
        "bids": hand["bids"],
        "tricks": hand["tricks"],
        "trump": hand.get("trump"),
    }
    fixed = client.post(f"/api/games/{game}/actions", json=correct, headers=bearer(tables[number - 1]["edit_key"]))
    assert fixed.status_code == 200, fixed.get_json()
    corrected = director.scored()["rounds"][0]["correction"]["advanced"]
    (coming,), (going,) = set(corrected) - set(before), set(before) - set(corrected)
    html = page(client, director)
    assert f"{coming} goes on instead of {going}." in html and "Seat round 2 again" in html
    answer = director.act("decide", round=1, table=number, choice="redraw")
    assert f"{coming} takes {going}'s seat at table" in answer["message"]
    for old, new in zip(seated, answer["tables"]):
        if going in old["seats"]:
            assert new["seats"] == [coming if name == going else name for name in old["seats"]]
            assert new["game"] != old["game"]
            record = client.get(f"/api/games/{new['game']}/export").get_json()
            assert record["rules"]["first_dealer"] == games[old["game"]]["rules"]["first_dealer"]
            assert "This card is void" in client.get(f"/games/{old['game']}").get_data(as_text=True)
        else:  # untouched: the same game, its card and first dealer as printed
            assert new == {**old, "table": new["table"]} and new["game"] == old["game"]
    assert director.export()["rounds"][0]["advanced"] == corrected
    log = client.get(f"/events/{director.id}/log").get_data(as_text=True)
    assert f"{coming} goes on instead of {going}" in entities.unescape(log)
