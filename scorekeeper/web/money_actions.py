"""What a payment must be and who may handle it, for /money's forms and the money API alike (issue 42).

`may_handle(payer, payee)` is the one place that decides who may record or undo a payment between two players:
today the owner (signed in, or the owner key as a Bearer token) or a browser that sits at a table with one of
them (web/money_lines.viewer_players). A member's link for the payer or the payee is to be decided here too, by
one call, without touching the views. `may_read()` decides who may read the money API and the ledger's CSV:
the owner, for now."""

from flask import request

from scorekeeper import store
from scorekeeper.rules import amounts, limits, names
from scorekeeper.rules.names import name_key
from scorekeeper.rules.words import _
from scorekeeper.web import money_lines
from scorekeeper.web.owner import is_owner

NAMES_SAID = 20  # a refusal lists this many of the players who may be chosen


class Refused(ValueError):
    """A payment refused: the field ("payer", "payee", "amount", "currency", "paid_on") and why."""

    def __init__(self, field, message):
        super().__init__(message)
        self.field, self.message = field, message


def may_handle(payer, payee):
    """True when this request may record or undo a payment from payer to payee (keys)."""
    if is_owner():
        return True
    return bool({payer, payee} & money_lines.viewer_players(store.get_db(), request.cookies))


def may_read():
    """True when this request may read the money API and the ledger's CSV: the owner, for now."""
    return is_owner()


def roster(db):
    """{key: name} of everyone who has played here, in the roster's spelling."""
    return {row["key"]: names.without_controls(row["name"]) for row in store.list_players(db)}


def by_name(players):
    return sorted(players.items(), key=lambda item: item[1].casefold())


def player(players, typed, field):
    """The key of the player `typed` names, or raise Refused saying who may be chosen. A name is matched by its
    key (invisible characters dropped, case ignored); one holding a control character is refused."""
    typed = typed if isinstance(typed, str) else ""
    why = names.problem(typed) if typed.strip() else _("is empty")
    if why:
        raise Refused(field, why)
    key = name_key(typed)
    if key not in players:
        chosen = [name for _key, name in by_name(players)]
        listed = ", ".join(chosen[:NAMES_SAID])
        if len(chosen) > NAMES_SAID:
            listed = _("%(names)s and %(more)d more", names=listed, more=len(chosen) - NAMES_SAID)
        raise Refused(field, _("%(name)s has not played here; choose one of the players: %(names)s",
                               name=names.without_controls(typed)[:40], names=listed or _("nobody yet")))
    return key


def checked_payment(players, payer, payee, amount, currency, paid_on):
    """Return (payer key, payee key, cents, day) of a payment as typed (amount a Decimal, or None when it could
    not be read), or raise Refused naming the field."""
    payer = player(players, payer, "payer")
    payee = player(players, payee, "payee")
    if payer == payee:
        raise Refused("payee", _("a payment goes from one player to another"))
    try:
        cents = amounts.payment_cents(amount, currency)
    except amounts.AmountError as error:
        raise Refused("currency" if not amounts.is_currency(currency) else "amount", str(error)) from None
    try:
        day = limits.checked_date(paid_on.strip() if isinstance(paid_on, str) else paid_on, "paid_on")
    except limits.LimitError as error:
        raise Refused("paid_on", error.message) from None
    return payer, payee, cents, day
