"""After the game through the Flask client: settling up, the game under other systems."""

import re

from scorekeeper import store
from tests.game_helpers import STACKPOT_HANDS, create, record
from tests.html_forms import form_data, submit


def stored_rules(app, game_id):
    with app.app_context():
        return store.get_game(store.get_db(), game_id)["record"]["rules"]


def payments_shown(html):
    """Return the payments in large type as 'Bob pays Ann 2.50' lines."""
    items = re.findall(r"<li><b>(.*?)</b> pays <b>(.*?)</b> <span class=\"amount\">(.*?)</span></li>", html)
    return [f"{a} pays {b} {amount}" for a, b, amount in items]


def test_settle_up_pairwise_worked_by_hand(client):
    # Nets 4 x total - 63: Ann -19, Bob -19, Cy +17, Di +21; three payments settle them.
    game_id, _key = create(client, record())
    html = client.get(f"/games/{game_id}/settle").get_data(as_text=True)
    assert payments_shown(html) == ["Ann pays Di 19.00", "Bob pays Cy 17.00", "Bob pays Di 2.00"]
    assert "-19.00" in html and "+17.00" in html and "+21.00" in html
    text = re.search(r'<textarea id="settle-text" readonly[^>]*>(.*?)</textarea>', html, re.S)[1]
    assert "Winner: Di" in text and "Ann pays Di 19.00\nBob pays Cy 17.00\nBob pays Di 2.00" in text
    assert 'data-copy="settle-text"' in html


def test_settle_up_standings_read_best_first(client):
    # Totals 11, 11, 20, 21: Di first, Cy second, Ann and Bob share third (seat order among equals).
    game_id, _key = create(client, record())
    html = client.get(f"/games/{game_id}/settle").get_data(as_text=True)
    table = re.search(r'<table class="ranks nets">(.*?)</table>', html, re.S)[1]
    rows = re.findall(r"<td>(\d+)\.</td><th>(.*?)</th>", table)
    assert rows == [("1", "Di"), ("2", "Cy"), ("3", "Ann"), ("3", "Bob")]


def test_game_over_links_to_settle_up(client):
    game_id, _key = create(client, record())
    html = client.get(f"/games/{game_id}/over").get_data(as_text=True)
    assert re.search(rf'<a class="button primary" id="settle-up" href="/games/{game_id}/settle">Settle up</a>', html)


def test_change_to_prospect_with_a_scale_worked_by_hand(client, app):
    # Di first; Cy second pays 1; Ann and Bob share 3rd and 4th: each pays (2 + 3) / 2 = 2.50.
    game_id, _key = create(client, record())
    response = submit(
        client, f"/games/{game_id}/settle", {"settlement": "prospect", "stake": "1", "payouts": "1, 2, 3"}
    )
    assert response.status_code == 302
    chosen = stored_rules(app, game_id)
    assert (chosen["settlement"], chosen["stake"], chosen["payouts"]) == ("prospect", 1.0, [1.0, 2.0, 3.0])
    html = client.get(response.headers["Location"]).get_data(as_text=True)
    assert "Settling up by Prospect sliding scale" in html
    assert payments_shown(html) == ["Ann pays Di 2.50", "Bob pays Di 2.50", "Cy pays Di 1.00"]
    history = client.get(f"/games/{game_id}/history").get_data(as_text=True)
    # A tap's whole numbers are stored whole (decision 0046), as typed: the scale reads 1 2 3, not 1.0 2.0 3.0.
    assert "settle by prospect, stake 1.00, scale 1 2 3" in history


def test_change_stake_shows_money_with_two_decimals(client, app):
    game_id, _key = create(client, record())
    submit(client, f"/games/{game_id}/settle", {"settlement": "pairwise", "stake": "0.5"})
    html = client.get(f"/games/{game_id}/settle").get_data(as_text=True)
    assert payments_shown(html) == ["Ann pays Di 9.50", "Bob pays Cy 8.50", "Bob pays Di 1.00"]
    assert "stake 0.50" in html and "payouts" not in stored_rules(app, game_id)


def test_stackpot_shows_what_is_left_in_the_pot(client):
    game_id, _key = create(client, record(hands=STACKPOT_HANDS, scoring="stackpot", settlement="stackpot"))
    html = client.get(f"/games/{game_id}/settle").get_data(as_text=True)
    assert payments_shown(html) == ["Bob pays Ann 1.00", "Bob pays Cy 1.00", "Di pays the pot 3.00"]
    assert re.search(r"Left in the pot: <b class=\"amount\">3.00</b>", html)
    assert "Left in the pot: 3.00" in html.split("<textarea")[1]


def test_none_says_nobody_pays(client):
    game_id, _key = create(client, record(settlement="none"))
    html = client.get(f"/games/{game_id}/settle").get_data(as_text=True)
    assert "nobody pays" in html and payments_shown(html) == []


def test_read_only_viewer_sees_payments_but_cannot_change_them(client, app):
    game_id, key = create(client, record(), claim=False)
    html = client.get(f"/games/{game_id}/settle").get_data(as_text=True)
    assert "Ann pays Di 19.00" in payments_shown(html) and "Change how we settle" not in html
    # A write from the read-only link is refused, even with a good token from an editor's page.
    editor = app.test_client()
    editor.get(f"/games/{game_id}/claim/{key}")
    _action, fields = form_data(editor.get(f"/games/{game_id}/settle").get_data(as_text=True))
    data = dict(fields) | {"settlement": "none"}
    assert client.post(f"/games/{game_id}/settle", data=data).status_code == 403
    assert stored_rules(app, game_id)["settlement"] == "pairwise"


def test_settlement_change_without_csrf_token_is_refused(client, app):
    game_id, _key = create(client, record())
    _action, fields = form_data(client.get(f"/games/{game_id}/settle").get_data(as_text=True))
    data = {k: v for k, v in fields if k != "csrf_token"} | {"settlement": "none"}
    response = client.post(f"/games/{game_id}/settle", data=data)
    assert response.status_code == 400 and "security token" in response.get_data(as_text=True)
    assert stored_rules(app, game_id)["settlement"] == "pairwise"


def test_stale_settlement_change_is_refused(client, app):
    game_id, key = create(client, record())
    page = client.get(f"/games/{game_id}/settle").get_data(as_text=True)
    # Another phone changes the stake meanwhile.
    other = app.test_client()
    other.get(f"/games/{game_id}/claim/{key}")
    submit(other, f"/games/{game_id}/settle", {"stake": "2"})
    _action, fields = form_data(page)
    response = client.post(f"/games/{game_id}/settle", data=dict(fields) | {"settlement": "none"})
    html = client.get(response.headers["Location"]).get_data(as_text=True)
    assert "changed on another phone" in html
    assert (stored_rules(app, game_id)["settlement"], stored_rules(app, game_id)["stake"]) == ("pairwise", 2.0)


def test_bad_scale_and_bad_stake_say_what_to_fix(client, app):
    game_id, _key = create(client, record())
    response = submit(client, f"/games/{game_id}/settle", {"settlement": "prospect", "payouts": "1 2"})
    html = client.get(response.headers["Location"]).get_data(as_text=True)
    assert "enter 3 amounts, one for each losing place (2nd, 3rd, 4th); you entered 2" in html
    response = submit(client, f"/games/{game_id}/settle", {"settlement": "prospect", "payouts": "1 two 3"})
    assert "must be numbers" in client.get(response.headers["Location"]).get_data(as_text=True)
    response = submit(client, f"/games/{game_id}/settle", {"stake": "-1"})
    assert "must be from 0 to 1,000,000" in client.get(response.headers["Location"]).get_data(as_text=True)
    assert stored_rules(app, game_id)["settlement"] == "pairwise" and stored_rules(app, game_id)["stake"] == 1


def test_running_totals_chart_on_sheet_and_game_over(client):
    game_id, _key = create(client, record(players=["Ann", "Bob", "<script>alert(1)</script>", "Di"]))
    for url in (f"/games/{game_id}/sheet", f"/games/{game_id}/over"):
        html = client.get(url).get_data(as_text=True)
        svg = re.search(r'<svg [^>]*aria-label="Running totals.*?</svg>', html, re.S)[0]  # not the share QR code
        assert 'aria-label="Running totals: Exact' in svg and ("<polyline" in svg or "<path" in svg)
        assert "&lt;script&gt;alert(1)&lt;/script&gt;" in svg and "<script>alert(1)" not in html
        # The legend names every player.
        for name in ("Ann", "Bob", "Di"):
            assert f">{name}<" in svg


def compare_rows(html):
    """Return {system label: [totals as shown, winners marked *]} from the side-by-side table."""
    body = re.search(r'<table class="grid compare">.*?<tbody>(.*?)</tbody>', html, re.S)[1]
    rows = {}
    for row in re.findall(r"<tr[^>]*>(.*?)</tr>", body, re.S):
        label = re.search(r"<a [^>]*>(.*?)</a>", row)[1]
        rows[label] = [
            ("*" if "win" in cls else "") + value for cls, value in re.findall(r'<td class="([^"]*)">([^<]*)</td>', row)
        ]
    return rows


def test_compare_every_system_side_by_side(client, app):
    game_id, _key = create(client, record())
    before = stored(app, game_id)
    html = client.get(f"/games/{game_id}/compare").get_data(as_text=True)
    rows = compare_rows(html)
    assert len(rows) >= 30
    assert rows["Exact"] == ["11", "11", "20", "*21"]
    # Negative (golf) scores 1 + 2 + ... + d for a miss: Ann and Bob missed by one; lowest wins, Cy and Di tie.
    assert rows["Negative (golf)"] == ["1", "1", "*0", "*0"]
    assert re.search(r"Negative \(golf\)</a> <small class=\"muted\">↓ lowest wins", html)
    # Squared: 10 + bid squared; with bids of 0 and 1 it equals Get Fred: a miss by one costs 1.
    assert rows["Get Fred, squared (Oy Vey)"] == ["10", "10", "20", "*21"]
    assert stored(app, game_id) == before


def test_compare_shows_the_whole_sheet_under_a_chosen_system(client, app):
    game_id, _key = create(client, record())
    before = stored(app, game_id)
    html = client.get(f"/games/{game_id}/compare?system=negative").get_data(as_text=True)
    assert "What if we had played Negative (golf)?" in html and "Winners: <b>Cy and Di</b>" in html
    sheet = re.search(r'<section class="whatif".*?</section>', html, re.S)[0]
    foot = re.search(r"<tfoot>(.*?)</tfoot>", sheet, re.S)[1]
    assert re.findall(r'<span class="tot">(\d+)</span>', foot) == ["1", "1", "0", "0"]
    assert stored(app, game_id) == before
    assert client.get(f"/games/{game_id}/compare?system=Squared").status_code == 200
    response = client.get(f"/games/{game_id}/compare?system=nonsense")
    assert response.status_code == 404 and "pick one from the list" in response.get_data(as_text=True)


def test_compare_is_linked_from_sheet_and_game_over(client):
    game_id, _key = create(client, record())
    for url in (f"/games/{game_id}/sheet", f"/games/{game_id}/over"):
        assert f'href="/games/{game_id}/compare"' in client.get(url).get_data(as_text=True)


def stored(app, game_id):
    with app.app_context():
        game = store.get_game(store.get_db(), game_id)
        return game["record"], game["revision"]
