"""Export games as CSV and JSON, and import the JSON back: a bad file is refused whole."""

import re

from flask import Blueprint, Response, abort, flash, redirect, render_template, request, url_for

from .. import exports, rules, store
from ..forms import ImportForm, csrf_failed, form_problems
from .common import give_edit_key, load_scored

bp = Blueprint("transfer", __name__)

BOM = "\ufeff"  # Excel reads a CSV as UTF-8 only when it starts with this mark
ISO_DATE = re.compile(r"\d{4}-\d{2}-\d{2}([T ][\d:.+\-Z]{0,25})?$")
# A browser keeps about 180 cookies per site: the edit keys of a huge import would push others out.
MAX_EDIT_COOKIES = 100


# Names the stored games an export of every game left out because they cannot be read (16.8).
DAMAGED_HEADER = "X-Scorekeeper-Damaged-Games"


def damaged_header(damaged):
    return {DAMAGED_HEADER: ", ".join(game_id for game_id, _problem in damaged)} if damaged else {}


def csv_response(text, filename, headers=None):
    """Send CSV text with the byte-order mark, as a download."""
    return Response(BOM + text, mimetype="text/csv",
                    headers={"Content-Disposition": f'attachment; filename="{filename}"', **(headers or {})})


def meta(game):
    return {"id": game["id"], "date": game["created"]}


@bp.get("/games/<game_id>/export.csv")
def game_csv(game_id):
    """Send one game as CSV: one row per hand and player."""
    game, _loaded, scored = load_scored(game_id)
    text = exports.game_csv(scored, meta(game))
    return csv_response(text, f"oh-hell-{game['created'][:10]}-{game_id[:6]}.csv")


@bp.get("/export/games.csv")
def all_csv():
    """Send every game as CSV, oldest first; a stored game that cannot be read is left out and named."""
    damaged, scored = [], []
    for game in store.games_in_order(store.get_db(), damaged):
        try:
            scored.append((meta(game), rules.score(rules.load(game["record"]))))
        except rules.RecordError as error:
            damaged.append((game["id"], str(error)))
    return csv_response(exports.games_csv(scored), "oh-hell-games.csv", damaged_header(damaged))


@bp.get("/export/games.json")
def all_json():
    """Send every game record with its date, evening, id and whole history (never an edit key).

    A stored game whose record cannot be read is left out, and named in the document's "damaged" list.
    """
    damaged = []
    entries = exports.export_entries(store.get_db(), damaged=damaged)
    return Response(exports.games_json(entries, damaged), mimetype="application/json",
                    headers={"Content-Disposition": 'attachment; filename="oh-hell-games.json"',
                             **damaged_header(damaged)})


def import_games(db, records):
    """Store the records in one transaction, at their exported ids when free; evenings stay together."""
    made, evenings = [], {}
    with db.atomic():
        for entry in records:
            record = {key: value for key, value in entry.items() if key not in exports.META_KEYS}
            date, evening = entry.get("date"), entry.get("evening")
            created = date if isinstance(date, str) and ISO_DATE.match(date) else None
            game_id, edit_key = store.import_game(
                db, record, created, evening_id=evenings.get(evening),
                new_evening_id=evening if evening and evening not in evenings else None,
                game_id=entry.get("id"), edit_key=entry.get("edit_key"), history=entry.get("history"))
            if evening:
                evenings.setdefault(evening, store.evening_of(db, game_id))
            made.append((game_id, edit_key))
    return made


def refuse(form, message):
    return render_template("transfer/import.html", form=form, error=message), 400


@bp.route("/import", methods=["GET", "POST"])
def import_page():
    """Import games from a JSON export; a bad file is refused with what is wrong and nothing imported."""
    form = ImportForm()
    if request.method == "GET":
        return render_template("transfer/import.html", form=form, error=None)
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
    flash(f"Imported {rules.counted(len(made), 'game')}."
          + (f" This phone may edit the newest {MAX_EDIT_COOKIES}." if len(made) > MAX_EDIT_COOKIES else ""), "info")
    response = redirect(url_for("table.home"))
    for game_id, edit_key in made[-MAX_EDIT_COOKIES:]:
        give_edit_key(response, game_id, edit_key)
    return response
