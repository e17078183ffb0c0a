"""The event record of RULES.md: load and check it, dump it back unchanged.

The record stays the plain dict it was loaded from (unknown keys survive a round trip); `Event` (event.py) is a
checked view over it. A table's game is either inline (`record`, the command line's files) or named by `game` (an
id the web app's store resolves, passed in as `games`).
"""

import copy
import json

from ..game import limits, numbers
from ..game.names import name_key, player_name
from ..game.patterns import DECK_SIZE
from ..money.ledger import without_money
from ..game.record import Game, RecordError, load
from ..said import nsaid, reason, said
from .event import Event, Round, Table
from .formats import FORMATS, MAX_ROUNDS, planned_rounds

MAX_EVENT_PLAYERS = 500
MIN_PLAYERS = 3
EVENT_OPTIONS = ("charity", "cause")
MAX_EVENT_BYTES = 50_000_000
MAX_NAME = 100
MAX_SEED = 200
EVENT_DEPTH = limits.MAX_DEPTH + 6  # a game record sits at rounds[i].tables[j].record


def _fail(path, message):
    raise RecordError(path, message)


def _parse(data):
    if isinstance(data, (str, bytes)):
        if len(data) > MAX_EVENT_BYTES:
            _fail("", f"the event is more than {MAX_EVENT_BYTES:,} bytes of JSON")
        try:
            data = json.loads(data, parse_int=numbers.json_int)  # a huge integer: the JSON APIs' clear refusal
        except numbers.NumberError as error:
            _fail("", f"the file {error}")
        except json.JSONDecodeError as error:
            _fail("", f"not valid JSON: {error.msg} at line {error.lineno} column {error.colno}")
        except (RecursionError, ValueError):
            _fail("", "not valid JSON: nested too deeply or not UTF-8 text")
    if not isinstance(data, dict):
        _fail("", "an event record must be a JSON object")
    if not _depth_within(data, EVENT_DEPTH):
        _fail("", f"the event is nested more than {EVENT_DEPTH} levels deep")
    return data


def _depth_within(data, most):
    level, depth = [data], 0
    while level:
        depth += 1
        if depth > most:
            return False
        level = [
            item
            for value in level
            for item in (value.values() if isinstance(value, dict) else value if isinstance(value, list) else ())
            if isinstance(item, (dict, list))
        ]
    return True


def _text(value, path, most, required=True):
    if value is None and not required:
        return ""
    if isinstance(value, bool) or not isinstance(value, (str, int)):
        _fail(path, "must be text")
    value = str(value)
    if len(value) > most:
        _fail(path, said("is %(length)d characters long; at most %(most)d", length=len(value), most=most))
    try:
        value.encode("utf-8")
    except UnicodeEncodeError:
        _fail(path, "is not valid Unicode text (a lone surrogate)")
    return value


def _players(data):
    players = data.get("players")
    if not isinstance(players, list) or not players:
        _fail("players", said("must list at least 3 player names: a table seats at least 3"))
    if len(players) > MAX_EVENT_PLAYERS:
        _fail(
            "players",
            said("%(num)d players listed; an event has at most %(most)d", num=len(players), most=MAX_EVENT_PLAYERS),
        )
    seen = {}
    for index, name in enumerate(players):
        path = f"players[{index}]"
        if not isinstance(name, str) or not name.strip():
            _fail(path, said("must be a name"))
        _text(name, path, limits.MAX_NAME)
        key = name_key(player_name(name, path))
        if key in seen:
            _fail(
                path, said("%(name)s is listed twice (also player %(number)d)", name=repr(name), number=seen[key] + 1)
            )
        seen[key] = index
    if len(players) < MIN_PLAYERS:
        _fail("players", said("must list at least 3 player names: a table seats at least 3"))
    return list(players)


def _names(values, path, players):
    if values is None:
        return []
    if not isinstance(values, list):
        _fail(path, "must be a list of player names")
    for index, name in enumerate(values):
        if not isinstance(name, str) or name not in players:
            _fail(f"{path}[{index}]", f"{json.dumps(name)[:60]} is not one of the event's players")
    return list(values)


def check_rules_seat(rules, seats, fmt=None, path=None):
    """Return the table rules as a game of that many players reads them; refuse rules such a table cannot
    play (a deck too small, a bad option), naming the field of the event's rules, and a table larger than
    one pack deals its largest hand to where the format deals each hand from one pack (`path`: the field)."""
    try:
        game = load({"players": [f"Player {seat + 1}" for seat in range(seats)], "rules": rules, "hands": []})
    except RecordError as error:
        where = f"{error.path}" if error.path else "rules"
        _fail(
            where, nsaid("%(why)s (at a table of %(num)d)", "%(why)s (at a table of %(num)d)", seats, why=error.message)
        )
    largest = max(game.plan(), default=0)
    if fmt is not None and fmt.pack_a_hand and largest and seats > DECK_SIZE // largest:
        _fail(path or "players", too_many_at_a_table(fmt, largest, seats))
    return game.rules


def too_many_at_a_table(fmt, largest, seats):
    """Why a table of that many is refused where each hand comes from one pack (RULES.md: decks)."""
    return said(
        "a %(format)s table seats at most %(most)d: each hand is dealt from one deck of 52 cards while the "
        "other is shuffled, and %(num)d players need %(cards)d cards for a hand of %(largest)d",
        format=fmt.name,
        most=DECK_SIZE // largest,
        num=seats,
        cards=seats * largest,
        largest=largest,
    )


def _game(raw, path, seats, system, games, game_id):
    """Load a table's game: inline, or from `games` by id; check it seats the table's players."""
    if raw is None and game_id is not None and games is not None:
        raw = games.get(game_id)
        if raw is None:
            return None
        path = f"{path}.game"
    elif raw is None:
        return None
    else:
        path = f"{path}.record"
    try:
        game = raw if isinstance(raw, Game) else load(raw)
    except RecordError as error:
        _fail(f"{path}.{error.path}" if error.path else path, error.message)
    if game.players != seats:
        _fail(f"{path}.players", f"the game seats {', '.join(game.players)}, but the table seats {', '.join(seats)}")
    if game.rules.system.id != system:
        _fail(f"{path}.rules.scoring", f"the event plays {system}, this table {game.rules.system.id}")
    return game


def _rounds(data, players, rules, games, fmt, options, system):
    raw_rounds = data.get("rounds") or []
    if not isinstance(raw_rounds, list):
        _fail("rounds", "must be a list of rounds")
    if len(raw_rounds) > MAX_ROUNDS:
        _fail("rounds", f"{len(raw_rounds)} rounds; an event has at most {MAX_ROUNDS}")
    rounds, checked_sizes = [], set()
    for i, raw in enumerate(raw_rounds):
        path = f"rounds[{i}]"
        if not isinstance(raw, dict):
            _fail(path, "must be an object with tables")
        tables_raw = raw.get("tables")
        if not isinstance(tables_raw, list) or not tables_raw:
            _fail(f"{path}.tables", "must list the round's tables")
        seated, tables = {}, []
        for j, table in enumerate(tables_raw):
            tpath = f"{path}.tables[{j}]"
            if not isinstance(table, dict):
                _fail(tpath, "must be an object with seats")
            seats = table.get("seats")
            if not isinstance(seats, list) or len(seats) < 2:
                _fail(f"{tpath}.seats", "must list at least 2 players in seat order")
            for k, name in enumerate(seats):
                if not isinstance(name, str) or name not in players:
                    _fail(f"{tpath}.seats[{k}]", f"{json.dumps(name)[:60]} is not one of the event's players")
                if name in seated:
                    _fail(
                        f"{tpath}.seats[{k}]",
                        f"{name} is seated twice in round {i + 1} (also at table {seated[name] + 1})",
                    )
                seated[name] = j
            if len(seats) not in checked_sizes:
                check_rules_seat(rules, len(seats), fmt, f"{tpath}.seats")
                checked_sizes.add(len(seats))
            game_id = table.get("game")
            if game_id is not None and (isinstance(game_id, bool) or not isinstance(game_id, (str, int))):
                _fail(f"{tpath}.game", "must be a game id or null")
            game = _game(table.get("record"), tpath, seats, system, games, game_id)
            tables.append(Table(list(seats), game_id, game))
        rounds.append(
            Round(
                tables,
                _names(raw.get("advanced"), f"{path}.advanced", players),
                _names(raw.get("eliminated"), f"{path}.eliminated", players),
            )
        )
        if i > 0 and fmt.is_final(i - 1, sum(len(t.seats) for t in rounds[i - 1].tables), options):
            _fail(path, f"round {i} was the final: no round comes after it")
        playing = [j for j, table in enumerate(rounds[i - 1].tables if i else []) if table.game and not table.finished]
        if playing:
            _fail(
                f"rounds[{i - 1}].tables[{playing[0]}]",
                said(
                    "table %(table)d of round %(round)d is still playing, but round %(next)d is seated",
                    table=playing[0] + 1,
                    round=i,
                    next=i + 1,
                ),
            )
        if fmt.is_final(i, len(seated), options) and len(tables) > 1:
            _fail(f"{path}.tables", f"round {i + 1} is the final: one table")
    return rounds


def _withdrawn(data, players, rounds):
    raw = data.get("withdrawn") or []
    if not isinstance(raw, list):
        _fail("withdrawn", "must list {player, from_round}")
    withdrawn = {}
    for index, entry in enumerate(raw):
        path = f"withdrawn[{index}]"
        if not isinstance(entry, dict):
            _fail(path, "must be an object with player and from_round")
        name = entry.get("player")
        if not isinstance(name, str) or name not in players:
            _fail(f"{path}.player", "must be one of the event's players")
        if name in withdrawn:
            _fail(f"{path}.player", f"{name} is withdrawn twice")
        first = entry.get("from_round")
        if isinstance(first, bool) or not isinstance(first, int) or not 1 <= first <= MAX_ROUNDS + 1:
            _fail(f"{path}.from_round", "must be the round (from 1) the player no longer plays")
        for number, rnd in enumerate(rounds[first - 1 :], start=first):
            if any(name in table.seats for table in rnd.tables):
                _fail(f"{path}.from_round", f"{name} withdrew before round {first}, but is seated in round {number}")
        withdrawn[name] = first
    return withdrawn


def _check_first_draw(fmt, options, rules, players):
    """Before the draw: the players who will be seated make tables the format's decks can deal."""
    if len(players) < MIN_PLAYERS:
        _fail(
            "players",
            nsaid(
                "%(num)d player is left to seat: a table seats at least 3",
                "%(num)d players are left to seat: a table seats at least 3",
                len(players),
            ),
        )
    for size in sorted({max(sizes) for sizes in planned_rounds(fmt.id, len(players), options)}):
        check_rules_seat(rules, size, fmt, "players")


def load_event(data, games=None):
    """Return the Event of a record (a dict or JSON text), or raise RecordError naming the field.

    games: game records (or loaded Games) by id, for tables that name their `game` instead of
    carrying its `record`; a table whose game is not there counts as not started.
    """
    data = _parse(data)
    try:  # a lone surrogate is written out by dumps and refused by encode
        size = len(json.dumps(data, ensure_ascii=False, allow_nan=False).encode("utf-8"))
    except (ValueError, TypeError, RecursionError):
        _fail(
            "",
            "the event holds a number that is not finite or has thousands of digits, or text that is not valid Unicode",
        )
    if size > MAX_EVENT_BYTES:
        _fail("", f"the event is more than {MAX_EVENT_BYTES:,} bytes of JSON")
    name = _text(data.get("name"), "name", MAX_NAME, required=False)
    raw_format = data.get("format")
    if not isinstance(raw_format, str):
        _fail("format", f"must be a tournament format: {', '.join(FORMATS.ids())}")
    try:
        fmt = FORMATS.find(raw_format)
    except ValueError as error:
        _fail("format", reason(error))
    if "seed" not in data:
        _fail("seed", "is missing: any text or number; the same seed draws the same tables")
    seed = _text(data.get("seed"), "seed", MAX_SEED)
    options = data.get("options") or {}
    if not isinstance(options, dict):
        _fail("options", "must be an object")
    # RULES.md's option `charity` (with its `cause`) belongs to every format: the money reads it (prizes.py).
    charity = options.get("charity", 0)
    if isinstance(charity, bool) or not isinstance(charity, int) or not 0 <= charity <= 100:
        _fail("options.charity", said("must be a whole percentage from 0 to 100"))
    if not isinstance(options.get("cause", ""), str) or len(options.get("cause", "")) > MAX_NAME:
        _fail("options.cause", said("must be a name of at most 100 characters"))
    options = {key: value for key, value in options.items() if key not in EVENT_OPTIONS}
    try:
        options = fmt.options_for(options)
    except ValueError as error:
        _fail("options", reason(error))
    rules = data.get("rules") or {}
    if not isinstance(rules, dict):
        _fail("rules", "must be an object: the game rules of every table")
    rules = without_money(fmt.table_rules(rules, options))  # an event's tables move no money
    players = _players(data)
    try:
        planned_rounds(fmt.id, len(players), options)
    except ValueError as error:
        _fail("options", nsaid("%(num)d player: %(why)s", "%(num)d players: %(why)s", len(players), why=error))
    system = check_rules_seat(rules, fmt.table_size(options)).system
    if games is not None and not isinstance(games, dict):
        raise TypeError("games must map game ids to records")
    rounds = _rounds(data, players, rules, games, fmt, options, system.id)
    withdrawn = _withdrawn(data, players, rounds)
    if not rounds:
        _check_first_draw(fmt, options, rules, [name for name in players if withdrawn.get(name, 2) > 1])
    return Event(name, fmt, options, seed, players, rules, rounds, withdrawn, data, system.lowest_wins)


def dump_event(event):
    """Return the record as it was loaded, unknown keys included."""
    return copy.deepcopy(event.record)


def dumps_event(event):
    return json.dumps(event.record, indent=2, ensure_ascii=False)


def inline_games(record, games):
    """Return a copy of the event record with each named game's record inline at its table (`record`): the
    export a file carries, which the `event` command reads. The `game` ids stay, for an importer to ignore."""
    record = copy.deepcopy(record)
    for rnd in record.get("rounds") or []:
        for table in rnd.get("tables") or []:
            game = games.get(table.get("game"))
            if game is not None and table.get("record") is None:
                table["record"] = copy.deepcopy(game.record if isinstance(game, Game) else game)
    return record


def split_games(record):
    """Return (the event record without inline games, [(round index, table index, game record)]): an import
    stores each game, then names it at its table (director.link_game)."""
    record = copy.deepcopy(record)
    found = []
    for i, rnd in enumerate(record.get("rounds") or []):
        for j, table in enumerate(rnd.get("tables") or []):
            game = table.pop("record", None)
            if game is not None:
                found.append((i, j, game))
    return record, found
