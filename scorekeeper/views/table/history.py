"""The history of a game: every action recorded, undone ones and earlier versions included."""

from flask import render_template

from ... import store
from scorekeeper.text.history import describe, kind_label
from scorekeeper.web.navigation import load_game
from . import bp


@bp.get("/games/<game_id>/history")
def history(game_id):
    """List every action recorded for the game, undone ones and earlier versions included."""
    game, loaded = load_game(game_id)
    lowest_wins = loaded.rules.system.lowest_wins
    log = []
    for entry in store.history(store.get_db(), game_id):
        text = describe(entry, loaded.players, lowest_wins)
        log.append(dict(entry, text=text, kind_text=kind_label(entry["kind"], text)))
    return render_template("table/history.html", game=game, loaded=loaded, log=log)
