"""The money between regulars as people read it (issue 27): the open balances pair by pair with the evenings
they come from, the fewest payments that settle them, each with an EPC QR code for a euro payee who gave an
IBAN, and the text for the group chat. Who sees an IBAN is decided here, for /money and the settle-up pages of
a game and of an evening alike: see docs/security.md."""

from datetime import date as _date

from flask import request
from markupsafe import Markup

from scorekeeper import store
from scorekeeper.rules import ledger, words
from scorekeeper.rules.ratings import player_key
from scorekeeper.rules.words import _

KEYS_LOOKED_AT = 200  # a browser's game cookies read at most: a hostile request may send thousands
EPC_NAME = 70  # the EPC code's limits (version 002): the payee's name and the remittance text
EPC_TEXT = 140


def short_day(iso):
    """'27 Nov', the reader's way."""
    try:
        return words.date(_date.fromisoformat(str(iso)[:10]), "d MMM")
    except ValueError:
        return str(iso)


def viewer_players(db, cookies):
    """The players (keys) of every game this browser holds the scorekeeper's key or a seat link of (the cookies
    web/edit_keys.py and views/seats.py give: edit_<game id>, seat_<game id>): the tables it sits at."""
    games = []
    for name, key in list(cookies.items())[:KEYS_LOOKED_AT]:
        kind, _sep, game_id = name.partition("_")
        if kind not in ("edit", "seat") or not game_id:
            continue
        head = store.get_game_head(db, game_id)
        if head and (store.may_edit(head, key) if kind == "edit" else store.seat_of_key(db, game_id, key) is not None):
            games.append(game_id)
    return store.tables_of(db, games)


def remittance(day):
    """The transfer's remittance text, naming the evening: 'Oh Hell, 27 Nov'."""
    return _("Oh Hell, %(date)s", date=short_day(day)) if day else _("Oh Hell")


def with_codes(db, lines, currency, viewer, day):
    """Give each euro line {to, amount} whose payee gave an IBAN and sits at a table with the viewer (`viewer`:
    viewer_players) the payee's `iban` and the `epc` code that pays them, its remittance naming `day`. The pot
    has no IBAN. Return the lines."""
    if currency != "EUR":
        return lines
    seen = store.ibans(db, {player_key(line["to"]) for line in lines} & viewer)
    for line in lines:
        iban = seen.get(player_key(line["to"])) if line.get("pot") is None else None
        if iban:
            cents = round(line["amount"] * 100)
            line.update(iban=iban, epc=Markup(epc_svg(line["to"], iban, cents, remittance(day))))
    return lines


def coded(lines, currency, day):
    """The settle-up pages' payment lines (text/money_text.payment_lines) with the EPC codes this request may
    see: a euro line to a payee who gave an IBAN, for a browser at a table with them; the remittance names `day`."""
    if currency != "EUR" or not lines:
        return lines
    db = store.get_db()
    return with_codes(db, lines, currency, viewer_players(db, request.cookies), day)


def epc_svg(name, iban, cents, text):
    """The EPC QR code (SEPA credit transfer, version 002) of a euro payment, as inline SVG."""
    import segno.helpers

    code = segno.helpers.make_epc_qr(name=name[:EPC_NAME], iban=iban, amount=cents / 100, text=text[:EPC_TEXT])
    return code.svg_inline(scale=3, dark="#000", light="#fff", border=4)


def by_currency(flows):
    """Group the flows by currency: {currency: [flow rows]}."""
    groups = {}
    for flow in flows:
        groups.setdefault(flow["currency"], []).append(flow)
    return groups


def books(db, viewer):
    """Return one book per currency: who owes whom (with the evenings' days), the fewest payments that settle
    it (with an EPC code where the viewer, the players of the tables it sits at, may see the payee's IBAN), and
    the chat text."""
    result = []
    for currency, flows in sorted(by_currency(store.money_flows(db)).items()):
        names, days = {}, {}
        for flow in flows:
            names[flow["payer"]], names[flow["payee"]] = flow["payer_name"], flow["payee_name"]
            if flow["evening"]:
                days.setdefault(frozenset((flow["payer"], flow["payee"])), set()).add(flow["day"])
        moves = [(flow["payer"], flow["payee"], flow["cents"]) for flow in flows]
        latest = max((flow["day"] for flow in flows if flow["evening"]), default=None)
        owed = [{"from": names[a], "to": names[b], "amount": words.money(cents / 100, currency),
                 "days": ", ".join(short_day(day) for day in sorted(days.get(frozenset((a, b)), ())))}
                for a, b, cents in ledger.owed(moves)]
        settle = ledger.settle_all(moves)
        lines = with_codes(db, [{"from": names[payer], "to": names[payee], "amount": cents / 100, "pot": None,
                                 "text": _("%(payer)s pays %(payee)s %(amount)s", payer=names[payer],
                                           payee=names[payee], amount=words.money(cents / 100, currency))}
                                for payer, payee, cents in settle], currency, viewer, latest)
        share = _("%(heading)s: %(payments)s", heading=remittance(latest),
                  payments=", ".join(line["text"] for line in lines)) if lines else None
        result.append({"currency": currency, "owed": owed, "settle": lines, "share": share})
    return result
