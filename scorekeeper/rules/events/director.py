"""The director's actions, as pure functions: each takes an event (a record or a loaded Event) and
returns an EventOutcome (the new record, it loaded, a sentence for the room, the event to log as
(kind, payload)), or raises RecordError naming the field. The record given is never changed."""

import copy

from ..game.names import name_key, player_name
from ..game.record import RecordError
from .outcome import EventOutcome, done, loaded
from .record import load_event
from .scored import score_event
from ..said import nsaid, said


def new_event(name, format, players, seed, rules=None, options=None):
    """Return a new event record (no round drawn yet); start_round draws the first."""
    # Each name kept as a game keeps it; the same player twice is said by the event record's check (load_event).
    if isinstance(players, (list, tuple)):
        players = [
            player_name(name, f"players[{index}]") if isinstance(name, str) else name
            for index, name in enumerate(players)
        ]
    record = {
        "name": name,
        "format": format,
        "seed": seed,
        "players": list(players),
        "rules": rules or {},
        "options": options or {},
        "rounds": [],
    }
    event = load_event(record)
    return EventOutcome(
        record,
        event,
        nsaid(
            "%(format)s for %(num)d player.", "%(format)s for %(num)d players.", len(players), format=event.format.name
        ),
        ("event", {"name": name, "format": event.format.id, "players": list(players)}),
    )


def start_round(event, games=None):
    """Confirm who went on from the last round (its advanced and eliminated) and seat the next round as
    drawn from the seed; with no round yet, seat the first."""
    event = loaded(event, games)
    scored = score_event(event, games)
    upcoming = scored["next"]
    if upcoming is None:
        last = scored["rounds"][-1]
        if scored["champion"]:
            raise RecordError("rounds", said("The event is over: %(name)s is the champion.", name=scored["champion"]))
        if not last["complete"]:
            playing = [str(number) for number, table in enumerate(last["tables"], start=1) if not table["finished"]]
            raise RecordError(
                "rounds",
                nsaid(
                    "Round %(round)d is still being played: table %(tables)s.",
                    "Round %(round)d is still being played: tables %(tables)s.",
                    len(playing),
                    round=last["number"],
                    tables=", ".join(playing),
                ),
            )
        raise RecordError("rounds", said("Nobody is left to play another round."))
    record = copy.deepcopy(event.record)
    rounds = record.setdefault("rounds", [])
    if rounds:
        rounds[-1]["advanced"] = list(scored["rounds"][-1]["advanced"])
        rounds[-1]["eliminated"] = list(scored["rounds"][-1]["eliminated"])
    rounds.append(
        {
            "tables": [{"seats": table["seats"], "game": None} for table in upcoming["tables"]],
            "advanced": [],
            "eliminated": [],
        }
    )
    if upcoming["final"]:
        drawn = said("Round %(round)d is drawn: the final table.", round=upcoming["number"])
    else:
        drawn = nsaid(
            "Round %(round)d is drawn: %(num)d table.",
            "Round %(round)d is drawn: %(num)d tables.",
            len(upcoming["tables"]),
            round=upcoming["number"],
        )
    return done(
        record,
        games,
        drawn,
        "round",
        {"number": upcoming["number"], "tables": [table["seats"] for table in upcoming["tables"]]},
    )


def _last_round(event):
    if not event.rounds:
        raise RecordError("rounds", said("No round is seated yet: draw the first round."))
    return len(event.rounds) - 1, event.rounds[-1]


def _table_of(rnd, name, index):
    for number, table in enumerate(rnd.tables):
        if name in table.seats:
            return number
    raise RecordError("player", said("%(name)s is not seated in round %(round)d.", name=name, round=index + 1))


def _not_started(event, index, table_index):
    if event.rounds[index].tables[table_index].started:
        raise RecordError(
            f"rounds[{index}].tables[{table_index}]",
            said("Table %(table)d has started: its seats can no longer change.", table=table_index + 1),
        )


def reseat(raw_table, seats):
    """Give a table of the record new seats; its game not started yet (inline) seats them too."""
    raw_table["seats"] = seats
    if isinstance(raw_table.get("record"), dict):  # a game not started yet seats the table's players
        raw_table["record"]["players"] = list(seats)
        rules = raw_table["record"].get("rules")
        first = rules.get("first_dealer") if isinstance(rules, dict) else None
        if isinstance(first, int) and not isinstance(first, bool) and first >= len(seats):
            rules["first_dealer"] = first % len(seats)  # a table one seat smaller: the dealer is cut again


def swap_players(event, first, second, games=None):
    """Swap two players' seats in the last round, before either's table starts."""
    event = loaded(event, games)
    index, rnd = _last_round(event)
    a, b = _table_of(rnd, first, index), _table_of(rnd, second, index)
    if first == second:
        raise RecordError("player", said("Choose two different players to swap."))
    _not_started(event, index, a)
    _not_started(event, index, b)
    record = copy.deepcopy(event.record)
    tables = record["rounds"][index]["tables"]
    seats_a, seats_b = list(tables[a]["seats"]), list(tables[b]["seats"]) if a != b else None
    if a == b:
        i, j = seats_a.index(first), seats_a.index(second)
        seats_a[i], seats_a[j] = second, first
        reseat(tables[a], seats_a)
    else:
        seats_a[seats_a.index(first)] = second
        seats_b[seats_b.index(second)] = first
        reseat(tables[a], seats_a)
        reseat(tables[b], seats_b)
    return done(
        record,
        games,
        said("%(first)s and %(second)s swap seats.", first=first, second=second),
        "swap",
        {"round": index + 1, "players": [first, second]},
    )


def _joining(event, name, index):
    """The name of a player joining the last round: a new late player, or one of the event's players not seated
    in it (a player the director seats by hand, or one withdrawn who comes back). Returns (name, is_new)."""
    if not isinstance(name, str) or not name.strip():
        raise RecordError("player", said("Enter the late player's name."))
    name = player_name(name, "player")
    known = {name_key(player): player for player in event.players}
    player = known.get(name_key(name))
    if player is None:
        return name, True
    for number, table in enumerate(event.rounds[index].tables, start=1):
        if player in table.seats:
            raise RecordError(
                "player", said("%(name)s is already seated at table %(table)d.", name=player, table=number)
            )
    return player, False


def without_withdrawal(record, name):
    """The record's withdrawn list without `name`'s entry: a player withdrawn who is seated again is back."""
    kept = [entry for entry in record.get("withdrawn") or [] if entry.get("player") != name]
    if kept:
        record["withdrawn"] = kept
    else:
        record.pop("withdrawn", None)


def _seat_change(event, games, record, index, table, message, kind, payload):
    """Load the changed record; a table the format's decks cannot deal is refused, naming the table."""
    try:
        return done(record, games, message, kind, payload)
    except RecordError as error:
        raise RecordError(
            f"rounds[{index}].tables[{table}].seats",
            said("Table %(table)d cannot take another player: %(why)s", table=table + 1, why=error.message),
        ) from None


def add_late_player(event, name, table, games=None):
    """Add a player who arrives late to table `table` (from 0) of the last round, before it starts; or seat
    there a player of the event who is not in this round (the director's fix after a correction)."""
    event = loaded(event, games)
    index, rnd = _last_round(event)
    if isinstance(table, bool) or not isinstance(table, int) or not 0 <= table < len(rnd.tables):
        raise RecordError("table", said("Choose a table from 1 to %(most)d.", most=len(rnd.tables)))
    name, new = _joining(event, name, index)
    _not_started(event, index, table)
    record = copy.deepcopy(event.record)
    if new:
        record["players"] = list(record["players"]) + [name]
    without_withdrawal(record, name)
    raw_table = record["rounds"][index]["tables"][table]
    reseat(raw_table, list(raw_table["seats"]) + [name])
    return _seat_change(
        event,
        games,
        record,
        index,
        table,
        said("%(name)s joins table %(table)d.", name=name, table=table + 1),
        "late" if new else "seat",
        {"round": index + 1, "table": table, "player": name},
    )


def replace_player(event, seated, name, games=None):
    """Put `name` (a late player, or one of the event's not in this round) in the seat of `seated` (a no-show)
    at a table of the last round not started; `seated` is withdrawn from this round on."""
    event = loaded(event, games)
    index, rnd = _last_round(event)
    table = _table_of(rnd, seated, index)
    _not_started(event, index, table)
    name, new = _joining(event, name, index)
    record = copy.deepcopy(event.record)
    if new:
        record["players"] = list(record["players"]) + [name]
    without_withdrawal(record, name)
    raw_table = record["rounds"][index]["tables"][table]
    seats = list(raw_table["seats"])
    seat = seats.index(seated)
    seats[seat] = name
    reseat(raw_table, seats)
    if index == 0 or seated in event.rounds[index - 1].advanced:  # a no-show; else a player seated wrongly
        record["withdrawn"] = list(record.get("withdrawn") or []) + [{"player": seated, "from_round": index + 1}]
    return _seat_change(
        event,
        games,
        record,
        index,
        table,
        said("%(name)s takes %(seated)s's seat at table %(table)d.", name=name, seated=seated, table=table + 1),
        "replace",
        {"round": index + 1, "table": table, "seat": seat, "out": seated, "in": name, "new": new},
    )


def _unseat(event, name, games, withdraw):
    """Take `name` off a table of the last round that has not started (a table keeps at least 3)."""
    index, rnd = _last_round(event)
    table = _table_of(rnd, name, index)
    _not_started(event, index, table)
    if len(rnd.tables[table].seats) <= 3:
        raise RecordError(
            "player",
            said(
                "Table %(table)d would seat only 2: put another player in %(name)s's seat instead.",
                table=table + 1,
                name=name,
            ),
        )
    record = copy.deepcopy(event.record)
    raw_table = record["rounds"][index]["tables"][table]
    seat = raw_table["seats"].index(name)
    reseat(raw_table, [other for other in raw_table["seats"] if other != name])
    if withdraw:
        record["withdrawn"] = list(record.get("withdrawn") or []) + [{"player": name, "from_round": index + 1}]
    return record, index, table, seat


def remove_player(event, name, games=None):
    """Take a wrongly seated player off a table of the last round not started. In the first round they are
    withdrawn (no entrant); later they are simply not in the round."""
    event = loaded(event, games)
    index, _rnd = _last_round(event)
    record, index, table, seat = _unseat(event, name, games, withdraw=index == 0)
    return done(
        record,
        games,
        said("%(name)s leaves table %(table)d.", name=name, table=table + 1),
        "remove",
        {"round": index + 1, "table": table, "seat": seat, "player": name},
    )


def withdraw_player(event, name, games=None):
    """Withdraw a player: off their table of the last round if it has not started (before their first table,
    no entrant), else from the next round on (their table plays on as a game does)."""
    event = loaded(event, games)
    if name not in event.players:
        raise RecordError("player", said("%(name)s is not a player of this event.", name=repr(name)))
    if name in event.withdrawn:
        raise RecordError("player", said("%(name)s has withdrawn already.", name=name))
    last = event.rounds[-1] if event.rounds else None
    seated = last is not None and any(name in table.seats and not table.started for table in last.tables)
    payload = {"player": name}
    if seated:
        record, index, table, seat = _unseat(event, name, games, withdraw=True)
        first = index + 1
        payload.update(table=table, seat=seat)  # where they sat: the undo seats them there again
    else:
        first = len(event.rounds) + 1
        record = copy.deepcopy(event.record)
        record["withdrawn"] = list(record.get("withdrawn") or []) + [{"player": name, "from_round": first}]
    return done(
        record,
        games,
        said("%(name)s withdraws: no seat from round %(round)d on.", name=name, round=first),
        "withdraw",
        {**payload, "from_round": first},
    )


def _table_path(event, round_index, table_index):
    whole = all(isinstance(i, int) and not isinstance(i, bool) for i in (round_index, table_index))
    if not (
        whole and 0 <= round_index < len(event.rounds) and 0 <= table_index < len(event.rounds[round_index].tables)
    ):
        raise RecordError("table", said("No such table in this event."))
    return f"rounds[{round_index}].tables[{table_index}]"


def link_game(event, round_index, table_index, game_id, games=None):
    """Name the stored game a table plays (the web app's store keeps the game itself)."""
    event = loaded(event, games)
    _table_path(event, round_index, table_index)
    record = copy.deepcopy(event.record)
    record["rounds"][round_index]["tables"][table_index]["game"] = game_id
    return done(record, games, None, "link", {"round": round_index + 1, "table": table_index, "game": game_id})


def set_table_record(event, round_index, table_index, game_record, games=None):
    """Put a table's game record inline (event files for the command line)."""
    event = loaded(event, games)
    _table_path(event, round_index, table_index)
    record = copy.deepcopy(event.record)
    record["rounds"][round_index]["tables"][table_index]["record"] = copy.deepcopy(game_record)
    return done(record, games, None, "record", {"round": round_index + 1, "table": table_index})
