"""Money as people read it on several pages: amounts in the game's currency, who pays whom, what the pot keeps."""

from scorekeeper.text import words
from scorekeeper.text.sentences import party_name, payment_text
from scorekeeper.rules.money.settlement import POT
from scorekeeper.text.words import _


def money(amount, currency=""):
    """Show an amount of money the reader's way, in the game's currency: 2.50, € 2,50 ("" for points)."""
    return words.money(amount, currency)


def net(amount, currency=""):
    """Show a net amount of money with its sign where the locale puts it: +2.50, -2.50, 0.00 (€ -2,50 in Dutch)."""
    return words.signed_money(amount, currency)


def currency_of(record):
    """Return the stake's currency of a game record: an ISO 4217 code, or "" for a stake in points."""
    return (record.get("rules") or {}).get("currency") or ""


def payment_lines(payments, currency=""):
    """Return the payments as {from, to, amount, pot, text}: 'Bob pays Ann 2.50'; pot: "from", "to" or None."""
    return [
        {
            "from": party_name(p["from"], start=True),
            "to": party_name(p["to"]),
            "amount": p["amount"],
            "pot": "from" if p["from"] == POT else "to" if p["to"] == POT else None,
            "text": payment_text(p, currency),
        }
        for p in payments
    ]


def payments_text(lines, pot=None, currency=""):
    """Return the lines of text that say who pays whom, and what is left in the pot."""
    text = [line["text"] for line in lines] or [_("Nobody owes anything.")]
    if pot is not None:
        text.append(_("Left in the pot: %(amount)s", amount=money(pot, currency)))
    return text
