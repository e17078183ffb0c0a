"""The web forms: WTForms with a session CSRF token on every form that writes (their number fields: form_fields.py)."""

import re
from datetime import datetime, timedelta
from decimal import Decimal, InvalidOperation

from flask import current_app, request, session
from wtforms import (
    BooleanField,
    Form,
    HiddenField,
    RadioField,
    SelectField,
    SelectMultipleField,
    StringField,
    validators,
)
from wtforms.csrf.session import SessionCSRF
from wtforms.fields.choices import SelectChoice

from scorekeeper import rules
from scorekeeper.text.display import trump_name
from scorekeeper.rules.game import limits
from scorekeeper.text import words
from scorekeeper.rules.game.limits import MAX_MONEY
from scorekeeper.text.words import _, lazy_gettext, ngettext, ordinal
from scorekeeper.web.form_fields import FiniteDecimalField, InRange, TypedDecimalField, WholeField, WTFormsWords

# A slow hand, or a phone left on the table over dinner, must not expire the token.
CSRF_TIME_LIMIT = timedelta(hours=12)


class BaseForm(Form):
    """A form with a session CSRF token; bound to request.form only on POST."""

    class Meta:
        csrf = True
        csrf_class = SessionCSRF
        csrf_time_limit = CSRF_TIME_LIMIT

        def get_translations(self, form):
            return WTFormsWords(super().get_translations(form))

    def __init__(self, *args, formdata=None, **kwargs):
        if formdata is None and request.method == "POST":
            formdata = request.form
        # WTForms' own messages ("Not a valid choice") in the request's language, from its shipped catalogues.
        meta = {
            "csrf_secret": current_app.config["SECRET_KEY"].encode(),
            "csrf_context": session,
            "locales": [words.locale(), "en"],
        }
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
    each = [
        _("%(field)s: %(problems)s", field=_field_name(form, field), problems=", ".join(map(str, errors)))
        for field, errors in form.errors.items()
    ]
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
        setattr(
            BidsForm,
            f"bid_{seat}",
            WholeField(
                lazy_gettext("Bid of seat %(number)d", number=seat + 1),
                validators=[validators.InputRequired(), validators.NumberRange(min=0)],
            ),
        )
        setattr(BidsForm, f"blind_{seat}", BooleanField(lazy_gettext("Blind bid of seat %(number)d", number=seat + 1)))
    return BidsForm


class TableForm(RevisionForm):
    """A change at the table: someone arrives, leaves or sits out; the plan of hands changes."""

    action = HiddenField()
    seat = WholeField(lazy_gettext("Seat"), validators=[validators.Optional()])
    name = StringField(lazy_gettext("Name"), validators=[validators.Optional(), validators.Length(max=40)])
    start = RadioField(
        lazy_gettext("Starts with"),
        choices=[
            SelectChoice("zero", lazy_gettext("zero")),
            SelectChoice("lowest", lazy_gettext("the lowest total")),
            SelectChoice("number", lazy_gettext("a number")),
        ],
        default="zero",
    )
    total = FiniteDecimalField(lazy_gettext("Starting total"), validators=[validators.Optional()])
    position = WholeField(lazy_gettext("Hand"), validators=[validators.Optional()])
    cards = WholeField(lazy_gettext("Cards"), validators=[validators.Optional()])


def tricks_form(players, system_id=None):
    """Return a tricks form with one count per seat and an optional penalty (those the game's system offers)."""

    class TricksForm(RevisionForm):
        penalty_seat = SelectField(
            lazy_gettext("Penalty for"),
            default="",
            choices=[SelectChoice("", _("nobody"))] + [SelectChoice(str(s), n) for s, n in enumerate(players)],
        )
        penalty_reason = SelectField(
            lazy_gettext("Penalty for what"),
            choices=[
                SelectChoice(p.id, _("%(name)s (%(points)s)", name=p.name, points=words.number(p.points)))
                for p in rules.PENALTIES
                if p.offered_in(system_id)
            ],
        )
        penalty_points = FiniteDecimalField(lazy_gettext("Penalty points"), validators=[validators.Optional()])

    for seat in range(len(players)):
        setattr(
            TricksForm,
            f"took_{seat}",
            WholeField(
                lazy_gettext("Tricks of %(name)s", name=players[seat]),
                validators=[validators.Optional(), validators.NumberRange(min=0)],
            ),
        )
    return TricksForm


def edit_hand_form(players, hand, system_id=None):
    """Return a form to correct a recorded hand: trump, bids, tricks, penalties."""

    class EditHandForm(tricks_form(players, system_id)):
        trump = SelectField(
            lazy_gettext("Trump"),
            choices=[SelectChoice("", _("unknown"))] + [SelectChoice(t, trump_name(t)) for t in rules.TRUMPS],
        )

    out = set(hand.get("out") or [])
    for seat in range(len(players)):
        needed = validators.Optional() if seat in out else validators.InputRequired()
        setattr(
            EditHandForm,
            f"bid_{seat}",
            WholeField(
                lazy_gettext("Bid of %(name)s", name=players[seat]), validators=[needed, validators.NumberRange(min=0)]
            ),
        )
    for index, _penalty in enumerate(hand.get("penalties") or []):
        setattr(
            EditHandForm,
            f"drop_penalty_{index}",
            BooleanField(lazy_gettext("Drop penalty %(number)d", number=index + 1)),
        )
    return EditHandForm


# ---- after the game: settling up, importing -----------------------------------------------------

NUMBER = re.compile(r"[^\s,;]+")


class SettlementForm(RevisionForm):
    """Change the settlement method, the stake and the Prospect sliding scale of a game."""

    settlement = SelectField(
        lazy_gettext("Settlement"), choices=[SelectChoice(s.id, words.lazy(s.name)) for s in rules.SETTLEMENTS]
    )
    stake = TypedDecimalField(
        lazy_gettext("Stake per point"),
        places=2,
        default=Decimal("0"),
        validators=[validators.InputRequired(lazy_gettext("enter a stake, 0 or more")), InRange(0, MAX_MONEY)],
    )
    payouts = StringField(
        lazy_gettext("What each place pays the winner (Prospect)"),
        validators=[validators.Optional(), validators.Length(max=limits.MAX_TYPED_LIST)],
    )


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
            raise ValueError(
                _("%(word)s is not an amount: the amounts must be numbers, like 1, 2, 3", word=repr(word))
            ) from None
        if not amount.is_finite() or amount < 0:
            raise ValueError(_("%(word)s is not an amount: each amount must be 0 or more", word=repr(word)))
        amounts.append(amount)
    if players is not None and len(amounts) != players - 1:
        places = ", ".join(ordinal(place) for place in range(2, players + 1))
        raise ValueError(
            ngettext(
                "enter %(num)d amount, one for the losing place (%(places)s); you entered %(typed)d",
                "enter %(num)d amounts, one for each losing place (%(places)s); you entered %(typed)d",
                players - 1,
                places=places,
                typed=len(amounts),
            )
        )
    return [float(amount) for amount in amounts]


class ImportForm(BaseForm):
    """Upload a JSON export of games; the file itself comes from request.files."""


class AboutForm(RevisionForm):
    """A game's or an evening's date and note (the engine checks them: rules/game/limits.py)."""

    # Bounds on what is read at all; the engine's limits (and their messages) come after.
    date = StringField(lazy_gettext("Date"), validators=[validators.Optional(), validators.Length(max=40)])
    note = StringField(lazy_gettext("Note"), validators=[validators.Optional(), validators.Length(max=1000)])


class SeasonForm(BaseForm):
    """Name a season (issue 27): from, to, optionally best N and only chosen evenings or events."""

    name = StringField(lazy_gettext("Season"), validators=[validators.InputRequired(), validators.Length(max=60)])
    starts = StringField(lazy_gettext("From"), validators=[validators.InputRequired(), validators.Length(max=40)])
    ends = StringField(lazy_gettext("To"), validators=[validators.InputRequired(), validators.Length(max=40)])
    best = WholeField(
        lazy_gettext("Best games only"), validators=[validators.Optional(), validators.NumberRange(min=1, max=10_000)]
    )
    evenings = SelectMultipleField(lazy_gettext("Only these evenings"), choices=[], validate_choice=True)
    events = SelectMultipleField(lazy_gettext("Only these events"), choices=[], validate_choice=True)


class PaymentForm(BaseForm):
    """A payment between regulars (issues 27 and 40): who paid, who was paid (players who have played here), the
    amount typed the reader's way, its currency (ISO 4217, from a list) and the day. The view checks the players
    and the amount's decimals (rules/money/amounts.py); a Paid button posts the same fields."""

    payer = SelectField(
        lazy_gettext("Paid by"),
        validate_choice=False,
        validators=[validators.InputRequired(lazy_gettext("choose who paid"))],
    )
    payee = SelectField(
        lazy_gettext("Paid to"),
        validate_choice=False,
        validators=[validators.InputRequired(lazy_gettext("choose who was paid"))],
    )
    amount = TypedDecimalField(
        lazy_gettext("Amount"), validators=[validators.InputRequired(lazy_gettext("type an amount"))]
    )
    currency = SelectField(
        lazy_gettext("Currency"),
        validate_choice=False,
        validators=[validators.InputRequired(lazy_gettext("choose a currency"))],
    )
    paid_on = StringField(lazy_gettext("Date"), validators=[validators.InputRequired(), validators.Length(max=40)])


class IbanForm(BaseForm):
    """A payee's IBAN, for the EPC QR code of a euro payment (issues 27 and 40): whose it is, the account holder's
    name as the bank knows it, the IBAN, and the BIC where the scheme asks for one (rules/money/sepa.py checks them)."""

    name = SelectField(
        lazy_gettext("Whose account"),
        validate_choice=False,
        validators=[validators.InputRequired(lazy_gettext("choose a player"))],
    )
    holder = StringField(
        lazy_gettext("Account holder (the name the bank knows)"),
        validators=[validators.Optional(), validators.Length(max=200)],
    )
    iban = StringField(lazy_gettext("IBAN"), validators=[validators.Optional(), validators.Length(max=60)])
    bic = StringField(lazy_gettext("BIC"), validators=[validators.Optional(), validators.Length(max=20)])
