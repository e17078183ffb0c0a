"""The engine's table of currencies (rules/money/currencies.py) is CLDR's, as the Babel installed reads it."""

from babel.numbers import get_currency_precision, is_currency, list_currencies

from scorekeeper.rules.money import currencies


def test_the_engine_takes_the_currencies_babel_knows_with_their_decimals():
    known = {code for code in list_currencies() if is_currency(code)}
    assert currencies.CODES == known
    assert {code: currencies.currency_places(code) for code in known} == {
        code: get_currency_precision(code) for code in known
    }
    assert currencies.currency_places("") == 2 and not currencies.is_currency("XYZ")
