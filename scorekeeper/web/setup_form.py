"""The setup form and its one mapping to a record's rules, both ways (docs/architecture.md)."""

from functools import cache

from babel.numbers import get_currency_name
from wtforms import (
    BooleanField,
    HiddenField,
    RadioField,
    SelectField,
    SelectMultipleField,
    StringField,
    validators,
    widgets,
)
from wtforms.fields.choices import SelectChoice

from scorekeeper import rules
from scorekeeper.web.form_fields import InRange, TypedDecimalField, WholeField
from scorekeeper.web.forms import BaseForm, parse_payouts
from scorekeeper.web.i18n import languages
from scorekeeper.rules.game import limits, numbers
from scorekeeper.text import words
from scorekeeper.rules.game.game_rules import decimals
from scorekeeper.rules.game.limits import MAX_MONEY
from scorekeeper.rules.scoring.presets import PRESETS, preset_rules
from scorekeeper.rules.game.record import Rules
from scorekeeper.text.words import _, lazy, lazy_gettext, ngettext

MAX_PLAYERS = 12
# The stake's currencies the setup offers after "none: points": those of the tables that speak the app's languages.
CURRENCIES = ("EUR", "USD", "GBP", "CHF", "CAD", "AUD", "NZD", "MXN", "ARS", "CLP", "COP", "PEN", "UYU", "INR")
# A new game's currency by the language the setup page is shown in; English tables (and others) play for points.
LANGUAGE_CURRENCY = {"nl": "EUR", "de": "EUR", "fr": "EUR", "es": "EUR"}
# A slow hand, or a phone left on the table over dinner, must not expire the token.


class MultiCheckboxField(SelectMultipleField):
    widget = widgets.ListWidget(prefix_label=False)
    option_widget = widgets.CheckboxInput()


def _choices(registry):
    return [SelectChoice(entry.id, lazy(entry.name)) for entry in registry]


class SetupForm(BaseForm):
    """Set up a game: players in seat order, then the rules."""

    preset = SelectField(
        lazy_gettext("House rules"),
        choices=[SelectChoice("", lazy_gettext("— choose —"))] + [SelectChoice(p.id, lazy(p.name)) for p in PRESETS],
        default="",
    )
    first_dealer = SelectField(lazy_gettext("First dealer"), default="cut")
    pattern = SelectField(lazy_gettext("Pattern"), choices=_choices(rules.PATTERNS), default=Rules.pattern)
    max_cards = WholeField(
        lazy_gettext("N (largest hand)"), validators=[validators.Optional(), validators.NumberRange(min=1, max=52)]
    )
    # The N the page showed: a posted N equal to it was not typed, so it follows the players and decks.
    n_shown = HiddenField()
    sizes = StringField(
        lazy_gettext("Custom hand sizes"),
        validators=[validators.Optional(), validators.Length(max=limits.MAX_TYPED_LIST)],
    )
    hands = WholeField(
        lazy_gettext("Stop after (deals)"), validators=[validators.Optional(), validators.NumberRange(min=1)]
    )
    decks = SelectField(
        lazy_gettext("Decks"),
        choices=[
            SelectChoice("auto", lazy_gettext("auto: 2 from 8 players")),
            SelectChoice("1", lazy_gettext("1 deck")),
            SelectChoice("2", lazy_gettext("2 decks")),
        ],
        default="auto",
    )
    full_deal = BooleanField(lazy_gettext("Largest hand uses every card, no trump"))
    scoring = SelectField(lazy_gettext("System"), choices=_choices(rules.SYSTEMS), default=rules.SYSTEMS.default.id)
    modifiers = MultiCheckboxField(lazy_gettext("Modifiers"), choices=_choices(rules.MODIFIERS), default=[])
    hook = BooleanField(lazy_gettext("Hook: the dealer may not make the bids add up"), default=Rules.hook)
    hook_from = WholeField(
        lazy_gettext("Hook from N cards"),
        default=Rules.hook_from,
        validators=[validators.Optional(), validators.NumberRange(min=1, max=52)],
    )
    bidding = RadioField(lazy_gettext("Bidding"), choices=_choices(rules.BIDDING_STYLES), default=Rules.bidding)
    trump = SelectField(lazy_gettext("Trump"), choices=_choices(rules.TRUMP_METHODS), default=Rules.trump)
    # A text box read the page's way ("0,05" in Dutch): a number box is read by the browser, and a Dutch phone's
    # Chromium sent "0,05" as 5 (regulars-2026-12.md §3 difference 11).
    stake = TypedDecimalField(
        lazy_gettext("Stake per point"), default=Rules.stake, validators=[validators.Optional(), InRange(0, MAX_MONEY)]
    )
    settlement = SelectField(lazy_gettext("Settlement"), choices=_choices(rules.SETTLEMENTS), default=Rules.settlement)
    payouts = StringField(
        lazy_gettext("Prospect sliding scale"), validators=[validators.Optional(), validators.Length(max=200)]
    )
    # The game's language (its PDF sheets print in it on any phone) and the stake's currency: the page's by default.
    language = SelectField(lazy_gettext("Sheet language"), default=words.locale, validate_choice=False)
    currency = SelectField(
        lazy_gettext("Currency"), default=lambda: LANGUAGE_CURRENCY.get(words.locale(), ""), validate_choice=False
    )
    # The evening the game joins (web/evening_tables.py): its id, the key of its link for another table when the
    # phone came with it, and the box a scorekeeper unticks to start an evening of its own.
    evening = HiddenField()
    evening_key = HiddenField()
    in_evening = BooleanField(default=True)
    # The game whose table this one follows (its game-over screen's "Next game: other rules or players…").
    after = HiddenField()

    def validate_language(self, field):
        if field.data not in languages():
            raise validators.ValidationError(
                _("choose one of the languages listed: %(languages)s", languages=", ".join(languages().values()))
            )

    def validate_currency(self, field):
        if field.data and field.data not in CURRENCIES:
            raise validators.ValidationError(_("choose a currency from the list, or none to play for points"))

    def validate_stake(self, field):
        places = words.currency_places(self.currency.data)
        if self.currency.data in CURRENCIES and field.data is not None and decimals(field.data) > places:
            raise validators.ValidationError(
                ngettext(
                    "at most %(num)d decimal in %(currency)s",
                    "at most %(num)d decimals in %(currency)s",
                    places,
                    currency=self.currency.data,
                )
                if places
                else _("a whole number: %(currency)s has no decimals", currency=self.currency.data)
            )


def language_choices():
    """The app's languages, each in its own name."""
    return [SelectChoice(code, name) for code, name in languages().items()]


def currency_choices():
    """None (points), then each currency by its name and symbol in the page's language: 'Euro (€)'."""
    return [SelectChoice("", _("None: points"))] + [
        SelectChoice(
            code,
            _(
                "%(name)s (%(symbol)s)",
                name=_capitalized(get_currency_name(code, locale=words.locale())),
                symbol=words.currency_symbol(code),
            ),
        )
        for code in CURRENCIES
    ]


def _capitalized(name):
    """A currency's name as a menu's entry: "Euro" where French writes "euro" inside a sentence."""
    return name[:1].upper() + name[1:]


def dealer_choices(names):
    """Return the first-dealer choices: cut for deal, or a seat by its player's name."""
    return [SelectChoice("cut", _("cut for deal"))] + [
        SelectChoice(str(s), names[s] if s < len(names) else _("seat %(number)d", number=s + 1))
        for s in range(MAX_PLAYERS)
    ]


def option_field_name(system, option):
    return f"opt__{system.id}__{option.id}"


def preset_fields(preset_id, players):
    """Return the setup form's rule fields as a preset sets them for that many players: name → value."""
    return setup_fields(preset_rules(preset_id, players))


# ---- the one mapping between the setup form and a record's rules, both ways ---------------------------


def setup_fields(chosen):
    """Return the setup form's rule fields for a record's rules: name → value (rules_from_setup's way back)."""
    deals = chosen.get("deals", {})
    fields = {
        "scoring": chosen.get("scoring", rules.SYSTEMS.default.id),
        "modifiers": list(chosen.get("modifiers", [])),
        "hook": chosen.get("hook", Rules.hook),
        "hook_from": chosen.get("hook_from", Rules.hook_from),
        "bidding": chosen.get("bidding", Rules.bidding),
        "trump": chosen.get("trump", Rules.trump),
        "stake": chosen.get("stake", Rules.stake),
        "settlement": chosen.get("settlement", Rules.settlement),
        "pattern": deals.get("pattern", Rules.pattern),
        "max_cards": deals.get("max"),
        "decks": str(deals["decks"]) if "decks" in deals else "auto",
        "full_deal": deals.get("full_deal", Rules.full_deal),
        "hands": deals.get("hands"),
        "sizes": " ".join(str(size) for size in deals.get("sizes", [])),
        "payouts": " ".join(f"{p:g}" for p in chosen.get("payouts", [])),
    }
    for system in rules.SYSTEMS:
        options = chosen.get("options", {}) if system.id == fields["scoring"] else {}
        for option in system.options:
            fields[option_field_name(system, option)] = options.get(option.id, option.default)
    return fields


def rules_from_setup(form):
    """Return a record's rules from the setup form's rule fields (setup_fields is the way back).

    The first dealer is the setup view's to add. Raise ValueError saying what to fix.
    """
    system = rules.SYSTEMS.find(form.scoring.data)
    deals = {"pattern": form.pattern.data}
    if form.max_cards.data:
        deals["max"] = form.max_cards.data
    if form.decks.data != "auto":
        deals["decks"] = int(form.decks.data)
    if rules.PATTERNS.find(form.pattern.data).takes_sizes:
        try:
            deals["sizes"] = numbers.whole_list(form.sizes.data)
        except numbers.NumberError as error:
            raise ValueError(_("Custom hand sizes: %(problem)s.", problem=error)) from None
    if form.hands.data:
        deals["hands"] = form.hands.data
    if form.full_deal.data:
        deals["full_deal"] = True
    chosen = {
        "scoring": system.id,
        "options": {o.id: form[option_field_name(system, o)].data for o in system.options},
        "modifiers": list(form.modifiers.data or []),
        "hook": bool(form.hook.data),
        "bidding": form.bidding.data,
        "trump": form.trump.data,
        "deals": deals,
        "stake": float(form.stake.data or Rules.stake),
        "settlement": form.settlement.data,
    }
    if form.currency.data:  # a stake in points has none
        chosen["currency"] = form.currency.data
    if form.hook_from.data and form.hook_from.data != Rules.hook_from:  # stored only when not the default
        chosen["hook_from"] = form.hook_from.data
    if not chosen["options"]:
        del chosen["options"]
    if rules.SETTLEMENTS.find(form.settlement.data).takes_payouts and (form.payouts.data or "").strip():
        try:
            chosen["payouts"] = parse_payouts(form.payouts.data)
        except ValueError as error:
            raise ValueError(
                _(
                    "Sliding scale: %(problem)s; enter what each losing place pays from second place on, e.g. 1 2 3.",
                    problem=error,
                )
            ) from None
    return chosen


@cache  # the presets are declared once: the setup page, every game's first screen, need not work them out again
def presets_for_page():
    """Return every preset's fields and its N for 2 to MAX_PLAYERS players, for setup.js to fill in."""
    return {
        preset_id: {
            "fields": preset_fields(preset_id, 4),
            "n": {count: preset_fields(preset_id, count)["max_cards"] for count in range(2, MAX_PLAYERS + 1)},
        }
        for preset_id in PRESETS.ids()
    }


def apply_preset(form, preset_id, players):
    """Set every rule field the preset defines, over whatever the browser posted."""
    for name, value in preset_fields(preset_id, players).items():
        form[name].data = value
        form[name].raw_data = None  # a posted number would otherwise be drawn instead of the data
    form.n_shown.data = "" if form.max_cards.data is None else str(form.max_cards.data)


def setup_form(formdata=None):
    """Return the setup form with player and system-option fields added (bound to `formdata` when given)."""

    class Setup(SetupForm):
        pass

    for seat in range(MAX_PLAYERS):
        setattr(
            Setup,
            f"player_{seat}",
            StringField(
                lazy_gettext("Player %(number)d", number=seat + 1),
                validators=[validators.Optional(), validators.Length(max=40)],
            ),
        )
    for system in rules.SYSTEMS:
        for option in system.options:
            name = option_field_name(system, option)
            if option.type is bool:
                field = BooleanField(lazy(option.description), default=option.default)
            elif option.type is int:
                field = WholeField(lazy(option.description), default=option.default, validators=[validators.Optional()])
            elif option.choices:
                field = SelectField(
                    lazy(option.description),
                    default=option.default,
                    choices=[SelectChoice(c, lazy(option.choice_label(c))) for c in option.choices],
                )
            else:  # free text: a house formula's expressions
                field = StringField(
                    lazy(option.description), default=option.default, validators=[validators.Length(max=200)]
                )
            setattr(Setup, name, field)
    form = Setup(formdata=formdata)
    form.language.choices, form.currency.choices = language_choices(), currency_choices()
    return form
