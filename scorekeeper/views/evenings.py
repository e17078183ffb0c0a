"""Evenings of several games by the same table, and the players as people: the roster and their pages."""

from flask import Blueprint, abort, render_template

from .. import evenings, rules, store
from .settle import money, payment_lines

bp = Blueprint("evenings", __name__)


def scored_games(games):
    """Return (meta, scored) pairs of stored games: meta has the id and the date (stats.py's shape)."""
    return [({"id": game["id"], "date": game["created"], "status": game["status"]},
             rules.score(rules.load(game["record"]))) for game in games]


@bp.app_template_global()
def evening_of(game_id):
    """Return the id of a game's evening, for links from the game's pages."""
    return store.evening_of(store.get_db(), game_id)


@bp.app_template_global()
def recent_evenings(limit=5):
    """Return the evenings played most recently, for the home page."""
    return store.list_evenings(store.get_db(), limit)


def evening_text(evening, book, lines):
    """Return the evening's settlement as plain text to copy into a chat."""
    text = [f"Oh Hell evening {evening['created'][:10]}: {book['finished']} game{'s' if book['finished'] != 1 else ''}"]
    text += [f"{name} {amount:+.2f}" for name, amount in zip(book["players"], book["net"])]
    text += [line["text"] for line in lines] or ["Nobody owes anything."]
    if book["pot"] is not None:
        text.append(f"Left in the pot: {money(book['pot'])}")
    return "\n".join(text)


@bp.get("/evenings/<evening_id>")
def evening(evening_id):
    """Show the evening: its games in order, the running ledger and the settlement of the whole evening."""
    found = store.get_evening(store.get_db(), evening_id)
    if found is None:
        abort(404)
    book = evenings.ledger(scored_games(found["games"]))
    lines = payment_lines(book["payments"])
    return render_template("settle/evening.html", evening=found, book=book, lines=lines,
                           text=evening_text(found, book, lines))
