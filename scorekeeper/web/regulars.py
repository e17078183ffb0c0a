"""The regulars' ratings for the pages and the API: the players ranked, one player's rating, places and head to
head, and who is the favourite before a game. Read from the store's kept ratings: no page rates a game."""

from scorekeeper.rules import stats
from scorekeeper import store
from scorekeeper.rules import ratings
from scorekeeper.rules.sentences import names_text
from scorekeeper.rules.words import _, number, separated

MAX_NAMES = 12  # a table's seats: the favourite line names no more


def give_or_take(sigma):
    """Say how sure a rating is, in rating points: 'give or take 6' (2 sigma: right about 95 times in 100)."""
    return _("give or take %(points)s", points=number(round(2 * sigma)))


def rating_fields(row):
    """The numbers of a stored rating row as the pages and the API show them."""
    return {"rating": round(row["rating"], 2), "mu": row["mu"], "sigma": row["sigma"], "rated_games": row["games"],
            "give_or_take": give_or_take(row["sigma"])}


def ranked_players(db):
    """Return the players' list ranked by rating (the unrated after, by games): the summary and the rating."""
    rated = {row["key"]: row for row in store.player_ratings(db)}
    rows = []
    for summary in store.player_summaries(db):
        row = stats.summary_row(summary)
        kept = rated.get(ratings.player_key(row["name"]))
        row.update(rating_fields(kept) if kept else {"rating": None, "rated_games": 0})
        rows.append(row)
    rows.sort(key=lambda row: (row["rating"] is None, -(row["rating"] or 0), -row["games"],
                               stats.name_key(row["name"])))
    return rows


def player_rating(db, name):
    """Return one player's rating now (or None), its history [(rating, give or take)], places and head to head."""
    key = ratings.player_key(name)
    kept = next((row for row in store.player_ratings(db) if row["key"] == key), None)
    history = [(ratings.Rating(row["mu"], row["sigma"]).rating, 2 * row["sigma"])
               for row in store.rating_history(db, key)]
    return {"now": rating_fields(kept) if kept else None, "history": history,
            "places": store.place_counts(db, name), "head_to_head": store.head_to_head(db, name)}


def favourites(db, names):
    """Return (the line before a game, the expected order as groups of names) for the names typed at setup."""
    names = [str(name).strip() for name in names if str(name).strip()][:MAX_NAMES]
    if len(names) < 2:
        return "", []
    kept = store.ratings_of(db, {ratings.player_key(name) for name in names})
    groups = ratings.expected_order([(name, kept.get(ratings.player_key(name), ratings.NEW)) for name in names])
    if len(groups) == 1:
        return _("Everyone is level: nobody is the favourite."), groups
    said = [_("%(name)s is the favourite", name=groups[0][0]) if len(groups[0]) == 1 else
            _("%(names)s are joint favourites", names=names_text(groups[0]))]
    said += [_("%(names)s are level", names=names_text(group)) for group in groups[1:] if len(group) > 1]
    return separated(said), groups
