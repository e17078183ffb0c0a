"""The money between regulars as people read it (issue 27): the open balances pair by pair with the evenings
they come from, the fewest payments that settle them, each with an EPC QR code for a euro payee who gave an
IBAN, and the text for the group chat. Who sees an IBAN is decided here: see docs/security.md."""

from datetime import date as _date

from scorekeeper import store
from scorekeeper.rules import ledger, words
from scorekeeper.rules.words import _

EPC_NAME = 70  # the EPC code's limits (version 002): the payee's name and the remittance text
EPC_TEXT = 140


def short_day(iso):
    """'27 Nov', the reader's way."""
    try:
        return words.date(_date.fromisoformat(str(iso)[:10]), "d MMM")
    except ValueError:
        return str(iso)


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


def books(db, viewer_players):
    """Return one book per currency: who owes whom (with the evenings' days), the fewest payments that settle
    it (with an EPC code where the viewer may see the payee's IBAN), and the chat text."""
    result = []
    for currency, flows in sorted(by_currency(store.money_flows(db)).items()):
        names, days = {}, {}
        for flow in flows:
            names[flow["payer"]], names[flow["payee"]] = flow["payer_name"], flow["payee_name"]
            if flow["evening"]:
                days.setdefault(frozenset((flow["payer"], flow["payee"])), set()).add(flow["day"])
        moves = [(flow["payer"], flow["payee"], flow["cents"]) for flow in flows]
        latest = max((flow["day"] for flow in flows if flow["evening"]), default=None)
        remittance = _("Oh Hell, %(date)s", date=short_day(latest)) if latest else _("Oh Hell")
        owed = [{"from": names[a], "to": names[b], "amount": words.money(cents / 100, currency),
                 "days": ", ".join(short_day(day) for day in sorted(days.get(frozenset((a, b)), ())))}
                for a, b, cents in ledger.owed(moves)]
        settle = ledger.settle_all(moves)
        seen = store.ibans(db, {payee for _payer, payee, _cents in settle} & viewer_players)
        lines = []
        for payer, payee, cents in settle:
            line = {"payer": names[payer], "payee": names[payee], "cents": cents, "currency": currency,
                    "text": _("%(payer)s pays %(payee)s %(amount)s", payer=names[payer], payee=names[payee],
                              amount=words.money(cents / 100, currency))}
            if currency == "EUR" and payee in seen:
                line.update(iban=seen[payee], epc=epc_svg(names[payee], seen[payee], cents, remittance))
            lines.append(line)
        share = _("%(heading)s: %(payments)s", heading=remittance,
                  payments=", ".join(line["text"] for line in lines)) if lines else None
        result.append({"currency": currency, "owed": owed, "settle": lines, "share": share})
    return result
