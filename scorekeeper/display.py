"""Text as it is shown on pages and sheets."""

import re

from markupsafe import Markup

from scorekeeper import rules

# Right-to-left overrides and isolates in a name can reorder the text around it when shown.
BIDI_CONTROLS = re.compile("[\u202a-\u202e\u2066-\u2069\u200e\u200f\u061c]")


def without_bidi(value):
    """Drop bidirectional control characters from text to be shown; other values pass unchanged."""
    if isinstance(value, Markup):
        return Markup(BIDI_CONTROLS.sub("", str(value)))
    if isinstance(value, str):
        return BIDI_CONTROLS.sub("", str(value))  # str(): a lazy_gettext text says itself in the reader's language
    return value


# How each kind of a hand's adjustment that the engine names (rules.adjustment_kind) is shown: the word in
# History, the heading of the PDF's foot, and the mark by the tricks on the sheet and the PDF.
ADJUSTMENTS = {rules.PENALTY: {"word": "penalty", "heading": "Penalties", "mark": "†"},
               rules.BONUS: {"word": "bonus", "heading": "Bonuses", "mark": "★"}}
