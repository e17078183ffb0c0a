"""The regulars' ratings for the pages and the API: the players ranked, one player's rating, places and head to
head, and who is the favourite before a game. Read from the store's kept ratings: no page rates a game."""

from scorekeeper.rules.club import stats
from scorekeeper import store
from scorekeeper.rules.club import ratings
from scorekeeper.text.words import names_text
from scorekeeper.text.words import _, number, percent

MAX_NAMES = 12  # a table's seats: the favourite line names no more


def rating_fields(row):
    """The numbers of a stored rating row as the pages and the API show them."""
    return {
        "rating": round(row["rating"], 2),
        "mu": row["mu"],
        "sigma": row["sigma"],
        "rated_games": row["games"],
        "provisional": row["games"] < ratings.PROVISIONAL_GAMES,
    }


def change_text(change):
    """A game's move of a rating as players write it: "+1.3", "−0.4" (one decimal, the locale's way)."""
    shown = round(change, 1) or 0.0  # no "-0.0"
    return ("+" if shown > 0 else "") + number(shown, places=1)


def seat_changes(db, game_id, players):
    """Return each seat's rating change in the game as text ("+1.3"), or None where the game was not rated."""
    changes = store.rating_changes(db, game_id)
    return [change_text(changes[key]) if key in changes else None for key in map(store.keyer(db), players)]


def person(db, name):
    """The player a name (any spelling, one the owner merged into them too) is: (their display name, their history
    from the stored results). The display name's key is the player's (store/roster.py), so the store's readers by
    name read the player's rows with it."""
    shown = store.display_name(db, name)
    history = stats.history_from_results(shown, store.player_results(db, shown))
    history["name"] = shown
    return shown, history


def ranked_players(db):
    """Return the players' list ranked by rating (the unrated after, by games): the summary and the rating."""
    rated = {row["key"]: row for row in store.player_ratings(db)}
    summaries = store.player_summaries(db)
    shown = store.display_names(db, {summary["key"] for summary in summaries})
    rows = []
    for summary in summaries:
        row = stats.summary_row(dict(summary, name=shown.get(summary["key"], summary["name"])))
        kept = rated.get(summary["key"])
        row.update(rating_fields(kept) if kept else {"rating": None, "rated_games": 0})
        rows.append(row)
    rows.sort(
        key=lambda row: (row["rating"] is None, -(row["rating"] or 0), -row["games"], stats.name_key(row["name"]))
    )
    return rows


def player_rating(db, name):
    """Return one player's rating now (or None), its history [(rating, give or take)], places and head to head."""
    key = ratings.player_key(name)
    kept = next((row for row in store.player_ratings(db) if row["key"] == key), None)
    steps = store.rating_history(db, key)
    history = [(ratings.Rating(row["mu"], row["sigma"]).rating, 2 * row["sigma"], row["finished"]) for row in steps]
    changes, before = {}, None
    for row in steps:
        after = ratings.Rating(row["mu"], row["sigma"], row["games"])
        changes[row["game_id"]] = change_text(ratings.change(before, after))
        before = after
    return {
        "now": rating_fields(kept) if kept else None,
        "history": history,
        "changes": changes,
        "places": store.place_counts(db, name),
        "head_to_head": store.head_to_head(db, name),
    }


def favourites(db, names):
    """Return (the line before a game, the expected order as groups of (name, chance)) for the names typed at
    setup: "Ann is the favourite: Ann 41 %, Cy 22 %, …" from the model's chances of winning among them."""
    names = [str(name).strip() for name in names if str(name).strip()][:MAX_NAMES]
    if len(names) < 2:
        return "", []
    key_of = store.keyer(db)
    kept = store.ratings_of(db, {key_of(name) for name in names})
    groups = ratings.expected_order([(name, kept.get(key_of(name), ratings.NEW)) for name in names])
    if len(groups) == 1:
        return _("Everyone is level: nobody is the favourite."), groups
    chances = ", ".join(f"{name}\u00a0{percent(round(100 * chance))}" for group in groups for name, chance in group)
    first = [name for name, _chance in groups[0]]
    if len(first) == 1:
        return _("%(name)s is the favourite: %(chances)s", name=first[0], chances=chances), groups
    return _("%(names)s are joint favourites: %(chances)s", names=names_text(first), chances=chances), groups


def ahead_chance(db, one, other):
    """The model's chance that `one` finishes ahead of `other` in a game they play together."""
    key_of = store.keyer(db)
    kept = store.ratings_of(db, {key_of(one), key_of(other)})
    return ratings.win_chances([kept.get(key_of(name), ratings.NEW) for name in (one, other)])[0]
