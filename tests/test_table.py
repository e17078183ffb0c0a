"""The table screens through the Flask test client: setup, hands, sheet, mistakes, who may write."""

import re

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from scorekeeper import rules
from scorekeeper.rules.scoring.presets import PRESETS, preset_rules
from scorekeeper.web.setup_form import apply_preset, preset_fields, rules_from_setup, setup_fields, setup_form
from tests.examples import REQUESTS
from tests.game_helpers import game_id_of
from tests.html_forms import form_data, submit
from tests.owner_helpers import owner_client
from tests.table_helpers import PLAYERS, follow, new_game, play_hand, revoke_with_the_tricks, stored


def test_home_lists_games(client):
    game_id = new_game(client)
    html = client.get("/").get_data(as_text=True)
    assert "In progress" in html and "Ann, Bob, Cy, Di" in html and game_id in html


def test_setup_needs_three_players_and_says_so(client):
    response = submit(client, "/games/new", {"player_0": "Ann", "player_1": "Bob", "player_2": "", "player_3": ""})
    assert response.status_code == 400 and "at least 3 players" in response.get_data(as_text=True)


def test_setup_lowers_an_n_the_deck_cannot_deal_and_says_so(client, app):
    response = submit(
        client,
        "/games/new",
        {"player_0": "Ann", "player_1": "Bob", "player_2": "Cy", "pattern": "up", "max_cards": "30"},
    )
    assert response.status_code == 302
    game_id = game_id_of(response.headers["Location"])
    assert stored(app, game_id)["record"]["rules"]["deals"]["max"] == 17
    page = client.get(response.headers["Location"], follow_redirects=True).get_data(as_text=True)
    assert (
        "N (largest hand) is 17, not 30: 3 players get at most 17 cards each from 1 deck. Or choose 2 in Decks for hands of up to 30."
        in page
    )


def test_setup_names_a_duplicate_player_as_the_form_does(client):
    response = submit(client, "/games/new", {"player_0": "Ann", "player_1": "Bob", "player_2": "ann"})
    assert response.status_code == 400
    assert "Player 3: &#39;ann&#39; is listed twice" in response.get_data(as_text=True)


def test_setup_refusals_name_the_field_as_the_form_does(client):
    players = {"player_0": "Ann", "player_1": "Bob", "player_2": "Cy"}
    response = submit(client, "/games/new", {**players, "scoring": "simplified_negative", "settlement": "stackpot"})
    assert response.status_code == 400
    assert "Settlement: Stackpot pays points out as money" in response.get_data(as_text=True)
    response = submit(client, "/games/new", {**players, "pattern": "custom", "sizes": "3 0 3", "max_cards": ""})
    page = response.get_data(as_text=True)
    assert response.status_code == 400 and "Hand sizes, number 2: " in page and "sizes[" not in page


def test_setup_reorders_and_applies_preset(client):
    html = submit(client, "/games/new", {"player_0": "Ann", "player_1": "Bob", "player_2": "Cy", "move": "2"}).get_data(
        as_text=True
    )
    assert html.index('value="Cy"') < html.index('value="Bob"')
    html = submit(client, "/games/new", {"preset": "okenuff", "apply_preset": "1"}).get_data(as_text=True)
    assert re.search(r'<option selected value="okenuff">|<option value="okenuff" selected', html)
    assert re.search(r'value="highest_bidder" selected|selected value="highest_bidder"', html)


def test_okenuff_preset_game_asks_trump_after_bids(client, app):
    game_id = new_game(
        client,
        preset="okenuff",
        scoring="okenuff",
        pattern="okenuff",
        max_cards="",
        trump="highest_bidder",
        modifiers="no_trump_doubles",
        settlement="pairwise",
    )
    record = stored(app, game_id)["record"]
    assert record["rules"]["trump"] == "highest_bidder"
    assert submit(client, f"/games/{game_id}/deal", {"trump": "none"}).status_code == 302
    for bid in (2, 0, 1, 0):  # Bob, Cy, Di, then Ann deals
        url, html = follow(client, game_id)
        assert submit(client, url, {"bid": bid}).status_code == 302
    url, html = follow(client, game_id)
    assert url.endswith("/trump") and "Bob" in html and "bid highest" in html
    submit(client, url, {"trump": "none"})
    url, html = follow(client, game_id)
    assert url.endswith("/tricks") and "UNDER" in html


def test_a_hand_where_everyone_makes_it(client, app):
    game_id = new_game(client, unset=("hook",))  # with the hook, someone always misses
    url, html = follow(client, game_id)
    assert url.endswith("/deal") and "Ann" in html and "deals" in html
    response = play_hand(client, game_id, "hearts", [0, 1, 0, 0])
    assert response.status_code == 302 and response.headers["Location"].endswith("/sheet")
    hand = stored(app, game_id)["record"]["hands"][0]
    assert hand == {"cards": 1, "dealer": 0, "trump": "hearts", "bids": [0, 1, 0, 0], "tricks": [0, 1, 0, 0]}
    sheet = client.get(f"/games/{game_id}/sheet").get_data(as_text=True)
    assert "Next hand: Bob deals 2" in sheet and ">11<" in sheet


def test_bids_screen_strikes_out_the_hook_and_refuses_it(client, app):
    game_id = new_game(client)
    submit(client, f"/games/{game_id}/deal", {"trump": "spades"})
    for bid in (1, 0, 0):  # Bob, Cy, Di; Ann deals 1 card and may not bid 0
        url, html = follow(client, game_id)
        submit(client, url, {"bid": bid})
    url, html = follow(client, game_id)
    assert "<s>0</s>" in html and "The dealer may not bid 0" in html
    response = submit(client, url, {"bid": 0})
    assert "The dealer may not bid 0" in client.get(response.headers["Location"]).get_data(as_text=True)
    assert "may not bid 0" in client.get(url).get_data(as_text=True)
    assert stored(app, game_id)["record"]["hands"][0]["bids"] == [None, 1, 0, 0]


def test_bid_so_far_over_under_and_changing_the_last_bid(client, app):
    game_id = new_game(client, max_cards="3")
    submit(client, f"/games/{game_id}/deal", {"trump": "clubs"})
    url, _ = follow(client, game_id)
    submit(client, url, {"bid": 1})  # Bob
    html = client.get(url).get_data(as_text=True)
    assert "Bid <b>1</b> of 1" in html and "even" in html
    # Bob may change his bid until Cy bids.
    submit(client, f"{url}?seat=1", {"bid": 0})
    assert stored(app, game_id)["record"]["hands"][0]["bids"] == [None, 0, None, None]
    submit(client, url, {"bid": 1})  # Cy
    html = client.get(url).get_data(as_text=True)
    assert "Bid <b>1</b> of 1" in html
    response = submit(client, url, {"seat": 1, "bid": 1})  # too late for Bob now
    assert "can no longer be changed" in client.get(response.headers["Location"]).get_data(as_text=True)
    assert stored(app, game_id)["record"]["hands"][0]["bids"] == [None, 0, 1, None]


def test_bid_out_of_turn_stands(client, app):
    game_id = new_game(client)
    submit(client, f"/games/{game_id}/deal", {"trump": "clubs"})
    submit(client, f"/games/{game_id}/bids?seat=3", {"bid": 1})  # Di bids before Bob
    assert stored(app, game_id)["record"]["hands"][0]["bids"] == [None, None, None, 1]
    _, html = follow(client, game_id)
    assert '<input type="hidden" name="seat" value="1">' in html  # the turn returns to Bob


def test_tricks_must_add_up(client, app):
    game_id = new_game(client)
    response = play_hand(client, game_id, "hearts", [1, 1, 0, 0], tricks=[0, 1, 1, 0])
    assert response.status_code == 400
    html = response.get_data(as_text=True)
    assert "more than the 1 cards" in html
    assert re.search(r'name="took_2"[^>]*value="1"|value="1"[^>]*name="took_2"', html)  # Cy's 1 is kept
    assert stored(app, game_id)["record"]["hands"][0].get("tricks") is None


def test_penalty_with_the_tricks(client, app):
    game_id = new_game(client)
    revoke_with_the_tricks(client, game_id)
    hand = stored(app, game_id)["record"]["hands"][1]
    assert hand["penalties"] == [{"seat": 2, "reason": "revoke", "points": -20}]


def test_undo_edit_and_history(client, app):
    game_id = new_game(client)
    play_hand(client, game_id, "hearts", [1, 1, 0, 0])  # Ann misses: tricks 0 1 0 0
    play_hand(client, game_id, "spades", [1, 0, 1, 1], tricks=[1, 0, 1, 0])
    sheet = client.get(f"/games/{game_id}/sheet").get_data(as_text=True)
    assert "Next hand: Cy deals 3" in sheet
    # Undo the tricks: back to the tricks screen of hand 2.
    submit(client, f"/games/{game_id}/sheet", action=f"/games/{game_id}/undo")
    assert stored(app, game_id)["record"]["hands"][1].get("tricks") is None
    url, _ = follow(client, game_id)
    assert url.endswith("/tricks")
    submit(client, url, {"took_0": 1, "took_2": 1, "took_3": 0})  # Bob, the dealer, takes the rest: 0
    assert client.get(f"/api/games/{game_id}").get_json()["totals"] == [11, 21, 21, 10]
    # Correct hand 1: Ann took the trick, not Bob.
    before = stored(app, game_id)["record"]
    response = submit(client, f"/games/{game_id}/hands/1/edit", {"took_0": 1, "took_1": 0})
    assert response.status_code == 302
    after = stored(app, game_id)["record"]
    assert after["hands"][0]["tricks"] == [1, 0, 0, 0] and after["hands"][1] == before["hands"][1]
    scored = client.get(f"/api/games/{game_id}").get_json()
    assert scored["hands"][0]["scores"] == [11, 0, 10, 10] and scored["totals"] == [22, 10, 21, 10]
    history = client.get(f"/games/{game_id}/history").get_data(as_text=True)
    # Only what changed: the bids stayed as they were.
    assert re.search(r"corrected: Ann&#39;s tricks 0 → 1, Bob&#39;s tricks 1 → 0\s*<small>", history)
    assert "undone" in history


def test_edit_refuses_a_bad_correction(client, app):
    game_id = new_game(client)
    play_hand(client, game_id, "hearts", [1, 1, 0, 0])
    response = submit(client, f"/games/{game_id}/hands/1/edit", {"took_1": 1, "took_2": 1})
    assert response.status_code == 400
    html = response.get_data(as_text=True)
    assert "Hand 1, tricks: add up to 2" in html
    assert re.search(r'name="took_2"[^>]*value="1"|value="1"[^>]*name="took_2"', html)  # not reset to 0
    assert stored(app, game_id)["record"]["hands"][0]["tricks"] == [0, 1, 0, 0]


def test_game_over_and_new_game_same_table(client, app):
    game_id = new_game(client)
    play_hand(client, game_id, "hearts", [1, 1, 0, 0])
    play_hand(client, game_id, "spades", [1, 0, 0, 0])
    play_hand(client, game_id, "none", [0, 1, 1, 0], tricks=[0, 1, 1, 1])
    url, html = follow(client, game_id)
    assert url.endswith("/over")
    assert "Winner" in html and "<b>Cy</b>" in html and "pays" in html
    scored = client.get(f"/api/games/{game_id}").get_json()
    for payment in scored["settlement"]["payments"]:
        assert f"<b>{payment['from']}</b> pays <b>{payment['to']}</b> {payment['amount']:.2f}" in html
    response = submit(client, url, action=f"/games/{game_id}/again")
    new_id = game_id_of(response.headers["Location"])
    record = stored(app, new_id)["record"]
    assert record["players"] == PLAYERS and record["hands"] == [] and record["rules"]["first_dealer"] == 1
    assert "Bob" in follow(client, new_id)[1]
    assert "Finished" in client.get("/").get_data(as_text=True)


def test_read_only_link_refuses_writes(client, app):
    game_id = new_game(client)
    deal_page = client.get(f"/games/{game_id}/deal").get_data(as_text=True)
    key = stored(app, game_id)["edit_key"]
    other = app.test_client()
    html = other.get(f"/games/{game_id}").get_data(as_text=True)
    assert "read-only" in html and "/undo" not in html
    assert "correct it" not in html  # a follower cannot correct a hand, so the sheet does not offer it
    data = dict(form_data(deal_page)[1]) | {"trump": "hearts"}
    response = other.post(f"/games/{game_id}/deal", data=data)
    assert response.status_code == 403 and "read-only" in response.get_data(as_text=True)
    assert stored(app, game_id)["record"]["hands"] == []
    # The edit link hands the scorekeeping over.
    assert other.get(f"/games/{game_id}/claim/{key}").status_code == 302
    assert submit(other, f"/games/{game_id}/deal", {"trump": "hearts"}).status_code == 302
    assert other.get(f"/games/{game_id}/claim/wrong").status_code == 403


def test_csrf_refused(client, app):
    game_id = new_game(client)
    _, fields = form_data(client.get(f"/games/{game_id}/deal").get_data(as_text=True))
    data = {k: v for k, v in fields if k != "csrf_token"} | {"trump": "hearts"}
    response = client.post(f"/games/{game_id}/deal", data=data)
    assert response.status_code == 400 and "try again" in response.get_data(as_text=True)
    data["csrf_token"] = "forged##token"
    assert client.post(f"/games/{game_id}/deal", data=data).status_code == 400
    # A token from another browser's session is refused too.
    other = app.test_client()
    token = dict(form_data(other.get("/games/new").get_data(as_text=True))[1])["csrf_token"]
    assert client.post(f"/games/{game_id}/deal", data=data | {"csrf_token": token}).status_code == 400
    assert stored(app, game_id)["record"]["hands"] == []


def test_stale_revision_refused(client, app):
    game_id = new_game(client)
    old_page = client.get(f"/games/{game_id}/deal").get_data(as_text=True)
    submit(client, f"/games/{game_id}/deal", {"trump": "hearts"})
    _, fields = form_data(old_page)
    response = client.post(f"/games/{game_id}/deal", data=dict(fields) | {"trump": "clubs"})
    html = client.get(response.headers["Location"], follow_redirects=True).get_data(as_text=True)
    assert "changed on another phone" in html
    assert stored(app, game_id)["record"]["hands"][0]["trump"] == "hearts"
    # A bid from a page drawn before the deal is refused too.
    bids_page = client.get(f"/games/{game_id}/bids").get_data(as_text=True)
    submit(client, f"/games/{game_id}/bids", {"bid": 1})
    _, fields = form_data(bids_page)
    response = client.post(f"/games/{game_id}/bids", data=dict(fields) | {"bid": 0})
    assert "changed on another phone" in client.get(response.headers["Location"], follow_redirects=True).get_data(
        as_text=True
    )
    assert stored(app, game_id)["record"]["hands"][0]["bids"] == [None, 1, None, None]


def test_unknown_game_and_hand(client):
    assert client.get("/games/nope").status_code == 404
    game_id = new_game(client)
    assert client.get(f"/games/{game_id}/hands/5/edit").status_code == 404


def test_an_unexpected_failure_is_a_plain_page_and_loses_nothing(own_app):
    app, client = own_app, owner_client(own_app)

    def broken():
        raise RuntimeError("a bug")

    app.add_url_rule("/broken", "broken", broken)
    app.add_url_rule("/api/broken", "api_broken", broken)
    app.config["PROPAGATE_EXCEPTIONS"] = False
    game_id = new_game(client)
    submit(client, f"/games/{game_id}/deal", {"trump": "hearts"})
    page = client.get("/broken")
    assert page.status_code == 500
    html = page.get_data(as_text=True)
    assert "Everything recorded before this is safe" in html and "Traceback" not in html
    assert client.get("/api/broken").get_json()["error"].startswith("Something went wrong on our side")
    assert stored(app, game_id)["record"]["hands"][0]["trump"] == "hearts"


def test_setup_hook_from_is_stored_when_set_and_the_bids_screen_follows_it(client, app):
    plain = new_game(client)
    assert "hook_from" not in stored(app, plain)["record"]["rules"]  # the default, 1, is not written
    setup = client.get("/games/new").get_data(as_text=True)
    assert "Hook from N cards" in setup and 'id="hook_from"' in setup
    game_id = new_game(client, hook_from="2")
    assert stored(app, game_id)["record"]["rules"]["hook_from"] == 2
    submit(client, f"/games/{game_id}/deal", {"trump": "spades"})
    for bid in (1, 0, 0):  # Bob, Cy, Di; Ann deals 1 card: below 2 cards the dealer is free
        url, html = follow(client, game_id)
        submit(client, url, {"bid": bid})
    url, html = follow(client, game_id)
    pad = html[html.index('class="bidpad"') : html.index("</form>", html.index('class="bidpad"'))]
    assert "<s>" not in pad and "may not bid" not in pad
    assert submit(client, url, {"bid": 0}).status_code == 302
    assert stored(app, game_id)["record"]["hands"][0]["bids"] == [0, 1, 0, 0]


@settings(max_examples=REQUESTS, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.one_of(st.text(max_size=8), st.integers(-5, 60).map(str), st.just("9" * 5000)))
def test_setup_hook_from_takes_a_whole_number_from_1_to_52_or_says_what_to_fix(client, text):
    data = {
        "player_0": "Ann",
        "player_1": "Bob",
        "player_2": "Cy",
        "pattern": "up",
        "max_cards": "3",
        "hook_from": text,
    }
    response = submit(client, "/games/new", data)
    typed = text.strip(" \t\r\n")  # the spaces a number field ignores (Python's strip() takes \x1f too)
    number = int(typed) if typed.isascii() and typed.isdigit() and len(text) < 10 else None
    if typed == "" or (number is not None and 1 <= number <= 52):
        assert response.status_code == 302
    else:
        assert response.status_code == 400 and "hook_from" in response.get_data(as_text=True)


@pytest.mark.parametrize("preset", PRESETS.ids())
def test_the_setup_form_maps_each_preset_to_its_rules_and_back(app, preset):
    """One mapping both ways: a preset's fields in the form give the rules they came from."""
    with app.test_request_context("/games/new"):
        form = setup_form()
        apply_preset(form, preset, 4)
        chosen = rules_from_setup(form)
        assert setup_fields(chosen) == preset_fields(preset, 4)
        expected = rules.load({"players": ["A", "B", "C", "D"], "rules": preset_rules(preset, 4), "hands": []}).rules
        assert rules.load({"players": ["A", "B", "C", "D"], "rules": chosen, "hands": []}).rules == expected
