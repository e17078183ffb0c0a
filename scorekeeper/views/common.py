"""What the views share: the game and who may write it, checking a write form, storing an engine action.

A write is: form → engine action (`rules.actions`) → store → redirect straight to the screen
`rules.step` names, so each tap costs one POST and one GET. No view imports another view;
they all import this module.
"""

import re

from flask import abort, flash, redirect, render_template, request, url_for
from markupsafe import Markup

from .. import rules, store
from scorekeeper.web import money_lines
from scorekeeper.web.forms import csrf_failed, form_problems
from ..rules import RecordError, WrongStep, words
from scorekeeper.rules.settlement import POT
from scorekeeper.rules.sentences import party_name, payment_text
from ..rules.words import _, lazy_gettext

EDIT_COOKIE_AGE = 60 * 60 * 24 * 365
# Said in the reader's language where shown; flash str() of them (the session keeps plain text).
STALE = lazy_gettext("This game changed on another phone — here is the current state.")
READ_ONLY = lazy_gettext("This is a read-only link: only the scorekeeper's phone can change the game.")
EXPIRED = lazy_gettext("This form's security token is missing or has expired. "
                       "Go back, reload the page and try again; nothing was recorded.")


def cookie_name(game_id):
    return f"edit_{game_id}"


def give_edit_key(response, game_id, key):
    """Let this phone write the game from now on: the edit key in a cookie."""
    response.set_cookie(cookie_name(game_id), key, max_age=EDIT_COOKIE_AGE, httponly=True, samesite="Lax")
    return response


def load_game(game_id):
    """Return the stored game and its loaded record (cached per revision: read-only), or 404."""
    found = store.load_game(store.get_db(), game_id)
    if found is None:
        abort(404)
    return found


def load_scored(game_id):
    """Return the stored game, its loaded record and its scores (cached per revision: read-only), or 404."""
    found = store.scored_game(store.get_db(), game_id)
    if found is None:
        abort(404)
    return found


def can_edit(game):
    return store.may_edit(game, request.cookies.get(cookie_name(game["id"])))


def require_edit(game):
    if not can_edit(game):
        abort(403, READ_ONLY)


# The record's fields as the setup form names them.
FIELD_LABELS = {"rules.deals.max": lazy_gettext("N (largest hand)"), "rules.deals.sizes": lazy_gettext("Hand sizes"),
                "rules.deals.hands": lazy_gettext("Hands"), "rules.deals.decks": lazy_gettext("Decks"),
                "rules.deals": lazy_gettext("Deal"), "rules.stake": lazy_gettext("Stake"),
                "rules.payouts": lazy_gettext("Sliding scale"), "rules.options": lazy_gettext("System options"),
                "rules.settlement": lazy_gettext("Settlement")}
# A record's list fields in a player's words: "Cy's bid".
_SEAT_FIELDS = {"bids": lazy_gettext("%(name)s's bid"), "tricks": lazy_gettext("%(name)s's tricks"),
                "blind": lazy_gettext("%(name)s's blind bid")}


def explain(error, players):
    """Turn a RecordError's path into words a player reads: 'Hand 4, Cy's bid: ...'."""
    if error.path in FIELD_LABELS:
        return _("%(field)s: %(why)s", field=FIELD_LABELS[error.path], why=error.message)
    listed = re.fullmatch(r"(.*)\[(\d+)\]", error.path or "")
    if listed and listed.group(1) in FIELD_LABELS:  # 'rules.deals.sizes[0]' is the form's 'Hand sizes, number 1'
        return _("%(field)s, number %(number)s: %(why)s", field=FIELD_LABELS[listed.group(1)],
                 number=int(listed.group(2)) + 1, why=error.message)
    parts = [_path_words(segment, players) for segment in PATH_SEGMENT.findall(error.path or "")]
    text = _("%(field)s: %(why)s", field=", ".join(parts), why=error.message) if parts else error.message
    return text[0].upper() + text[1:]


PATH_SEGMENT = re.compile(r"([^.\[\]]+)((?:\[\d+\])*)")
# A record's keys as a player says them; a key not here is shown as it is (an option's id, say).
PATH_WORDS = {"players": lazy_gettext("players"), "hands": lazy_gettext("hands"), "bids": lazy_gettext("bids"),
              "tricks": lazy_gettext("tricks"), "blind": lazy_gettext("blind bids"), "trump": lazy_gettext("trump"),
              "dealer": lazy_gettext("dealer"), "cards": lazy_gettext("cards"), "points": lazy_gettext("points"),
              "penalties": lazy_gettext("penalties"), "reason": lazy_gettext("reason"), "seat": lazy_gettext("seat"),
              "player": lazy_gettext("player"), "rules": lazy_gettext("rules"), "scoring": lazy_gettext("system"),
              "options": lazy_gettext("system options"), "modifiers": lazy_gettext("modifiers"),
              "hook": lazy_gettext("hook"), "hook_from": lazy_gettext("hook from N cards"),
              "bidding": lazy_gettext("bidding"), "deals": lazy_gettext("deal"), "pattern": lazy_gettext("pattern"),
              "max": lazy_gettext("N (largest hand)"), "sizes": lazy_gettext("hand sizes"),
              "decks": lazy_gettext("decks"), "full_deal": lazy_gettext("largest hand with every card"),
              "stake": lazy_gettext("stake"), "currency": lazy_gettext("currency"),
              "settlement": lazy_gettext("settlement"), "payouts": lazy_gettext("sliding scale"),
              "date": lazy_gettext("date"), "note": lazy_gettext("note"), "history": lazy_gettext("history"),
              "version": lazy_gettext("version"), "language": lazy_gettext("language"),
              "money": lazy_gettext("money"), "entry_fee": lazy_gettext("entry fee"), "split": lazy_gettext("prizes"),
              "format": lazy_gettext("format"), "name": lazy_gettext("name"), "seed": lazy_gettext("seed"),
              "withdrawn": lazy_gettext("withdrawn")}
# A list's item as a player says it: "hand 4", or, for a seat's entry, "Cy's bid".
_NUMBERED = {"players": lazy_gettext("player %(number)s"), "hands": lazy_gettext("hand %(number)s"),
             "penalties": lazy_gettext("penalty %(number)s"), "modifiers": lazy_gettext("modifier %(number)s"),
             "sizes": lazy_gettext("hand size %(number)s"),
             "rounds": lazy_gettext("round %(number)s"), "tables": lazy_gettext("table %(number)s"),
             "seats": lazy_gettext("seat %(number)s")}


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
    return error.message if error.message[:1].isupper() else explain(error, players)


def checked(form, game):
    """Validate a write form: refuse a bad token (400); False with a message on a stale revision."""
    if not form.validate():
        if csrf_failed(form):
            abort(400, EXPIRED)
        flash(form_problems(form), "error")
        return False
    if form.revision.data != str(game["revision"]):
        flash(str(STALE), "error")
        return False
    return True


def perform(game, loaded, action, *args, **kwargs):
    """Run an engine action on the game, store what it made and flash its message: return (outcome, None),
    or (None, why not).

    Nothing is stored when the engine refuses, the record breaks its rules, or another phone wrote first.
    """
    try:
        outcome = action(loaded, *args, **kwargs)
    except RecordError as error:
        return None, refusal_text(error, loaded.players)
    kind, payload = outcome.entry
    try:
        # The action loaded (and so validated) its record once; the game it was made on was read in a generation.
        store.append_entry(store.get_db(), game["id"], kind, payload, outcome.record, game["revision"],
                           loaded=outcome.game, generation_number=game.get("generation"))
    except RecordError as error:
        return None, explain(error, outcome.record["players"])
    except store.StaleRevision:
        return None, STALE
    if outcome.message:
        flash(outcome.message, "info")
    return outcome, None


def save(game, loaded, action, *args, **kwargs):
    """Perform an action, flashing why when it is refused; return the outcome or None."""
    outcome, problem = perform(game, loaded, action, *args, **kwargs)
    if problem:
        flash(str(problem), "error")
    return outcome


def form_refusal(form, game):
    """Validate a write form whose values must survive a refusal: None when it may be stored, else the problem.

    A bad token is a 400 page; on a stale revision the table's current screen is shown instead.
    """
    if not form.validate():
        if csrf_failed(form):
            abort(400, EXPIRED)
        return form_problems(form)
    if form.revision.data != str(game["revision"]):
        abort(moved_on(game["id"]))
    return None


def refused(template, problem, page):
    """Show the form again with what was typed and why it was refused; a stale page goes to the current screen."""
    if problem == STALE:
        flash(str(STALE), "error")
        return screen(page["game"]["id"])
    return render_template(template, problem=problem, **page), 400


def penalty_from(form):
    """Return the penalty entered on a tricks or correction form (no points: the engine takes the reason's), or None."""
    if form.penalty_seat.data in ("", None):
        return None
    points = form.penalty_points.data
    return {"seat": int(form.penalty_seat.data), "reason": form.penalty_reason.data,
            "points": float(points) if points is not None else None}


def screen(game_id, loaded=None):
    """Redirect straight to the screen the table is on, as `rules.step` names it (the stored game if not given)."""
    if loaded is None:
        _game, loaded = load_game(game_id)
    return redirect(url_for(f"table.{rules.step(loaded)}", game_id=game_id))


def open_step(game_id, name):
    """Return (game, loaded) for the editor on this step of the hand; elsewhere, go where the table is.

    A write posted from a screen the table has left is stale: nothing is stored and the message says so.
    """
    game, loaded = load_game(game_id)
    require_edit(game)
    if rules.step(loaded) != name:
        abort(moved_on(game_id, loaded))
    return game, loaded


def moved_on(game_id, loaded=None):
    """Send a screen the table has left to the current one; a write from it is stale."""
    if request.method == "POST":
        flash(str(STALE), "error")
    return screen(game_id, loaded)


# ---- money and charts, on several pages ----------------------------------------------------------

def money(amount, currency=""):
    """Show an amount of money the reader's way, in the game's currency: 2.50, € 2,50 ("" for points)."""
    return words.money(amount, currency)


def net(amount, currency=""):
    """Show a net amount of money with its sign where the locale puts it: +2.50, -2.50, 0.00 (€ -2,50 in Dutch)."""
    return words.signed_money(amount, currency)


def currency_of(record):
    """Return the stake's currency of a game record: an ISO 4217 code, or "" for a stake in points."""
    return (record.get("rules") or {}).get("currency") or ""


def payment_lines(payments, currency="", day=None):
    """Return the payments as {from, to, amount, pot, text}: 'Bob pays Ann 2.50'; pot: "from", "to" or None. A
    euro line to a payee who gave an IBAN also has the `iban` and `epc` code when this browser sits at a table
    with them (the rule of /money, web/money_lines.py); its remittance names the `day`."""
    lines = [{"from": party_name(p["from"], start=True), "to": party_name(p["to"]), "amount": p["amount"],
              "pot": "from" if p["from"] == POT else "to" if p["to"] == POT else None,
              "text": payment_text(p, currency)} for p in payments]
    if currency != "EUR" or not lines:
        return lines
    db = store.get_db()
    return money_lines.with_codes(db, lines, currency, money_lines.viewer_players(db, request.cookies), day)


def payments_text(lines, pot=None, currency=""):
    """Return the lines of text that say who pays whom, and what is left in the pot."""
    text = [line["text"] for line in lines] or [_("Nobody owes anything.")]
    if pot is not None:
        text.append(_("Left in the pot: %(amount)s", amount=money(pot, currency)))
    return text


def chart(svg):
    """Mark an SVG from charts.py as safe to put in a page: it escapes every name itself."""
    return Markup(svg)
