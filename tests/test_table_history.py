"""A game's History: what each action did, in words a player reads (issue 8, item 6 and the penalties of 4).

A bid of 0 reads 0 (never "–"), a seat not dealt in reads "out" (never "None"), a penalty names its player,
points and reason, and a correction lists only what changed.
"""

import re

import pytest

from scorekeeper.text.history import describe
from tests.game_helpers import create, post_hand, record
from tests.html_forms import submit
from tests.table_helpers import follow, new_game, revoke_with_the_tricks

PLAYERS = ["Ann", "Bob", "Cy", "Di"]
# Hand 1 (hook off): Ann deals 1, everyone bids 0 but Bob, who takes it; Cy revokes (-20).
# Hand 2: Cy sits out; Bob deals 2, Bob and Di bid and take 1 each.
HAND_1 = {
    "cards": 1,
    "dealer": 0,
    "bids": [0, 1, 0, 0],
    "tricks": [0, 1, 0, 0],
    "penalties": [{"seat": 2, "reason": "revoke"}],
}
HAND_2 = {"cards": 2, "dealer": 1, "out": [2], "bids": [0, 1, None, 1], "tricks": [0, 1, None, 1]}


def lines(html):
    """Return the History's entries as text, without their number and time."""
    log = re.search(r'<ol class="history">(.*?)</ol>', html, re.S)[1]
    items = re.findall(r"<li[^>]*>(.*?)<small>", log, re.S)
    return [" ".join(re.sub(r"<[^>]+>", " ", item).split()).replace("&#39;", "'") for item in items]


def test_each_kind_of_action_in_words():
    assert describe({"kind": "bid", "payload": {"hand": 0, "seat": 2, "bid": 0}}, PLAYERS) == "hand 1: Cy bid 0"
    bids = describe({"kind": "bids", "payload": {"hand": 1, "bids": [0, 2, None, 0]}}, PLAYERS)
    assert bids == "hand 2: bids Ann 0 · Bob 2 · Cy out · Di 0"
    tricks = describe(
        {
            "kind": "tricks",
            "payload": {
                "hand": 1,
                "tricks": [0, 2, None, 0],
                "penalty": {"seat": 1, "reason": "revoke", "points": -20},
            },
        },
        PLAYERS,
    )
    assert tricks == "hand 2: tricks Ann 0 · Bob 2 · Cy out · Di 0; penalty: Bob −20 (revoke)"
    before = {"bids": [1, 0, 0, 0], "tricks": [0, 1, 0, 0], "trump": "hearts"}
    after = {
        "bids": [1, 0, 0, 0],
        "tricks": [1, 0, 0, 0],
        "trump": "spades",
        "penalties": [{"seat": 3, "reason": "renege", "points": -10}],
    }
    edit = describe({"kind": "edit", "payload": {"hand": 0, "before": before, "after": after}}, PLAYERS)
    assert edit == (
        "hand 1 corrected: Ann's tricks 0 → 1, Bob's tricks 1 → 0, trump hearts → spades, "
        "penalty: Di −10 (Basas revoke)"
    )
    # The positive control: the same correction without changes says so, and lists no bid.
    assert (
        describe({"kind": "edit", "payload": {"hand": 0, "before": before, "after": before}}, PLAYERS)
        == "hand 1 corrected: nothing changed"
    )


def test_a_penalty_entered_with_the_tricks_is_in_the_history(client):
    game_id = new_game(client)
    revoke_with_the_tricks(client, game_id)
    history = lines(client.get(f"/games/{game_id}/history").get_data(as_text=True))
    # Each word once (issue 25): the entry's kind is not repeated where its text says it.
    assert "hand 1: tricks Ann 0 · Bob 1 · Cy 0 · Di 0" in history  # hand 1: no penalty
    assert "hand 2: tricks Ann 0 · Bob 1 · Cy 0 · Di 1; penalty: Cy −20 (revoke)" in history
    assert ["hand 2: Cy bid 0", "hand 2: Di bid 1", "hand 2: Ann bid 0", "hand 2: Bob bid 0"] == [
        line for line in history if line.startswith("hand 2: ") and " bid " in line
    ]


@pytest.mark.parametrize("code", ["nl", "de", "fr", "es"])
def test_the_history_says_each_word_once_in_every_language(client, code):
    game_id = new_game(client)
    revoke_with_the_tricks(client, game_id)
    client.post("/language", data={"lang": code, "next": "/"})
    history = lines(client.get(f"/games/{game_id}/history").get_data(as_text=True))
    doubled = [line for line in history if re.search(r"\b(\w{4,})\b.*\b\1\b", line.split(";")[0])]
    assert not doubled, doubled  # "aangemaakt spel aangemaakt", "slagen ronde 1: slagen Anouk 0"
    assert len(history) > 8


@pytest.mark.browser
def test_history_in_the_browser_after_a_correction(page, live_server, client, shots):
    game_id, key = create(client, record(hands=[], hook=False, settlement="none"), claim=False)
    for hand in (HAND_1, HAND_2):
        post_hand(client, game_id, key, hand)
    page.goto(f"{live_server}/games/{game_id}/claim/{key}")
    page.goto(f"{live_server}/games/{game_id}/hands/1/edit")
    page.locator("input[name=took_0]").fill("1")  # Ann took the trick, not Bob
    page.locator("input[name=took_1]").fill("0")
    page.get_by_role("button", name="Save the correction").click()
    page.wait_for_url(re.compile(r"/sheet$"))
    page.goto(f"{live_server}/games/{game_id}/history")
    entries = page.locator("ol.history li").all_inner_texts()
    shots(page, "40-history")
    text = [" ".join(entry.split("#")[0].split()) for entry in entries]
    assert text == [
        "game set up",  # each word once (issue 25): the kind is said only where the words do not say it
        "hand 1: bids Ann 0 · Bob 1 · Cy 0 · Di 0; tricks Ann 0 · Bob 1 · Cy 0 · Di 0; penalty: Cy −20 (revoke)",
        "hand 2: bids Ann 0 · Bob 1 · Cy out · Di 1; tricks Ann 0 · Bob 1 · Cy out · Di 1",
        "edit hand 1 corrected: Ann's tricks 0 → 1, Bob's tricks 1 → 0",
    ]
    whole = page.inner_text("ol.history")
    assert "None" not in whole and "–" not in whole


def test_undo_says_what_it_took_back(client):
    game_id = new_game(client)
    submit(client, f"/games/{game_id}/deal", {"trump": "hearts"})
    url, _ = follow(client, game_id)
    submit(client, url, {"bid": 1})  # Ann dealt 1 card: Bob bids first

    def undo():
        url, _ = follow(client, game_id)
        response = submit(client, url, action=f"/games/{game_id}/undo")
        page = client.get(response.headers["Location"]).get_data(as_text=True).replace("&#39;", "'")
        return re.findall(r'class="flash[^"]*"[^>]*>([^<]*)<', page)  # what the page says in its message

    assert undo() == ["Undone: Bob's bid of 1."]
    assert undo() == ["Undone: Ann's deal of 1 card."]
