"""The history of a game: every action recorded, undone ones and earlier versions included."""

from flask import render_template, request, url_for

from ... import store
from ...rules.game import numbers
from scorekeeper.text.history import describe, kind_label
from scorekeeper.web.navigation import load_game
from . import bp

# Entries a page of History shows: a long evening's game fits on one page; a game near its bound of
# store.log.MAX_HISTORY entries is read a page at a time, never sent whole (review F-17).
HISTORY_PAGE_SIZE = 500


@bp.get("/games/<game_id>/history")
def history(game_id):
    """List every action recorded for the game, undone ones and earlier versions included, a page at a time."""
    game, loaded = load_game(game_id)
    lowest_wins = loaded.rules.system.lowest_wins
    entries = game["revision"]  # a game's revision counts its history's entries
    pages = max(1, -(-entries // HISTORY_PAGE_SIZE))
    page = numbers.whole_or(request.args.get("page", ""), 1, 1, pages)
    log = []
    shown = store.history(store.get_db(), game_id, count=HISTORY_PAGE_SIZE, skip=(page - 1) * HISTORY_PAGE_SIZE)
    for entry in shown:
        text = describe(entry, loaded.players, lowest_wins)
        log.append(dict(entry, text=text, kind_text=kind_label(entry["kind"], text)))
    pager = {
        "page": page,
        "pages": pages,
        "earlier": url_for("table.history", game_id=game_id, page=page - 1) if page > 1 else None,
        "later": url_for("table.history", game_id=game_id, page=page + 1) if page < pages else None,
    }
    return render_template("table/history.html", game=game, loaded=loaded, log=log, pager=pager)
