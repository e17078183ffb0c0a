"""Export games as CSV and JSON, and import the JSON back: a bad file is refused whole."""

import itertools
import re

from flask import Blueprint, Response, abort, flash, redirect, render_template, request, url_for

from scorekeeper.store import exports
from scorekeeper import rules, store
from scorekeeper.serving import slots
from scorekeeper.web.forms import ImportForm, csrf_failed, form_problems
from scorekeeper.web import stakes
from scorekeeper.web.owner import owner_required
from ..text.words import _, lazy_gettext, ngettext
from scorekeeper.web.edit_keys import give_edit_key
from scorekeeper.web.navigation import load_scored

bp = Blueprint("transfer", __name__)

BOM = "\ufeff"  # Excel reads a CSV as UTF-8 only when it starts with this mark
ISO_DATE = re.compile(r"\d{4}-\d{2}-\d{2}([T ][\d:.+\-Z]{0,25})?", re.ASCII)
# A whole export is read and sent a page of games at a time, on this thread's own connection (no request
# context needed once the view returns); at most two at once, a third is told to try again (503).
EXPORT_SLOTS = slots.Slots(
    2, 0.5, lazy_gettext("two exports of every game are being sent already; try again in a few seconds")
)


# Names the stored games an export of every game left out because they cannot be read (16.8).
DAMAGED_HEADER = "X-Scorekeeper-Damaged-Games"


def damaged_header(damaged):
    return {DAMAGED_HEADER: ", ".join(game_id for game_id, _problem in damaged)} if damaged else {}


def csv_response(text, filename, headers=None):
    """Send CSV text with the byte-order mark, as a download."""
    return Response(
        BOM + text,
        mimetype="text/csv",
        headers={"Content-Disposition": f'attachment; filename="{filename}"', **(headers or {})},
    )


def score_or_none(game):
    """The game scored, or None when its stored record breaks its rules (an export leaves it out)."""
    try:
        return rules.score(rules.load(game["record"]))
    except rules.RecordError:
        return None


def meta(game):
    """The CSV's columns beside the hands: the game's id, its date (its own, else when it was set up), its note."""
    about = rules.actions.about_of(game["record"])
    own_date = game["record"].get(rules.actions.DATE_KEY)
    return {
        "id": game["id"],
        "date": own_date if isinstance(own_date, str) else game["created"],
        "note": about["note"] or None,
    }


@bp.get("/games/<game_id>/export.csv")
def game_csv(game_id):
    """Send one game as CSV: one row per hand and player."""
    game, _loaded, scored = load_scored(game_id)
    text = exports.game_csv(scored, meta(game))
    return csv_response(text, f"oh-hell-{game['created'][:10]}-{game_id[:6]}.csv")


@bp.get("/export/games.csv")
@owner_required
def all_csv():
    """Send every game as CSV, oldest first, a game at a time; a stored game that cannot be read is left out.

    The header names the games whose stored text is unreadable (found before the first byte is sent).
    """
    db = store.get_db()
    headers = {
        "Content-Disposition": 'attachment; filename="oh-hell-games.csv"',
        **damaged_header(store.unreadable_games(db)),
    }
    games = (
        (meta(game), scored)
        for game in store.games_in_pages(db, damaged=[])
        if (scored := score_or_none(game)) is not None
    )
    body = EXPORT_SLOTS.streamed(itertools.chain([BOM], exports.csv_chunks(games)))
    return Response(body, mimetype="text/csv", headers=headers)


@bp.get("/export/games.json")
@owner_required
def all_json():
    """Send every game record with its date, evening, id and whole history (never an edit key), a game at a time,
    then the club's record: evenings, events, seasons, payments, members and the roster (never a key or an IBAN).

    A stored game whose record cannot be read is left out, and named in the header and the document's
    "damaged" list.
    """
    db, damaged = store.get_db(), []
    headers = {
        "Content-Disposition": 'attachment; filename="oh-hell-games.json"',
        **damaged_header(store.unreadable_games(db)),
    }
    body = EXPORT_SLOTS.streamed(exports.export_document(db, damaged=damaged))
    return Response(body, mimetype="application/json", headers=headers)


def created_of(entry):
    """The date an imported game keeps: its export's, when it is an ISO date."""
    date = entry.get("date")
    return date if isinstance(date, str) and ISO_DATE.fullmatch(date) else None


def import_games(db, records, club=None):
    """Store the records and the club's record, all or nothing, a chunk at a time (store.import_games): the room
    plays on meanwhile.

    Return the (id, edit key) of each game stored, and how many were skipped as already here."""
    return store.import_games(db, records, created_of, club=club)


def refuse(form, message):
    return render_template("transfer/import.html", form=form, error=message), 400


@bp.route("/import", methods=["GET", "POST"])
@owner_required
def import_page():
    """Import games from a JSON export; a bad file is refused with what is wrong and nothing imported."""
    form = ImportForm()
    if request.method == "GET":
        return render_template("transfer/import.html", form=form, error=None)
    if not form.validate():
        abort(
            400,
            _(
                "This form's security token is missing or has expired. "
                "Go back, reload the page and try again; nothing was imported."
            )
            if csrf_failed(form)
            else form_problems(form),
        )
    upload = request.files.get("file")
    if upload is None or not upload.filename:
        return refuse(form, _("Choose a file to import: a JSON export of this app."))
    try:
        records, club = exports.parse_club_import(upload.read())
    except rules.RecordError as error:
        return refuse(form, _("This file cannot be imported: %(problem)s. Nothing was imported.", problem=error))
    if not records:
        return refuse(form, _("This file holds no games. Nothing was imported."))
    try:
        for index, entry in enumerate(records):  # the instance's stake ceiling holds for imported games too
            stakes.check_record(
                {key: value for key, value in entry.items() if key not in exports.META_KEYS}, f"games[{index}]"
            )
    except rules.RecordError as error:
        return refuse(form, _("This file cannot be imported: %(problem)s. Nothing was imported.", problem=error))
    made, skipped = import_games(store.get_db(), records, club)
    flash(imported_message(len(made), skipped), "info")
    response = redirect(url_for("table.home"))
    if made:  # one cookie, however many games: a hundred edit keys at once would crowd out the site's others
        give_edit_key(response, *made[-1])
    return response


def imported_message(count, skipped):
    """Say what an import did: 'Imported 3 games. 2 games were already here, skipped.'"""
    said = [ngettext("Imported %(num)d game.", "Imported %(num)d games.", count)]
    if skipped:
        said.append(
            ngettext("%(num)d game was already here, skipped.", "%(num)d games were already here, skipped.", skipped)
        )
    if count > 1:
        said.append(_("This phone may edit the newest of them; the others open read-only."))
    return " ".join(said)
