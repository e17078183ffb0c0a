"""A game at the table in the test client: set up, followed from screen to screen, hands bid and recorded, what the
store then holds, and the page as a player reads it (its flashes, its text, its first load)."""

import gzip
import html as html_lib
import re

from scorekeeper import store
from tests.game_helpers import game_id_of
from tests.html_forms import form_data, submit


PLAYERS = ["Ann", "Bob", "Cy", "Di"]


# The setup form of the table tests' game: four players, exact scoring, 1 up to 3 cards, Ann dealing first.
SETUP = {
    "player_0": "Ann",
    "player_1": "Bob",
    "player_2": "Cy",
    "player_3": "Di",
    "first_dealer": "0",
    "pattern": "up",
    "max_cards": "3",
    "scoring": "exact",
    "settlement": "pairwise",
    "stake": "1",
}


def new_game(client, unset=(), **fields):
    """Set up the game of SETUP, with fields changed."""
    response = submit(client, "/games/new", {**SETUP, **fields}, unset=unset)
    assert response.status_code == 302, response.get_data(as_text=True)
    assert response.headers["Location"].endswith("/deal")  # straight to the first screen, one round trip
    return game_id_of(response.headers["Location"])


def follow(client, game_id):
    """Return the screen the table is on, and its HTML."""
    response = client.get(f"/games/{game_id}")
    assert response.status_code == 302
    url = response.headers["Location"]
    return url, client.get(url).get_data(as_text=True)


def play_hand(client, game_id, trump, bids, tricks=None):
    """Deal, bid in order and record the tricks (None: everyone as bid)."""
    assert submit(client, f"/games/{game_id}/deal", {"trump": trump}).status_code == 302
    for _ in bids:
        url, html = follow(client, game_id)
        assert url.endswith("/bids")
        seat = int(dict(form_data(html)[1])["seat"])
        assert submit(client, url, {"bid": bids[seat]}).status_code == 302
    url, html = follow(client, game_id)
    assert url.endswith("/tricks")
    fields = {} if tricks is None else {f"took_{s}": t for s, t in enumerate(tricks)}
    return submit(client, url, fields)


def revoke_with_the_tricks(client, game_id):
    """Play hand 1 as bid; in hand 2 (Cy 0, Di 1, Ann 0, Bob 0) Cy revokes, a penalty sent with the tricks."""
    play_hand(client, game_id, "hearts", [1, 1, 0, 0])  # hand 1
    submit(client, f"/games/{game_id}/deal", {"trump": "hearts"})
    for bid in (0, 1, 0, 0):  # Cy, Di, Ann, Bob
        url, _ = follow(client, game_id)
        submit(client, url, {"bid": bid})
    url, _ = follow(client, game_id)
    submit(client, url, {"penalty_seat": "2", "penalty_reason": "revoke"})


def stored(app, game_id):
    with app.app_context():
        return store.get_game(store.get_db(), game_id)


def flashes(html):
    """Return the flashed messages of a page, as a player reads them."""
    found = re.findall(r'<p class="flash[^"]*"[^>]*>(.*?)</p>', html)
    return html_lib.unescape(" ".join(re.sub(r"<[^>]+>", "", m) for m in found))


def text(html):
    return html_lib.unescape(re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", html))).replace(" ,", ",")


def deal(client, game_id, trump="hearts"):
    assert submit(client, f"/games/{game_id}/deal", {"trump": trump}).status_code == 302


def record_tricks(client, game_id, tricks=None):
    """Save the tricks screen: by seat, or as bid."""
    fields = {} if tricks is None else {f"took_{s}": t for s, t in enumerate(tricks) if t is not None}
    response = submit(client, f"/games/{game_id}/tricks", fields)
    assert response.status_code == 302
    return client.get(response.headers["Location"]).get_data(as_text=True)


def change(client, game_id, **fields):
    """Post a change from the Table screen; return the page it leads to."""
    page = client.get(f"/games/{game_id}/table")
    assert page.status_code == 200
    _, defaults = form_data(page.get_data(as_text=True), 0)
    data = {k: v for k, v in defaults if k in ("csrf_token", "revision")}
    data.update({k: str(v) for k, v in fields.items()})
    return client.post(f"/games/{game_id}/table", data=data, follow_redirects=True).get_data(as_text=True)


GZIP = {"Accept-Encoding": "gzip, deflate, br"}


def first_load(client, url):
    """Return the bytes of a page and every stylesheet and script it names, as a browser gets them gzipped."""
    response = client.get(url, headers=GZIP)
    assert response.status_code == 200, url
    body = response.get_data()
    html = gzip.decompress(body) if response.headers.get("Content-Encoding") == "gzip" else body
    total = len(body)
    assets = re.findall(rb'<(?:link rel="stylesheet" href|script src)="([^"]+)"', html)
    assert assets, url
    for asset in assets:
        total += len(client.get(asset.decode(), headers=GZIP).get_data())
    return total


def applied(app, game_id):
    """How many taps of the game were applied (applied_actions): a form's write is one too."""
    with app.app_context():
        return store.get_db().execute("select count(*) from applied_actions where game_id = ?", [game_id]).fetchone()[0]
