"""The money between regulars as people read it (issue 27, issue 40): each player's balance, who owes whom pair by
pair as the games settled, the fewest payments that settle it (each with its Paid button, and an EPC QR code for
a euro payee who gave an IBAN), and the text for the group chat. Who sees an IBAN is decided here, for /money and
the settle-up pages of a game and of an evening alike: see docs/security.md."""

import functools
from datetime import date as _date

from markupsafe import Markup

from scorekeeper import store
from scorekeeper.rules.money import amounts, sepa
from scorekeeper.text import words
from scorekeeper.rules.game.names import name_key, without_controls
from scorekeeper.text.words import _
from .members import identity
from .money_rights import may_handle_money


def short_day(iso):
    """'27 Nov', the reader's way."""
    try:
        return words.date(_date.fromisoformat(str(iso)[:10]), "d MMM")
    except ValueError:
        return str(iso)


def long_day(iso):
    """'Nov 27, 2026', the reader's way ('27 nov 2026' in Dutch): a bank statement is read a year later."""
    try:
        return words.date(_date.fromisoformat(str(iso)[:10]))
    except ValueError:
        return str(iso)


def remittance(day):
    """The transfer's remittance text, naming the game's or the evening's day: 'Oh Hell, 27 Nov 2026'."""
    return _("Oh Hell, %(date)s", date=long_day(day)) if day else _("Oh Hell")


def days_text(since, until):
    """The days a running balance comes from: 'Dec 7, 2026', 'Oct 5, 2026 to Dec 7, 2026'."""
    if not since or since == until:
        return long_day(since) if since else ""
    return _("%(first)s to %(last)s", first=long_day(since), last=long_day(until))


def with_codes(db, lines, currency, viewer, text):
    """Give each euro line {from, to, amount} whose payee gave an IBAN, where `viewer` (web.members.identity())
    may handle the money between the line's payer and payee (web/money_rights.py), the payee's `iban` and
    `holder`, the `epc` code that pays them (its remittance `text`) and when the IBAN last `changed`. The pot
    has no IBAN; an amount a code cannot carry (over 999,999,999.99) gets none. Return the lines."""
    if currency != "EUR":
        return lines
    key_of = store.keyer(db)  # the payee a name typed at the table is (a merged spelling is its player)
    shown = {
        key_of(line["to"])
        for line in lines
        if line.get("pot") is None and may_handle_money(viewer, line["from"], line["to"])
    }
    seen, changed = store.ibans(db, shown), store.payee_changed(db, shown)
    for line in lines:
        key = key_of(line["to"])
        payee = seen.get(key) if key in shown and may_handle_money(viewer, line["from"], line["to"]) else None
        if not payee:
            continue
        holder = payee["holder"] or line["to"]  # an IBAN kept before holders were asked: the player's name
        payload = sepa.epc_text(holder, payee["iban"], payee["bic"], round(line["amount"] * 100), text)
        if payload:
            line.update(
                iban=sepa.grouped(payee["iban"]), holder=holder, epc=Markup(epc_svg(payload)), changed=changed.get(key)
            )
    return lines


def coded(lines, currency, day):
    """The settle-up pages' payment lines (text/money_text.payment_lines) with the EPC codes this device may
    see (web/money_rights.py); the remittance names `day`."""
    if currency != "EUR" or not lines:
        return lines
    return with_codes(store.get_db(), lines, currency, identity(), remittance(day))


def epc_svg(payload):
    """The EPC QR code of a transfer's text (rules.money.sepa.epc_text), as inline SVG: error correction M, as the
    standard asks, the text in UTF-8 (character set 1)."""
    import segno

    code = segno.make_qr(payload.encode(), error="m", boost_error=False)
    return code.svg_inline(scale=3, dark="#000", light="#fff", border=4)


def typed_amount(cents, currency):
    """An amount as a form posts it back (a point, the currency's decimals): '8.20', '1500' in yen."""
    whole, part = divmod(cents, 100)
    return str(whole) if not part and currency and not amounts.places(currency) else f"{whole}.{part:02d}"


@functools.lru_cache(maxsize=8192)
def amount_said(cents, currency, locale):
    """An amount of cents the locale's way (words.money, which Babel makes slowly): a club's page says hundreds."""
    return words.money(cents / 100, currency)


PAIRS_PER_PAGE = 25  # who owes whom: a page of pairs at a time (a club of 60 has up to 1,770 pairs)


def pages(count, per_page):
    """How many pages `count` lines fill, at least one."""
    return max(1, -(-count // per_page))


def books(db, viewer, page=1):
    """Return one book per currency: each player's balance (who is owed first, the most first; then who owes),
    who owes whom pair by pair (page `page` of them), the fewest payments that settle it (with the Paid button's
    values and whether `viewer` may press it, and an EPC code where the viewer may see the payee's IBAN:
    web/money_rights.py), the days of the games it holds and the chat text. The numbers come from the kept book
    (store/money_book.py)."""
    roster = {row["key"]: row["name"] for row in store.list_players(db)}
    result = []
    for currency, kept in store.money_books(db).items():

        def name(key, kept=kept):
            return without_controls(roster.get(key) or kept["names"].get(key) or key)

        def said(cents, currency=currency):
            return amount_said(cents, currency, words.locale())

        balances = sorted(kept["balances"].items(), key=lambda row: (row[1] < 0, -abs(row[1]), name(row[0]).casefold()))
        days = days_text(kept["since"], kept["until"])
        text = _("Oh Hell, %(date)s", date=days) if days else remittance(None)
        lines = [
            {
                "from": name(payer),
                "to": name(payee),
                "from_key": payer,
                "to_key": payee,
                "amount": cents / 100,
                "pot": None,
                "mine": may_handle_money(viewer, payer, payee),
                "typed": typed_amount(cents, currency),
                "text": _(
                    "%(payer)s pays %(payee)s %(amount)s", payer=name(payer), payee=name(payee), amount=said(cents)
                ),
            }
            for payer, payee, cents in kept["plan"]
        ]
        lines = with_codes(db, lines, currency, viewer, text)
        pairs = kept["pairs"]
        last = pages(len(pairs), PAIRS_PER_PAGE)
        page = min(max(page, 1), last)
        shown = pairs[(page - 1) * PAIRS_PER_PAGE : page * PAIRS_PER_PAGE]
        result.append(
            {
                "currency": currency,
                "balances": [
                    {"name": name(key), "owed": cents > 0, "amount": said(abs(cents))} for key, cents in balances
                ],
                "owed": [
                    {"from": name(debtor), "to": name(creditor), "amount": said(cents)}
                    for debtor, creditor, cents in shown
                ],
                "pairs": len(pairs),
                "page": page,
                "pages": last,
                "settle": lines,
                "days": days,
                "share": _(
                    "%(heading)s: %(payments)s", heading=text, payments=", ".join(line["text"] for line in lines)
                )
                if lines
                else None,
            }
        )
    return result


def player_money(name):
    """A player's balance in each currency, as sentences for their page ("José is owed €15.20"): the kept book's."""
    key, said = name_key(name), []
    for currency, book in store.money_books(store.get_db()).items():
        cents = book["balances"].get(key)
        if cents:
            amount = amount_said(abs(cents), currency, words.locale())
            said.append(
                _("%(name)s is owed %(amount)s", name=name, amount=amount)
                if cents > 0
                else _("%(name)s owes %(amount)s", name=name, amount=amount)
            )
    return said
