"""Export games as CSV and JSON, and import the JSON back: a bad file is refused whole."""

import re

from flask import Blueprint, Response, abort, current_app, flash, redirect, render_template, request, url_for

from .. import exports, rules, store
from ..forms import ImportForm, csrf_failed, form_problems
from . import table

bp = Blueprint("transfer", __name__)

BOM = "\ufeff"  # Excel reads a CSV as UTF-8 only when it starts with this mark
ISO_DATE = re.compile(r"\d{4}-\d{2}-\d{2}([T ][\d:.+\-Z]{0,25})?$")
# A browser keeps about 180 cookies per site: the edit keys of a huge import would push others out.
MAX_EDIT_COOKIES = 100


def csv_response(text, filename):
    """Send CSV text with the byte-order mark, as a download."""
    return Response(BOM + text, mimetype="text/csv",
                    headers={"Content-Disposition": f'attachment; filename="{filename}"'})


def meta(game):
    return {"id": game["id"], "date": game["created"]}


@bp.get("/games/<game_id>/export.csv")
def game_csv(game_id):
    """Send one game as CSV: one row per hand and player."""
    game, loaded = table.load_game(game_id)
    text = exports.game_csv(rules.score(loaded), meta(game))
    return csv_response(text, f"oh-hell-{game['created'][:10]}-{game_id[:6]}.csv")


@bp.get("/export/games.csv")
def all_csv():
    """Send every game as CSV, oldest first."""
    games = store.games_in_order(store.get_db())
    text = exports.games_csv([(meta(game), rules.score(rules.load(game["record"]))) for game in games])
    return csv_response(text, "oh-hell-games.csv")


@bp.get("/export/games.json")
def all_json():
    """Send every game record, with its date and evening as extra keys, in one JSON document."""
    db = store.get_db()
    records = [dict(game["record"], date=game["created"], evening=store.evening_of(db, game["id"]))
               for game in store.games_in_order(db)]
    return Response(exports.games_json(records), mimetype="application/json",
                    headers={"Content-Disposition": 'attachment; filename="oh-hell-games.json"'})


def import_games(db, records):
    """Store the records as new games in one transaction; games of one exported evening share a new one."""
    made, evenings = [], {}
    with db.atomic():
        for record in records:
            record = dict(record)
            date, evening = record.pop("date", None), record.pop("evening", None)
            created = date if isinstance(date, str) and ISO_DATE.match(date) else None
            game_id, edit_key = store.create_game(db, record, evenings.get(evening) if evening else None, created)
            if evening:
                evenings.setdefault(evening, store.evening_of(db, game_id))
            made.append((game_id, edit_key))
    return made


def refuse(form, message):
    return render_template("settle/import.html", form=form, error=message), 400


@bp.route("/import", methods=["GET", "POST"])
def import_page():
    """Import games from a JSON export; a bad file is refused with what is wrong and nothing imported."""
    form = ImportForm()
    if request.method == "GET":
        return render_template("settle/import.html", form=form, error=None)
    if not form.validate():
        abort(400, "This form's security token is missing or has expired. "
                   "Go back, reload the page and try again; nothing was imported." if csrf_failed(form)
              else form_problems(form))
    upload = request.files.get("file")
    if upload is None or not upload.filename:
        return refuse(form, "Choose a file to import: a JSON export of the scorekeeper.")
    try:
        records = exports.parse_import(upload.read())
    except rules.RecordError as error:
        return refuse(form, f"This file cannot be imported: {error}. Nothing was imported.")
    if not records:
        return refuse(form, "This file holds no games. Nothing was imported.")
    made = import_games(store.get_db(), records)
    flash(f"Imported {len(made)} game{'s' if len(made) != 1 else ''}."
          + (f" This phone may edit the newest {MAX_EDIT_COOKIES}." if len(made) > MAX_EDIT_COOKIES else ""), "info")
    response = redirect(url_for("table.home"))
    for game_id, edit_key in made[-MAX_EDIT_COOKIES:]:
        response.set_cookie(table.cookie_name(game_id), edit_key, max_age=table.EDIT_COOKIE_AGE, httponly=True,
                            samesite="Lax")
    return response


@bp.app_errorhandler(413)
def too_large(error):
    """Refuse an upload that is too large, saying how large it may be."""
    limit = current_app.config.get("MAX_CONTENT_LENGTH") or 0
    error.description = (f"That file is too large: at most {limit / (1024 * 1024):g} MB may be uploaded. "
                         "Export fewer games, or split the file. Nothing was imported.")
    if request.path.startswith("/api/"):
        return {"error": error.description, "field": None}, 413
    return render_template("error.html", error=error), 413
