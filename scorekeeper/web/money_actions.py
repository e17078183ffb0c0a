"""What a payment must be and who may handle it, for /money's forms and the money API alike (issue 42).

`may_handle(payer, payee)` asks the one rule of who may record or undo a payment between two players, or give a
payee's IBAN (web/money_rights.may_handle_money: the payer's or payee's member phone, or the owner), with who this
device is (web/members.identity). `may_read()` decides who may read the money API and the ledger's CSV: the owner
and the members."""

from scorekeeper import store
from scorekeeper.rules.money import amounts
from scorekeeper.rules.game import limits, names
from scorekeeper.text.words import _, word
from scorekeeper.web.members import identity
from scorekeeper.web.money_rights import may_handle_money

NAMES_SAID = 20  # a refusal lists this many of the players who may be chosen


class Refused(ValueError):
    """A payment refused: the field ("payer", "payee", "amount", "currency", "paid_on") and why."""

    def __init__(self, field, message):
        super().__init__(message)
        self.field, self.message = field, message


def may_handle(payer, payee):
    """True when this request may record or undo a payment from payer to payee (keys), or give payee's IBAN
    (payer == payee)."""
    return may_handle_money(identity(), payer, payee)


def may_read():
    """True when this request may read the money API and the ledger's CSV: the owner or a member."""
    return identity().kind in ("owner", "member")


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
    key = store.player_key(store.get_db(), typed)  # any spelling of the player, a merged one too
    if key not in players:
        chosen = [name for _key, name in by_name(players)]
        listed = ", ".join(chosen[:NAMES_SAID])
        if len(chosen) > NAMES_SAID:
            listed = _("%(names)s and %(more)d more", names=listed, more=len(chosen) - NAMES_SAID)
        raise Refused(
            field,
            _(
                "%(name)s has not played here; choose one of the players: %(names)s",
                name=names.without_controls(typed)[:40],
                names=listed or _("nobody yet"),
            ),
        )
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
        raise Refused("currency" if not amounts.is_currency(currency) else "amount", word(error)) from None
    try:
        day = limits.checked_date(paid_on.strip() if isinstance(paid_on, str) else paid_on, "paid_on")
    except limits.LimitError as error:
        raise Refused("paid_on", word(error.message)) from None
    return payer, payee, cents, day
