"""The table changes between hands: someone joins, leaves, sits out or comes back; the plan changes. Each change is
the scorekeeper's tap (views/table/writes.py), an action of the registry (scorekeeper/taps/table_changes.py), as the
actions API sends it."""

from flask import flash, redirect, render_template, request, url_for

from ... import rules
from scorekeeper.taps import registry
from scorekeeper.web.forms import TableForm
from ...rules import actions
from ...rules.actions import current_hand
from scorekeeper.web.edit_keys import require_edit
from scorekeeper.web.navigation import load_game
from scorekeeper.web.refusals import STALE
from scorekeeper.web.writes import form_refusal
from . import bp
from .writes import tap
from scorekeeper.text.words import _, word


@bp.route("/games/<game_id>/table", methods=["GET", "POST"])
def table_changes(game_id):
    """Change the table: someone arrives late, leaves or sits out; change the plan of hands."""
    game, loaded = load_game(game_id)
    require_edit(game)
    form = TableForm(revision=game["revision"])
    panel = request.args.get("open")
    problem = None
    if request.method == "POST":
        panel = "plan" if form.action.data in rules.PLAN_CHANGES else "arrive" if form.action.data == "arrive" else None
        problem = form_refusal(form, game)
        if problem is None:
            answer, problem = _change(game, loaded, form)
            if answer and answer["step"] == "over":  # ended here: the results, in one tap
                return redirect(url_for("table.over", game_id=game_id))
            if answer:
                return redirect(url_for("table.table_changes", game_id=game_id, open=panel))
        if problem == STALE or panel is None:
            # A seat's buttons hold nothing typed: say why on the current state.
            flash(word(problem), "error")
            return redirect(url_for("table.table_changes", game_id=game_id, open=panel))
    page = _table_page(game, loaded, form, panel, problem)
    return (page, 400) if problem else page


def _change(game, loaded, form):
    """Send the change the form asks for as the scorekeeper's tap, with the fields its action takes (a newcomer's
    seat link follows an arrival: taps/table_changes.py); (answer, None) or (None, why not)."""
    action = registry.BY_NAME.get(form.action.data) if form.action.data in actions.TABLE_CHANGES else None
    if action is None:
        return None, _("Choose what changes at the table.")
    typed = {
        "seat": form.seat.data,
        "name": form.name.data,
        "start": form.start.data,
        "total": None if form.total.data is None else float(form.total.data),  # a Decimal: JSON has numbers
        "position": form.position.data,
        "cards": form.cards.data,
    }
    return tap(game, loaded, action.name, **{use.field: typed[use.field] for use in action.fields})


def _table_page(game, loaded, form, panel, problem):
    """Draw the Table screen; a refused change comes back in its open panel with what was typed."""
    state = rules.table_state(game["record"])
    scored = rules.score(loaded)
    totals = rules.standing_totals(game["record"], scored["totals"])
    return render_template(
        "table/table.html",
        game=game,
        loaded=loaded,
        form=form,
        state=state,
        panel=panel,
        undealable=rules.undealable(loaded),
        problem=problem,
        joining={j["seat"]: j["total"] for j in state["joining"]},
        plan=loaded.plan(),
        done=rules.completed_hands(loaded),
        in_progress=current_hand(loaded) is not None,
        totals=totals,
        lowest=rules.starting_total(totals, state["left"], "lowest", lowest_wins=scored["lowest_wins"]),
        upcoming=actions.upcoming(loaded),
    )
