"""The web forms: WTForms with a session CSRF token on every form that writes."""

import re
from datetime import datetime, timedelta
from decimal import Decimal, InvalidOperation

from babel.numbers import get_currency_name
from flask import current_app, request, session
from wtforms import (BooleanField, DecimalField, Form, HiddenField, IntegerField, RadioField,
                     SelectField, SelectMultipleField, StringField, validators, widgets)
from wtforms.csrf.session import SessionCSRF
from wtforms.fields.choices import SelectChoice

from . import rules
from .i18n import languages
from .rules import numbers, words
from .rules.game_rules import decimals
from .rules.words import N_, _, lazy_gettext, ngettext
from .rules.presets import PRESETS, preset_rules
from .rules.record import Rules

MAX_PLAYERS = 12
# The stake's currencies the setup offers after "none: points": those of the tables that speak the app's languages.
CURRENCIES = ("EUR", "USD", "GBP", "CHF", "CAD", "AUD", "NZD", "MXN", "ARS", "CLP", "COP", "PEN", "UYU", "INR")
# A new game's currency by the language the setup page is shown in; English tables (and others) play for points.
LANGUAGE_CURRENCY = {"nl": "EUR", "de": "EUR", "fr": "EUR", "es": "EUR"}
# A slow hand, or a phone left on the table over dinner, must not expire the token.
CSRF_TIME_LIMIT = timedelta(hours=12)


class WholeField(IntegerField):
    """A whole number typed with ASCII digits, its text bounded before it is parsed (rules.numbers)."""

    def process_formdata(self, valuelist):
        if not valuelist:
            return  # not posted: the default stands
        self.data = None
        if valuelist[0].strip(numbers.SPACE):
            self.data = numbers.parse_whole(valuelist[0])  # a NumberError is the field's message

    def pre_validate(self, form):
        if self.process_errors:  # the range check would only repeat it
            raise validators.StopValidation()


class FiniteDecimalField(DecimalField):
    """A decimal typed with ASCII digits: no NaN, no Infinity, no 400-digit number (rules.numbers)."""

    def process_formdata(self, valuelist):
        if not valuelist:
            return  # not posted: the default stands
        self.data = None
        if valuelist[0].strip(numbers.SPACE):
            self.data = numbers.parse_decimal(valuelist[0])

    pre_validate = WholeField.pre_validate


class BaseForm(Form):
    """A form with a session CSRF token; bound to request.form only on POST."""

    class Meta:
        csrf = True
        csrf_class = SessionCSRF
        csrf_time_limit = CSRF_TIME_LIMIT

    def __init__(self, *args, formdata=None, **kwargs):
        if formdata is None and request.method == "POST":
            formdata = request.form
        # WTForms' own messages ("Not a valid choice") in the request's language, from its shipped catalogues.
        meta = {"csrf_secret": current_app.config["SECRET_KEY"].encode(), "csrf_context": session,
                "locales": [words.locale(), "en"]}
        super().__init__(formdata, *args, meta=meta, **kwargs)


_TOKENS = {}


def csrf_token():
    """Return a CSRF token for this session, reusing one made within the hour (tokens last hours)."""
    hour = datetime.now().strftime("%Y%m%d%H")
    token = _TOKENS.get((session.get("csrf"), hour))
    if token is None:
        token = RevisionForm().csrf_token.current_token
        if len(_TOKENS) > 4096:
            _TOKENS.clear()
        _TOKENS[(session["csrf"], hour)] = token
    return token


def csrf_failed(form):
    """True when the form's only trouble is a missing or expired CSRF token."""
    return "csrf_token" in form.errors


def form_problems(form):
    """Say what to fix on a form that did not validate: 'Please check: Stake per point: must be 0 or more'.

    A field is named by its label where it has a translated one, else by its name."""
    each = [_("%(field)s: %(problems)s", field=_field_name(form, field), problems=", ".join(map(str, errors)))
            for field, errors in form.errors.items()]
    return _("Please check: %(problems)s", problems="; ".join(each))


def _field_name(form, name):
    field = form._fields.get(name)
    label = field.label.text if field is not None else None
    return str(label) if isinstance(label, words.LazyText) else name


class RevisionForm(BaseForm):
    """A button that writes: carries the revision the page was drawn at."""

    revision = HiddenField()


class TrumpForm(RevisionForm):
    trump = SelectField(lazy_gettext("Trump"), choices=[SelectChoice(t, t) for t in rules.TRUMPS])
    cards = WholeField(lazy_gettext("Cards"), validators=[validators.Optional(), validators.NumberRange(min=1)])


class BidForm(RevisionForm):
    seat = WholeField(lazy_gettext("Seat"), validators=[validators.InputRequired()])
    bid = WholeField(lazy_gettext("Bid"), validators=[validators.InputRequired(), validators.NumberRange(min=0)])
    blind = BooleanField(lazy_gettext("Blind bid"))


def bids_form(seats):
    """Return a form with every bid of the hand at once (simultaneous and cooperative bidding)."""
    class BidsForm(RevisionForm):
        pass
    for seat in seats:
        setattr(BidsForm, f"bid_{seat}", WholeField(lazy_gettext("Bid of seat %(number)d", number=seat + 1),
                                                    validators=[validators.InputRequired(),
                                                                validators.NumberRange(min=0)]))
        setattr(BidsForm, f"blind_{seat}",
                BooleanField(lazy_gettext("Blind bid of seat %(number)d", number=seat + 1)))
    return BidsForm


class TableForm(RevisionForm):
    """A change at the table: someone arrives, leaves or sits out; the plan of hands changes."""

    action = HiddenField()
    seat = WholeField(lazy_gettext("Seat"), validators=[validators.Optional()])
    name = StringField(lazy_gettext("Name"), validators=[validators.Optional(), validators.Length(max=40)])
    start = RadioField(lazy_gettext("Starts with"), choices=[SelectChoice("zero", lazy_gettext("zero")),
                                SelectChoice("lowest", lazy_gettext("the lowest total")),
                                SelectChoice("number", lazy_gettext("a number"))], default="zero")
    total = FiniteDecimalField(lazy_gettext("Starting total"), validators=[validators.Optional()])
    position = WholeField(lazy_gettext("Hand"), validators=[validators.Optional()])
    cards = WholeField(lazy_gettext("Cards"), validators=[validators.Optional()])


def tricks_form(players):
    """Return a tricks form with one count per seat and an optional penalty."""
    class TricksForm(RevisionForm):
        penalty_seat = SelectField(lazy_gettext("Penalty for"), default="",
                                   choices=[SelectChoice("", _("nobody"))] + [SelectChoice(str(s), n)
                                                                             for s, n in enumerate(players)])
        penalty_reason = SelectField(lazy_gettext("Penalty for what"), choices=[
            SelectChoice(p.id, _("%(name)s (%(points)s)", name=p.name, points=words.number(p.points)))
            for p in rules.PENALTIES])
        penalty_points = FiniteDecimalField(lazy_gettext("Penalty points"), validators=[validators.Optional()])
    for seat in range(len(players)):
        setattr(TricksForm, f"took_{seat}", WholeField(lazy_gettext("Tricks of %(name)s", name=players[seat]),
                                                       validators=[validators.Optional(),
                                                                   validators.NumberRange(min=0)]))
    return TricksForm


def edit_hand_form(players, hand):
    """Return a form to correct a recorded hand: trump, bids, tricks, penalties."""
    class EditHandForm(tricks_form(players)):
        trump = SelectField(lazy_gettext("Trump"),
                            choices=[SelectChoice("", _("unknown"))] + [SelectChoice(t, t) for t in rules.TRUMPS])
    out = set(hand.get("out") or [])
    for seat in range(len(players)):
        needed = validators.Optional() if seat in out else validators.InputRequired()
        setattr(EditHandForm, f"bid_{seat}", WholeField(lazy_gettext("Bid of %(name)s", name=players[seat]),
                                                        validators=[needed, validators.NumberRange(min=0)]))
    for index, _penalty in enumerate(hand.get("penalties") or []):
        setattr(EditHandForm, f"drop_penalty_{index}",
                BooleanField(lazy_gettext("Drop penalty %(number)d", number=index + 1)))
    return EditHandForm


class MultiCheckboxField(SelectMultipleField):
    widget = widgets.ListWidget(prefix_label=False)
    option_widget = widgets.CheckboxInput()


def _choices(registry):
    return [SelectChoice(entry.id, entry.name) for entry in registry]


class SetupForm(BaseForm):
    """Set up a game: players in seat order, then the rules."""

    preset = SelectField(lazy_gettext("House rules"),
                         choices=[SelectChoice("", lazy_gettext("— choose —"))] + [SelectChoice(p.id, p.name) for p in PRESETS],
                         default="")
    first_dealer = SelectField(lazy_gettext("First dealer"), default="cut")
    pattern = SelectField(lazy_gettext("Pattern"), choices=_choices(rules.PATTERNS), default=Rules.pattern)
    max_cards = WholeField(lazy_gettext("N (largest hand)"),
                           validators=[validators.Optional(), validators.NumberRange(min=1, max=52)])
    # The N the page showed: a posted N equal to it was not typed, so it follows the players and decks.
    n_shown = HiddenField()
    sizes = StringField(lazy_gettext("Custom hand sizes"), validators=[validators.Optional()])
    hands = WholeField(lazy_gettext("Stop after (deals)"),
                       validators=[validators.Optional(), validators.NumberRange(min=1)])
    decks = SelectField(lazy_gettext("Decks"),
                        choices=[SelectChoice("auto", lazy_gettext("auto: 2 from 8 players")),
                                 SelectChoice("1", lazy_gettext("1 deck")), SelectChoice("2", lazy_gettext("2 decks"))],
                        default="auto")
    full_deal = BooleanField(lazy_gettext("Largest hand uses every card, no trump"))
    scoring = SelectField(lazy_gettext("System"), choices=_choices(rules.SYSTEMS), default=rules.SYSTEMS.default.id)
    modifiers = MultiCheckboxField(lazy_gettext("Modifiers"), choices=_choices(rules.MODIFIERS), default=[])
    hook = BooleanField(lazy_gettext("Hook: the dealer may not make the bids add up"), default=Rules.hook)
    hook_from = WholeField(lazy_gettext("Hook from N cards"), default=Rules.hook_from,
                             validators=[validators.Optional(), validators.NumberRange(min=1, max=52)])
    bidding = RadioField(lazy_gettext("Bidding"), choices=_choices(rules.BIDDING_STYLES), default=Rules.bidding)
    trump = SelectField(lazy_gettext("Trump"), choices=_choices(rules.TRUMP_METHODS), default=Rules.trump)
    stake = FiniteDecimalField(lazy_gettext("Stake per point"), default=Rules.stake,
                               validators=[validators.Optional(), validators.NumberRange(min=0)])
    settlement = SelectField(lazy_gettext("Settlement"), choices=_choices(rules.SETTLEMENTS), default=Rules.settlement)
    payouts = StringField(lazy_gettext("Prospect sliding scale"),
                          validators=[validators.Optional(), validators.Length(max=200)])
    # The game's language (its PDF sheets print in it on any phone) and the stake's currency: the page's by default.
    language = SelectField(lazy_gettext("Sheet language"), default=words.locale, validate_choice=False)
    currency = SelectField(lazy_gettext("Currency"), default=lambda: LANGUAGE_CURRENCY.get(words.locale(), ""),
                           validate_choice=False)

    def validate_language(self, field):
        if field.data not in languages():
            raise validators.ValidationError(_("choose one of the languages listed: %(languages)s",
                                               languages=", ".join(languages().values())))

    def validate_currency(self, field):
        if field.data and field.data not in CURRENCIES:
            raise validators.ValidationError(_("choose a currency from the list, or none to play for points"))

    def validate_stake(self, field):
        places = words.currency_places(self.currency.data)
        if self.currency.data in CURRENCIES and field.data is not None and decimals(field.data) > places:
            raise validators.ValidationError(
                ngettext("at most %(num)d decimal in %(currency)s", "at most %(num)d decimals in %(currency)s",
                         places, currency=self.currency.data) if places else
                _("a whole number: %(currency)s has no decimals", currency=self.currency.data))


def language_choices():
    """The app's languages, each in its own name."""
    return [SelectChoice(code, name) for code, name in languages().items()]


def currency_choices():
    """None (points), then each currency by its name and symbol in the page's language: 'Euro (€)'."""
    return [SelectChoice("", _("None: points"))] + [
        SelectChoice(code, _("%(name)s (%(symbol)s)", name=_capitalized(get_currency_name(code, locale=words.locale())),
                              symbol=words.currency_symbol(code)))
        for code in CURRENCIES]


def _capitalized(name):
    """A currency's name as a menu's entry: "Euro" where French writes "euro" inside a sentence."""
    return name[:1].upper() + name[1:]


def dealer_choices(names):
    """Return the first-dealer choices: cut for deal, or a seat by its player's name."""
    return [SelectChoice("cut", _("cut for deal"))] + [
        SelectChoice(str(s), names[s] if s < len(names) else _("seat %(number)d", number=s + 1))
        for s in range(MAX_PLAYERS)]


def option_field_name(system, option):
    return f"opt__{system.id}__{option.id}"


def preset_fields(preset_id, players):
    """Return the setup form's rule fields as a preset sets them for that many players: name → value."""
    return setup_fields(preset_rules(preset_id, players))


# ---- the one mapping between the setup form and a record's rules, both ways ---------------------------

def setup_fields(chosen):
    """Return the setup form's rule fields for a record's rules: name → value (rules_from_setup's way back)."""
    deals = chosen.get("deals", {})
    fields = {"scoring": chosen.get("scoring", rules.SYSTEMS.default.id),
              "modifiers": list(chosen.get("modifiers", [])), "hook": chosen.get("hook", Rules.hook),
              "hook_from": chosen.get("hook_from", Rules.hook_from),
              "bidding": chosen.get("bidding", Rules.bidding), "trump": chosen.get("trump", Rules.trump),
              "stake": chosen.get("stake", Rules.stake), "settlement": chosen.get("settlement", Rules.settlement),
              "pattern": deals.get("pattern", Rules.pattern), "max_cards": deals.get("max"),
              "decks": str(deals["decks"]) if "decks" in deals else "auto",
              "full_deal": deals.get("full_deal", Rules.full_deal), "hands": deals.get("hands"),
              "sizes": " ".join(str(size) for size in deals.get("sizes", [])),
              "payouts": " ".join(f"{p:g}" for p in chosen.get("payouts", []))}
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
    chosen = {"scoring": system.id,
              "options": {o.id: form[option_field_name(system, o)].data for o in system.options},
              "modifiers": list(form.modifiers.data or []), "hook": bool(form.hook.data),
              "bidding": form.bidding.data, "trump": form.trump.data, "deals": deals,
              "stake": float(form.stake.data or Rules.stake), "settlement": form.settlement.data}
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
            raise ValueError(_("Sliding scale: %(problem)s; enter what each losing place pays from second place on, "
                               "e.g. 1 2 3.", problem=error)) from None
    return chosen


def presets_for_page():
    """Return every preset's fields and its N for 2 to MAX_PLAYERS players, for setup.js to fill in."""
    return {preset_id: {"fields": preset_fields(preset_id, 4),
                        "n": {count: preset_fields(preset_id, count)["max_cards"] for count in range(2, MAX_PLAYERS + 1)}}
            for preset_id in PRESETS.ids()}


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
        setattr(Setup, f"player_{seat}", StringField(lazy_gettext("Player %(number)d", number=seat + 1),
                                                     validators=[validators.Optional(),
                                                                 validators.Length(max=40)]))
    for system in rules.SYSTEMS:
        for option in system.options:
            name = option_field_name(system, option)
            if option.type is bool:
                field = BooleanField(option.description, default=option.default)
            elif option.type is int:
                field = WholeField(option.description, default=option.default,
                                     validators=[validators.Optional()])
            elif option.choices:
                field = SelectField(option.description, choices=[SelectChoice(c, c) for c in option.choices], default=option.default)
            else:  # free text: a house formula's expressions
                field = StringField(option.description, default=option.default,
                                    validators=[validators.Length(max=200)])
            setattr(Setup, name, field)
    form = Setup(formdata=formdata)
    form.language.choices, form.currency.choices = language_choices(), currency_choices()
    return form


# ---- after the game: settling up, importing -----------------------------------------------------

NUMBER = re.compile(r"[^\s,;]+")


class SettlementForm(RevisionForm):
    """Change the settlement method, the stake and the Prospect sliding scale of a game."""

    settlement = SelectField(lazy_gettext("Settlement"),
                             choices=[SelectChoice(s.id, s.name) for s in rules.SETTLEMENTS])
    stake = FiniteDecimalField(lazy_gettext("Stake per point"), places=2, default=Decimal("0"),
                               validators=[validators.InputRequired(lazy_gettext("enter a stake, 0 or more")),
                                           validators.NumberRange(min=0, max=1_000_000,
                                                                  message=lazy_gettext("must be 0 or more"))])
    payouts = StringField(lazy_gettext("What each place pays the winner (Prospect)"),
                          validators=[validators.Optional()])


def parse_payouts(text, players=None):
    """Return what each losing place pays, from '1, 2, 3' or '0.5 1 2', or raise ValueError saying what to fix.

    With `players` there must be exactly one amount per losing place; without, the engine checks the count.
    """
    typed = NUMBER.findall(text or "")
    if not typed:
        return None
    amounts = []
    for word in typed:
        try:
            amount = Decimal(word)
        except InvalidOperation:
            raise ValueError(_("%(word)s is not an amount: the amounts must be numbers, like 1, 2, 3",
                               word=repr(word))) from None
        if not amount.is_finite() or amount < 0:
            raise ValueError(_("%(word)s is not an amount: each amount must be 0 or more", word=repr(word)))
        amounts.append(amount)
    if players is not None and len(amounts) != players - 1:
        places = ", ".join(ordinal(place) for place in range(2, players + 1))
        raise ValueError(ngettext("enter %(num)d amount, one for the losing place (%(places)s); you entered %(typed)d",
                                  "enter %(num)d amounts, one for each losing place (%(places)s); you entered %(typed)d",
                                  players - 1, places=places, typed=len(amounts)))
    return [float(amount) for amount in amounts]


# A place as the language writes it: 2nd, 3rd, 4th in English; a translation keeps one form for all four.
ORDINALS = {"st": N_("%(number)dst"), "nd": N_("%(number)dnd"), "rd": N_("%(number)drd"), "th": N_("%(number)dth")}


def ordinal(number):
    """Return 2nd, 3rd, 4th... in the reader's language ("2e" in Dutch, "2." in German)."""
    suffix = "th" if 10 <= number % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(number % 10, "th")
    return _(ORDINALS[suffix], number=number)


class ImportForm(BaseForm):
    """Upload a JSON export of games; the file itself comes from request.files."""


class AboutForm(RevisionForm):
    """A game's or an evening's date and note (the engine checks them: rules/limits.py)."""

    # Bounds on what is read at all; the engine's limits (and their messages) come after.
    date = StringField(lazy_gettext("Date"), validators=[validators.Optional(), validators.Length(max=40)])
    note = StringField(lazy_gettext("Note"), validators=[validators.Optional(), validators.Length(max=1000)])
