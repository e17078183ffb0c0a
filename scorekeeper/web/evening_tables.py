"""The tables of one evening (docs/decisions/0033): who may add a game to an evening, the evening a phone is
playing tonight, and a setup form filled in from a game of the evening.

A game joins an evening when it is set up from a phone that keeps the score of one of the evening's games, by the
owner, or from the evening's link for another table (its key is the evening's id signed with the instance's
secret, so it needs no column and no migration)."""

import base64
import hashlib
import hmac
from datetime import datetime, timedelta, UTC

from flask import abort, current_app, flash

from scorekeeper import rules, store
from scorekeeper.text.words import _
from scorekeeper.store.db import key_matches
from scorekeeper.web.edit_keys import can_edit
from scorekeeper.web.keys import EDIT
from scorekeeper.web.owner import is_owner
from scorekeeper.web.setup_form import MAX_PLAYERS, setup_fields

# A phone's evening is still tonight's while one of its games was played within these hours: a club night with
# a long break stays one evening, the next day's games start another.
TONIGHT_HOURS = 6


def table_key(evening_id):
    """The key in the evening's link for another table: the evening's id signed with the instance's secret."""
    secret = str(current_app.config["SECRET_KEY"]).encode()
    digest = hmac.new(secret, f"evening table:{evening_id}".encode(), hashlib.sha256).digest()
    return base64.urlsafe_b64encode(digest[:18]).decode()


def keeps_a_game(db, evening):
    """True when this phone holds the scorekeeper's key of one of the evening's games."""
    for game in evening["games"]:
        cookie = EDIT.held(game["id"])
        head = store.get_game_head(db, game["id"]) if cookie else None
        if head and store.may_edit(head, cookie):
            return True
    return False


def may_join(db, evening, key=None):
    """True when this phone may add a game to the evening: it keeps the score of one of its games, it is the
    owner's, or it came with the evening's link for another table (`key`)."""
    return is_owner() or key_matches(key, table_key(evening["id"])) or keeps_a_game(db, evening)


def tonight(db):
    """Return the id of the evening this phone kept the score of last, when one of its games was played within
    TONIGHT_HOURS; else None. A game set up on this phone joins it unless the scorekeeper says otherwise."""
    games = EDIT.held_ids()
    since = (datetime.now(UTC) - timedelta(hours=TONIGHT_HOURS)).isoformat(timespec="seconds")
    for evening_id, game_id in store.evenings_played_since(db, games, since):
        head = store.get_game_head(db, game_id)
        if head and store.may_edit(head, EDIT.held(game_id)):
            return evening_id
    return None


def fill_from_game(form, record, seated=True):
    """Fill the setup form's rules (and, when seated, its players, the first dealer passed left) from a game's
    record: the next game of the evening starts from the last one's rules, to be changed."""
    chosen = record.get("rules") or {}
    for name, value in setup_fields(chosen).items():
        form[name].data = value
    form.n_shown.data = "" if form.max_cards.data is None else str(form.max_cards.data)
    form.preset.data = ""  # the rules are the game's, whichever preset they began as
    form.currency.data = chosen.get("currency", "")
    if record.get("language"):
        form.language.data = record["language"]
    players = list(record.get("players") or [])[:MAX_PLAYERS] if seated else []
    for seat in range(MAX_PLAYERS):
        form[f"player_{seat}"].data = players[seat] if seat < len(players) else ""
    if players:
        form.first_dealer.data = str((int(chosen.get("first_dealer") or 0) + 1) % len(players))
    return players


def fill_for_evening(db, form, args):
    """Set up a game of an evening from the address (`args`): `like` a game (its rules and its table, the next to
    deal passed left, the table moving on from it), or `evening` (its last game's rules, the seats to fill) with
    the `key` of its link for another table; else offer the evening this phone is playing tonight. An evening the
    phone may not join is said so."""
    like, evening_id, key = (args.get(name) or "" for name in ("like", "evening", "key"))
    game = store.get_game(db, like) if like else None
    evening_id = store.evening_of(db, game["id"]) if game else evening_id
    evening = store.get_evening(db, evening_id) if evening_id else None
    if evening is None or not evening["games"]:
        form.evening.data = "" if like or evening_id else (tonight(db) or "")
        return
    if not may_join(db, evening, key):
        flash(
            _("This phone keeps no score at that evening: ask one of its scorekeepers for the link for another table."),
            "error",
        )
        return
    form.evening.data, form.evening_key.data, form.after.data = evening["id"], key, game["id"] if game else ""
    fill_from_game(form, (game or evening["games"][-1])["record"], seated=game is not None)


def picked(players, name):
    """The seats after one of the evening's people is tapped: out of their seat if seated, else in the first empty."""
    key = rules.name_key(name)
    if any(rules.name_key(player) == key for player in players):
        return [player for player in players if rules.name_key(player) != key]
    return (players + [name.strip()])[:MAX_PLAYERS] if key else players


def moving_on(db, form):
    """The game whose table the new one follows, when this phone keeps its score and no event seats its next."""
    head = store.get_game_head(db, form.after.data) if form.after.data else None
    return head["id"] if head and can_edit(head) and not store.event_of_game(db, head["id"]) else None


def joined_evening(db, form):
    """The id of the evening the new game joins (None: an evening of its own); a phone that may not join it is
    refused (403)."""
    if not (form.evening.data and form.in_evening.data):
        return None
    evening = store.get_evening(db, form.evening.data)
    if evening is None:
        return None
    if not may_join(db, evening, form.evening_key.data):
        abort(
            403,
            _(
                "Only a phone keeping the score at this evening, or one given its link for another table, can "
                "add a game to it."
            ),
        )
    return evening["id"]
