"""A player's page and their API answer, kept (issue 42, speed): at 5,000 games a regular's page read their whole
history (2,000 rows, 160 ms, and 115 KB of rating history in the API) on every view. Now each is worked out from
SQL sums and one page of games (store/player_page.py), its chart thinned to CHART_POINTS, and kept in the one cache
(cache/kept.py) under the database's generation and m151's results number: a view after no change reads one row
and the cache, so a club of thousands of games is served as fast as a club of ten. The parts that follow other
changes (the player's money, their evenings) are read on every view by the template, as before."""

import json

from flask import url_for

from scorekeeper import rules, store
from scorekeeper.rules.club import ratings, stats
from scorekeeper.text.words import _
from scorekeeper.cache import kept as kept_values
from scorekeeper.store import generation
from scorekeeper.store import player_page as pages
from scorekeeper.text import charts
from scorekeeper.text.charts import chart
from scorekeeper.web import regulars
from scorekeeper.web.i18n import current_language

GAMES_PAGE = 20  # games a page of the player's list holds, newest first
CHART_POINTS = 240  # points of the rating chart at most: about one per two pixels of its width
HISTORY_PAGE = 100  # rating steps a page of the API's history holds unless ?per_page says fewer
MOST_HISTORY_PAGE = 1000
EVENINGS = 5  # the player's latest evenings linked from their page


def _kept(db, name, kind, detail, make, language=""):
    """The value `make()` works out, kept per player (their name's key), kind, detail and results number."""
    key = kept_values.Key(
        db.path,
        generation.current(db),
        f"player/{stats.name_key(name)}",
        json.dumps([pages.results_number(db), detail]),
        language=language,
        kind=kind,
    )
    found = kept_values.get(key)
    if found is None:
        found = make()
        kept_values.put(key, found, cost=len(repr(found)))
    return found


def history(db, name, page):
    """The player's history (rules/club/stats.py history_of) with one page of their games and how many they have."""
    totals = pages.player_totals(db, name)
    shown = pages.player_games(db, name, GAMES_PAGE, (page - 1) * GAMES_PAGE) if totals["listed"] else []
    groups = pages.player_systems(db, name) if totals["games"] else []
    found = stats.history_of(store.display_name(db, name), totals, groups, shown)  # the roster's name
    found["listed"] = totals["listed"]
    return found


def rating(db, name, game_ids):
    """regulars.player_rating's answer with the chart's steps thinned and the changes of the games shown only."""
    key = ratings.player_key(name)
    now = next((row for row in store.player_ratings(db) if row["key"] == key), None)
    steps = pages.rating_points(db, key, CHART_POINTS)
    changes = {}
    for game_id, (before, after) in pages.rating_steps_of(db, key, game_ids).items():
        changes[game_id] = regulars.change_text(
            ratings.change(before and ratings.Rating(*before), ratings.Rating(*after))
        )
    return {
        "now": regulars.rating_fields(now) if now else None,
        "changes": changes,
        "history": [
            (ratings.Rating(row["mu"], row["sigma"]).rating, 2 * row["sigma"], row["finished"]) for row in steps
        ],
        "places": store.place_counts(db, name),
        "head_to_head": store.head_to_head(db, name),
    }


def page_context(db, name, page):
    """What evenings/player.html shows of the player, kept (p.listed: how many games they have here)."""
    return _kept(db, name, "player page", page, lambda: _page_context(db, name, page), current_language())


def _page_context(db, name, page):
    found = history(db, name, page)
    rated = rating(db, name, [game["id"] for game in found["recent"]])
    accuracy = pages.table_accuracy(db, name)
    # The player first, then the people they played with.
    ordered = {found["name"]: found["bid_pct"]} | {
        k: v for k, v in accuracy.items() if stats.name_key(k) != stats.name_key(name)
    }
    if found["bid_pct"] is None:
        ordered.pop(found["name"])
    habits = rules.habits.by_hand_size(store.player_habits(db, name))
    title = {"name": found["name"]}
    more = found["listed"] > page * GAMES_PAGE
    return {
        "p": found,
        "rated": rated,
        "habits": habits,
        "page": page,
        "evenings": store.player_evenings(db, name, EVENINGS),
        "rating_chart": chart(
            charts.rating_svg([(found["name"], rated["history"])], _("%(name)s's rating after each game", **title))
        )
        if rated["history"]
        else None,
        "others": [
            row["name"] for row in regulars.ranked_players(db) if stats.name_key(row["name"]) != stats.name_key(name)
        ],
        "chart": chart(charts.bid_accuracy_svg(ordered, _("Bids made: %(name)s and the table", **title))),
        "habits_chart": chart(charts.habits_svg(habits["sizes"], _("%(name)s's bids by hand size", **title))),
        "newer": url_for("evenings.player", name=name, page=page - 1) if page > 1 else None,
        "older": url_for("evenings.player", name=name, page=page + 1) if more else None,
    }


def api_answer(db, name, page, per_page):
    """The player's API answer ({} when they have no game): a page of their rating history, newest page first."""
    return _kept(db, name, "player api", [page, per_page], lambda: _api_answer(db, name, page, per_page))


def _api_answer(db, name, page, per_page):
    totals = pages.player_totals(db, name)
    if not totals["listed"]:
        return {}
    key = ratings.player_key(name)
    count = pages.rating_steps_count(db, key)
    first = max(0, count - page * per_page)
    steps = pages.rating_page(db, key, max(0, min(per_page, count - (page - 1) * per_page)), first)
    now = next((row for row in store.player_ratings(db) if row["key"] == key), None)
    return {
        "player": store.display_name(db, name),
        "games": totals["games"],
        "wins": totals["wins"],
        "rating": now and api_rating(regulars.rating_fields(now)),
        "history": [
            {
                "rating": ratings.Rating(row["mu"], row["sigma"]).rating,
                "give_or_take": 2 * row["sigma"],
                "date": row["finished"][:10],
            }
            for row in steps
        ],
        "page": page,
        "per_page": per_page,
        "pages": max(1, -(-count // per_page)),
        "places": {str(place): games for place, games in store.place_counts(db, name).items()},
        "head_to_head": [
            {"player": row["name"], "games": row["games"], "ahead": row["ahead"], "behind": row["behind"]}
            for row in store.head_to_head(db, name)
        ],
    }


def api_rating(row):
    return {
        "rating": row["rating"],
        "mu": row["mu"],
        "sigma": row["sigma"],
        "games": row["rated_games"],
        "provisional": row["provisional"],
    }
