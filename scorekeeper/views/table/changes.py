"""The table changes between hands: someone joins, leaves, sits out or comes back; the plan changes."""

from flask import flash, redirect, render_template, request, url_for

from ... import rules, store
from scorekeeper.web.forms import TableForm
from ...rules import actions
from ...rules.actions import current_hand
from scorekeeper.web.edit_keys import require_edit
from scorekeeper.web.navigation import load_game
from scorekeeper.web.refusals import STALE
from scorekeeper.web.writes import form_refusal, perform
from . import bp
from scorekeeper.text.words import word


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
            outcome, problem = perform(
                game,
                loaded,
                actions.table_change,
                form.action.data,
                seat=form.seat.data,
                name=form.name.data,
                start=form.start.data,
                total=form.total.data,
                position=form.position.data,
                cards=form.cards.data,
            )
            if outcome and form.action.data == "arrive":
                # Where the players bid from their phones, the newcomer gets a seat link too (the Share panel).
                left = set(rules.table_state(outcome.record)["left"])
                store.offer_seats_too(
                    store.get_db(), game_id, [s for s in range(len(outcome.record["players"])) if s not in left]
                )
            if outcome and rules.step(outcome.game) == "over":  # ended here: the results, in one tap
                return redirect(url_for("table.over", game_id=game_id))
            if outcome:
                return redirect(url_for("table.table_changes", game_id=game_id, open=panel))
        if problem == STALE or panel is None:
            # A seat's buttons hold nothing typed: say why on the current state.
            flash(word(problem), "error")
            return redirect(url_for("table.table_changes", game_id=game_id, open=panel))
    page = _table_page(game, loaded, form, panel, problem)
    return (page, 400) if problem else page


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
