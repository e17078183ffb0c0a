"""Numbers typed by people or sent by clients: one parser for every form field, query parameter and body.

`str.isdigit` accepts '³' and '①', which `int` refuses; `int` refuses more than 4,300 digits; a range
check on a 309-digit integer overflows a float. So the text's length is bounded first, only ASCII
digits (a sign, a decimal point where the field takes one) are accepted, and the error says what to fix.
"""

import re
from decimal import Decimal

from ..said import Number, said

MAX_TEXT = 32  # characters of a number's text, spaces around it included
MAX_DIGITS = 15  # every number the scorekeeper keeps (money, points, hands) has far fewer

WHOLE = re.compile(r"[+-]?[0-9]+")
DECIMAL = re.compile(r"[+-]?(?:[0-9]+(?:\.[0-9]*)?|\.[0-9]+)")
SPACE = " \t\r\n"


class NumberError(ValueError):
    """Text that is not a number the field takes; the message says what to type."""


def _digits(text, pattern, example):
    if len(text) > MAX_TEXT:
        raise NumberError(said("is too long to be a number: type at most %(most)d digits", most=MAX_DIGITS))
    text = text.strip(SPACE)
    if not text:
        raise NumberError(said("is empty: type a number"))
    if not pattern.fullmatch(text):
        raise NumberError(said("must be a number typed with the digits 0 to 9, like %(example)s", example=example))
    if sum(ch.isdigit() for ch in text) > MAX_DIGITS:
        raise NumberError(said("has too many digits: at most %(most)d", most=MAX_DIGITS))
    return text


def _within(value, low, high):
    if low is not None and high is not None and not low <= value <= high:
        raise NumberError(said("must be from %(low)s to %(high)s", low=Number(low), high=Number(high)))
    if low is not None and value < low:
        raise NumberError(said("must be %(low)s or more", low=Number(low)))
    if high is not None and value > high:
        raise NumberError(said("must be %(high)s or less", high=Number(high)))
    return value


def within(value, low=None, high=None):
    """Return value when it lies within low..high (either may be None), or raise NumberError saying the range the
    reader's way ("from 0 to 1.000.000" in Dutch)."""
    return _within(value, low, high)


def parse_whole(text, low=None, high=None):
    """Return the whole number the text holds, within low..high when given, or raise NumberError."""
    if not isinstance(text, str):
        raise NumberError(said("must be a whole number"))
    return _within(int(_digits(text, WHOLE, "3")), low, high)


def parse_decimal(text, low=None, high=None, comma=False):
    """Return the Decimal the text holds ('0.5', '-2', '.25'), within low..high when given, or raise NumberError.
    comma: the reader's language writes a decimal comma (scorekeeper.text.words.decimal_comma), so "0,5" is read
    too; a point is read in every language."""
    if not isinstance(text, str):
        raise NumberError(said("must be a number"))
    return _within(Decimal(_digits(_decimal_point(text, comma), DECIMAL, Number(0.5))), low, high)


def _decimal_point(text, comma):
    if comma and text.count(",") == 1 and "." not in text:
        return text.replace(",", ".")
    return text


def whole_or(text, default, low=None, high=None):
    """Return the whole number the text holds, or default when it holds none (a query parameter)."""
    try:
        return parse_whole(text, low, high)
    except NumberError:
        return default


def json_whole(value):
    """True when a JSON value is a whole number a record could hold: not true/false, not 1.0, not 400 digits."""
    return isinstance(value, int) and not isinstance(value, bool) and abs(value) < 10**MAX_DIGITS


def whole_list(text, low=None, high=None):
    """Return the whole numbers of '1 2 3' or '1, 2, 3', or raise NumberError naming the word to fix."""
    found = []
    for word in re.findall(r"[^\s,;]+", text or ""):
        try:
            found.append(parse_whole(word, low, high))
        except NumberError as error:
            raise NumberError(said("%(word)s %(problem)s", word=repr(word[:MAX_TEXT]), problem=error)) from None
    return found


MAX_JSON_DIGITS = 100  # an integer in a JSON body or file: far beyond any limit, far below Python's 4,300


def json_int(text):
    """Read an integer of a JSON document (json.loads' parse_int), refusing one too long to be meant."""
    if len(text) > MAX_JSON_DIGITS:
        raise NumberError(
            said(
                "holds a number of %(digits)s digits; a number here has at most %(most)d",
                digits=Number(len(text)),
                most=MAX_DIGITS,
            )
        )
    return int(text)
