"""Evenings of several games by the same table, and the players as people: the roster and their pages."""

from flask import Blueprint, abort, flash, redirect, render_template, request, url_for

from scorekeeper.text import charts
from scorekeeper.rules.club import evenings, stats
from scorekeeper.web import regulars
from scorekeeper import rules, store
from scorekeeper.web.forms import AboutForm, csrf_failed, form_problems
from ..rules.game import numbers
from ..text import words
from ..text.words import _, lazy_gettext, ngettext
from scorekeeper.text.charts import chart
from scorekeeper.web import money_lines
from scorekeeper.text.money_text import currency_of, net, payment_lines, payments_text
from scorekeeper.web import evening_tables, player_page
from scorekeeper.web.refusals import EXPIRED

bp = Blueprint("evenings", __name__)


def scored_games(games):
    """Return (meta, scored) pairs of stored games: meta has the id, the date and what the game counts for
    (rules/club/counting.py; stats.py's shape)."""
    db, pairs = store.get_db(), []
    for game in games:
        loaded = rules.load(game["record"])
        scored = rules.score(loaded)
        pairs.append(
            (
                {
                    "id": game["id"],
                    "date": game["created"],
                    "status": game["status"],
                    "currency": currency_of(game["record"]),
                    "counted": store.counted_here(db, game["id"], loaded, scored, game["status"]),
                },
                scored,
            )
        )
    return pairs


def evening_text(evening, book, lines):
    """Return the evening's settlement as plain text to copy into a chat."""
    values = {"date": words.day(evening["date"]), "note": evening.get("note")}
    if values["note"]:
        head = ngettext(
            "Oh Hell evening %(date)s (%(note)s): %(num)d game",
            "Oh Hell evening %(date)s (%(note)s): %(num)d games",
            book["finished"],
            **values,
        )
    else:
        head = ngettext(
            "Oh Hell evening %(date)s: %(num)d game",
            "Oh Hell evening %(date)s: %(num)d games",
            book["finished"],
            **values,
        )
    text = [head]
    if book["mixed"]:
        return "\n".join(text + [mixed_text(book)])
    text += [f"{name} {net(amount, book['currency'])}" for name, amount in zip(book["players"], book["net"])]
    return "\n".join(text + payments_text(lines, book["pot"], book["currency"]))


def mixed_text(book):
    """Say why an evening of games in several currencies is not settled as one."""
    return _(
        "These games were played for different currencies (%(currencies)s): each game is settled on its own.",
        currencies=", ".join(book["currencies"]),
    )


# The evening's fields as the date-and-note form names them in a refusal.
FIELD_WORDS = {"date": lazy_gettext("Date"), "note": lazy_gettext("Note")}
EVENINGS_PAGE_SIZE = 20
MAX_PAGE = 1_000_000  # a page number beyond it is the first page


@bp.get("/evenings")
def evenings_list():
    """List every evening, most recently played first, a page at a time."""
    db = store.get_db()
    page = numbers.whole_or(request.args.get("page", ""), 1, 1, MAX_PAGE)
    shown = store.list_evenings(db, EVENINGS_PAGE_SIZE, (page - 1) * EVENINGS_PAGE_SIZE)
    more = store.count_evenings(db) > page * EVENINGS_PAGE_SIZE
    return render_template(
        "evenings/list.html",
        evenings=shown,
        page=page,
        newer=url_for("evenings.evenings_list", page=page - 1) if page > 1 else None,
        older=url_for("evenings.evenings_list", page=page + 1) if more else None,
    )


@bp.get("/evenings/<evening_id>")
def evening(evening_id):
    """Show the evening: the settlement of the whole evening, each person's money, its games in order, and its
    links: the evenings before and after it, its seasons, the money between regulars, each player's page."""
    db = store.get_db()
    found = store.get_evening(db, evening_id)
    named = store.named_evenings(db, [evening_id]).get(evening_id)
    if found is None or named is None:
        abort(404)
    book = evenings.ledger(scored_games(found["games"]))
    lines = money_lines.coded(payment_lines(book["payments"], book["currency"]), book["currency"], found["date"])
    previous, following = store.evenings_beside(db, named)
    joins = evening_tables.may_join(db, found)
    return render_template(
        "evenings/evening.html",
        evening=found,
        named=named,
        book=book,
        lines=lines,
        currency=book["currency"],
        mixed=mixed_text(book) if book["mixed"] else None,
        text=evening_text(found, book, lines),
        keeper=joins,
        about_form=AboutForm(),
        previous=previous,
        next=following,
        seasons=store.seasons_holding(db, named["day"], evening_id),
        table_link=url_for(
            "table.new_game", evening=evening_id, key=evening_tables.table_key(evening_id), _external=True
        )
        if joins
        else None,
    )


@bp.post("/evenings/<evening_id>/about")
def evening_about(evening_id):
    """Set the evening's date and note (a scorekeeper of one of its games, or the owner)."""
    db = store.get_db()
    found = store.get_evening(db, evening_id)
    if found is None:
        abort(404)
    if not evening_tables.may_join(db, found):
        abort(403, _("Only a scorekeeper of the evening's games can change its date and note."))
    form = AboutForm()
    if not form.validate():
        if csrf_failed(form):
            abort(400, EXPIRED)
        flash(form_problems(form), "error")
    else:
        try:
            date = rules.game.limits.checked_date(form.date.data.strip()) if (form.date.data or "").strip() else None
            note = rules.game.limits.checked_note(form.note.data or "")
        except rules.game.limits.LimitError as error:
            flash(
                _(
                    "%(field)s: %(problem)s.",
                    field=FIELD_WORDS.get(error.path, error.path.capitalize()),
                    problem=words.word(error.message),
                ),
                "error",
            )
        else:
            store.set_evening_about(db, evening_id, date, note)
            flash(_("The evening's date and note are saved."), "info")
    return redirect(url_for("evenings.evening", evening_id=evening_id))


# ---- players as people ----------------------------------------------------------------------------


@bp.get("/players")
def players():
    """List the players ranked by rating, with their games, wins and bids made, and everyone's bid accuracy."""
    rows = regulars.ranked_players(store.get_db())
    accuracy = {row["name"]: row["bid_pct"] for row in rows if row["hands"]}
    return render_template(
        "evenings/players.html", rows=rows, chart=chart(charts.bid_accuracy_svg(accuracy, _("Bids made, every game")))
    )


@bp.get("/players/<path:name>")
def player(name):
    """Show a player's history: games, wins, bids made, average score per system, their games a page at a time
    (?page, newest first), their rating and charts; kept per results number (web/player_page.py)."""
    db = store.get_db()
    name = store.display_name(db, name)  # any spelling of the player, a merged one too
    page = numbers.whole_or(request.args.get("page", ""), 1, 1, MAX_PAGE)
    context = player_page.page_context(db, name, page)
    if not context["p"]["listed"] and not any(
        stats.name_key(p["name"]) == stats.name_key(name) for p in store.list_players(db)
    ):
        abort(404, _("Nobody called '%(name)s' has played here yet.", name=name))
    return render_template("evenings/player.html", **context)


@bp.get("/compare")
def compare():
    """Two players side by side: their ratings, games, wins and bids made, their games together and the model's
    chance that the first finishes ahead, and both ratings on one chart."""
    db = store.get_db()
    names = [request.args.get(side, "").strip() for side in ("a", "b")]
    names, people = map(list, zip(*(regulars.person(db, name) for name in names)))  # any spellings of them
    if not all(person["recent"] for person in people):
        missing = next(name for name, person in zip(names, people) if not person["recent"])
        abort(404, _("Nobody called '%(name)s' has played here yet.", name=missing))
    rated = [regulars.player_rating(db, name) for name in names]
    together = next((row for row in rated[0]["head_to_head"] if row["key"] == stats.name_key(names[1])), None)
    lines = [(person["name"], one["history"]) for person, one in zip(people, rated)]
    title = _("%(one)s and %(other)s", one=people[0]["name"], other=people[1]["name"])
    return render_template(
        "evenings/compare.html",
        people=people,
        rated=rated,
        together=together,
        title=title,
        ahead=regulars.ahead_chance(db, *names),
        chart=chart(charts.rating_svg(lines, _("Ratings after each game"))),
    )
