"""After the game: settling up, and the game rescored under other systems."""

from decimal import Decimal

from flask import Blueprint, abort, flash, redirect, render_template, request, url_for

from .. import rules, store
from scorekeeper.web.forms import SettlementForm, parse_payouts
from ..rules.money import ledger
from ..text import words
from ..rules.scoring.presets import system_title
from scorekeeper.rules.money.settlement import default_payouts
from scorekeeper.rules.scoring.ranks import in_rank_order
from scorekeeper.text.words import names_text
from ..text.words import _, ngettext, ordinal, word
from scorekeeper.web import money_lines
from scorekeeper.text.money_text import currency_of, payment_lines, payments_text
from scorekeeper.web.edit_keys import can_edit, require_edit
from scorekeeper.web.navigation import load_scored
from scorekeeper.web.writes import checked
from .table.writes import save

bp = Blueprint("settle", __name__)


def settle_text(game, scored, lines, currency=""):
    """Return the settlement as plain text to copy into a chat."""
    head = _(
        "Oh Hell %(date)s · %(system)s",
        date=words.day(game["created"]),
        system=system_title(scored["system"], scored.get("options")),
    )
    winners = scored["winner"]
    who = names_text(winners)
    text = [
        head,
        ngettext("Winner: %(names)s", "Winners: %(names)s", len(winners), names=who)
        if scored["finished"]
        else _("Leading: %(names)s", names=who),
    ]
    return "\n".join(text + payments_text(lines, scored["settlement"].get("pot"), currency))


def _settlement_form(game, loaded):
    """The form as the game stands: its stake with the decimals of the game's currency (none in yen)."""
    payouts = loaded.rules.payouts
    places = words.currency_places(currency_of(loaded.record))
    form = SettlementForm(
        revision=game["revision"],
        settlement=loaded.rules.settlement,
        stake=Decimal(str(loaded.rules.stake)).quantize(Decimal(1).scaleb(-places)),
        payouts=" ".join(f"{p:g}" for p in payouts) if payouts else "",
    )
    form.stake.places = places
    return form


@bp.route("/games/<game_id>/settle", methods=["GET", "POST"])
def settle(game_id):
    """Show who pays whom, in large type; the scorekeeper may change the method, stake and scale."""
    game, loaded, scored = load_scored(game_id)
    editor = can_edit(game)
    at_event = store.plays_event_table(store.get_db(), game_id)
    form = _settlement_form(game, loaded)
    if request.method == "POST":
        require_edit(game)
        if at_event:  # the write would be refused too (store/money.py): say why before anything is read
            abort(403, _(ledger.EVENT_TABLE))
        if checked(form, game):
            change_settlement(game, loaded, form)
        return redirect(url_for("settle.settle", game_id=game_id))
    currency = currency_of(loaded.record)
    lines = money_lines.coded(payment_lines(scored["settlement"]["payments"], currency), currency, game["created"])
    places = [ordinal(place) for place in range(2, len(loaded.players) + 1)]
    default_scale = " ".join(f"{p:g}" for p in default_payouts(len(loaded.players), 1))
    return render_template(
        "settle/settle.html",
        game=game,
        loaded=loaded,
        scored=scored,
        lines=lines,
        text=settle_text(game, scored, lines, currency),
        currency=currency,
        editor=editor and not at_event,
        at_event=_(ledger.EVENT_TABLE) if at_event else None,
        form=form,
        places=places,
        default_scale=default_scale,
        by_rank=in_rank_order(scored["ranks"]),
        evening_id=store.evening_of(store.get_db(), game_id),
    )


def change_settlement(game, loaded, form):
    """Send the settlement chosen on the form as the scorekeeper's tap `settle` (scorekeeper/taps/settlement.py:
    the engine's, within the site's stake ceiling); flash what happened."""
    try:
        payouts = parse_payouts(form.payouts.data, len(loaded.players))
    except ValueError as error:
        flash(_("Prospect's sliding scale: %(problem)s. Nothing was changed.", problem=error), "error")
        return
    save(
        game,
        loaded,
        "settle",
        method=form.settlement.data,
        stake=float(form.stake.data),
        payouts=None if payouts is None else [float(amount) for amount in payouts],
    )


def system_choices():
    """Return (value, label) for every system, and for each option alias ('Squared') as one more choice, labelled
    as a game played so is titled: 'Get Fred, squared (Oy Vey)'."""
    choices = []
    for system in rules.SYSTEMS:
        choices.append((system.id, system.name))
        presets = {}
        for alias, preset in system.option_aliases:
            presets.setdefault(tuple(sorted(preset.items())), []).append(alias)
        choices += [(aliases[0], system.title(dict(preset))) for preset, aliases in presets.items()]
    return choices


def rescored(loaded, value):
    """Return the game scored under another system (by id or option alias), or the reason it cannot be."""
    try:
        return rules.score(loaded, system=value), None
    except (rules.RecordError, ValueError, KeyError) as error:
        return None, word(error)


@bp.get("/games/<game_id>/compare")
def compare(game_id):
    """Show the game's totals under every system side by side, and one system's whole sheet; nothing is stored."""
    game, loaded, played = load_scored(game_id)
    choices = system_choices()
    rows = []
    for value, label in choices:
        scored, problem = rescored(loaded, value)
        rows.append({"value": value, "label": label, "scored": scored, "problem": problem})
    chosen = request.args.get("system", "")
    sheet = None
    if chosen:
        if chosen not in dict(choices):
            abort(404, _("No scoring system '%(name)s': pick one from the list.", name=chosen[:40]))
        sheet = next(row for row in rows if row["value"] == chosen)
    return render_template(
        "settle/compare.html",
        game=game,
        loaded=loaded,
        played=played,
        rows=rows,
        choices=choices,
        chosen=chosen,
        sheet=sheet,
        symbols=rules.SYMBOLS,
    )
