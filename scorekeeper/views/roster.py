"""The club's roster (issue 42), the owner's: every player by their display name, the spellings merged into each,
merging one spelling into a player ("jose" into "José") and renaming a player. What a merge and a rename do to the
club's record is the store's (store/roster.py, docs/decisions/0040-one-roster-and-merged-spellings.md)."""

from flask import Blueprint, abort, flash, redirect, render_template, request, url_for
from wtforms import StringField, validators

from scorekeeper import store
from scorekeeper.web.forms import BaseForm, csrf_failed
from scorekeeper.web.owner import owner_required
from scorekeeper.web.refusals import EXPIRED
from ..rules.game import limits, names
from ..text.words import _, lazy_gettext, word

bp = Blueprint("roster", __name__)


class MergeForm(BaseForm):
    spelling = StringField(lazy_gettext("Merge this spelling"), [validators.InputRequired()])
    into = StringField(lazy_gettext("into this player"), [validators.InputRequired()])


class RenameForm(BaseForm):
    name = StringField(lazy_gettext("Rename this player"), [validators.InputRequired()])
    new = StringField(lazy_gettext("New name"), [validators.InputRequired()])


def _typed(field):
    """The name typed in a field, kept as names are kept; None (with the reason flashed) when it is no name."""
    typed = (field.data or "").strip()
    problem = names.problem(typed) if typed else _("is empty")
    if not problem and len(typed) > limits.MAX_NAME:
        problem = _("has at most %(most)d characters", most=limits.MAX_NAME)
    if problem:
        flash(_("%(field)s: %(problem)s.", field=field.label.text, problem=problem), "error")
        return None
    return names.player_name(typed)


def _posted(form, *fields):
    """The form's two names, or None when the form was refused (a stale token is a 400)."""
    if not form.validate() and csrf_failed(form):
        abort(400, EXPIRED)
    first, second = (_typed(field) for field in fields)
    return (first, second) if first and second else None


@bp.get("/owner/roster")
@owner_required
def roster():
    """The roster: the members first, then everyone else who has played here, each with their merged spellings
    and games; the forms to merge and to rename; the changes made."""
    db = store.get_db()
    players = store.roster(db)
    merged = store.spellings(db)
    games = dict(db.execute("select key, played from player_summary").fetchall())
    rows = [dict(row, spellings=merged.get(row["key"], []), games=games.get(row["key"], 0)) for row in players]
    return render_template(
        "members/roster.html",
        rows=rows,
        merge_form=MergeForm(),
        rename_form=RenameForm(),
        changes=store.roster_changes(db),
    )


@bp.post("/owner/roster/merge")
@owner_required
def merge():
    """Merge a spelling (a player's name typed otherwise) into a player: their games, ratings, season lines,
    payments and IBAN are one player's from now on."""
    form = MergeForm(request.form)
    names_typed = _posted(form, form.spelling, form.into)
    if names_typed:
        spelling, into = names_typed
        try:
            _key, shown = store.merge_players(store.get_db(), spelling, into)
        except store.RosterError as error:
            flash(word(error.message), "error")
        else:
            flash(
                _(
                    "%(spelling)s is merged into %(name)s: their games, ratings, season lines and payments are "
                    "%(name)s's now.",
                    spelling=spelling,
                    name=shown,
                ),
                "info",
            )
    return redirect(url_for("roster.roster"))


@bp.post("/owner/roster/rename")
@owner_required
def rename():
    """Give a player another display name: every page, season table, money line and EPC code shows it."""
    form = RenameForm(request.form)
    names_typed = _posted(form, form.name, form.new)
    if names_typed:
        name, new = names_typed
        try:
            store.rename_player(store.get_db(), name, new)
        except store.RosterError as error:
            flash(word(error.message), "error")
        else:
            flash(_("%(name)s is called %(new)s now.", name=name, new=new), "info")
    return redirect(url_for("roster.roster"))


@bp.post("/owner/roster/split")
@owner_required
def split():
    """Undo a merge: the spelling is a player of their own again, with what was typed under it."""
    form = BaseForm(request.form)
    if not form.validate() and csrf_failed(form):
        abort(400, EXPIRED)
    try:
        shown, typed = store.split_player(store.get_db(), request.form.get("spelling", ""))
    except store.RosterError as error:
        flash(word(error.message), "error")
    else:
        flash(
            _(
                "%(spelling)s is a player of their own again: the games typed so are no longer %(name)s's.",
                spelling=typed,
                name=shown,
            ),
            "info",
        )
    return redirect(url_for("roster.roster"))
