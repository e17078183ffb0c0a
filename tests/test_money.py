"""The money between regulars (issues 27 and 40): each game's settlement adds to the pairs exactly as it settled
(a pairwise game's pair amounts, not its fewest payments), each player's balance is the sum of their pairs, the
plan settles it in the fewest payments, a Paid button records a line of it, and after paying what the plan said
nobody is told the payee now owes them (the organiser's reproductions, regulars-2026-12.md §3 difference 8).
IBANs are checked and shown only to the players of the payee's tables (docs/security.md); the EPC code is read
back with zxing-cpp."""

import io
import random
import re
from datetime import date

import zxingcpp
from PIL import Image
from werkzeug.datastructures import MultiDict

from scorekeeper import rules, store
from scorekeeper.rules.money import ledger
from scorekeeper.web import money_lines
from tests.game_helpers import create
from tests.html_forms import submit
from tests.money_helpers import IBAN, paid_buttons, said, staked, totals_game

WEEK_ONE = ["Daan", "Bob", "José", "Ann"]


def test_a_pairwise_game_adds_each_pairs_difference_not_its_fewest_payments(client):
    # Week 1, game 1 of the reading: Daan 32, Bob 35, José 31, Ann 30 at €0.10. The game's own fewest payments
    # are "Ann pays Bob €0.80, José pays Bob €0.40"; between the regulars every pair keeps its own difference.
    create(client, totals_game(WEEK_ONE, [32, 35, 31, 30], 0.1))
    page = client.get("/money").get_data(as_text=True)
    assert said(page, "owed") == [
        "Ann owes Bob €0.50",
        "José owes Bob €0.40",
        "Daan owes Bob €0.30",
        "Ann owes Daan €0.20",
        "Ann owes José €0.10",
        "José owes Daan €0.10",
    ]
    assert said(page, "balances") == ["Bob is owed €1.20", "Ann owes €0.80", "José owes €0.40"]
    assert said(page, "settle-all") == ["Ann pays Bob €0.80", "José pays Bob €0.40"]


def test_pairs_add_up_to_each_players_net_even_at_half_a_cent():
    # Half points at 5 cents a point: a pair's exact amount holds half a cent. Each pair is within a cent of it,
    # and each player's pairs add up to the net the game's own settle-up says.
    rng = random.Random(40)
    for _trial in range(300):
        n = rng.randint(2, 7)
        totals = [rng.randint(-10, 40) / 2 for _seat in range(n)]
        stake = rng.choice([0.05, 0.01, 0.03, 0.25])
        lowest = rng.random() < 0.3
        names = [f"P{seat}" for seat in range(n)]
        settlement = rules.settle("pairwise", names, totals, stake, lowest)
        scored = {"players": names, "totals": totals, "lowest_wins": lowest, "settlement": settlement}
        book = ledger.Book()
        for payer, payee, cents in ledger.game_flows(scored, stake):
            exact = abs(totals[names.index(payer)] - totals[names.index(payee)]) * stake * 100
            assert abs(cents - exact) < 1
            book.game(payer, payee, cents)
        nets = {name: round(net * 100) for name, net in zip(names, settlement["net"]) if round(net * 100)}
        assert book.balances() == nets


def test_a_prospect_game_adds_its_payments():
    names = ["Ann", "Bob", "Cy"]
    settlement = rules.settle("prospect", names, [30, 20, 10], 1)
    scored = {"players": names, "totals": [30, 20, 10], "lowest_wins": False, "settlement": settlement}
    assert sorted(ledger.game_flows(scored, 1)) == [("Bob", "Ann", 100), ("Cy", "Ann", 200)]


def test_paying_the_plan_never_leaves_the_payee_owing_the_payer(client):
    # Lotte's case: she owes José a little directly and Karin much, and Karin owes José: the plan says "Lotte pays
    # José" more than she owes him directly. After the Paid button, nobody owes anybody.
    create(client, totals_game(["Lotte", "José"], [10, 12], 5))  # Lotte owes José 10.00
    create(client, totals_game(["Lotte", "Karin"], [10, 13], 5))  # Lotte owes Karin 15.00
    create(client, totals_game(["Karin", "José"], [10, 13], 5))  # Karin owes José 15.00
    page = client.get("/money").get_data(as_text=True)
    assert said(page, "owed") == ["Karin owes José €15.00", "Lotte owes Karin €15.00", "Lotte owes José €10.00"]
    assert said(page, "settle-all") == ["Lotte pays José €25.00"]
    action, fields = paid_buttons(page)[0]
    assert client.post(action, data=MultiDict(fields)).status_code == 302
    after = client.get("/money").get_data(as_text=True)
    assert "Lotte paid José €25.00: the payment is recorded." in after
    assert said(after, "balances") == ["Everyone is square."] and said(after, "owed") == []
    assert said(after, "payment-log")[0].startswith(f"{date.today().strftime('%b %-d, %Y')}: Lotte paid José €25.00")


def test_a_small_debt_the_other_way_is_settled_with_the_plan(client):
    # "Joost is Bob €0,10 schuldig" beside "Bob betaalt Joost €11,30": the games left both, and paying the plan
    # squares everyone; nobody is then told that Joost owes Bob.
    create(client, totals_game(["Joost", "Bob"], [10, 11], 0.1))  # Joost owes Bob 0.10
    create(client, totals_game(["Bob", "Ann"], [10, 12], 5.7))  # Bob owes Ann 11.40
    create(client, totals_game(["Ann", "Joost"], [10, 12], 5.7))  # Ann owes Joost 11.40
    page = client.get("/money").get_data(as_text=True)
    assert said(page, "owed") == ["Ann owes Joost €11.40", "Bob owes Ann €11.40", "Joost owes Bob €0.10"]
    assert said(page, "settle-all") == ["Bob pays Joost €11.30"]
    action, fields = paid_buttons(page)[0]
    client.post(action, data=MultiDict(fields))
    after = client.get("/money").get_data(as_text=True)
    assert said(after, "owed") == [] and said(after, "balances") == ["Everyone is square."]


def test_debts_that_go_round_in_a_circle_are_shown_as_needing_no_payment(client):
    for winner, loser in (("Ann", "Bob"), ("Bob", "Cy"), ("Cy", "Ann")):
        create(client, totals_game([winner, loser], [12, 10], 0.5))
    page = client.get("/money").get_data(as_text=True)
    assert said(page, "balances") == ["Everyone is square."] and len(said(page, "owed")) == 3
    assert "These debts go round in a circle and cancel out: nobody needs to pay." in page


def test_a_club_pays_its_plan_line_by_line_and_is_square(client):
    # Random evenings of six friends, then every line of the plan paid from its button: after each payment no pair
    # says a payee owes the one who just paid them, the pairs add up to the balances, and at the end all is square.
    rng = random.Random(8)
    friends = ["Ann", "Bob", "Cy", "Di", "Ed", "Flo"]
    for _game in range(12):
        players = rng.sample(friends, rng.randint(2, 5))
        create(client, totals_game(players, [rng.randint(0, 30) for _seat in players], rng.choice([0.1, 0.05, 0.5])))
    for _step in range(20):
        page = client.get("/money").get_data(as_text=True)
        buttons = paid_buttons(page)
        if not buttons:
            break
        action, fields = buttons[0]
        payer, payee = dict(fields)["payer"], dict(fields)["payee"]
        assert client.post(action, data=MultiDict(fields)).status_code == 302
        after = client.get("/money").get_data(as_text=True)
        assert not [line for line in said(after, "owed") if re.match(rf"{payee.title()} owes {payer.title()} ", line)]
        balances = {line.split()[0]: line for line in said(after, "balances") if line != "Everyone is square."}
        for name in balances:
            owes = sum(float(line.split("€")[1]) for line in said(after, "owed") if line.startswith(f"{name} owes"))
            owed = sum(float(line.split("€")[1]) for line in said(after, "owed") if f" owes {name} " in line)
            assert f"€{abs(owed - owes):.2f}" in balances[name]
    assert said(client.get("/money").get_data(as_text=True), "balances") == ["Everyone is square."]


def test_balances_payments_and_undo_across_evenings(client, stranger):
    create(client, staked(["Ann", "Bob", "Cy"], True))
    create(client, staked(["Ann", "Bob", "Cy"], False))
    page = client.get("/money").get_data(as_text=True)
    assert "Bob owes Ann" in page and "Settle everything" in page
    before = said(page, "settle-all")
    assert before and all(" pays " in line for line in before)
    refused = stranger.post(
        "/money/payments",
        data={"payer": "Bob", "payee": "Ann", "amount": "1", "currency": "EUR", "paid_on": "2026-11-27"},
    )
    assert refused.status_code in (400, 403)
    assert (
        submit(
            client,
            "/money",
            {"payer": "bob", "payee": "ann", "amount": "2", "currency": "EUR", "paid_on": "2026-11-27"},
            action="/money/payments",
        ).status_code
        == 302
    )
    after = client.get("/money").get_data(as_text=True)
    assert "Bob paid Ann €2.00" in after and after != page
    undo = re.search(r'action="(/money/payments/\d+/undo)"', after)[1]
    assert submit(client, "/money", {}, action=undo).status_code == 302
    undone = client.get("/money").get_data(as_text=True)
    assert 'class="undone"' in undone and said(undone, "settle-all") == before


def test_an_iban_is_checked_and_shown_only_to_the_players_of_the_payees_tables(client, stranger, app):
    game_id, _key = create(client, staked(["Ann", "Bob", "Cy"], True))
    wrong = submit(
        client, "/money", {"name": "ann", "holder": "A. de Vries", "iban": "NL91ABNA0417164301"}, action="/money/ibans"
    )
    assert "is not an IBAN" in client.get(wrong.headers["Location"]).get_data(as_text=True)
    assert IBAN not in client.get("/money").get_data(as_text=True)
    submit(
        client,
        "/money",
        {"name": "ann", "holder": "A. de Vries", "iban": "nl91 abna 0417 1643 00"},
        action="/money/ibans",
    )
    mine = client.get("/money").get_data(as_text=True)
    assert "NL91 ABNA 0417 1643 00" in mine and "<svg" in mine and "A. de Vries" in mine
    # The game's settle-up page and its evening's show the same code beside the payment to Ann, to her table.
    with app.app_context():
        evening_id = store.evening_of(store.get_db(), game_id)
    settle_up = (f"/games/{game_id}/settle", f"/evenings/{evening_id}")
    for url in settle_up:
        page = client.get(url).get_data(as_text=True)
        amount = re.search(r'pays <b>Ann</b> <span class="amount">€([\d.]+)</span>\s*<div class="epc">', page)[1]
        code = money_lines.epc_svg(
            rules.money.sepa.epc_text(
                "A. de Vries", IBAN, "", round(float(amount) * 100), money_lines.remittance(date.today().isoformat())
            )
        )
        assert f'<span class="iban">NL91 ABNA 0417 1643 00</span></span>{code}</div>' in page, url
    # A follower (the game's read-only link, no key), the public pages and the API never see it.
    for reader in (stranger, app.test_client()):
        for url in (
            "/money",
            f"/games/{game_id}/sheet",
            "/players",
            "/players/Ann",
            "/api/players/Ann",
            f"/api/games/{game_id}",
            *settle_up,
        ):
            text = reader.get(url).get_data(as_text=True)
            assert IBAN not in text and "NL91 ABNA" not in text, url
    assert stranger.post("/money/ibans", data={"name": "ann", "holder": "X", "iban": IBAN}).status_code in (400, 403)


def decoded(payload):
    """The EPC code's lines as a banking app's camera reads them."""
    import segno

    png = io.BytesIO()
    segno.make_qr(payload.encode(), error="m", boost_error=False).save(png, kind="png", scale=6)
    found = zxingcpp.read_barcodes(Image.open(io.BytesIO(png.getvalue())))
    return found[0].text.split("\n")


def test_the_epc_code_reads_back_as_a_sepa_transfer_to_the_holder_with_two_decimals():
    lines = decoded(rules.money.sepa.epc_text("José de Vries", IBAN, "", 820, "Oh Hell, 27 Nov 2026"))
    assert lines == ["BCD", "002", "1", "SCT", "", "José de Vries", IBAN, "EUR8.20", "", "", "Oh Hell, 27 Nov 2026"]
    swiss = decoded(rules.money.sepa.epc_text("Ueli Meier", "CH9300762011623852957", "UBSWCHZH80A", 600, "Oh Hell"))
    assert swiss[4] == "UBSWCHZH80A" and swiss[7] == "EUR6.00"
    assert rules.money.sepa.epc_text("Ann", IBAN, "", 99_999_999_999, "x") is not None
    assert rules.money.sepa.epc_text("Ann", IBAN, "", 100_000_000_000, "x") is None  # more than a code carries: none
    assert rules.money.sepa.epc_text("Ann", "CH9300762011623852957", "", 600, "x") is None  # outside the EEA: a BIC


def test_the_text_for_the_group_chat_and_the_remittance_name_what_they_settle(client, app):
    first, _key = create(client, staked(["Ann", "Bob", "Cy"], True))
    second, _key = create(client, staked(["Ann", "Bob", "Cy"], False))
    with app.app_context():
        db = store.get_db()
        store.set_evening_about(db, store.evening_of(db, first), "2026-10-05", None)
        store.set_evening_about(db, store.evening_of(db, second), "2026-12-07", None)
    page = client.get("/money").get_data(as_text=True)
    share = re.search(r'data-text="([^"]+)"', page)[1]
    assert re.fullmatch(
        r"Oh Hell, Oct 5, 2026 to Dec 7, 2026: (\w+ pays \w+ €\d+\.\d\d)(, \w+ pays \w+ €\d+\.\d\d)*", share
    ), share
    assert "From the games since everyone was last square: Oct 5, 2026 to Dec 7, 2026" in page
