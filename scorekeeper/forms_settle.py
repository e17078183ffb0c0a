"""The forms of issue 5: how the table settles up, and importing games. CSRF as every form that writes."""

import re
from decimal import Decimal, InvalidOperation

from wtforms import DecimalField, SelectField, StringField, validators
from wtforms.fields.choices import SelectChoice

from . import rules
from .forms import RevisionForm, BaseForm

NUMBER = re.compile(r"[^\s,;]+")


class SettlementForm(RevisionForm):
    """Change the settlement method, the stake and the Prospect sliding scale of a game."""

    settlement = SelectField("Settlement", choices=[SelectChoice(s.id, s.name) for s in rules.SETTLEMENTS])
    stake = DecimalField("Stake per point", places=2, default=Decimal("0"),
                         validators=[validators.InputRequired("enter a stake, 0 or more"),
                                     validators.NumberRange(min=0, max=1_000_000, message="must be 0 or more")])
    payouts = StringField("What each place pays the winner (Prospect)", validators=[validators.Optional()])


def parse_payouts(text, players):
    """Return the amounts of '1, 2, 3' as floats, one per losing place, or raise ValueError saying what to fix."""
    words = NUMBER.findall(text or "")
    if not words:
        return None
    try:
        amounts = [Decimal(word) for word in words]
    except InvalidOperation:
        raise ValueError(f"the amounts must be numbers, like 1, 2, 3 (not {text.strip()[:40]!r})") from None
    if any(not amount.is_finite() or amount < 0 for amount in amounts):
        raise ValueError("each amount must be 0 or more")
    if len(amounts) != players - 1:
        places = ", ".join(ordinal(place) for place in range(2, players + 1))
        raise ValueError(f"enter {players - 1} amounts, one for each losing place ({places}); "
                         f"you entered {len(amounts)}")
    return [float(amount) for amount in amounts]


def ordinal(number):
    """Return 2nd, 3rd, 4th..."""
    suffix = "th" if 10 <= number % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(number % 10, "th")
    return f"{number}{suffix}"


class ImportForm(BaseForm):
    """Upload a JSON export of games; the file itself comes from request.files."""
