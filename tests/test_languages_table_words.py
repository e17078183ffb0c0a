"""The table's own words on its game (issue 25): a preset is named as the table chose it, the formula's help speaks
the reader's language, and only the game's own system's penalties are offered."""

import re

import pytest

from scorekeeper.rules.scoring.presets import BOERENBRIDGE
from tests.pdf_reading import text as pdf_text
from tests.game_helpers import HANDS, create, record
from tests.html_forms import form_data, submit
from tests.table_helpers import follow, new_game, play_hand

BOERENBRIDGE_GAME = record(scoring="formula", options=dict(BOERENBRIDGE))


def speak(client, code):
    client.post("/language", data={"lang": code, "next": "/"})


@pytest.mark.parametrize(
    "code, name, formula",
    [
        ("en", "Boerenbridge (Dutch)", "House formula"),
        ("nl", "Boerenbridge", "Eigen formule"),
        ("de", "Boerenbridge (niederländisch)", "Hausformel"),
    ],
)
def test_a_preset_keeps_its_name_on_every_page_and_the_pdf(client, tmp_path, code, name, formula):
    game_id, _key = create(client, BOERENBRIDGE_GAME)
    speak(client, code)
    pages = {
        where: client.get(f"/games/{game_id}/{where}").get_data(as_text=True)
        for where in ("sheet", "over", "card", "settle")
    }
    pages["sheet.pdf"] = pdf_text(client.get(f"/games/{game_id}/sheet.pdf").data, tmp_path)
    for where, page in pages.items():
        assert name in page and formula not in page, where


def test_a_formula_of_the_tables_own_keeps_its_terms():
    from scorekeeper.rules.scoring.presets import system_title

    assert str(system_title("formula", {"made": "10 + 3*bid", "over": "-2*off"})).startswith("House formula, ")
    assert str(system_title("exact")) == "Exact"  # a system without options is its own name, never a preset's


@pytest.mark.parametrize(
    "code, gloss",
    [("nl", "tricks (slagen)"), ("de", "tricks (Stiche)"), ("fr", "tricks (les plis)"), ("es", "tricks (las bazas)")],
)
def test_the_formula_help_says_its_terms_in_the_readers_language(client, code, gloss):
    speak(client, code)
    page = client.get("/games/new", query_string={"preset": "boerenbridge"}).get_data(as_text=True)
    assert gloss in page


def tricks_page(client, **fields):
    game_id = new_game(client, **fields)
    client.post(f"/games/{game_id}/deal", data={})  # may be refused: the page below is what matters
    return client.get(f"/games/{game_id}/tricks").get_data(as_text=True)


def test_penalties_offered_are_the_games_own_systems(client):
    boerenbridge = record(scoring="formula", options=dict(BOERENBRIDGE), hands=HANDS[:1])
    boerenbridge["hands"][0].pop("tricks")
    game_id, _key = create(client, boerenbridge)
    page = client.get(f"/games/{game_id}/tricks").get_data(as_text=True)
    assert "Revoke" in page and "Basas" not in page
    basas = record(scoring="basas", hands=HANDS[:1])
    basas["hands"][0].pop("tricks")
    game_id, _key = create(client, basas)
    page = client.get(f"/games/{game_id}/tricks").get_data(as_text=True)
    assert "False accusation (Basas)" in page and "Revoke (Basas)" in page


@pytest.mark.parametrize("code, preset", [("nl", "boerenbridge"), ("de", "pagat"), ("en", "pagat")])
def test_the_setup_form_opens_on_the_tables_own_preset(client, code, preset):
    speak(client, code)
    page = client.get("/games/new").get_data(as_text=True)
    assert dict(form_data(page)[1])["preset"] == preset  # the option the browser sends


@pytest.mark.parametrize(
    "code, said",
    [
        ("en", "Only the owner of this site can start a tournament"),
        ("nl", "Alleen de eigenaar van deze site kan een toernooi starten"),
    ],
)
def test_the_tournament_button_says_in_plain_words_who_starts_one(stranger, code, said):
    stranger.post("/language", data={"lang": code, "next": "/"})
    refused = stranger.get("/events/new")
    page = refused.get_data(as_text=True)
    assert refused.status_code == 403 and said in page
    shown = page.split("<details", 1)[0]  # the server's words wait behind "For the owner"
    assert "python -m scorekeeper" not in shown and "instance/owner_key" not in shown


def test_the_dealer_draw_says_how_it_picked_the_dealer(client):
    response = submit(
        client, "/games/new", {"player_0": "Ann", "player_1": "Bob", "player_2": "Cy", "first_dealer": "cut"}
    )
    deal = client.get(response.headers["Location"]).get_data(as_text=True)
    said = re.search(r"The app drew the first dealer at random, as cutting the deck would: (\w+) deals first.", deal)
    assert said and said.group(1) in ("Ann", "Bob", "Cy")


def test_a_read_only_phone_counts_the_hand_in_play_and_names_the_winner(client, stranger):
    playing = record(hands=HANDS[:1])
    playing["hands"][0].pop("tricks")
    game_id, _key = create(client, playing)
    sheet = stranger.get(f"/games/{game_id}/sheet").get_data(as_text=True)
    assert "hand 1 of 2" in sheet and "hand 0 of 2" not in sheet  # hand 1 is being played
    game_id, _key = create(client, record())
    sheet = stranger.get(f"/games/{game_id}/sheet").get_data(as_text=True)
    assert "hand 2 of 2" in sheet and "Winner: <b>Di</b>" in sheet


def test_the_last_hand_recorded_opens_the_results(client):
    game_id = new_game(client, max_cards="2")
    assert play_hand(client, game_id, "hearts", [0, 0, 0, 0]).headers["Location"].endswith("/sheet")
    last = play_hand(client, game_id, "spades", [0, 0, 1, 0])
    assert last.headers["Location"].endswith(f"/games/{game_id}/over")  # no extra tap on "Game over: results"


def test_the_dealer_rule_from_4_cards_is_printed_on_filled_and_blank_sheets(client, tmp_path):
    boerenbridge = record(scoring="formula", options=dict(BOERENBRIDGE), hook_from=4)
    game_id, _key = create(client, boerenbridge)
    filled = pdf_text(client.get(f"/games/{game_id}/sheet.pdf").data, tmp_path)
    assert "hook from 4 cards" in " ".join(filled.split())
    page = client.get("/sheets/").get_data(as_text=True)
    offered = {
        name: href
        for href, name in re.findall(r'<a href="(/sheets/\?[^"]+)">([^<]+)</a>', page.split('id="sheet-presets"')[1])
    }
    link = offered["Boerenbridge (Dutch)"]
    form = client.get(link.replace("&amp;", "&")).get_data(as_text=True)
    assert dict(form_data(form)[1])["pattern"] == "up-down"
    blank = client.get(
        "/sheets/blank.pdf", query_string={"players": 5, "pattern": "up-down", "max": 10, "hook": 1, "hook_from": 4}
    )
    text = " ".join(pdf_text(blank.data, tmp_path).split())
    assert "hook from 4 cards" in text and "in hands of 4 cards or more" in text


def test_a_blind_bid_is_marked_on_screen_as_on_the_pdf(client, tmp_path):
    blind = {
        "players": ["A", "B", "C"],
        "rules": {"scoring": "ten_times", "modifiers": ["blind"], "hook": False},
        "hands": [
            {"cards": 3, "dealer": 2, "bids": [3, 1, 1], "tricks": [3, 0, 0]},
            {"cards": 2, "dealer": 0, "bids": [0, 1, 1], "tricks": [0, 1, 1], "blind": [1]},
        ],
    }
    game_id, _key = create(client, blind)
    sheet = client.get(f"/games/{game_id}/sheet").get_data(as_text=True)
    row = sheet.split("<tbody>")[1].split("</tr>")[1]
    assert re.search(r"1<abbr class=\"blindmark\" title=\"blind bid\">ᴮ</abbr>/1", row)  # B's blind 1, not C's
    assert row.count("blindmark") == 1 and "ᴮ blind bid" in sheet
    assert "ᴮ" in pdf_text(client.get(f"/games/{game_id}/sheet.pdf").data, tmp_path)


def test_one_clear_way_to_end_after_this_hand_opens_the_results(client):
    game_id = new_game(client, max_cards="3")
    play_hand(client, game_id, "hearts", [0, 0, 0, 0])
    assert submit(client, f"/games/{game_id}/deal", {"trump": "spades"}).status_code == 302  # hand 2 in play
    table = client.get(f"/games/{game_id}/table").get_data(as_text=True)
    assert table.count('value="cut"') == 1 and "End after this hand (hand 2): then the results" in table
    _action, defaults = form_data(table, 0)
    data = {k: v for k, v in defaults if k in ("csrf_token", "revision")} | {"action": "cut"}
    assert client.post(f"/games/{game_id}/table", data=data).status_code == 302
    for _ in range(4):  # the bids of hand 2, in order
        url, html = follow(client, game_id)
        assert url.endswith("/bids")
        assert submit(client, url, {"bid": 0}).status_code == 302
    last = submit(client, f"/games/{game_id}/tricks", {"took_0": 1, "took_1": 0, "took_2": 1, "took_3": 0})
    assert last.headers["Location"].endswith("/over")  # the game ended after hand 2, not 3
    assert 'value="cut"' not in client.get(f"/games/{game_id}/table").get_data(as_text=True)
