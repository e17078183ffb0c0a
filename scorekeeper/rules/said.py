"""What the engine says, as values: a message id of the catalogues with its values, never a sentence.

The engine speaks no language (docs/decisions/0044-the-engine-speaks-no-language.md). Where it has something to
tell a person (an error, a registry's name, a result) it returns a `Said`: the English message id the catalogues
translate, the values to fill in, and for a counted message its plural and count. The outer layers word it in
the reader's language (scorekeeper.text.words.word; the templates do it for `{{ said }}`), where the text leaves
the app. str() of a Said is its English, in plain Python: for logs, tests and the English of the command line.

    said("Bids")                                       a message
    said("%(name)s bids", name=name)                   a message with named values
    nsaid("%(num)d hand", "%(num)d hands", n)          a counted message: the catalogue picks the plural form
    psaid("trump", "none")                             a message in a context: one English word, two translations
    N_("Spades")                                       marks text for the catalogue; said(text) where it is shown

The values may be Saids themselves, or the values below that the reader's language writes its own way:
Money (an amount in a currency), Number, Percent, Ordinal (a place: "2nd"), Day (a date), Names (a list of
names: "Ann, Bob and Cy") and Separated (items joined by the language's "; ", or by a separator of their own).
An error carries a Said as its message (RecordError.message, or ValueError's one argument: `reason(error)`).
"""

from dataclasses import dataclass
from datetime import date as _date
from decimal import Decimal

from .money.currencies import currency_places


class _Sorted:
    """Sorted by its English, as a str would be: rows ordered by a name or label keep one order in every language
    (a Said among strs, or two Saids, compare as their English)."""

    def __lt__(self, other):
        return str(self) < str(other)

    def __le__(self, other):
        return str(self) <= str(other)

    def __gt__(self, other):
        return str(self) > str(other)

    def __ge__(self, other):
        return str(self) >= str(other)


@dataclass(frozen=True)
class Said(_Sorted):
    """A message id and its values: worded in the reader's language by scorekeeper.text.words.word."""

    msgid: str
    values: dict
    plural: str | None = None
    count: int | None = None
    context: str | None = None

    def __hash__(self):
        return hash((self.msgid, self.plural, self.count, self.context))

    @property
    def message(self):
        """The message id (as a lazy text of the catalogues named it)."""
        return self.msgid

    def english(self):
        """The message's English id for the count (the catalogue's source), before the values fill it."""
        if self.plural is not None and self.count != 1:
            return self.plural
        return self.msgid

    def __str__(self):
        values = {key: english(value) for key, value in self.values.items()}
        if self.plural is not None:
            values.setdefault("num", self.count)
        text = self.english()
        return text % values if values else text


def said(message, **values):
    """Say message with its named values (gettext's call shape)."""
    return Said(message, values)


def nsaid(singular, plural, num, **values):
    """Say the counted message for num ("1 hand", "3 hands"); %(num)d in it is num (ngettext's call shape)."""
    return Said(singular, values, plural=plural, count=num)


def psaid(context, message, **values):
    """Say message in context: "none" of a trump and "none" of a note differ in Spanish (pgettext's call shape)."""
    return Said(message, values, context=context)


def N_(message):
    """Mark message for the catalogue; it is said (said(message)) where it is shown."""
    return message


@dataclass(frozen=True)
class Money:
    """An amount in a currency (an ISO 4217 code, or "" for a stake in points): "€ 14,60" in Dutch."""

    amount: object
    currency: str = ""
    signed: bool = False

    def __str__(self):
        places = currency_places(self.currency)
        value = Decimal(str(self.amount)).quantize(Decimal(1).scaleb(-places))
        value = value if value else abs(value)
        text = f"{value:,.{places}f}"
        if self.signed and value > 0:
            text = "+" + text
        return f"{self.currency} {text}" if self.currency else text


@dataclass(frozen=True)
class Number:
    """A number the reader's way: 1.5 → "1,5" in Dutch; places fixes the decimals shown."""

    value: object
    places: int | None = None

    def __str__(self):
        if self.places is not None:
            return f"{Decimal(str(self.value)):,.{self.places}f}"
        if isinstance(self.value, int):
            return f"{self.value:,}"
        return f"{Decimal(str(round(self.value, 3))).normalize():,f}"


@dataclass(frozen=True)
class Percent:
    """A percentage the reader's way: 62.5 → "62.5%", "62,5 %" in German."""

    value: object

    def __str__(self):
        return f"{Number(self.value)}%"


@dataclass(frozen=True)
class Ordinal:
    """A place the reader's way: "2nd" in English, "2e" in Dutch, "2." in German, "1er" in French."""

    place: int

    def __str__(self):
        place = self.place
        suffix = "th" if 10 <= place % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(place % 10, "th")
        return f"{place}{suffix}"


@dataclass(frozen=True)
class Day:
    """A date (or a day kept as "2026-11-25") the reader's way: "25 nov 2026" in Dutch."""

    value: object

    def __str__(self):
        try:
            return _date.fromisoformat(str(self.value)[:10]).strftime("%b %-d, %Y")
        except ValueError:
            return str(self.value)


@dataclass(frozen=True)
class Names(_Sorted):
    """Names as a list in a sentence: "Ann", "Ann and Bob", "Ann, Bob and Cy" (each language its own way)."""

    names: tuple

    def __str__(self):
        names = [english(name) for name in self.names]
        return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1] if names else ""


@dataclass(frozen=True)
class Separated(_Sorted):
    """Items joined by the language's "; " (French: a narrow no-break space before the semicolon), or by
    `between` as it is in every language."""

    items: tuple
    between: str | None = None

    def __str__(self):
        return ("; " if self.between is None else self.between).join(str(english(item)) for item in self.items)


@dataclass(frozen=True)
class Sentence(_Sorted):
    """A message said as a sentence: with a capital and a full stop, as every message on the phone is."""

    value: object

    def __str__(self):
        return sentence(english(self.value))


@dataclass(frozen=True)
class Capital(_Sorted):
    """A message said with a capital first letter (a description that starts a sentence)."""

    value: object

    def __str__(self):
        text = english(self.value)
        return text[:1].upper() + text[1:]


def sentence(message):
    """Start text with a capital and end it with a full stop."""
    return message[:1].upper() + message[1:] + ("" if message.endswith(".") else ".")


@dataclass(frozen=True)
class Local(_Sorted):
    """A name that some languages have a word of their own for: {"nl": "Boerenbridge"}; elsewhere the Said."""

    said: object
    names: tuple = ()  # (language code, its name) pairs

    def __hash__(self):
        return hash(self.said)

    @property
    def message(self):
        return getattr(self.said, "msgid", self.said)

    def __str__(self):
        return english(self.said)


def json_default(value):
    """json.dumps' default: what the engine said is written as its English, as machines read it (the JSON API,
    the stored results); anything else is refused as json refuses it."""
    if isinstance(value, WORDED):
        return str(value)
    raise TypeError(f"Object of type {type(value).__name__} is not JSON serializable")


def reason(error):
    """What an error says, as it was raised: its message (a Said, or text) without the field it names."""
    message = getattr(error, "message", None)
    if message is not None:
        return message
    if len(error.args) == 1 and isinstance(error.args[0], (str, *WORDED)):
        return error.args[0]
    return str(error)


def english(value):
    """Return value as English text where it is something said; other values (a name, a count) as they are."""
    return str(value) if isinstance(value, WORDED) else value


WORDED = (Said, Money, Number, Percent, Ordinal, Day, Names, Separated, Sentence, Capital, Local)
