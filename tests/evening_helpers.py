"""A club evening: played in the test client, and set up and played on Dutch phones in the browser walks."""

import re

from scorekeeper import store
from tests.game_helpers import HANDS, create, game_id_of, post_hand, record
from tests.html_forms import submit


def game_of(page):
    return re.search(r"/games/([^/?]+)", page.url)[1]


def play_hands(app, game_id, winner=0):
    """Finish the game (1 card, then 2) through the API as its scorekeeper: `winner` makes both bids, the others
    bid nothing and take nothing. Hook or not, no dealer's bid makes the bids add up."""
    api = app.test_client()
    with app.app_context():
        game = store.get_game(store.get_db(), game_id)
    players, first = game["record"]["players"], game["record"]["rules"].get("first_dealer", 0)
    for number, cards in enumerate((1, 2)):
        bids = [cards if seat == winner else 0 for seat in range(len(players))]
        bids[(winner + 1) % len(players)] = 1 if cards == 2 else 0  # one who bids and misses: money moves
        hand = {
            "cards": cards,
            "dealer": (first + number) % len(players),
            "trump": "hearts",
            "bids": bids,
            "tricks": [cards if seat == winner else 0 for seat in range(len(players))],
        }
        response = api.post(
            f"/api/games/{game_id}/hands", json=hand, headers={"Authorization": f"Bearer {game['edit_key']}"}
        )
        assert response.status_code == 201, response.get_json()


def evening_of(app, game_id):
    with app.app_context():
        return store.evening_of(store.get_db(), game_id)


def set_up(page, names, scoring=None):
    """Fill the setup form open on the page: names in the empty seats, 1 card then 2 for 0.10 a point, pairwise,
    the first seat dealing; start the game."""
    for seat, name in enumerate(names):
        page.locator(f"input[name=player_{seat}]").fill(name)
    page.locator("#first_dealer").select_option("0")
    page.locator("form#setup details > summary").click()
    page.locator("#pattern").select_option("up")
    page.locator("#max_cards").fill("2")
    if scoring:
        page.locator("#scoring").select_option(scoring)
    page.locator("#settlement").select_option("pairwise")
    page.locator("#stake").fill("0.10")
    page.locator("button[name=start]").first.click()
    page.wait_for_url(re.compile(r"/games/[^/]+/deal$"))
    return game_of(page)


def nothing_runs_together(page):
    """Return what overlaps or spills on the evening page at 360 px: the page sideways, a ledger cell's amount
    wider than its cell, a payment's amount touching its payee's name, a game's line past the edge."""
    problems = []
    if page.evaluate("document.documentElement.scrollWidth") > 360:
        problems.append("the page scrolls sideways")
    problems += page.locator("table.ledger td, table.ledger th").evaluate_all(
        "cells => cells.filter(c => c.scrollWidth > c.clientWidth + 1).map(c => 'cut: ' + c.textContent.trim())"
    )
    problems += page.locator(".settle-list li").evaluate_all("""items => items.flatMap(li => {
        const amount = li.querySelector('.amount'), names = li.querySelectorAll('b');
        if (!amount || !names.length) return [];
        const a = amount.getBoundingClientRect(), n = names[names.length - 1].getBoundingClientRect();
        const sameLine = a.top < n.bottom && n.top < a.bottom;
        return sameLine && a.left < n.right + 4 ? ['runs together: ' + li.textContent.trim()] : [];
      })""")
    problems += page.locator(".evening-games .at-table li").evaluate_all(
        "items => items.filter(i => i.getBoundingClientRect().right > 360).map(i => 'past the edge: ' + i.textContent)"
    )
    return problems


# Game 2, Bob deals first: hand 1 (Bob deals 1) bids 1 1 0 0, tricks 1 0 0 0 -> 11 0 10 10;
#   hand 2 (Cy deals 2) bids 2 0 1 0, tricks 2 0 0 0 -> 12 10 0 10. Totals 23 10 10 20, sum 63:
#   nets 4 x total - 63 -> +29 -23 -23 +17.
# Game 3, Cy deals first: hand 1 (Cy deals 1) all bid 0, Bob takes it -> 10 0 10 10;
#   hand 2 (Di deals 2) bids 1 1 1 0, tricks 1 1 0 0 -> 11 11 0 10. Totals 21 11 10 20, sum 62:
#   nets 4 x total - 62 -> +22 -18 -22 +18.
GAME_2 = [
    {"cards": 1, "dealer": 1, "trump": "clubs", "bids": [1, 1, 0, 0], "tricks": [1, 0, 0, 0]},
    {"cards": 2, "dealer": 2, "trump": "none", "bids": [2, 0, 1, 0], "tricks": [2, 0, 0, 0]},
]


GAME_3 = [
    {"cards": 1, "dealer": 2, "trump": "diamonds", "bids": [0, 0, 0, 0], "tricks": [0, 1, 0, 0]},
    {"cards": 2, "dealer": 3, "trump": "hearts", "bids": [1, 1, 1, 0], "tricks": [1, 1, 0, 0]},
]


def again(client, app, game_id):
    """Press "New game, same table" on the game-over screen; return the new game's id and edit key."""
    response = submit(client, f"/games/{game_id}/over", action=f"/games/{game_id}/again")
    assert response.status_code == 302
    new_id = game_id_of(response.headers["Location"])
    with app.app_context():
        return new_id, store.get_game(store.get_db(), new_id)["edit_key"]


def play_evening(client, app):
    first, _key = create(client, record(hands=HANDS))
    second, key = again(client, app, first)
    for hand in GAME_2:
        post_hand(client, second, key, hand)
    third, key = again(client, app, second)
    for hand in GAME_3:
        post_hand(client, third, key, hand)
    return first, second, third
