"""Text as it is shown on pages and sheets."""

import re

from jinja2 import pass_context
from markupsafe import Markup

from scorekeeper import rules
from scorekeeper.rules.bids.bidding import SCRIPT_MESSAGES
from scorekeeper.text.words import _, lazy_gettext, word

# Right-to-left overrides and isolates in a name can reorder the text around it when shown.
BIDI_CONTROLS = re.compile("[\u202a-\u202e\u2066-\u2069\u200e\u200f\u061c]")


def without_bidi(value):
    """Word what the engine said (a Said, Money...) in the reader's language and drop bidirectional control
    characters from text to be shown; other values pass unchanged. The templates' finalize: `{{ said }}`."""
    value = word(value)
    if isinstance(value, Markup):
        return Markup(BIDI_CONTROLS.sub("", str(value)))
    if isinstance(value, str):  # str(): a lazy text (a registry name) is said in the reader's language
        return BIDI_CONTROLS.sub("", str(value))
    return value


def bid_messages(ids=None):
    """The bid screens' messages (rules.bids.bidding.SCRIPT_MESSAGES) in the reader's language for the browser's
    scripts, their values as {names} (static/bidstate.js and bids.js fill those in)."""
    return {key: re.sub(r"%\((\w+)\)s", r"{\1}", _(SCRIPT_MESSAGES[key])) for key in ids or SCRIPT_MESSAGES}


def words_in_templates(env):
    """Word what the engine said where a template hands it to a message as a value: `{{ _("%(x)s", x=said) }}`
    and `{% trans x=said %}` (the finalize words only what a template shows itself). Call after the env's
    install_gettext_callables."""
    for name in ("gettext", "_", "ngettext", "pgettext", "npgettext"):
        if name in env.globals:
            env.globals[name] = _worded(env.globals[name])


def _worded(function):
    @pass_context
    def call(context, *args, **variables):
        return function(context, *args, **{key: word(value) for key, value in variables.items()})

    return call


# How each kind of a hand's adjustment that the engine names (rules.adjustment_kind) is shown: the word in
# History, the heading of the PDF's foot, and the mark by the tricks on the sheet and the PDF.
ADJUSTMENTS = {
    rules.PENALTY: {"word": lazy_gettext("penalty"), "heading": lazy_gettext("Penalties"), "mark": "†"},
    rules.BONUS: {"word": lazy_gettext("bonus"), "heading": lazy_gettext("Bonuses"), "mark": "★"},
}


def adjustment_word(kind):
    """The word for a kind of adjustment ("penalty", "bonus") in the reader's language."""
    return str(ADJUSTMENTS[kind]["word"]) if kind in ADJUSTMENTS else kind


# Each trump (rules.TRUMPS) in words, as the trump screen, the deal screen and the History name it.
TRUMP_NAMES = {
    "clubs": lazy_gettext("clubs"),
    "diamonds": lazy_gettext("diamonds"),
    "hearts": lazy_gettext("hearts"),
    "spades": lazy_gettext("spades"),
    "none": lazy_gettext("no trump"),
}


def trump_symbols():
    """The trumps' marks on the sheet and the hand's line: the suits' symbols, no trump's letters in the reader's
    language ("NT", Dutch "GT")."""
    return dict(rules.SYMBOLS, none=_("NT"))


def trump_name(trump):
    """A trump in words in the reader's language: "hearts", "no trump"; an unknown one as it is."""
    return str(TRUMP_NAMES[trump]) if trump in TRUMP_NAMES else str(trump)
