"""Why a write was refused, in words a player reads: a stale page, an expired form, a record's fault with the
field named as the table says it ('Hand 4, Cy's bid: ...')."""

import re

from scorekeeper.rules import WrongStep
from scorekeeper.text.words import _, lazy_gettext, word

# Said in the reader's language where shown; flash str() of them (the session keeps plain text).
STALE = lazy_gettext("This game changed on another phone — here is the current state.")
EXPIRED = lazy_gettext(
    "This form's security token is missing or has expired. "
    "Go back, reload the page and try again; nothing was recorded."
)

# The record's fields as the setup form names them.
FIELD_LABELS = {
    "rules.deals.max": lazy_gettext("N (largest hand)"),
    "rules.deals.sizes": lazy_gettext("Hand sizes"),
    "rules.deals.hands": lazy_gettext("Hands"),
    "rules.deals.decks": lazy_gettext("Decks"),
    "rules.deals": lazy_gettext("Deal"),
    "rules.stake": lazy_gettext("Stake"),
    "rules.payouts": lazy_gettext("Sliding scale"),
    "rules.options": lazy_gettext("System options"),
    "rules.settlement": lazy_gettext("Settlement"),
}
# A record's list fields in a player's words: "Cy's bid".
_SEAT_FIELDS = {
    "bids": lazy_gettext("%(name)s's bid"),
    "tricks": lazy_gettext("%(name)s's tricks"),
    "blind": lazy_gettext("%(name)s's blind bid"),
}


def explain(error, players):
    """Turn a RecordError's path into words a player reads: 'Hand 4, Cy's bid: ...'."""
    if error.path in FIELD_LABELS:
        return _("%(field)s: %(why)s", field=FIELD_LABELS[error.path], why=word(error.message))
    listed = re.fullmatch(r"(.*)\[(\d+)\]", error.path or "")
    if listed and listed.group(1) in FIELD_LABELS:  # 'rules.deals.sizes[0]' is the form's 'Hand sizes, number 1'
        return _(
            "%(field)s, number %(number)s: %(why)s",
            field=FIELD_LABELS[listed.group(1)],
            number=int(listed.group(2)) + 1,
            why=word(error.message),
        )
    parts = [_path_words(segment, players) for segment in PATH_SEGMENT.findall(error.path or "")]
    text = _("%(field)s: %(why)s", field=", ".join(parts), why=word(error.message)) if parts else word(error.message)
    return text[0].upper() + text[1:]


PATH_SEGMENT = re.compile(r"([^.\[\]]+)((?:\[\d+\])*)")
# A record's keys as a player says them; a key not here is shown as it is (an option's id, say).
PATH_WORDS = {
    "players": lazy_gettext("players"),
    "hands": lazy_gettext("hands"),
    "bids": lazy_gettext("bids"),
    "tricks": lazy_gettext("tricks"),
    "blind": lazy_gettext("blind bids"),
    "trump": lazy_gettext("trump"),
    "dealer": lazy_gettext("dealer"),
    "cards": lazy_gettext("cards"),
    "points": lazy_gettext("points"),
    "penalties": lazy_gettext("penalties"),
    "reason": lazy_gettext("reason"),
    "seat": lazy_gettext("seat"),
    "player": lazy_gettext("player"),
    "rules": lazy_gettext("rules"),
    "scoring": lazy_gettext("system"),
    "options": lazy_gettext("system options"),
    "modifiers": lazy_gettext("modifiers"),
    "hook": lazy_gettext("hook"),
    "hook_from": lazy_gettext("hook from N cards"),
    "bidding": lazy_gettext("bidding"),
    "deals": lazy_gettext("deal"),
    "pattern": lazy_gettext("pattern"),
    "max": lazy_gettext("N (largest hand)"),
    "sizes": lazy_gettext("hand sizes"),
    "decks": lazy_gettext("decks"),
    "full_deal": lazy_gettext("largest hand with every card"),
    "stake": lazy_gettext("stake"),
    "currency": lazy_gettext("currency"),
    "settlement": lazy_gettext("settlement"),
    "payouts": lazy_gettext("sliding scale"),
    "date": lazy_gettext("date"),
    "note": lazy_gettext("note"),
    "history": lazy_gettext("history"),
    "version": lazy_gettext("version"),
    "language": lazy_gettext("language"),
    "money": lazy_gettext("money"),
    "entry_fee": lazy_gettext("entry fee"),
    "split": lazy_gettext("prizes"),
    "format": lazy_gettext("format"),
    "name": lazy_gettext("name"),
    "seed": lazy_gettext("draw code"),
    "withdrawn": lazy_gettext("withdrawn"),
}
# A list's item as a player says it: "hand 4", or, for a seat's entry, "Cy's bid".
_NUMBERED = {
    "players": lazy_gettext("player %(number)s"),
    "hands": lazy_gettext("hand %(number)s"),
    "penalties": lazy_gettext("penalty %(number)s"),
    "modifiers": lazy_gettext("modifier %(number)s"),
    "sizes": lazy_gettext("hand size %(number)s"),
    "rounds": lazy_gettext("round %(number)s"),
    "tables": lazy_gettext("table %(number)s"),
    "seats": lazy_gettext("seat %(number)s"),
}


def _path_words(segment, players):
    """One step of a record's path in words: 'hands[3]' is 'hand 4', 'bids[2]' is "Cy's bid"."""
    key, indexes = segment
    numbers_ = [int(index) for index in re.findall(r"\d+", indexes)]
    if not numbers_:
        return str(PATH_WORDS.get(key, key))
    if key in _SEAT_FIELDS and numbers_[0] < len(players):
        return _SEAT_FIELDS[key] % {"name": players[numbers_[0]]}
    if key in _NUMBERED:
        return _NUMBERED[key] % {"number": numbers_[0] + 1}
    return str(PATH_WORDS.get(key, key)) + "".join(f" {number + 1}" for number in numbers_)


def refusal_text(error, players):
    """Say why an action was refused: its own sentence, or a record's fault with the field named."""
    if isinstance(error, WrongStep):
        return STALE
    # The actions write whole sentences for the table; the record's checks write fragments.
    return word(error.message) if word(error.message)[:1].isupper() else explain(error, players)
