"""Amounts of money people type: the currencies the app takes (ISO 4217, the one check games, payments and
events share), an amount in the currency's minor unit (more decimals are refused, never cut), and the bounds a
payment stays within so that every money page can show it.

The money between regulars counts in hundredths of the currency's unit, as every game's settlement does
(`rules/money/settlement.py`): a currency with three decimals (the Bahraini dinar) is paid to the hundredth here.
"""

from decimal import ROUND_DOWN, Decimal, InvalidOperation

from .currencies import currency_places, is_currency as _known
from ..said import Money, Number, nsaid, said

# The most a payment may be: the most a SEPA transfer code carries (EPC069-12), in any currency. Balances between
# regulars stay far below what a float holds to the cent (2^53 cents), so every page shows them exactly.
MAX_PAYMENT = Decimal("999999999.99")
HUNDREDTHS = 2  # the ledger's unit: what a settlement rounds to


class AmountError(ValueError):
    """An amount or a currency the money between regulars does not take; the message says what to type."""


def is_currency(code):
    """True when code is an ISO 4217 currency code such as EUR or JPY (as games check their stake's)."""
    return isinstance(code, str) and len(code) == 3 and code.isascii() and code.isupper() and _known(code)


def places(currency):
    """The decimals an amount in the currency may have here: its minor unit, at most hundredths (JPY 0, EUR 2)."""
    return min(currency_places(currency), HUNDREDTHS)


def decimals(amount):
    """How many decimals a Decimal has as typed: 2 for 1.20, 3 for 1.239, 0 for 5."""
    return max(0, -amount.as_tuple().exponent)


def most_payment(currency):
    """The largest payment in the currency, to its minor unit: 999,999,999.99 EUR, 999,999,999 JPY."""
    return MAX_PAYMENT.quantize(Decimal(1).scaleb(-places(currency)), rounding=ROUND_DOWN)


def payment_cents(amount, currency):
    """Return a payment's amount (a Decimal as typed) in hundredths of the currency's unit, or raise AmountError:
    more than 0, at most MAX_PAYMENT, and no more decimals than the currency's minor unit (1.239 EUR and 1.5 JPY
    are refused, never cut)."""
    if not is_currency(currency):
        raise AmountError(said("choose a currency from the list"))
    try:
        if not amount.is_finite():
            raise InvalidOperation
    except (AttributeError, InvalidOperation):
        raise AmountError(said("type an amount, like %(example)s", example=Money(Decimal("8.20"), currency))) from None
    most = places(currency)
    if decimals(amount) > most and amount != amount.quantize(Decimal(1).scaleb(-most)):
        raise AmountError(
            nsaid(
                "%(currency)s is paid to %(num)d decimal: %(amount)s has more",
                "%(currency)s is paid to %(num)d decimals: %(amount)s has more",
                most,
                currency=currency,
                amount=Number(amount),
            )
            if most
            else said(
                "%(currency)s has no decimals: type a whole amount, not %(amount)s",
                currency=currency,
                amount=Number(amount),
            )
        )
    if amount <= 0:
        raise AmountError(said("must be more than 0"))
    if amount > most_payment(currency):
        raise AmountError(said("must be %(most)s or less", most=Money(most_payment(currency), currency)))
    return int(amount * 100)
