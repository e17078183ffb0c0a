"""The regulars (issue 27): who is the favourite before a game, and the players' ratings in the JSON API."""

from flask import Blueprint, abort, jsonify, request

from scorekeeper.web import player_page, regulars
from scorekeeper import store
from ..rules.game import numbers
from ..text.words import _

bp = Blueprint("regulars", __name__)
MAX_PAGE = 1_000_000  # a page number beyond it is the first page


@bp.get("/regulars/favourites")
def favourites():
    """Say who is the favourite among the names typed at setup (`?name=Ann&name=Bob`), as JSON."""
    line, order = regulars.favourites(store.get_db(), request.args.getlist("name"))
    return jsonify(
        line=line,
        order=[[name for name, _chance in group] for group in order],
        chances={name: round(chance, 4) for group in order for name, chance in group},
    )


@bp.get("/api/players")
def api_players():
    """List the players ranked by rating, with their games, wins and bids made, as JSON."""
    rows = regulars.ranked_players(store.get_db())
    return jsonify(players=[_api_row(row) for row in rows])


@bp.get("/api/players/<name>")
def api_player(name):
    """Show a player's rating, a page of its history (?page: 1 the newest, ?per_page), places and head to head, as
    JSON (any spelling of the player, a merged one too); kept per results number (web/player_page.py)."""
    page = numbers.whole_or(request.args.get("page", ""), 1, 1, MAX_PAGE)
    per_page = numbers.whole_or(
        request.args.get("per_page", ""), player_page.HISTORY_PAGE, 1, player_page.MOST_HISTORY_PAGE
    )
    db = store.get_db()
    answer = player_page.api_answer(db, store.display_name(db, name), page, per_page)
    if not answer:
        abort(404, _("Nobody called '%(name)s' has played here yet.", name=name))
    return jsonify(answer)


def _api_row(row):
    return {
        "player": row["name"],
        "games": row["games"],
        "wins": row["wins"],
        "bids_made": row["bids_made"],
        "hands": row["hands"],
        "rating": row["rating"] is not None and player_page.api_rating(row) or None,
    }
