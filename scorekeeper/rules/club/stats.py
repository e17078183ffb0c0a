"""The players' history, computed from scored games (the output of `rules.score`).

A game is passed as a pair `(meta, scored)`: `meta` is whatever the store knows about the game
(at least an `id`, usually a `date`), `scored` is `rules.score(game)`. A bare scored dict is
accepted too, with empty meta. Nothing here reads the store; nothing re-scores a hand.
"""

from ..game import names
from ..said import Separated
from ..scoring.systems import SYSTEMS


def unpack(game):
    """Return (meta, scored) for a (meta, scored) pair or a bare scored dict."""
    if isinstance(game, dict):
        return {}, game
    meta, scored = game
    return dict(meta or {}), scored


def name_key(name):
    """Return the key a player's name is matched by: the same player's names share it (rules.game.names)."""
    return names.name_key(name)


def seat_of(name, scored):
    """Return the seat of the named player in a scored game, or None when they did not play."""
    key = name_key(name)
    for seat, player in enumerate(scored["players"]):
        if name_key(player) == key:
            return seat
    return None


def completed(scored):
    """Return the hands of a scored game whose tricks are recorded."""
    return [hand for hand in scored["hands"] if hand["scores"] is not None]


def percent(part, whole):
    """Return part of whole as a percentage to one decimal, or None when there is nothing to count."""
    return round(100 * part / whole, 1) if whole else None


def system_label(scored):
    """Return the system's name, with any option that differs from its default: 'Get Fred (squared)'.

    The name is the registry's own (English): the store keeps this label whoever wrote the game, and
    `shown_label` says it in the reader's language.
    """
    system = SYSTEMS.find(scored["system"])
    defaults = system.resolve_options({})
    changed = [
        key if value is True else f"{key} {value}"
        for key, value in sorted((scored.get("options") or {}).items())
        if defaults.get(key) != value
    ]
    return _source_name(system) + (f" ({', '.join(changed)})" if changed else "")


def _source_name(system):
    """The system's name as the registry writes it, before any translation."""
    return getattr(system.name, "message", str(system.name))


def shown_label(system_id, label):
    """Return a stored system label with the system's name and options as the registry says them (worded in the
    reader's language where shown): 'Get Fred (squared)'; a label of no known system as it is."""
    try:
        system = SYSTEMS.find(system_id)
    except (KeyError, ValueError):
        return label
    source = _source_name(system)
    if not label.startswith(source):
        return label
    rest = label[len(source) :]
    if rest.startswith(" (") and rest.endswith(")"):
        shown = tuple(_shown_option(system, stored) for stored in rest[2:-1].split(", "))
        return Separated((system.name, " (", Separated(shown, ", "), ")"), "")
    return Separated((system.name, rest), "")


def _shown_option(system, stored):
    """An option as system_label stored it ("zero_five", "base exact") said by its label ("zero bid ±5")."""
    key, _space, value = stored.partition(" ")
    option = next((o for o in system.options if o.id == key), None)
    if option is None:
        return stored
    return Separated((option.label, option.choice_label(value)), " ") if value else option.label


def recent_key(game):
    """Sort key for the most recent game first: the date, then the id (both from meta)."""
    meta, _scored = game
    ident = meta.get("id")
    # Numeric ids sort as numbers (game 10 after game 9), others as text.
    number = ident if isinstance(ident, (int, float)) and not isinstance(ident, bool) else -1
    return (str(meta.get("date") or ""), number, "" if ident is None else str(ident))


def bid_counts(name, games):
    """Return (bids made, hands played) by the named player over every completed hand of the games."""
    made = hands = 0
    for game in games:
        _meta, scored = unpack(game)
        seat = seat_of(name, scored)
        if seat is None:
            continue
        for hand in completed(scored):
            hands += 1
            made += bool(hand["made"][seat])
    return made, hands


def player_stats(name, games, recent=10):
    """Return the history of one player: games played, wins, bids made, averages by system, recent games.

    Games played, wins and averages count finished games only; bids count every hand with its
    tricks recorded, finished game or not. A tie for first is a win for each tied winner.
    """
    games = [unpack(game) for game in games]
    played = [(meta, scored) for meta, scored in games if seat_of(name, scored) is not None]
    finished = [(meta, scored) for meta, scored in played if scored["finished"]]
    key = name_key(name)
    wins = sum(1 for _meta, scored in finished if key in {name_key(w) for w in scored["winner"]})
    made, hands = bid_counts(name, played)
    newest_first = sorted(played, key=recent_key, reverse=True)
    return {
        "name": display_name(name, newest_first),
        "games": len(finished),
        "wins": wins,
        "win_pct": percent(wins, len(finished)),
        "hands": hands,
        "bids_made": made,
        "bid_pct": percent(made, hands),
        "by_system": by_system(name, finished),
        "recent": [game_line(name, meta, scored) for meta, scored in newest_first[:recent]],
        "in_progress": len(played) - len(finished),
    }


def display_name(name, games):
    """Return the player's name as written in their most recent game, else as given, trimmed."""
    for _meta, scored in games:
        return scored["players"][seat_of(name, scored)].strip()
    return str(name).strip()


def by_system(name, finished):
    """Return, for each system played, the games, wins and average final total of the player."""
    groups = {}
    for _meta, scored in finished:
        label = shown_label(scored["system"], system_label(scored))
        group = groups.setdefault(
            label,
            {
                "system": scored["system"],
                "label": label,
                "lowest_wins": scored["lowest_wins"],
                "games": 0,
                "wins": 0,
                "sum": 0,
            },
        )
        seat = seat_of(name, scored)
        group["games"] += 1
        group["sum"] += scored["totals"][seat]
        group["wins"] += name_key(name) in {name_key(w) for w in scored["winner"]}
    rows = []
    for group in sorted(groups.values(), key=lambda g: (-g["games"], g["label"])):
        total = group.pop("sum")
        group["average"] = round(total / group["games"], 1)
        rows.append(group)
    return rows


def game_line(name, meta, scored):
    """Return one line of the recent games list: when, what, the player's total and place."""
    seat = seat_of(name, scored)
    return {
        "id": meta.get("id"),
        "date": meta.get("date"),
        "meta": meta,
        "system": scored["system"],
        "label": shown_label(scored["system"], system_label(scored)),
        "players": list(scored["players"]),
        "total": scored["totals"][seat],
        "place": scored["ranks"][seat],
        "of": len(scored["players"]),
        "won": scored["finished"] and name_key(name) in {name_key(w) for w in scored["winner"]},
        "finished": scored["finished"],
        "hands": len(completed(scored)),
    }


def bid_accuracy(games):
    """Return {player name: percentage of bids made} over every completed hand of the games.

    Players are matched by name (trimmed, case ignored) and shown as in their first game given;
    a player with no completed hand is left out. The order is the order players first appear.
    """
    games = list(games)
    names = {}
    for game in games:
        _meta, scored = unpack(game)
        for player in scored["players"]:
            names.setdefault(name_key(player), player.strip())
    result = {}
    for key, shown in names.items():
        made, hands = bid_counts(key, games)
        if hands:
            result[shown] = percent(made, hands)
    return result


# ---- from stored results: what the store keeps of each game, so that no page rescores one -------


def summary_row(row):
    """Return a line of the players' list from the store's summary of one player."""
    games, hands = row["games"] or 0, row["hands"] or 0
    return {
        "name": row["name"],
        "games": games,
        "wins": row["wins"] or 0,
        "win_pct": percent(row["wins"] or 0, games),
        "hands": hands,
        "bids_made": row["made"] or 0,
        "bid_pct": percent(row["made"] or 0, hands),
        "in_progress": row["played"] - games,
    }


def _number(value):
    """Show a stored total as the engine wrote it: 12, not 12.0."""
    return int(value) if isinstance(value, float) and value.is_integer() else value


def history_from_results(name, rows, recent=10):
    """Return player_stats' history of one player from the store's rows (newest first, one per game)."""
    finished = [row for row in rows if row["finished"] == COUNTED]
    totals = {
        "games": len(finished),
        "wins": sum(row["won"] for row in finished),
        "made": sum(row["made"] for row in finished),
        "hands": sum(row["hands"] for row in finished),
        "in_progress": sum(_state(row) == "playing" for row in rows),
    }
    groups = {}
    for row in finished:  # newest first: a group is named by its newest game's system
        group = groups.setdefault(
            (row["system"], row["label"], row["lowest_wins"]),
            {
                "system": row["system"],
                "label": row["label"],
                "lowest_wins": row["lowest_wins"],
                "games": 0,
                "wins": 0,
                "sum": 0,
            },
        )
        group["games"] += 1
        group["wins"] += row["won"]
        group["sum"] += row["total"]
    newest = rows[0]["name"] if rows else str(name).strip()
    return history_of(newest, totals, list(groups.values()), rows[:recent])


def history_of(name, totals, groups, rows):
    """Return a player's history from their totals over every game that counts ({games, wins, hands, made,
    in_progress}), their games by system ({system, label, lowest_wins, games, wins, sum}, the newest game's
    group first) and the rows of the games shown (newest first): the store sums the whole history in SQL
    (store/player_page.py), history_from_results in Python."""
    merged = {}
    for group in groups:
        label = shown_label(group["system"], group["label"])
        into = merged.setdefault(
            label,
            {
                "system": group["system"],
                "label": label,
                "lowest_wins": bool(group["lowest_wins"]),
                "games": 0,
                "wins": 0,
                "sum": 0,
            },
        )
        for field in ("games", "wins", "sum"):
            into[field] += group[field]
    by_system = []
    for group in sorted(merged.values(), key=lambda g: (-g["games"], g["label"])):
        group["average"] = round(group.pop("sum") / group["games"], 1)
        by_system.append(group)
    games, wins, hands, made = (totals[field] for field in ("games", "wins", "hands", "made"))
    return {
        "name": name,
        "games": games,
        "wins": wins,
        "win_pct": percent(wins, games),
        "hands": hands,
        "bids_made": made,
        "bid_pct": percent(made, hands),
        "by_system": by_system,
        "recent": [
            {
                "id": row["id"],
                "date": row["date"],
                "meta": {"id": row["id"], "date": row["date"]},
                "system": row["system"],
                "label": shown_label(row["system"], row["label"]),
                "players": row["players"],
                "total": _number(row["total"]),
                "place": row["place"],
                "of": len(row["players"]),
                "won": bool(row["finished"] == COUNTED and row["won"]),
                "finished": row["finished"] == COUNTED,
                "state": _state(row),
                "hands": row["game_hands"],
            }
            for row in rows
        ],
        "in_progress": totals["in_progress"],
    }


# game_results.finished as the store keeps it (store/results.py): in play, counted (ranked), off the record.
PLAYING, COUNTED, OFF_RECORD = 0, 1, 2


def _state(row):
    """How a stored game stands on a player's page: finished (counted), playing, abandoned, or not ranked."""
    if row.get("status") == "abandoned":
        return "abandoned"
    return {PLAYING: "playing", COUNTED: "finished"}.get(row["finished"], "not_ranked")


def accuracy_from_results(rows):
    """Return {name: percentage of bids made} from per-game rows (key, name, made, hands), names as first seen."""
    names, made, hands = {}, {}, {}
    for row in rows:
        names.setdefault(row["key"], row["name"])
        made[row["key"]] = made.get(row["key"], 0) + row["made"]
        hands[row["key"]] = hands.get(row["key"], 0) + row["hands"]
    return {names[key]: percent(made[key], hands[key]) for key in names if hands[key]}
