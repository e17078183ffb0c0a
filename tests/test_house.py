"""House rules through the Flask client: the card (page and PDF read back), the preview, setup, the which page."""

import json
import subprocess
from pathlib import Path

import pytest

from scorekeeper import rules, store
from tests.html_forms import form_data, submit
from tests.pdf_reading import info

ROOT = Path(__file__).resolve().parent.parent
OKENUFF = json.loads((ROOT / "tests" / "games" / "okenuff.json").read_text())
BOERENBRIDGE = {
    "players": ["Ann", "Bob", "Cy", "Di"],
    "rules": {
        "scoring": "formula",
        "options": {"made": "10 + 2*tricks", "over": "-2*off"},
        "deals": {"pattern": "up", "max": 3},
        "stake": 0.5,
        "settlement": "pairwise",
    },
    "hands": [{"cards": 1, "dealer": 0, "trump": "hearts", "bids": [1, 0, 0, 1], "tricks": [1, 0, 0, 0]}],
}


def flow(data, tmp_path):
    """The PDF's words in reading order (pdftotext without -layout: the hand-size column comes after the rules)."""
    path = tmp_path / "card.pdf"
    path.write_bytes(data)
    out = subprocess.run(["pdftotext", str(path), "-"], check=True, capture_output=True, text=True).stdout
    return " ".join(out.split())


def create(client, record):
    response = client.post("/api/games", json=record)
    assert response.status_code == 201, response.get_json()
    return response.get_json()["id"]


def test_the_card_of_a_game_is_one_page_with_its_rules_and_worked_examples(client, tmp_path):
    game_id = create(client, OKENUFF)
    response = client.get(f"/games/{game_id}/card.pdf")
    assert response.status_code == 200 and response.mimetype == "application/pdf"
    assert info(response.data, tmp_path)["pages"] == 1
    page = flow(response.data, tmp_path)
    assert "House rules: Al Okenuff's" in page
    assert "Al Okenuff's: 13 hands of 4 5 6 7 8 9 10 11 12 13 13 13 13 cards; 1 deck." in page
    assert "Hook: the dealer may not bid so that the bids add up to the cards." in page
    assert "Pairwise, 0.1 a point" in page and "No trump doubles" in page
    # made bids 0-5 (000: 5, 6, 8, 11, 15, 35), off by one and two (-5, -10), and doubled at no trump.
    for what, bid, took, points in [
        ("made", 0, 0, 5),
        ("made", 1, 1, 6),
        ("made", 4, 4, 15),
        ("made", 5, 5, 35),
        ("one over", 2, 3, -5),
        ("two under", 2, 0, -10),
        ("made at no trump", 2, 2, 16),
    ]:
        assert f"{what} 13 {bid} {took} {points}" in page
    assert "the dealer may not bid 3 (2 + 3 = 5)" in page


def test_the_card_of_a_formula_game_states_the_formula_and_the_page_matches(client, tmp_path):
    game_id = create(client, BOERENBRIDGE)
    page = client.get(f"/games/{game_id}/card").get_data(as_text=True)
    # Issue 25: the preset the table chose names the formula (it read "House formula: ...").
    assert "Boerenbridge (Dutch): made: 10 + 2*tricks; more: -2*off; fewer: the same." in page
    pdf_text = flow(client.get(f"/games/{game_id}/card.pdf").data, tmp_path)
    assert "made 3 3 3 16" in pdf_text and "two over 3 2 4" not in pdf_text  # 3 cards: 2 + 2 is too many
    assert "one over 3 2 3 -2" in pdf_text and "two under 3 2 0 -4" in pdf_text


def test_the_card_of_a_setup_wizard_has_no_hook(client, tmp_path):
    page = flow(client.get("/house/card.pdf?preset=wizard&players=5").data, tmp_path)
    assert "House rules: Wizard scoring (no hook)" in page
    assert "No hook: the dealer may bid anything." in page and "The hook:" not in page
    assert "made 10 2 2 40" in page and "two over 10 2 4 -20" in page


def test_the_card_button_on_setup_sends_the_rules_being_set_up(client):
    setup = client.get("/games/new?preset=boerenbridge").get_data(as_text=True)
    assert 'formaction="/house/card"' in setup
    fields = {
        "scoring": "formula",
        "opt__formula__made": "5 + bid",
        "opt__formula__over": "-off",
        "pattern": "up",
        "max_cards": "4",
        "hook": "y",
        "player_0": "Ann",
        "player_1": "Bob",
        "player_2": "Cy",
    }
    page = client.get("/house/card", query_string=fields).get_data(as_text=True)
    assert "Ann · Bob · Cy" in page and "Up: 4 hands of 1 2 3 4 cards" in page
    assert "made: 5 + bid; more: -off" in page
    refused = client.get("/house/card", query_string={**fields, "opt__formula__made": "5 / (bid - 1)"})
    assert refused.status_code == 400
    assert "made: division by zero at column 6 when bid = 1, tricks = 1, cards = 1" in refused.get_data(as_text=True)


def test_preview_scores_a_few_bids_or_names_the_mistake(client):
    rows = client.get("/house/preview", query_string={"made": "20 + 10*bid", "over": "-10*off", "cards": 5}).get_json()
    assert rows["rows"][2] == {"bid": 2, "made": 40, "over": -10, "under": -10}
    bad = client.get("/house/preview", query_string={"made": "bid.bit_length()", "over": "0"})
    assert bad.status_code == 400
    assert bad.get_json() == {"error": "made: attribute access (a '.') is not allowed at column 4", "field": "made"}


def test_setup_refuses_a_formula_that_cannot_score_a_hand_and_stores_nothing(client, app):
    response = submit(
        client,
        "/games/new",
        {
            "player_0": "Ann",
            "player_1": "Bob",
            "player_2": "Cy",
            "first_dealer": "0",
            "pattern": "up",
            "max_cards": "3",
            "scoring": "formula",
            "opt__formula__made": "10 + 10/(bid - 2)",
            "opt__formula__over": "0",
        },
    )
    assert response.status_code == 400
    assert "made: division by zero" in response.get_data(as_text=True)
    with app.app_context():
        assert store.list_games(store.get_db()) == []


def test_a_formula_game_everywhere_a_system_goes(client, tmp_path):
    game_id = create(client, BOERENBRIDGE)
    assert client.get(f"/api/games/{game_id}").get_json()["totals"] == [12, 10, 10, -2]
    compare = client.get(f"/games/{game_id}/compare").get_data(as_text=True)
    assert "House formula" in compare
    assert client.get(f"/games/{game_id}/sheet.pdf").status_code == 200
    exported = client.get("/export/games.json").get_json()
    assert exported["games"][0]["rules"]["options"] == BOERENBRIDGE["rules"]["options"]
    assert rules.score(rules.load(exported["games"][0]))["totals"] == [12, 10, 10, -2]


@pytest.mark.parametrize(
    "query, link, chosen",
    [
        (
            {
                "bid1": 2,
                "took1": 2,
                "points1": 14,
                "bid2": 1,
                "took2": 3,
                "points2": -4,
                "bid3": 3,
                "took3": 1,
                "points3": -4,
            },
            'href="/games/new?preset=boerenbridge"',
            {"scoring": "formula", "opt__formula__made": "10 + 2*tricks", "opt__formula__over": "-2*off"},
        ),
        (
            {
                "bid1": 3,
                "took1": 3,
                "points1": 19,
                "bid2": 1,
                "took2": 3,
                "points2": -2,
                "bid3": 4,
                "took3": 1,
                "points3": -3,
            },
            'href="/games/new?scoring=get_fred&amp;opt_squared=true"',
            {"scoring": "get_fred", "opt__get_fred__squared": "y"},
        ),
    ],
)
def test_the_which_page_links_to_setup_with_the_match(client, query, link, chosen):
    page = client.get("/house/which", query_string=query).get_data(as_text=True)
    assert link in page
    target = client.get(link[6:-1].replace("&amp;", "&")).get_data(as_text=True)
    _action, fields = form_data(target)  # the setup form as the browser would send it
    assert {name: value for name, value in fields if name in chosen} == chosen


@pytest.mark.parametrize(
    "query",
    [
        {"scoring": "bridge"},
        {"scoring": "exact", "pattern": "zigzag"},
        {"scoring": "exact", "pattern": "custom", "sizes": ""},
        {"scoring": "formula", "opt__formula__made": "", "opt__formula__over": "0"},
    ],
)
def test_a_setup_card_of_rules_that_cannot_be_played_says_why(client, query):
    response = client.get("/house/card", query_string=query)
    assert response.status_code == 400 and "These rules cannot be played yet" in response.get_data(as_text=True)
    assert client.get("/house/card.pdf", query_string=query).status_code == 400


def test_the_card_of_a_25_hand_game_fits_one_page_with_its_hand_size_column(client, tmp_path):
    record = json.loads((ROOT / "tests" / "games" / "seven_players_25_hands.json").read_text())
    game_id = create(client, record)
    data = client.get(f"/games/{game_id}/card.pdf").data
    assert info(data, tmp_path)["pages"] == 1
    plan = rules.load(record).plan()
    numbers = " ".join(str(number) for number in range(1, len(plan) + 1))
    # pdftotext reads the narrow table column by column: the hand numbers, then their sizes.
    assert f"hand {numbers} cards {' '.join(map(str, plan))}" in flow(data, tmp_path)


def test_the_card_says_from_how_many_cards_the_hook_applies(client):
    fields = {
        "scoring": "exact",
        "pattern": "up",
        "max_cards": "6",
        "hook": "y",
        "hook_from": "4",
        "player_0": "Ann",
        "player_1": "Bob",
        "player_2": "Cy",
        "player_3": "Di",
    }
    page = client.get("/house/card", query_string=fields).get_data(as_text=True)
    assert "Hook: the dealer may not bid so that the bids add up to the cards (hands of 4 cards or more" in page
    # The sample hand of the hook has at least 4 cards: in fewer the dealer is free.
    assert "5 cards, 4 players: the others bid 1, 0, 1, so the dealer may not bid 3" in page
    plain = client.get("/house/card", query_string={**fields, "hook_from": "1"}).get_data(as_text=True)
    assert "cards or more" not in plain and "Hook: the dealer may not bid" in plain
