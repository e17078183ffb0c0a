"""An event's final results in words, the same on every page that shows them (the results page, the big screen,
the results PDF and CSV, a player's own line on the standings page) and in the command's table: how the order
was decided, the round each player reached, and a player's own result ("21st, out in round 1")."""

from scorekeeper.text.words import _, lazy_gettext, ordinal

# How the players out after the same round are ordered, by the format's `results_within` (rules/events).
ORDER = {
    "place": lazy_gettext(
        "By the round reached: the final table first in its places, then those out after the "
        "round before it, and so on; out in the same round, by their place at their table, then "
        "the total, bids made and the lot."
    ),
    "total": lazy_gettext(
        "By the round reached: the final table first in its places, then those out after the "
        "round before it, and so on; out in the same round, by their total across all tables, then "
        "bids made, the previous round's total and the lot."
    ),
    "standings": lazy_gettext(
        "By the round reached: the final table first in its places, then the others by the "
        "standings after the qualifying rounds (placement points, total, bids made)."
    ),
}


def order_explained(scored):
    """How the event's final results are ordered, in a sentence."""
    return str(ORDER.get(scored.get("results_by"), ORDER["place"]))


def _final(scored, row):
    rounds = scored.get("rounds") or []
    return 0 < row["round_reached"] <= len(rounds) and rounds[row["round_reached"] - 1]["final"]


def reached(scored, row):
    """The round a result row reached: "Final" or "Round 2"."""
    return _("Final") if _final(scored, row) else _("Round %(round)d", round=row["round_reached"])


def how_out(scored, row):
    """How a row's player finished, without the place: "champion", "at the final table", "out in round 1",
    "withdrew after round 1"."""
    if row["player"] == scored.get("champion"):
        return _("champion")
    if row.get("withdrawn"):
        return _("withdrew after round %(round)d", round=row["round_reached"])
    if _final(scored, row):
        return _("at the final table")
    return _("out in round %(round)d", round=row["round_reached"])


def own_result(scored, row):
    """A player's own result: "1st, champion", "21st, out in round 1"."""
    return _("%(place)s, %(how)s", place=ordinal(row["place"]), how=how_out(scored, row))


def result_of(scored, name):
    """The final results' row of a player, or None (no results yet, or no entrant)."""
    return next((row for row in scored.get("results") or [] if row["player"] == name), None)


def notes_of(scored, name):
    """The notes that name a player (a withdrawal, a cut that stood): their texts."""
    return [
        note["text"]
        for note in scored.get("notes") or []
        if name in note.get("players", []) or name in note.get("instead_of", [])
    ]
