"""The words the app says, in the reader's language: the gettext front, numbers, money and dates the locale's way,
and `word`, which says what the engine said (scorekeeper.rules.said) in the reader's language.

The engine speaks no language (docs/decisions/0044-the-engine-speaks-no-language.md): it returns Saids, and
the outer layers word them where the text leaves the app: the templates (their finalize), flash messages,
error pages and form errors, the command line and the PDF sheets.
"""

from scorekeeper.rules.said import Capital, Day, Local, Money, Names, Number, Ordinal, Percent, Said, Sentence, Separated, sentence
from scorekeeper.rules import words as _words
from scorekeeper.rules.words import (ENGLISH, N_, catalogue, clock_time, currency_places,  # noqa: F401
                                     currency_symbol, date, day, file_name, locale, money, number, ordinal, percent,
                                     separated, signed_money, source, use, weekday)

from babel.lists import format_list
from babel.numbers import get_decimal_symbol


def _(message, **values):
    """Return message in the reader's language, its values (Saids among them) worded too."""
    return _words._(message, **_worded(values))


gettext = _


def ngettext(singular, plural, num, **values):
    """Return the counted message for num ("1 hand", "3 hands"); %(num)d in it is num."""
    return _words.ngettext(singular, plural, num, **_worded(values))


def pgettext(context, message, **values):
    """Return the message as said in context: "none" of a trump and "none" of a note differ in Spanish."""
    return _words.pgettext(context, message, **_worded(values))


def _worded(values):
    return {key: word(value) for key, value in values.items()} if values else values


class LazyText(_words.LazyText):
    """Text translated each time it is read: module-level labels follow the reader's language."""

    def __str__(self):
        return _(self.message, **self.values)


lazy_gettext = LazyText


class LazyContextText(_words.LazyContextText):
    """A message in a context (pgettext) translated each time it is read."""

    def __str__(self):
        return pgettext(self.context, self.message, **self.values)


lazy_pgettext = LazyContextText


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
    text = catalogue_.pgettext(value.context, value.msgid) if value.context is not None else catalogue_.gettext(value.msgid)
    return text % values if values else text


def decimal_symbol():
    """The decimal point as the reader's language writes it: "," in Dutch, "." in English."""
    return get_decimal_symbol(locale())


def decimal_comma():
    """Whether the reader's language writes a decimal comma: rules.numbers then reads "0,5" as well as "0.5"."""
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
    Separated: lambda value: (separated if value.between is None else value.between.join)([str(word(item)) for item in value.items]),
}
_WORDED = tuple(_WORDING)
