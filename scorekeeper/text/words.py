"""The words the app says, in the reader's language: the gettext front, numbers, money and dates the locale's
way, and `word`, which says what the engine said (scorekeeper/rules/said.py) in the reader's language.

The engine speaks no language (docs/decisions/0044-the-engine-speaks-no-language.md): it returns Saids and values
(Money, Number, a Day...), and the outer layers word them where the text leaves the app: the templates (their
finalize, and the values of their messages), flash messages, error pages and form errors, the command line and
the PDF sheets. The web app installs where the reader's language comes from (`use`: the request's); `saying`
says the words inside it in another language, in its own context only (a game's PDF from the command line, a
test); without either the words are English.

    _("Bids")                                   a message
    _("%(name)s bids", name=name)               a message with named values (a Said among them is worded)
    ngettext("%(num)d hand", "%(num)d hands", n) a counted message: the catalogue picks the plural form
    lazy_gettext("Stake per point")             for module-level text (form labels): translated each time it is shown
    pgettext("trump", "none")                   a message in a context: one English word, two translations
    lazy_pgettext("trump", "none")              the same, for module-level text
    N_("Spades")                                marks text for the catalogue, translated where it is shown
    word(said)                                  what the engine said, in the reader's language
    lazy(said)                                  the same, read each time (a form's choices)
"""

import contextlib
import gettext as _gettext
import html
import re
import unicodedata
from contextvars import ContextVar
from datetime import date as _date
from decimal import Decimal

from babel import dates as _dates
from babel import numbers as _numbers
from babel.lists import format_list
from babel.numbers import get_decimal_symbol

from scorekeeper.rules.money import currencies
from scorekeeper.rules.said import (
    N_,  # noqa: F401  (text.words.N_, as the catalogue's extraction names it)
    Capital,
    Day,
    Local,
    Money,
    Names,
    Number,
    Ordinal,
    Percent,
    Said,
    Sentence,
    Separated,
    sentence,
)

ENGLISH = _gettext.NullTranslations()
# Where the reader's language is found: () -> (translations, locale code). The app puts in the request's
# (web/i18n.py); without it, English.
_reader = lambda: (ENGLISH, "en")  # noqa: E731 (replaced by use())
# A language said in for a while (a game's PDF outside the app, a test): in this context only, so another
# thread or request keeps its own.
_saying = ContextVar("saying", default=None)


def use(reader):
    """Find the reader's language with reader() -> (translations, locale code) from now on (the app's, once)."""
    global _reader
    _reader = reader


@contextlib.contextmanager
def saying(source):
    """Say every word inside through source() -> (translations, locale code), in this context only."""
    token = _saying.set(source)
    try:
        yield
    finally:
        _saying.reset(token)


def _source():
    return (_saying.get() or _reader)()


def catalogue():
    """Return the catalogue words are looked up in now (Jinja's i18n says its words through it too)."""
    return _source()[0]


def locale():
    """Return the locale code words are said in now: "en", "nl", "de", "fr", "es"."""
    return _source()[1]


def _(message, **values):
    """Return message in the reader's language, its values (what the engine said among them) worded too."""
    text = _source()[0].gettext(message)
    return text % _worded(values) if values else text


gettext = _


def ngettext(singular, plural, num, **values):
    """Return the counted message for num ("1 hand", "3 hands"); %(num)d in it is num."""
    return _source()[0].ngettext(singular, plural, num) % dict(_worded(values), num=num)


def pgettext(context, message, **values):
    """Return the message as said in context: "none" of a trump and "none" of a note differ in Spanish."""
    text = _source()[0].pgettext(context, message)
    return text % _worded(values) if values else text


def separated(items):
    """Join items with the language's "; " (French: a narrow no-break space before the semicolon)."""
    return pgettext("between the items of a list", "; ").join(items)


class LazyText(str):
    """Text translated each time it is read: module-level labels follow the reader's language."""

    def __new__(cls, message, **values):
        self = super().__new__(cls, message)
        self.message, self.values = message, values
        return self

    def __str__(self):
        return _(self.message, **self.values)

    def __html__(self):
        return html.escape(str(self))  # Jinja's autoescape asks

    def __format__(self, spec):
        return format(str(self), spec)

    def __add__(self, other):
        return str(self) + other

    def __radd__(self, other):
        return other + str(self)

    def __mod__(self, values):
        return str(self) % values

    def __getitem__(self, key):
        return str(self)[key]

    def __len__(self):
        return len(str(self))

    def upper(self):
        return str(self).upper()

    def lower(self):
        return str(self).lower()


lazy_gettext = LazyText


class LazyContextText(LazyText):
    """A message in a context (pgettext) translated each time it is read: the payment's "To" is not a season's."""

    def __new__(cls, context, message, **values):
        self = super().__new__(cls, message, **values)
        self.context = context
        return self

    def __str__(self):
        return pgettext(self.context, self.message, **self.values)


lazy_pgettext = LazyContextText


def number(value, places=None):
    """Return value in the locale's way: 1.5 → "1,5" in Dutch; places fixes the decimals shown."""
    if places is not None:
        value = Decimal(str(value)).quantize(Decimal(1).scaleb(-places))
        return _numbers.format_decimal(
            value, format="#,##0." + "0" * places if places else "#,##0", locale=locale(), decimal_quantization=False
        )
    return _numbers.format_decimal(value, locale=locale())


def percent(value):
    """Return a percentage the locale's way, one spacing for all: 62.5 → "62.5%", "62,5 %" in German."""
    return _numbers.format_percent(Decimal(str(value)) / 100, locale=locale(), decimal_quantization=False)


def file_name(*parts, extension="pdf"):
    """Name a downloaded file in the reader's words: file_name(_("Oh Hell"), "2026-11-27") → "boerenbridge-2026-11-27.pdf"
    in Dutch. Letters lose their accents and everything else becomes one "-", so any system keeps the name."""
    plain = unicodedata.normalize("NFKD", "-".join(str(part) for part in parts if part))
    plain = "".join(ch for ch in plain if not unicodedata.combining(ch)).lower()
    return re.sub(r"[^a-z0-9]+", "-", plain).strip("-") + "." + extension


def money(amount, currency):
    """Return amount in currency the locale's way: "€ 14,60" in Dutch, "14,60 $US" in French.

    currency is an ISO 4217 code or "" for a stake in points, shown as a plain number with two decimals.
    """
    value = Decimal(str(amount)).quantize(Decimal(1).scaleb(-currency_places(currency)))
    value = value if value else abs(value)  # -0.001 rounds to nothing: no "-0.00", a debt of nothing
    if not currency:
        return number(value, places=2)
    return _numbers.format_currency(value, currency, locale=locale())


def signed_money(amount, currency):
    """Return amount with its sign where the locale writes it: "+2,50 €" in German, "€ +2,50" and "€ -2,50" in Dutch."""
    if not Decimal(str(amount)).quantize(Decimal(1).scaleb(-currency_places(currency))):
        return money(0, currency)
    if amount < 0:
        return money(amount, currency)
    minus = _numbers.get_minus_sign_symbol(locale=locale())
    return money(-amount, currency).replace(minus, _numbers.get_plus_sign_symbol(locale=locale()), 1)


def currency_symbol(currency):
    return _numbers.get_currency_symbol(currency, locale=locale()) if currency else ""


def currency_places(currency):
    """How many decimals the currency has: 2 for EUR, 0 for JPY (the engine's table, CLDR's)."""
    return currencies.currency_places(currency)


def date(value, format="medium"):
    """Return a date (or datetime) the locale's way: "25 nov 2026" in Dutch."""
    return _dates.format_date(value, format=format, locale=locale())


def clock_time(moment):
    """Return a time of day (an aware datetime, already in the zone to show) on the 24-hour clock, as a
    tournament room reads it in every language the app speaks: "21:30"."""
    return _dates.format_time(moment, "HH:mm", tzinfo=moment.tzinfo, locale=locale())


# How each language writes a place ("2nd"): the number and its mark. Not a catalogue message: English picks its
# suffix by the number, and French says "1er" but "2e".
_ORDINAL_FORMS = {"nl": "{}e", "de": "{}.", "fr": "{}e", "es": "{}.º"}
_ORDINAL_FIRST = {"fr": "1er"}


def ordinal(place):
    """Return a place in the reader's language: "2nd" in English, "2e" in Dutch, "2." in German, "1er" in French."""
    code = locale()
    if place == 1 and code in _ORDINAL_FIRST:
        return _ORDINAL_FIRST[code]
    if code in _ORDINAL_FORMS:
        return _ORDINAL_FORMS[code].format(place)
    suffix = "th" if 10 <= place % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(place % 10, "th")
    return f"{place}{suffix}"


def weekday(iso):
    """Return a day kept as "2026-12-07" with its weekday, the locale's way: "ma 7 dec 2026", "Mon, Dec 7, 2026"."""
    try:
        return _dates.format_skeleton("yMMMEd", _date.fromisoformat(str(iso)[:10]), locale=locale())
    except ValueError:
        return iso


def day(iso):
    """Return a day kept as "2026-11-25" (or an ISO time) the locale's way; text that is no such day as it is."""
    try:
        return date(_date.fromisoformat(str(iso)[:10]))
    except ValueError:
        return iso


def _worded(values):
    return {key: word(value) for key, value in values.items()} if values else values


class LazyWord(LazyText):
    """What the engine said (a registry's name: a Said), worded each time it is read: where a str is wanted
    before the reader is known (a form's labels and choices). As str, its English: JSON keeps the English."""

    def __new__(cls, value):
        self = super().__new__(cls, str(value))
        self.value = value
        return self

    def __str__(self):
        return str(word(self.value))


def lazy(value):
    """Return what the engine said as a lazy text (LazyWord) that a form or a str-minded caller can hold;
    anything else as it is."""
    return LazyWord(value) if isinstance(value, _WORDED) else value


def word(value):
    """Return what the engine said (a Said, Money, a Number... or an error carrying one) in the reader's
    language; anything else (a name, a count, text already worded) as it is."""
    kind = _WORDING.get(type(value))
    if kind is not None:
        return kind(value)
    if isinstance(value, Exception):
        return word_error(value)
    return value


def worded(data):
    """Return data (dicts, lists, tuples of values, as JSON holds) with every Said in it worded: what the engine
    said in a result, as a page or an answer keeps it."""
    if isinstance(data, dict):
        return {key: worded(value) for key, value in data.items()}
    if isinstance(data, (list, tuple)):
        return [worded(value) for value in data]
    return word(data)


def word_error(error):
    """Return an error's message in the reader's language: "field: what is wrong" where it names a field."""
    path, message = getattr(error, "path", None), getattr(error, "message", None)
    if message is not None:
        message = word(message)
        return f"{path}: {message}" if path else str(message)
    if len(error.args) == 1 and isinstance(error.args[0], _WORDED):
        return word(error.args[0])
    return str(error)


def _said(value):
    catalogue_ = catalogue()
    values = {key: word(item) for key, item in value.values.items()}
    if value.plural is not None:
        if value.context is not None:
            text = catalogue_.npgettext(value.context, value.msgid, value.plural, value.count)
        else:
            text = catalogue_.ngettext(value.msgid, value.plural, value.count)
        return text % dict(values, num=value.count)
    text = (
        catalogue_.pgettext(value.context, value.msgid)
        if value.context is not None
        else catalogue_.gettext(value.msgid)
    )
    return text % values if values else text


def decimal_symbol():
    """The decimal point as the reader's language writes it: "," in Dutch, "." in English."""
    return get_decimal_symbol(locale())


def decimal_comma():
    """Whether the reader's language writes a decimal comma: rules.game.numbers then reads "0,5" as well as "0.5"."""
    return decimal_symbol() == ","


def names_text(names):
    """Say names as a list in a sentence: 'Ann', 'Ann and Bob', 'Ann, Bob and Cy'."""
    # English as the app always said it, without the serial comma (CLDR's en_001); other languages their own way.
    return format_list([word(name) for name in names], locale="en_001" if locale() == "en" else locale())


_WORDING = {
    Said: _said,
    Money: lambda value: (signed_money if value.signed else money)(value.amount, value.currency),
    Number: lambda value: number(value.value, value.places),
    Percent: lambda value: percent(value.value),
    Ordinal: lambda value: ordinal(value.place),
    Day: lambda value: day(value.value),
    Names: lambda value: names_text(value.names),
    Sentence: lambda value: sentence(word(value.value)),
    Local: lambda value: dict(value.names).get(locale()) or word(value.said),
    Capital: lambda value: (lambda text: text[:1].upper() + text[1:])(word(value.value)),
    Separated: lambda value: (separated if value.between is None else value.between.join)(
        [str(word(item)) for item in value.items]
    ),
}
_WORDED = tuple(_WORDING)
