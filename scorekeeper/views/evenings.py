"""Evenings of several games by the same table, and the players as people: the roster and their pages."""

from flask import Blueprint, abort, render_template, request, url_for

from .. import charts, evenings, rules, stats, store
from .common import chart, payment_lines, payments_text

bp = Blueprint("evenings", __name__)


def scored_games(games):
    """Return (meta, scored) pairs of stored games: meta has the id and the date (stats.py's shape)."""
    return [({"id": game["id"], "date": game["created"], "status": game["status"]},
             rules.score(rules.load(game["record"]))) for game in games]


def evening_text(evening, book, lines):
    """Return the evening's settlement as plain text to copy into a chat."""
    text = [f"Oh Hell evening {evening['created'][:10]}: {rules.counted(book['finished'], 'game')}"]
    text += [f"{name} {amount:+.2f}" for name, amount in zip(book["players"], book["net"])]
    return "\n".join(text + payments_text(lines, book["pot"]))


EVENINGS_PAGE_SIZE = 20


@bp.get("/evenings")
def evenings_list():
    """List every evening, most recently played first, a page at a time."""
    db = store.get_db()
    page = max(request.args.get("page", 1, type=int), 1)
    shown = store.list_evenings(db, EVENINGS_PAGE_SIZE, (page - 1) * EVENINGS_PAGE_SIZE)
    more = store.count_evenings(db) > page * EVENINGS_PAGE_SIZE
    return render_template("evenings/list.html", evenings=shown, page=page,
                           newer=url_for("evenings.evenings_list", page=page - 1) if page > 1 else None,
                           older=url_for("evenings.evenings_list", page=page + 1) if more else None)


@bp.get("/evenings/<evening_id>")
def evening(evening_id):
    """Show the evening: its games in order, the running ledger and the settlement of the whole evening."""
    found = store.get_evening(store.get_db(), evening_id)
    if found is None:
        abort(404)
    book = evenings.ledger(scored_games(found["games"]))
    lines = payment_lines(book["payments"])
    return render_template("evenings/evening.html", evening=found, book=book, lines=lines,
                           text=evening_text(found, book, lines))


# ---- players as people ----------------------------------------------------------------------------

@bp.get("/players")
def players():
    """List the players with their games, wins and bids made, and everyone's bid accuracy."""
    rows = [stats.summary_row(row) for row in store.player_summaries(store.get_db())]
    rows.sort(key=lambda row: (-row["games"], stats.name_key(row["name"])))
    accuracy = {row["name"]: row["bid_pct"] for row in rows if row["hands"]}
    return render_template("evenings/players.html", rows=rows,
                           chart=chart(charts.bid_accuracy_svg(accuracy, "Bids made, every game")))


@bp.get("/players/<path:name>")
def player(name):
    """Show a player's history: games, wins, bids made, average score per system, recent games."""
    db = store.get_db()
    history = stats.history_from_results(name, store.player_results(db, name))
    known = any(stats.name_key(p["name"]) == stats.name_key(name) for p in store.list_players(db))
    if not known and not history["hands"] and not history["recent"]:
        abort(404, f"Nobody called {name!r} has played here yet.")
    accuracy = stats.accuracy_from_results(store.table_of(db, name))
    # The player first, then the people they played with.
    ordered = {history["name"]: history["bid_pct"]} | {k: v for k, v in accuracy.items()
                                                       if stats.name_key(k) != stats.name_key(name)}
    if history["bid_pct"] is None:
        ordered.pop(history["name"])
    return render_template("evenings/player.html", p=history, chart=chart(
        charts.bid_accuracy_svg(ordered, f"Bids made: {history['name']} and the table")))
