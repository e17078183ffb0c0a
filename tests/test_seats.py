"""Seat links (issue 11): each player bids from their own phone; with bids all at once the bids stay sealed."""

import re

import pytest

from tests.html_forms import form_data, submit
from tests.seat_helpers import PLAYERS, act, new_game, phone, record_of, seat_links, store_head


def tap_bid(client, game_id, bid):
    return submit(client, f"/games/{game_id}/mine", {"bid": bid})


@pytest.fixture
def sequential(app, client):
    game_id, key = new_game(client)
    links = seat_links(client, game_id)
    assert act(client, game_id, key, "deal-1", action="deal", cards=2, trump="hearts").status_code == 200
    return game_id, key, links


def test_a_seat_bids_its_own_bid_in_its_turn_only(app, client, sequential):
    game_id, key, links = sequential
    bob, cy = phone(app, links["Bob"]), phone(app, links["Cy"])
    page = cy.get(f"/games/{game_id}/mine").get_data(as_text=True)
    assert 'id="my-bid"' not in page and "<b>Bob</b> to bid." in page
    assert 'id="my-bid"' in bob.get(f"/games/{game_id}/mine").get_data(as_text=True)
    tap_bid(bob, game_id, 1)
    assert record_of(client, game_id)["hands"][0]["bids"] == [None, 1, None, None]
    # Now Cy's phone offers the pad; Bob's waits.
    assert 'id="my-bid"' in cy.get(f"/games/{game_id}/mine").get_data(as_text=True)
    assert "<b>Cy</b> to bid." in bob.get(f"/games/{game_id}/mine").get_data(as_text=True)


def test_the_dealers_phone_shows_the_hook(app, client, sequential):
    game_id, key, links = sequential
    for name, bid in (("Bob", 1), ("Cy", 0), ("Di", 0)):
        tap_bid(phone(app, links[name]), game_id, bid)
    page = phone(app, links["Ann"]).get(f"/games/{game_id}/mine").get_data(as_text=True)
    assert 'aria-label="1 forbidden"' in page and "may not bid 1" in page


def test_a_seat_key_writes_only_its_own_bid(app, client, sequential):
    game_id, key, links = sequential
    seat_key = links["Bob"].rsplit("/", 1)[1]
    before = record_of(client, game_id)
    other = act(client, game_id, seat_key, "x1", action="bid", seat=2, bid=0)
    assert other.status_code == 403 and "Bob's bid only" in other.get_json()["error"]
    deal = act(client, game_id, seat_key, "x2", action="tricks", tricks=[0, 0, 0, 0])
    assert deal.status_code == 403 and "only its own bid" in deal.get_json()["error"]
    early = act(client, game_id, links["Cy"].rsplit("/", 1)[1], "x3", action="bid", seat=2, bid=0)
    assert early.status_code == 409 and "Bob's turn" in early.get_json()["error"]
    assert record_of(client, game_id) == before
    assert act(client, game_id, seat_key, "x4", action="bid", seat=1, bid=2).status_code == 200


def test_the_scorekeeper_withdraws_the_links(app, client, sequential):
    game_id, key, links = sequential
    bob = phone(app, links["Bob"])
    assert submit(client, f"/games/{game_id}/seats", action=f"/games/{game_id}/seats/withdraw").status_code == 302
    assert bob.get(f"/games/{game_id}/mine").status_code == 403
    response = act(client, game_id, links["Bob"].rsplit("/", 1)[1], "w1", action="bid", seat=1, bid=1)
    assert response.status_code == 403
    assert app.test_client().get(links["Bob"].removeprefix("http://localhost")).status_code == 403
    assert record_of(client, game_id)["hands"][0]["bids"] == [None] * 4


def test_a_seat_link_or_key_with_letters_beyond_ascii_is_refused_in_words(app, client, sequential):
    """A mistyped or hostile seat link ("/seat/é") was a 500: the key was compared as text, which Python refuses."""
    game_id, _key, links = sequential
    stranger = app.test_client()
    response = stranger.get(f"/games/{game_id}/seat/%C3%A9t%C3%A9")
    assert response.status_code == 403 and "seat link is wrong" in response.get_data(as_text=True)
    stranger.set_cookie(f"seat_{game_id}", "été")
    assert stranger.get(f"/games/{game_id}/mine").status_code == 403
    response = stranger.post(
        f"/api/games/{game_id}/actions",
        json={"id": "x1", "action": "bid", "seat": 1, "bid": 1},
        headers={"Authorization": "Bearer été"},
    )
    assert response.status_code == 403, response.get_data(as_text=True)
    assert phone(app, links["Bob"]).get(f"/games/{game_id}/mine").status_code == 200  # Bob's own link still works
    assert record_of(client, game_id)["hands"][0]["bids"] == [None] * 4


def test_only_the_scorekeeper_offers_seat_links(app, client):
    game_id, _key = new_game(client)
    stranger = app.test_client()
    assert stranger.get(f"/games/{game_id}/seats").status_code == 403
    assert stranger.get(f"/games/{game_id}/mine").status_code == 403


def test_secret_bids_stay_hidden_until_the_last_one_is_in(app, client):
    game_id, key = new_game(client, "simultaneous")
    links = seat_links(client, game_id)
    assert act(client, game_id, key, "deal", action="deal", cards=3, trump="spades").status_code == 200
    for name, bid in (("Bob", 3), ("Cy", 2), ("Di", 1)):
        tap_bid(phone(app, links[name]), game_id, bid)
    # Nobody sees a sealed bid: not the API, the export, the history, the follower's sheet, another seat.
    record = record_of(client, game_id)
    assert record["hands"][0]["bids"] == [None] * 4 and record["hands"][0]["sealed"] == [1, 2, 3]
    assert client.get(f"/api/games/{game_id}").get_json()["hands"][0]["bids"] == [None] * 4
    history = client.get(f"/games/{game_id}/history").get_data(as_text=True)
    assert "bid 3" not in history and "bid 2" not in history and "bid 1" not in history
    ann = phone(app, links["Ann"]).get(f"/games/{game_id}/mine").get_data(as_text=True)
    bidders = ann.split('id="seat-bidders"')[1].split("</ol>")[0]
    assert bidders.count("has bid") == 3 and not re.search(r'class="bid">[0-9]', bidders)
    assert 'id="my-sealed"' not in ann
    bob_page = phone(app, links["Bob"]).get(f"/games/{game_id}/mine").get_data(as_text=True)
    assert 'id="my-sealed">3<' in bob_page
    # The last one in reveals them all.
    tap_bid(phone(app, links["Ann"]), game_id, 0)
    hand = record_of(client, game_id)["hands"][0]
    assert hand["bids"] == [0, 3, 2, 1]
    assert store_head(client, game_id) == 7  # create, deal, four seals, the revealing bids
    assert "The bids are in: Ann bid <b>0</b>" in phone(app, links["Ann"]).get(f"/games/{game_id}/mine").get_data(
        as_text=True
    )


def test_the_scorekeeper_reveals_and_may_enter_any_bid(app, client):
    game_id, key = new_game(client, "simultaneous")
    links = seat_links(client, game_id)
    assert act(client, game_id, key, "deal", action="deal", cards=3, trump="spades").status_code == 200
    tap_bid(phone(app, links["Bob"]), game_id, 3)
    tap_bid(phone(app, links["Cy"]), game_id, 2)
    page = client.get(f"/games/{game_id}/bids").get_data(as_text=True)
    assert "2 bids in secret" in page and "Reveal the bids" in page
    # Ann and Di told the scorekeeper; Cy changed his mind aloud: the scorekeeper's entry wins.
    _action, fields = form_data(page)
    fields = dict(fields) | {"bid_0": "1", "bid_3": "0", "bid_2": "1", "override_2": "on"}
    assert re.search(rf'formaction="/games/{game_id}/reveal"', page)  # the reveal button posts the same form there
    response = client.post(f"/games/{game_id}/reveal", data=fields)
    assert response.status_code == 302
    assert record_of(client, game_id)["hands"][0]["bids"] == [1, 3, 1, 0]


def test_a_refused_reveal_says_why_and_keeps_the_seals(app, client):
    game_id, key = new_game(client, "cooperative")
    links = seat_links(client, game_id)
    assert act(client, game_id, key, "deal", action="deal", cards=2, trump="spades").status_code == 200
    for name, bid in (("Bob", 1), ("Cy", 1), ("Di", 1)):
        tap_bid(phone(app, links[name]), game_id, bid)
    ann = phone(app, links["Ann"])
    tap_bid(ann, game_id, 1)
    page = ann.get(f"/games/{game_id}/mine").get_data(as_text=True)
    assert "must add up to exactly 2" in page and "The scorekeeper enters them again" in page
    hand = record_of(client, game_id)["hands"][0]
    assert hand["bids"] == [None] * 4 and hand["sealed"] == [0, 1, 2, 3]


def test_no_seat_phone_can_use_the_reveals_id_first(app, client):
    """Issue 23: the Reveal's id was reveal-<game>-<revision>; a seat phone that sent it first voided the Reveal."""
    game_id, key = new_game(client, "simultaneous")
    links = seat_links(client, game_id)
    assert act(client, game_id, key, "deal", action="deal", cards=3, trump="spades").status_code == 200
    tap_bid(phone(app, links["Bob"]), game_id, 3)
    page = client.get(f"/games/{game_id}/bids").get_data(as_text=True)
    revision = store_head(client, game_id)
    reveal_id = re.search(r'name="tap" value="([^"]+)"', page)[1]
    assert reveal_id != f"reveal-{game_id}-{revision}" and game_id not in reveal_id
    # Cy's phone sends both the old guessable id and the page's own (as if it had seen it) before the Reveal.
    cy_key = links["Cy"].rsplit("/", 1)[1]
    for guess in (f"reveal-{game_id}-{revision}", reveal_id):
        assert act(client, game_id, cy_key, guess, action="bid", seat=2, bid=1).status_code == 200
    _action, fields = form_data(page)
    response = client.post(f"/games/{game_id}/reveal", data=dict(fields) | {"bid_0": "0", "bid_3": "1"})
    assert response.status_code == 302
    assert record_of(client, game_id)["hands"][0]["bids"] == [0, 3, 1, 1]


def test_seat_phones_see_the_running_count_and_links_have_copy_and_share(app, client, sequential):
    """Issue 25: the count the scorekeeper and followers see ("Bid 1 of 2 · 1 under"), and a Copy and a Share
    button (the phone's share sheet) beside each seat link."""
    game_id, key, links = sequential
    tap_bid(phone(app, links["Bob"]), game_id, 1)
    page = phone(app, links["Cy"]).get(f"/games/{game_id}/mine").get_data(as_text=True)
    tally = re.search(r'<p class="tally" id="seat-tally">(.*?)</p>', page, re.S)
    assert tally and "Bid <b>1</b> of 2" in tally.group(1) and "under by 1" in tally.group(1)
    seats = client.get(f"/games/{game_id}/seats").get_data(as_text=True)
    for seat in range(len(PLAYERS)):
        assert f'data-copy="seat-link-{seat}"' in seats and f'data-share="seat-link-{seat}"' in seats
    assert "copy.js" in seats


def test_the_scorekeeper_cannot_use_a_seats_id_first(app, client, sequential):
    """Review F-22: a seat's ids are kept as seat<N>:<id>; a scorekeeper's id of that shape would have voided the seat's
    own tap. No id may hold ':' now, so the seat's tap is applied."""
    game_id, key, links = sequential
    squatted = act(client, game_id, key, "seat1:abc", action="bid", seat=1, bid=1)
    assert squatted.status_code == 422 and squatted.get_json()["field"] == "id"
    assert "without ':'" in squatted.get_json()["error"]
    seat = act(client, game_id, links["Bob"].rsplit("/", 1)[1], "abc", action="bid", seat=1, bid=1)
    assert seat.status_code == 200 and record_of(client, game_id)["hands"][0]["bids"][1] == 1
