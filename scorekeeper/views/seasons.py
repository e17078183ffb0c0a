"""Seasons (issue 27): a club names a season and gets its table as a page (a big screen too, following the
games as they finish), a PDF for the wall, a CSV and the API."""

import csv
import io
import json

from flask import Blueprint, Response, abort, flash, jsonify, redirect, render_template, request, url_for
from markupsafe import Markup

from .. import printing, store
from scorekeeper.cache import kept as kept_values
from scorekeeper.store import generation
from scorekeeper.web.i18n import current_language
from scorekeeper.store.exports import neutralise
from scorekeeper.text.evening_names import evening_name
from scorekeeper.web.forms import BaseForm, SeasonForm, csrf_failed, form_problems
from scorekeeper.web.owner import NotOwner, is_owner
from ..rules.game import limits
from ..rules.club import seasons
from ..text.words import _, word
from scorekeeper.web.refusals import EXPIRED
from ..rules.said import json_default

bp = Blueprint("seasons", __name__)
CSV_COLUMNS = ("place", "player", "games", "played", "wins", "points", "per_game", "bids_made", "rating")


def _choices(form, db):
    form.evenings.choices = [(row["id"], evening_name(row)) for row in store.list_evenings(db, 50)]
    form.events.choices = [(row["id"], row["name"] or row["id"]) for row in store.list_events(db)]
    return form


def season_of(season_id):
    """The season and its table, or 404. The table is kept per results revision: a page view after no change
    reads it from the cache, so a club of thousands of games is served as fast as a club of ten."""
    db = store.get_db()
    season = store.get_season(db, season_id)
    if season is None:
        abort(404, _("There is no such season."))
    # The one cache (cache/kept.py): the database's generation, the season as defined now (the owner may change
    # it), its games' results revision.
    defined = [season[field] for field in ("starts", "ends", "best", "evenings", "events")]
    key = kept_values.Key(
        db.path,
        generation.current(db),
        f"season/{season_id}",
        json.dumps([store.results_revision(db), defined]),
        kind="season",
    )
    kept = kept_values.get(key)
    if kept is not None:
        return season, json.loads(kept), key
    rated = store.ratings_at(db, season["ends"] + "~")  # "~" sorts after any time of the last day
    rows = seasons.season_table(store.season_games(db, season), season["best"], rated)
    kept_values.put(key, json.dumps(rows, default=json_default))
    return season, rows, key


def table_html(rows, key):
    """The season's table as the page shows it, kept like the rows (and per language): a table of sixty
    regulars says some three hundred numbers the reader's way."""
    key = key._replace(language=current_language(), kind="season table")
    kept = kept_values.get(key)
    if kept is None:
        kept = kept_values.put(key, render_template("seasons/_table.html", rows=rows))
    return Markup(kept)


@bp.route("/seasons", methods=["GET", "POST"])
def seasons_list():
    """List the seasons; the owner may name a new one: from, to, best N, only chosen evenings or events."""
    db = store.get_db()
    form = _choices(SeasonForm(), db)
    if request.method == "GET":
        return render_template("seasons/list.html", seasons=store.list_seasons(db), form=form)
    checked = _checked(form)
    if checked is None:
        return render_template("seasons/list.html", seasons=store.list_seasons(db), form=form), 400
    season_id = store.create_season(db, *checked)
    return redirect(url_for("seasons.season", season_id=season_id))


@bp.route("/seasons/<season_id>/edit", methods=["GET", "POST"])
def edit(season_id):
    """The owner changes a season: its name, days, best N, evenings or events; its table follows."""
    db = store.get_db()
    season = store.get_season(db, season_id)
    if season is None:
        abort(404, _("There is no such season."))
    if not is_owner():
        raise NotOwner()
    form = _choices(SeasonForm(data=season if request.method == "GET" else None), db)
    if request.method == "GET":
        return render_template("seasons/edit.html", season=season, form=form)
    checked = _checked(form)
    if checked is None:
        return render_template("seasons/edit.html", season=season, form=form), 400
    store.update_season(db, season_id, *checked)
    flash(_("The season is saved."), "info")
    return redirect(url_for("seasons.season", season_id=season_id))


@bp.post("/seasons/<season_id>/delete")
def delete(season_id):
    """The owner deletes a season: its table goes, its games stay as they are."""
    db = store.get_db()
    season = store.get_season(db, season_id)
    if season is None:
        abort(404, _("There is no such season."))
    if not is_owner():
        raise NotOwner()
    if not BaseForm().validate():
        abort(400, EXPIRED)
    store.delete_season(db, season_id)
    flash(_("Season %(name)s deleted; its games stay as they are.", name=season["name"]), "info")
    return redirect(url_for("seasons.seasons_list"))


def _checked(form):
    """The season's fields from a posted form (name, starts, ends, best, evenings, events), or None after
    flashing what to fix. Only the owner names or changes a season."""
    if not is_owner():
        raise NotOwner()
    if not form.validate():
        if csrf_failed(form):
            abort(400, EXPIRED)
        flash(form_problems(form), "error")
        return None
    try:
        starts = limits.checked_date(form.starts.data.strip(), "starts")
        ends = limits.checked_date(form.ends.data.strip(), "ends")
        name = limits.checked_note(form.name.data, "name")
    except limits.LimitError as error:
        field = getattr(form, error.path)
        flash(_("%(field)s: %(problem)s.", field=field.label.text, problem=word(error.message)), "error")
        return None
    if ends < starts or not name:
        flash(_("A season needs a name, and its last day must be on or after its first."), "error")
        return None
    return name, starts, ends, form.best.data, form.evenings.data, form.events.data


@bp.get("/seasons/<season_id>")
def season(season_id):
    """Show the season's table; `?screen=1` is the big screen for the club's TV, following the games."""
    found, rows, key = season_of(season_id)
    template = "seasons/screen.html" if request.args.get("screen") else "seasons/season.html"
    return render_template(template, season=found, table=table_html(rows, key), revision=json.loads(key.tag)[0])


@bp.get("/seasons/<season_id>/revision")
def revision(season_id):
    """Say what the results stand at (JSON), for the season's page to reload once a game finishes."""
    if store.get_season(store.get_db(), season_id) is None:
        abort(404)
    return jsonify(revision=store.results_revision(store.get_db()))


@bp.get("/seasons/<season_id>/season.pdf")
def season_pdf(season_id):
    """The season's table as a PDF to pin on the wall."""
    found, rows, _key = season_of(season_id)
    return Response(
        printing.season_pdf(found, rows),
        mimetype="application/pdf",
        headers={"Content-Disposition": f'inline; filename="season-{season_id}.pdf"'},
    )


@bp.get("/seasons/<season_id>/season.csv")
def season_csv(season_id):
    """The season's table as CSV, for a spreadsheet."""
    _found, rows, _key = season_of(season_id)
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\r\n")
    writer.writerow(CSV_COLUMNS)
    for row in rows:
        writer.writerow([neutralise(row[column]) for column in CSV_COLUMNS])
    return Response(
        out.getvalue(),
        mimetype="text/csv",
        headers={"Content-Disposition": f'attachment; filename="season-{season_id}.csv"'},
    )


@bp.get("/api/seasons/<season_id>")
def api_season(season_id):
    """The season and its table, as JSON."""
    found, rows, _key = season_of(season_id)
    return jsonify(
        id=found["id"],
        name=found["name"],
        starts=found["starts"],
        ends=found["ends"],
        best=found["best"],
        evenings=found["evenings"],
        events=found["events"],
        table=rows,
    )
