"""Mistakes: undo the last action, correct a recorded hand."""

from flask import abort, redirect, render_template, request, url_for

from scorekeeper import rules
from scorekeeper.text.display import trump_name
from scorekeeper.web.forms import RevisionForm, edit_hand_form
from ...text.words import _
from scorekeeper.web.edit_keys import require_edit
from scorekeeper.web.navigation import load_game, screen
from scorekeeper.web.writes import checked, form_refusal, penalty_from, refused
from . import bp
from .writes import penalties, save, tap


@bp.post("/games/<game_id>/undo")
def undo(game_id):
    """Undo the last action; the undone action stays in the history."""
    game, loaded = load_game(game_id)
    require_edit(game)
    form = RevisionForm()
    if checked(form, game):  # nothing to undo, a confirmed round's locked table: said as refused
        save(game, loaded, "undo")
    return screen(game_id)


@bp.route("/games/<game_id>/hands/<int:number>/edit", methods=["GET", "POST"])
def edit_hand(game_id, number):
    """Correct a recorded hand; everything after it is rescored and the old version kept."""
    game, loaded = load_game(game_id)
    require_edit(game)
    if not 1 <= number <= len(loaded.hands) or not loaded.hands[number - 1].complete:
        abort(404)
    raw = game["record"]["hands"][number - 1]
    n = len(loaded.players)
    values = {f"bid_{s}": raw["bids"][s] for s in range(n)} | {f"took_{s}": raw["tricks"][s] for s in range(n)}
    form = edit_hand_form(loaded.players, raw, loaded.rules.system.id)(
        revision=game["revision"], trump=raw.get("trump") or "", **values
    )
    form.trump.choices = [("", _("unknown"))] + [
        (trump, trump_name(trump)) for trump in rules.TRUMPS
    ]  # ids stay values
    page = dict(
        game=game,
        loaded=loaded,
        form=form,
        number=number,
        raw=raw,
        penalties=raw.get("penalties") or [],
        out=raw.get("out") or [],
        order=rules.bidding_order(raw["dealer"], n, raw.get("out") or []),
    )
    if request.method == "POST":
        problem = form_refusal(form, game)
        if problem is None:
            bids = [getattr(form, f"bid_{s}").data for s in range(n)]
            took = [getattr(form, f"took_{s}").data for s in range(n)]
            dropped = [i for i in range(len(page["penalties"])) if getattr(form, f"drop_penalty_{i}").data]
            answer, problem = tap(
                game,
                loaded,
                "correct",
                hand=number,
                bids=bids,
                tricks=took,
                trump=form.trump.data or None,
                drop_penalties=dropped,
                penalties=penalties(penalty_from(form)),
            )
            if answer:
                return redirect(url_for("table.sheet", game_id=game_id))
        return refused("table/edit.html", problem, page)
    return render_template("table/edit.html", **page)
