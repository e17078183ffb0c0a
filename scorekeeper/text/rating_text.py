"""The `ratings` command: every player's rating from an all-games export, as JSON rows or a table."""

from scorekeeper.rules.club import counting, ratings


def export_ratings(games):
    """Return the ratings of an export's games, (record, loaded) in the file's order (the order they finished),
    best first: [{"player", "mu", "sigma", "rating", "games"}]."""
    table = {}
    for record, loaded in games:
        ranking = counting.counted(loaded, abandoned=record.get("abandoned") is True).ranking()
        if ranking:
            ratings.play(table, *ranking)
    return ratings.standings(table)


def format_ratings(rows):
    """Return the ratings as a table for the terminal: rank, player, rating, give or take, games."""
    if not rows:
        return "No finished game to rate."
    width = max(6, *(len(row["player"]) for row in rows))
    lines = [f"{'#':>3}  {'player':<{width}}  {'rating':>7}  {'±':>5}  {'games':>5}"]
    for number, row in enumerate(rows, start=1):
        lines.append(
            f"{number:>3}  {row['player']:<{width}}  {row['rating']:>7.2f}  {2 * row['sigma']:>5.1f}  {row['games']:>5}"
        )
    return "\n".join(lines)
