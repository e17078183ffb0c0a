"""The money between regulars (issue 27): balances across evenings from each staked game's settlement, payments
recorded and undone, settling everything in the fewest payments, IBANs checked and shown only to the players of
the payee's tables (docs/security.md), the EPC QR code read back, and the text for the group chat."""

import io
import re
from datetime import date

import zxingcpp
from PIL import Image

from scorekeeper import store
from scorekeeper.web import money_lines
from scorekeeper.rules import ledger

from game_helpers import create
from html_forms import submit

IBAN = "NL91ABNA0417164300"


def staked(players, tricks_first):
    """A finished two-hand game for €0.50 a point, pairwise: the first named player makes every bid."""
    hands = [{"cards": 1, "dealer": 0, "trump": "hearts", "bids": [1] + [0] * (len(players) - 1),
              "tricks": [1] + [0] * (len(players) - 1)},
             {"cards": 2, "dealer": 1, "trump": "hearts", "bids": [2] + [1] * (len(players) - 1),
              "tricks": [2] + [0] * (len(players) - 1)}]
    if not tricks_first:
        hands[1]["bids"] = [2] + [0] * (len(players) - 1)
    return {"players": players, "hands": hands,
            "rules": {"scoring": "exact", "hook": False, "deals": {"pattern": "up", "max": 2}, "settlement": "pairwise",
                      "stake": 0.5, "currency": "EUR"}}


def test_the_ledger_pairs_and_fewest_payments():
    flows = [("bob", "ann", 450), ("cy", "ann", 100), ("cy", "bob", 100), ("ann", "bob", 50)]
    assert ledger.owed(flows) == [("bob", "ann", 400), ("cy", "ann", 100), ("cy", "bob", 100)]
    assert ledger.settle_all(flows) == [("bob", "ann", 300), ("cy", "ann", 200)]


def test_balances_payments_and_undo_across_evenings(client, stranger):
    create(client, staked(["Ann", "Bob", "Cy"], True))
    create(client, staked(["Ann", "Bob", "Cy"], False))
    page = client.get("/money").get_data(as_text=True)
    assert "Bob owes Ann" in page and "Settle everything" in page
    before = re.findall(r'<li class="payment-line">([^<]+)', page)
    assert before and all(" pays " in line for line in before)
    refused = stranger.post("/money/payments", data={"payer": "Bob", "payee": "Ann", "amount": "1", "paid_on": "2026-11-27"})
    assert refused.status_code in (400, 403)
    assert submit(client, "/money", {"payer": "Bob", "payee": "Ann", "amount": "2", "currency": "EUR",
                                     "paid_on": "2026-11-27"}, action="/money/payments").status_code == 302
    after = client.get("/money").get_data(as_text=True)
    assert "Bob paid Ann €2.00" in after and after != page
    undo = re.search(r'action="(/money/payments/\d+/undo)"', after)[1]
    assert submit(client, "/money", {}, action=undo).status_code == 302
    undone = client.get("/money").get_data(as_text=True)
    assert 'class="undone"' in undone and re.findall(r'<li class="payment-line">([^<]+)', undone) == before


def test_an_iban_is_checked_and_shown_only_to_the_players_of_the_payees_tables(client, stranger, app):
    game_id, _key = create(client, staked(["Ann", "Bob", "Cy"], True))
    wrong = submit(client, "/money", {"name": "Ann", "iban": "NL91ABNA0417164301"}, action="/money/ibans")
    assert "not a valid IBAN" in client.get(wrong.headers["Location"]).get_data(as_text=True)
    assert IBAN not in client.get("/money").get_data(as_text=True)
    submit(client, "/money", {"name": "Ann", "iban": "NL91 ABNA 0417 1643 00"}, action="/money/ibans")
    mine = client.get("/money").get_data(as_text=True)
    assert IBAN in mine and "<svg" in mine
    # The game's settle-up page and its evening's show the same code beside the payment to Ann, to her table.
    with app.app_context():
        evening_id = store.evening_of(store.get_db(), game_id)
    settle_up = (f"/games/{game_id}/settle", f"/evenings/{evening_id}")
    for url in settle_up:
        page = client.get(url).get_data(as_text=True)
        amount = re.search(r'pays <b>Ann</b> <span class="amount">€([\d.]+)</span>\s*<div class="epc">', page)[1]
        remittance = f"Oh Hell, {money_lines.short_day(date.today())}"
        code = money_lines.epc_svg("Ann", IBAN, round(float(amount) * 100), remittance)
        assert f"{IBAN}</span>{code}</div>" in page, url
    # A follower (the game's read-only link, no key), the public pages and the API never see it.
    for reader in (stranger, app.test_client()):
        for url in ("/money", f"/games/{game_id}/sheet", "/players", "/players/Ann", "/api/players/Ann",
                    f"/api/games/{game_id}", *settle_up):
            assert IBAN not in reader.get(url).get_data(as_text=True), url
    assert stranger.post("/money/ibans", data={"name": "Ann", "iban": IBAN}).status_code in (400, 403)


def test_the_epc_code_reads_back_as_a_sepa_transfer_with_the_evening():
    svg = money_lines.epc_svg("Ann", IBAN, 450, "Oh Hell, 27 Nov")
    import segno.helpers
    png = io.BytesIO()
    segno.helpers.make_epc_qr(name="Ann", iban=IBAN, amount=4.5, text="Oh Hell, 27 Nov").save(png, kind="png",
                                                                                              scale=6)
    found = zxingcpp.read_barcodes(Image.open(io.BytesIO(png.getvalue())))
    lines = found[0].text.splitlines()
    assert lines[:2] == ["BCD", "002"] and "Ann" in lines and IBAN in lines and "EUR4.5" in lines
    assert lines[-1] == "Oh Hell, 27 Nov" and svg.startswith("<svg")


def test_the_text_for_the_group_chat(client):
    create(client, staked(["Ann", "Bob", "Cy"], True))
    share = re.search(r'data-text="([^"]+)"', client.get("/money").get_data(as_text=True))[1]
    assert re.fullmatch(r"Oh Hell, \d+ \w+: (\w+ pays \w+ €\d+\.\d\d)(, \w+ pays \w+ €\d+\.\d\d)*", share)
