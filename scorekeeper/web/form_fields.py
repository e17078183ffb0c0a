"""The form fields that read a number the reader's way, and what their checks say in the reader's words.

WholeField, FiniteDecimalField and TypedDecimalField (rules.game.numbers reads the text), InRange, and WTForms'
range messages said in ours (RANGE_MESSAGES, WTFormsWords). They live apart from the forms that use them
(web/forms.py, web/setup_form.py, views/sheets.py) so that each module stays under ~400 lines once the formatter
lays its calls out one argument per line (docs/decisions/0047-ruff-checks-the-formatter-waits.md)."""

from wtforms import DecimalField, IntegerField, validators, widgets

from scorekeeper.rules.game import numbers
from scorekeeper.text import words
from scorekeeper.text.words import _


class WholeField(IntegerField):
    """A whole number typed with ASCII digits, its text bounded before it is parsed (rules.game.numbers)."""

    def process_formdata(self, valuelist):
        if not valuelist:
            return  # not posted: the default stands
        self.data = None
        if valuelist[0].strip(numbers.SPACE):
            try:
                self.data = numbers.parse_whole(valuelist[0])
            except numbers.NumberError as error:  # the field's message, in the reader's words
                raise ValueError(words.word(error)) from None

    def pre_validate(self, form):
        if self.process_errors:  # the range check would only repeat it
            raise validators.StopValidation()


class FiniteDecimalField(DecimalField):
    """A decimal typed with ASCII digits: no NaN, no Infinity, no 400-digit number (rules.game.numbers)."""

    def process_formdata(self, valuelist):
        if not valuelist:
            return  # not posted: the default stands
        self.data = None
        if valuelist[0].strip(numbers.SPACE):
            try:
                self.data = numbers.parse_decimal(valuelist[0], comma=words.decimal_comma())
            except numbers.NumberError as error:  # the field's message, in the reader's words
                raise ValueError(words.word(error)) from None

    pre_validate = WholeField.pre_validate


class TypedDecimalField(FiniteDecimalField):
    """A decimal in a text box the locale's way ("0,50" in Dutch; a number box shows "0.50" in every language).

    No thousands separator, so what it shows reads back (rules.game.numbers reads one decimal comma or a point)."""

    widget = widgets.TextInput()

    def _value(self):
        shown = super()._value()
        if self.raw_data or not shown:
            return shown
        return shown.replace(".", words.decimal_symbol())


class RangeMessage(str):
    """WTForms' range message said as ours, its numbers the locale's way: "moet van 0,01 tot 100.000 zijn" where
    WTForms' own Dutch said "Nummer moet tussen 0.01 en 100000 liggen" (it puts in the numbers as Python writes them)."""

    def __mod__(self, values):
        low, high = (None if values[key] is None else words.number(values[key]) for key in ("min", "max"))
        return _(str(self), low=low, high=high)  # str: English gives back the message itself, whose % is this


# WTForms' NumberRange messages (wtforms/validators.py) and ours for them (rules/game/numbers.py says the same).
RANGE_MESSAGES = {
    "Number must be at least %(min)s.": RangeMessage("must be %(low)s or more"),
    "Number must be at most %(max)s.": RangeMessage("must be %(high)s or less"),
    "Number must be between %(min)s and %(max)s.": RangeMessage("must be from %(low)s to %(high)s"),
}


class WTFormsWords:
    """WTForms' own messages from its shipped catalogues ("Not a valid choice"), but a number's range in ours."""

    def __init__(self, translations):
        self.translations = translations

    def gettext(self, message):
        return RANGE_MESSAGES.get(message) or self.translations.gettext(message)

    def ngettext(self, singular, plural, n):
        return self.translations.ngettext(singular, plural, n)


class InRange:
    """A number's range, said the reader's way: WTForms' NumberRange writes "0.01" in every language."""

    def __init__(self, low=None, high=None):
        self.low, self.high = low, high

    def __call__(self, form, field):
        if field.data is not None:
            try:
                numbers.within(field.data, self.low, self.high)
            except numbers.NumberError as error:
                raise validators.StopValidation(words.word(error)) from None
