"""Bidding styles, blind bids and the table changes through the Flask test client."""

import re

from tests.game_helpers import game_id_of
from tests.html_forms import form_data, submit
from tests.table_helpers import change, deal, flashes, follow, new_game, record_tricks, stored, text


def bid_in_turn(client, game_id, bids):
    """Bid for whoever's turn it is until the bids screen is left; bids by seat."""
    for _ in range(len(bids) + 1):
        url, html = follow(client, game_id)
        if not url.endswith("/bids"):
            return url, html
        seat = int(dict(form_data(html)[1])["seat"])
        assert submit(client, url, {"bid": bids[seat]}).status_code == 302
    raise AssertionError("the bids screen did not move on: " + flashes(client.get(url).get_data(as_text=True)))


def play(client, game_id, bids, tricks=None, trump="hearts"):
    deal(client, game_id, trump)
    bid_in_turn(client, game_id, bids)
    return record_tricks(client, game_id, tricks)


def totals(html):
    foot = re.search(r"<tfoot>(.*?)</tfoot>", html, re.S).group(1)
    return [int(t) for t in re.findall(r'class="tot[^"]*">(-?\d+)<', foot)]


def revision(app, game_id):
    return stored(app, game_id)["revision"]


# ---- simultaneous and cooperative bidding -----------------------------------------------------


def test_simultaneous_bids_on_one_screen_without_the_hook(client, app):
    game_id = new_game(client, bidding="simultaneous")
    deal(client, game_id)
    html = client.get(f"/games/{game_id}/bids").get_data(as_text=True)
    assert "Everyone shows a bid together; no hook." in html
    assert all(f'name="bid_{s}"' in html for s in range(4)) and "<s>" not in html
    # Ann deals 1 card and bids 0 with the others at 1, 0, 0: no hook, so the bids are even.
    response = submit(client, f"/games/{game_id}/bids", {"bid_0": 0, "bid_1": 1, "bid_2": 0, "bid_3": 0})
    assert response.headers["Location"].endswith(f"/games/{game_id}/tricks")  # straight to the next screen
    url, html = follow(client, game_id)
    assert url.endswith("/tricks") and 'class="announce even">EVEN' in html
    assert stored(app, game_id)["record"]["hands"][0]["bids"] == [0, 1, 0, 0]
    assert stored(app, game_id)["record"]["hands"][0].get("tricks") is None


def refused(response):
    """Return the message of a form shown again after a refusal (400, the typed values kept)."""
    assert response.status_code == 400
    return flashes(response.get_data(as_text=True))


def test_simultaneous_bad_bids_are_refused_and_nothing_is_stored(client, app):
    game_id = new_game(client, bidding="simultaneous")
    deal(client, game_id)
    before = revision(app, game_id)
    response = submit(client, f"/games/{game_id}/bids", {"bid_0": 0, "bid_1": 2, "bid_2": 0, "bid_3": 0})
    assert "A bid is 0 to 1: check Bob." in refused(response)
    assert re.search(r'name="bid_1"[^>]*value="2"|value="2"[^>]*name="bid_1"', response.get_data(as_text=True))
    response = submit(client, f"/games/{game_id}/bids", {"bid_0": "", "bid_1": "x", "bid_2": 0, "bid_3": 0})
    assert "Please check" in refused(response)
    response = submit(client, f"/games/{game_id}/bids", {"bid_0": -1, "bid_1": 0, "bid_2": 0, "bid_3": 0})
    assert "Please check" in refused(response)
    assert revision(app, game_id) == before


def test_cooperative_bids_must_add_up_and_a_miss_is_dealt_again(client, app):
    game_id = new_game(client, bidding="cooperative", max_cards="2")
    deal(client, game_id)
    html = client.get(f"/games/{game_id}/bids").get_data(as_text=True)
    assert "must add up to exactly 1" in html
    before = revision(app, game_id)
    response = submit(client, f"/games/{game_id}/bids", {"bid_0": 1, "bid_1": 1, "bid_2": 0, "bid_3": 0})
    message = refused(response)
    assert "Cooperative bids must add up to exactly 1; these add up to 2 (over by 1)." in message
    assert revision(app, game_id) == before
    submit(client, f"/games/{game_id}/bids", {"bid_0": 0, "bid_1": 1, "bid_2": 0, "bid_3": 0})
    # Cy takes the trick Bob bid for: missed, so the 1-card hand is dealt again, Bob dealing.
    sheet = record_tricks(client, game_id, [0, 0, 1, None])
    assert "Missed by Bob, Cy. The hand is dealt again: Bob deals 1." in flashes(sheet)
    assert "Next hand: Bob deals 1" in sheet
    assert re.search(r"<b>1</b> deal needed for 0 of 2 hands", sheet)
    # Made this time; then the 2-card hand.
    deal(client, game_id)
    submit(client, f"/games/{game_id}/bids", {"bid_0": 0, "bid_1": 0, "bid_2": 1, "bid_3": 0})
    sheet = record_tricks(client, game_id)
    assert re.search(r"<b>2</b> deals needed for 1 of 2 hands", sheet)
    assert "Next hand: Cy deals 2" in sheet and "Missed" not in flashes(sheet)
    # The 2-card hand made at the first try ends the game: 3 deals for 2 hands.
    deal(client, game_id)
    submit(client, f"/games/{game_id}/bids", {"bid_0": 1, "bid_1": 0, "bid_2": 0, "bid_3": 1})
    record_tricks(client, game_id)
    over = client.get(f"/games/{game_id}/over").get_data(as_text=True)
    assert "the table needed <b>3</b> deals" in over


# ---- blind bids -------------------------------------------------------------------------------


def blind_game(client):
    """Ten times exact, 3 cards a hand: after hand 1 Cy leads by 30, so the others may bid blind."""
    game_id = new_game(client, modifiers="blind", scoring="ten_times", pattern="custom", sizes="3 3 3", max_cards="")
    play(client, game_id, [1, 0, 3, 0], [0, 0, 3, 0])  # Ann, the dealer, may not bid 0: she bids 1, misses
    return game_id


def test_blind_bids_are_offered_in_bidding_order_before_anyone_bids(client, app):
    game_id = blind_game(client)
    deal(client, game_id)
    html = client.get(f"/games/{game_id}/bids").get_data(as_text=True)
    offers = re.search(r'id="blind-offers">(.*?)</p>', html, re.S).group(1)
    assert re.findall(r">(\w+) bids blind<", offers) == ["Di", "Ann", "Bob"]  # Cy leads; Bob deals last
    page = client.get(f"/games/{game_id}/bids?seat=3&blind=1").get_data(as_text=True)
    assert '<b>Di</b> bids <b class="blindtag">blind</b>' in page
    submit(client, f"/games/{game_id}/bids?seat=3&blind=1", {"bid": 2})
    hand = stored(app, game_id)["record"]["hands"][1]
    assert hand["blind"] == [3] and hand["bids"] == [None, None, None, 2]
    # Still before anyone looks: Ann and Bob may bid blind too; Cy, the leader, may not.
    html = client.get(f"/games/{game_id}/bids").get_data(as_text=True)
    assert re.findall(r">(\w+) bids blind<", html) == ["Ann", "Bob"]
    _, fields = form_data(html)
    response = client.post(f"/games/{game_id}/bids", data=dict(fields) | {"seat": "2", "bid": "1", "blind": "y"})
    assert "Cy may not bid blind now" in flashes(client.get(response.headers["Location"]).get_data(as_text=True))
    # Cy bids openly: the offers end.
    submit(client, f"/games/{game_id}/bids", {"bid": 1})
    assert "bids blind" not in client.get(f"/games/{game_id}/bids").get_data(as_text=True)
    bid_in_turn(client, game_id, [0, 1, None, None])
    sheet = record_tricks(client, game_id, [0, 0, 1, 2])
    # Di's blind 2 made: 10 x 2 and the blind bonus of 10 more.
    assert totals(sheet)[3] == 30


def test_a_hooked_blind_bid_of_the_dealer_goes_up_by_one(client, app):
    game_id = blind_game(client)
    deal(client, game_id)
    submit(client, f"/games/{game_id}/bids?seat=1&blind=1", {"bid": 1})  # Bob deals, bids 1 blind
    for bid in (1, 1, 0):  # Cy, Di, Ann: 2 so far, so Bob's 1 would make 3
        url, _ = follow(client, game_id)
        response = submit(client, url, {"bid": bid})
    html = client.get(response.headers["Location"], follow_redirects=True).get_data(as_text=True)
    assert "Bob bid 1 blind, but the hook forbids it: Bob's bid becomes 2." in text(flashes(html))
    assert stored(app, game_id)["record"]["hands"][1]["bids"] == [0, 2, 1, 1]


def test_blind_bids_when_everyone_bids_at_once(client, app):
    game_id = new_game(
        client,
        bidding="simultaneous",
        modifiers="blind",
        scoring="ten_times",
        pattern="custom",
        sizes="3 3 3",
        max_cards="",
    )
    deal(client, game_id)
    submit(client, f"/games/{game_id}/bids", {"bid_0": 1, "bid_1": 0, "bid_2": 3, "bid_3": 0})
    record_tricks(client, game_id, [0, 0, 3, 0])  # Cy leads by 30: the others may bid blind
    deal(client, game_id)
    html = client.get(f"/games/{game_id}/bids").get_data(as_text=True)
    assert 'name="blind_3"' in html and 'name="blind_0"' in html and 'name="blind_2"' not in html
    submit(client, f"/games/{game_id}/bids", {"bid_0": 0, "bid_1": 0, "bid_2": 1, "bid_3": 2, "blind_3": "y"})
    hand = stored(app, game_id)["record"]["hands"][1]
    assert hand["blind"] == [3] and hand["bids"] == [0, 0, 1, 2]
    sheet = record_tricks(client, game_id)
    # Di's blind 2 made: 10 x 2 and 10 more for bidding blind.
    assert totals(sheet) == [0, 0, 40, 30]


# ---- the table changes ------------------------------------------------------------------------


def test_a_late_arrival_joins_with_the_lowest_total(client, app):
    game_id = new_game(client, unset=("hook",))
    play(client, game_id, [0, 1, 0, 0], [0, 0, 1, 0])  # Bob misses, Cy 1 over: totals 10 0 0 10
    html = change(client, game_id, action="arrive", name="Ed", start="lowest")
    assert "Ed joins with 0." in flashes(html)
    html = change(client, game_id, action="arrive", name="Flo", start="number", total="7")
    assert "Flo joins with 7." in flashes(html)
    record = stored(app, game_id)["record"]
    assert record["players"] == ["Ann", "Bob", "Cy", "Di", "Ed", "Flo"]
    assert record["hands"][0]["out"] == [4, 5] and record["hands"][0]["bids"][4:] == [None, None]
    deal_page = client.get(f"/games/{game_id}/deal").get_data(as_text=True)
    assert "Dealt in: Ann, Bob, Cy, Di, Ed (joins with 0), Flo (joins with 7)" in text(deal_page)
    sheet = play(client, game_id, [0, 0, 0, 0, 1, 1], [0, 0, 0, 0, 1, 1])
    assert totals(sheet) == [20, 10, 10, 20, 11, 18]
    first_row = re.search(r"<tbody>\s*<tr>(.*?)</tr>", sheet, re.S).group(1)
    assert first_row.count(">out<") == 2
    hand = stored(app, game_id)["record"]["hands"][1]
    assert hand["joins"] == [{"seat": 4, "total": 0}, {"seat": 5, "total": 7}] and "out" not in hand


def test_a_waiting_newcomer_stands_at_the_starting_total_on_the_chart_too(client, app):
    game_id = new_game(client, unset=("hook",))
    play(client, game_id, [0, 1, 0, 0], [0, 0, 1, 0])  # totals 10 0 0 10
    change(client, game_id, action="arrive", name="Flo", start="number", total="-2")
    sheet = client.get(f"/games/{game_id}/sheet").get_data(as_text=True)
    assert totals(sheet)[-1] == -2
    legend = re.findall(r'<g class="legend-entry">.*?<text[^>]*>(.*?)</text></g>', sheet)
    assert legend[-1] == "Flo: -2", legend  # not 0, as the chart said before Flo had played a hand
    flo_line = re.search(r'<g class="player" data-seat="4">.*?points="([^"]*)"', sheet).group(1)
    assert len(flo_line.split()) == 1  # one point, at the hand Flo starts from, no line from zero


def test_a_newcomer_makes_the_next_hand_smaller_and_the_plan_stays(client, app):
    game_id = new_game(client, pattern="custom", sizes="1 13 13", max_cards="", unset=("hook",))
    play(client, game_id, [0, 1, 0, 0])
    change(client, game_id, action="arrive", name="Ed", start="zero")
    sheet = client.get(f"/games/{game_id}/sheet").get_data(as_text=True)
    # Five players dealt in get at most 10 cards each; the plan of 13s is kept for later.
    assert "Next hand: Bob deals 10" in sheet and "To come: 13 13 cards" in sheet
    change(client, game_id, action="sit_out", seat=4)
    assert "Next hand: Bob deals 13" in client.get(f"/games/{game_id}/sheet").get_data(as_text=True)


def test_arrival_refusals_say_what_to_fix(client, app):
    game_id = new_game(client)
    before = revision(app, game_id)
    assert "Enter the newcomer's name." in flashes(change(client, game_id, action="arrive", name=" "))
    assert "Bob is already at the table" in flashes(change(client, game_id, action="arrive", name="bob"))
    assert "Enter the starting total as a number." in flashes(
        change(client, game_id, action="arrive", name="Ed", start="number", total="")
    )
    assert "Please check" in flashes(change(client, game_id, action="arrive", name="Ed", start="number", total="lots"))
    assert "Please check" in flashes(change(client, game_id, action="arrive", name="Ed", start="highest"))
    assert "Choose what changes at the table." in flashes(change(client, game_id, action="dance"))
    assert "There is no seat 9 at this table." in flashes(change(client, game_id, action="leave", seat=9))
    assert revision(app, game_id) == before


def test_sitting_out_one_hand_and_the_hand_follows_those_dealt_in(client, app):
    game_id = new_game(client, pattern="custom", sizes="13 13", max_cards="")
    html = change(client, game_id, action="sit_out", seat=2)
    assert "Cy sits out the next hand." in flashes(html) and "sits out next hand" in html
    deal_page = client.get(f"/games/{game_id}/deal").get_data(as_text=True)
    # Three players dealt in may have 13 cards with a card left to turn; the hook counts only them.
    assert "Ann</b> deals <b>13</b>" in deal_page and "sitting out: Cy" in text(deal_page)
    deal(client, game_id)
    for seat, bid in ((1, 5), (3, 4)):  # Bob, then Di: Cy is not asked
        url, html = follow(client, game_id)
        assert int(dict(form_data(html)[1])["seat"]) == seat and ">Cy<" not in html
        submit(client, url, {"bid": bid})
    url, html = follow(client, game_id)
    assert "<s>4</s>" in html and "The dealer may not bid 4" in html  # 5 + 4 + 4 would be 13
    submit(client, url, {"bid": 3})
    sheet = record_tricks(client, game_id, [4, 5, None, 4])
    hand = stored(app, game_id)["record"]["hands"][0]
    assert hand["out"] == [2] and hand["bids"] == [3, 5, None, 4] and hand["tricks"] == [4, 5, None, 4]
    assert totals(sheet) == [0, 15, 0, 14]
    # The next hand has everyone again: all 52 cards, so no trump is turned.
    assert "Next hand: Bob deals 13" in sheet
    assert "out" not in stored(app, game_id)["record"].get("table", {})


def test_a_player_leaves_and_the_deal_skips_them(client, app):
    game_id = new_game(client, unset=("hook",))
    html = change(client, game_id, action="leave", seat=0)
    assert "Ann has left: out of every further hand." in flashes(html)
    assert 'id="seat-0"' not in html and "Left: Ann (0)" in html
    deal_page = client.get(f"/games/{game_id}/deal").get_data(as_text=True)
    assert "Bob</b> deals <b>1</b>" in deal_page
    change(client, game_id, action="leave", seat=1)
    assert "At least 2 players must be dealt in." in flashes(change(client, game_id, action="leave", seat=2))
    assert "At least 2 players must be dealt in." in flashes(change(client, game_id, action="sit_out", seat=3))
    assert "Ann has left the game." in flashes(change(client, game_id, action="sit_out", seat=0))
    play(client, game_id, [None, None, 1, 0], [None, None, 1, 0])
    assert stored(app, game_id)["record"]["hands"][0]["out"] == [0, 1]


def test_a_table_change_is_undone_and_kept_in_the_history(client, app):
    game_id = new_game(client)
    change(client, game_id, action="arrive", name="Ed", start="zero")
    history = client.get(f"/games/{game_id}/history").get_data(as_text=True)
    assert "Ed arrives" in text(history)
    page = client.get(f"/games/{game_id}/table").get_data(as_text=True)
    response = submit(client, f"/games/{game_id}/table", {}, action=f"/games/{game_id}/undo")
    assert response.status_code == 302 and "Ed" not in str(stored(app, game_id)["record"]["players"])
    assert "Ed" in page


def test_a_hand_with_a_player_out_can_be_corrected(client, app):
    game_id = new_game(client, unset=("hook",))
    change(client, game_id, action="sit_out", seat=3)
    play(client, game_id, [0, 1, 0, None], [0, 1, 0, None])
    response = submit(client, f"/games/{game_id}/hands/1/edit", {"took_1": 0, "took_2": 1})
    assert response.status_code == 302
    hand = stored(app, game_id)["record"]["hands"][0]
    assert hand["tricks"] == [0, 0, 1, None] and hand["bids"] == [0, 1, 0, None]


def test_table_screen_is_for_the_editor_only_with_csrf_and_revision(client, app):
    game_id = new_game(client)
    other = app.test_client()
    assert other.get(f"/games/{game_id}/table").status_code == 403
    page = client.get(f"/games/{game_id}/table").get_data(as_text=True)
    _, fields = form_data(page, 0)
    data = dict(fields) | {"action": "leave", "seat": "1"}
    assert other.post(f"/games/{game_id}/table", data=data).status_code == 403
    no_token = {k: v for k, v in data.items() if k != "csrf_token"}
    assert client.post(f"/games/{game_id}/table", data=no_token).status_code == 400
    change(client, game_id, action="sit_out", seat=2)
    stale = client.post(f"/games/{game_id}/table", data=data, follow_redirects=True).get_data(as_text=True)
    assert "changed on another phone" in stale
    assert stored(app, game_id)["record"]["table"] == {"sitting_out": [2]}


# ---- the plan of hands ------------------------------------------------------------------------


def test_the_plan_changes_and_the_sheet_shows_it(client, app):
    game_id = new_game(client, unset=("hook",))  # 1, 2, 3 cards
    play(client, game_id, [0, 1, 0, 0])
    html = change(client, game_id, action="insert", position=2, cards=5)
    assert "The plan of hands is changed." in flashes(html)
    assert "To come: 5 2 3 cards" in client.get(f"/games/{game_id}/sheet").get_data(as_text=True)
    change(client, game_id, action="resize", position=3, cards=4)
    change(client, game_id, action="skip", position=4)
    sheet = client.get(f"/games/{game_id}/sheet").get_data(as_text=True)
    assert "To come: 5 4 cards" in sheet and "Next hand: Bob deals 5" in sheet
    record = stored(app, game_id)["record"]
    assert record["rules"]["deals"]["sizes"] == [1, 5, 4]
    play(client, game_id, [1, 1, 1, 1])
    html = change(client, game_id, action="cut")
    assert "The plan of hands is changed." in flashes(html)
    assert client.get(f"/games/{game_id}").headers["Location"].endswith("/over")


def test_bad_plan_changes_are_refused_with_a_message(client, app):
    game_id = new_game(client)
    assert "No hand has been played yet: nothing to cut the game short to." in flashes(
        change(client, game_id, action="cut")
    )
    play(client, game_id, [0, 1, 0, 1], [None, 1, 0, 0])
    before = revision(app, game_id)
    assert "Only hands still to come can change: choose a hand from 2 to 3." in flashes(
        change(client, game_id, action="resize", position=1, cards=2)
    )
    assert "A hand needs 1 to 13 cards." in flashes(change(client, game_id, action="insert", position=2, cards=14))
    assert "Enter the number of cards." in flashes(change(client, game_id, action="resize", position=2, cards=""))
    assert "Only hands still to come" in flashes(change(client, game_id, action="skip", position=9))
    assert "Please check" in flashes(change(client, game_id, action="skip", position="two"))
    deal(client, game_id)
    assert "A hand is being played" in flashes(change(client, game_id, action="skip", position=3))
    assert revision(app, game_id) == before + 1


# ---- followers --------------------------------------------------------------------------------


def test_revision_endpoint_follows_every_write(client, app):
    game_id = new_game(client)
    other = app.test_client()
    first = other.get(f"/games/{game_id}/revision")
    assert first.status_code == 200 and first.headers["Cache-Control"] == "no-cache" and first.headers["ETag"] == '"1"'
    assert first.get_json() == {"id": game_id, "revision": 1, "status": "playing", "tag": "1"}
    deal(client, game_id)
    assert other.get(f"/games/{game_id}/revision").get_json()["revision"] == 2
    change(client, game_id, action="sit_out", seat=1)
    assert other.get(f"/games/{game_id}/revision").get_json()["revision"] == 3
    missing = other.get("/games/nope/revision")
    assert missing.status_code == 404 and missing.get_json()["field"] == "id"


def test_followers_pages_poll_and_fall_back_to_a_refresh(client, app):
    game_id = new_game(client)
    follower = app.test_client()
    sheet = follower.get(f"/games/{game_id}").get_data(as_text=True)
    assert f'data-url="/games/{game_id}/revision" data-revision="1"' in sheet and "follow.js" in sheet
    assert '<noscript><meta http-equiv="refresh" content="20"></noscript>' in sheet
    editor_sheet = client.get(f"/games/{game_id}/sheet").get_data(as_text=True)
    assert "follow.js" in editor_sheet and "http-equiv" not in editor_sheet
    assert 'data-revision="1"' in client.get(f"/games/{game_id}/deal").get_data(as_text=True)


# ---- setup: the sliding scale, the stake, the decks ---------------------------------------------


def test_setup_takes_the_prospect_sliding_scale_and_the_stake(client, app):
    game_id = new_game(client, settlement="prospect", stake="0.5", payouts="1, 2.5 4")
    record = stored(app, game_id)["record"]
    assert record["rules"]["payouts"] == [1, 2.5, 4] and record["rules"]["stake"] == 0.5
    html = submit(client, "/games/new", {"preset": "prospect", "apply_preset": "1"}).get_data(as_text=True)
    assert "Prospect sliding scale" in html
    assert re.search(r'<select id="settlement" name="settlement">.*?<option selected value="prospect">', html, re.S)


def test_setup_refuses_a_bad_sliding_scale(client, app):
    fields = {"player_0": "Ann", "player_1": "Bob", "player_2": "Cy", "player_3": "Di", "settlement": "prospect"}
    response = submit(client, "/games/new", fields | {"payouts": "1 two 3"})
    assert response.status_code == 400
    assert "Sliding scale: 'two' is not an amount" in flashes(response.get_data(as_text=True))
    response = submit(client, "/games/new", fields | {"payouts": "1 2"})
    assert response.status_code == 400
    assert "needs an amount for each of the 3 losing places" in flashes(response.get_data(as_text=True))
    response = submit(client, "/games/new", fields | {"payouts": "1 -2 3"})
    assert "'-2' is not an amount" in flashes(response.get_data(as_text=True))


def test_two_decks_from_eight_players_and_on_request(client, app):
    from scorekeeper import rules

    eight = {f"player_{s}": name for s, name in enumerate("Ann Bob Cy Di Ed Flo Gus Hal".split())}
    response = submit(client, "/games/new", eight | {"first_dealer": "0", "pattern": "down-up", "max_cards": ""})
    game_id = game_id_of(response.headers["Location"])
    game = rules.load(stored(app, game_id)["record"])
    assert game.rules.decks == 2 and game.plan()[0] == 12  # 103 cards // 8
    game_id = new_game(client, decks="2", pattern="down-up", max_cards="")
    assert rules.load(stored(app, game_id)["record"]).plan()[0] == 25
    html = client.get("/games/new").get_data(as_text=True)
    assert "auto: 2 from 8 players" in html and "Everyone declares together" in html
