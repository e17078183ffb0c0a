"""The regulars (issue 27): who is the favourite before a game, and the players' ratings in the JSON API."""

from flask import Blueprint, abort, jsonify, request

from scorekeeper.web import regulars
from scorekeeper.rules import ratings
from scorekeeper import store
from ..rules.words import _

bp = Blueprint("regulars", __name__)
bp.add_app_template_global(ratings.PROVISIONAL_GAMES, "provisional_games")


@bp.get("/regulars/favourites")
def favourites():
    """Say who is the favourite among the names typed at setup (`?name=Ann&name=Bob`), as JSON."""
    line, order = regulars.favourites(store.get_db(), request.args.getlist("name"))
    return jsonify(line=line, order=[[name for name, _chance in group] for group in order],
                   chances={name: round(chance, 4) for group in order for name, chance in group})


@bp.get("/api/players")
def api_players():
    """List the players ranked by rating, with their games, wins and bids made, as JSON."""
    rows = regulars.ranked_players(store.get_db())
    return jsonify(players=[_api_row(row) for row in rows])


@bp.get("/api/players/<name>")
def api_player(name):
    """Show a player's rating, its history, places and head to head, as JSON."""
    db = store.get_db()
    name, history = regulars.person(db, name)  # any spelling of the player, a merged one too
    if not history["recent"]:
        abort(404, _("Nobody called '%(name)s' has played here yet.", name=name))
    rated = regulars.player_rating(db, name)
    return jsonify(player=history["name"], games=history["games"], wins=history["wins"],
                   rating=rated["now"] and _api_rating(rated["now"]),
                   history=[{"rating": rating, "give_or_take": spread, "date": finished[:10]}
                            for rating, spread, finished in rated["history"]],
                   places={str(place): count for place, count in rated["places"].items()},
                   head_to_head=[{"player": row["name"], "games": row["games"], "ahead": row["ahead"],
                                  "behind": row["behind"]} for row in rated["head_to_head"]])


def _api_rating(row):
    return {"rating": row["rating"], "mu": row["mu"], "sigma": row["sigma"], "games": row["rated_games"],
            "provisional": row["provisional"]}


def _api_row(row):
    return {"player": row["name"], "games": row["games"], "wins": row["wins"], "bids_made": row["bids_made"],
            "hands": row["hands"], "rating": row["rating"] is not None and _api_rating(row) or None}
