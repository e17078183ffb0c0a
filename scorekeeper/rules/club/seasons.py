"""A season's table (RULES.md, "Ratings, seasons and the money between regulars"): games, wins (first places,
shared when tied), placement points (as in tournaments), points per game, bids made, and the rating at the
season's end; option `best` N counts each player's N best games only (by placement points)."""

from .ratings import player_key


def game_lines(players, places, made, hands):
    """What one finished game gives each seat: (name, points, win share, bids made, hands).

    Placement points as rules.events.placement_points gives them: the c players tied at place p at a table of
    k share k - p - (c - 1) / 2 each (halves: exact in floats, and a season of thousands of games adds fast)."""
    k, first = len(places), places.count(1)
    return [
        (name, k - place - (places.count(place) - 1) / 2, 1 / first if place == 1 else 0.0, made[seat], hands[seat])
        for seat, (name, place) in enumerate(zip(players, places))
    ]


def season_table(games, best=None, rated=None):
    """Return the season's rows, best first. games: [(players, places, made, hands)] of its finished games, in
    order; best: count each player's best N games only; rated: {player key: (name, Rating)} at the season's end.

    Each row: place (shared when level), player, games (counted), played, wins, points, per_game, bids_made (a share
    of the hands of every game played, counted or not, or None), hands, rating."""
    lines = {}
    for players, places, made, hands in games:
        for name, points, win, bids, played in game_lines(players, places, made, hands):
            key = player_key(name)
            names, kept = lines.setdefault(key, ([], []))
            names.append(str(name).strip())
            kept.append((points, win, bids, played))
    rows = []
    for key, (names, played) in lines.items():
        kept = sorted(played, key=lambda line: (-line[0], -line[1]))[:best] if best else played
        points = sum(line[0] for line in kept)
        # Bids made is a habit, not a result: over every game the player played in the season, counted or not.
        made, hands = sum(line[2] for line in played), sum(line[3] for line in played)
        rating = rated.get(key) if rated else None
        rows.append(
            {
                "player": names[-1],
                "games": len(kept),
                "played": len(played),
                "wins": _tidy(sum(line[1] for line in kept)),
                "points": _tidy(points),
                "per_game": round(points / len(kept), 2),
                "bids_made": round(made / hands, 3) if hands else None,
                "hands": hands,
                "rating": round(rating[1].rating, 2) if rating else None,
            }
        )
    rows.sort(key=lambda row: (-row["points"], -row["per_game"], -(row["bids_made"] or 0), player_key(row["player"])))
    # Players level on points and points per game share a place (1, 2, 2, 4), as a club's table prints it.
    for number, row in enumerate(rows, start=1):
        level = number > 1 and (row["points"], row["per_game"]) == (
            rows[number - 2]["points"],
            rows[number - 2]["per_game"],
        )
        row["place"] = rows[number - 2]["place"] if level else number
    return rows


def _tidy(number):
    """A sum as a plain number: 3, or 2.5, or 0.33 (a win shared three ways)."""
    number = round(number, 2)
    return int(number) if number.is_integer() else number
