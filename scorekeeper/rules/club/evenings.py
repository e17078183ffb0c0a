"""An evening: the games of one club night (one table's in turn, or several tables at once), its ledger and the
settlement of the whole evening.

Games are (meta, scored) pairs in the order played, as in stats.py. Players are matched by name
(trimmed, case ignored), so a player who joins for the second game, or sits at another table, is one person.
Only the games that count (rules/club/counting.py, passed in each game's meta as "counted") count towards the money,
as they settle among the players dealt in: a game still on the table has no result yet, an abandoned one none.
A game's meta
may name its stake's currency ("currency": an ISO 4217 code, "" for points); the money of games in
different currencies is never added up: such an evening has no running ledger and no settlement of its own.
"""

from ..scoring.presets import system_title
from ..money.payments import payments_between
from ..money.settlement import POT
from .stats import name_key, seat_of, unpack


def cents(amount):
    """Return an amount of money (rounded to cents by the engine) as whole cents."""
    return round(amount * 100)


def roster(games):
    """Return the evening's players as (key, name shown), in order of first appearance."""
    names = {}
    for _meta, scored in games:
        for player in scored["players"]:
            names.setdefault(name_key(player), player.strip())
    return list(names.items())


def _nets(scored, what):
    """Each seat's net money (cents) as rules.club.counting says the game moves it: its flows among the players dealt
    in; nothing for a game that moves no money (cooperative, an event's table, abandoned, no stake)."""
    if what is None:
        return [cents(amount) for amount in scored["settlement"]["net"]]
    nets = dict.fromkeys(range(len(scored["players"])), 0)
    seat = {name: index for index, name in enumerate(scored["players"])}
    for payer, payee, amount in what.flows:
        nets[seat[payer]] -= amount
        nets[seat[payee]] += amount
    return [nets[index] for index in range(len(scored["players"]))]


def game_row(number, meta, scored, keys, running):
    """Return one game of the ledger, adding its money to running (cents by player key). meta["counted"]: the
    game's rules.club.counting.Counted (what counts; without it, a finished game counts with its own settlement)."""
    what = meta.get("counted")
    seats = [seat_of(key, scored) for key in keys]
    if what is not None:  # a player never dealt in is not a player of the game
        seats = [seat if seat is not None and seat in what.playing else None for seat in seats]
    money = scored["settlement"]
    counted = scored["finished"] if what is None else what.counts
    nets = _nets(scored, what)
    if counted:
        for key, seat in zip(keys, seats):
            if seat is not None:
                running[key] += nets[seat]
    moves = counted and (what is None or what.moves_money)
    return {
        "number": number,
        "meta": meta,
        "counted": counted,
        "winner": scored["winner"] if what is None else list(what.winners),
        "currency": meta.get("currency") or "",
        "system_name": system_title(scored["system"], scored.get("options")),
        "method": money["method"],
        "stake": money["stake"],
        "totals": [None if seat is None else scored["totals"][seat] for seat in seats],
        "nets": [None if seat is None or not counted else nets[seat] / 100 for seat in seats],
        "won": [
            counted and seat is not None and (scored["ranks"][seat] if what is None else what.places[seat]) == 1
            for seat in seats
        ],
        "running": [running[key] / 100 for key in keys],
        "pot": money.get("pot") if moves else None,
    }


def ledger(games):
    """Return the ledger of an evening: players, one row per game, each player's net, the games each sat at, and the
    payments.

    The evening is settled as one: each player's nets are summed (with the Stackpot pot as one more
    party when there is one), and the fewest payments settle the sums. "currency" is the finished games' one
    currency; where they were played in several ("currencies" lists them), nothing is summed or paid.
    """
    games = [unpack(game) for game in games]
    players = roster(games)
    keys = [key for key, _name in players]
    running = dict.fromkeys(keys, 0)
    rows = [game_row(number, meta, scored, keys, running) for number, (meta, scored) in enumerate(games, start=1)]
    currencies = sorted({row["currency"] for row in rows if row["counted"]})
    pots = [row["pot"] for row in rows if row["pot"] is not None]
    balances = [running[key] for key in keys] + ([sum(cents(pot) for pot in pots)] if pots else [])
    parties = [name for _key, name in players] + ([POT] if pots else [])
    mixed = len(currencies) > 1
    payments = [] if mixed else payments_between(parties, balances)
    games_of = [sum(row["totals"][index] is not None for row in rows) for index in range(len(keys))]
    return {
        "players": parties[: len(keys)],
        "rows": rows,
        "net": [running[key] / 100 for key in keys],
        "games": games_of,
        "pot": balances[-1] / 100 if pots and not mixed else None,
        "payments": payments,
        "finished": sum(row["counted"] for row in rows),
        "currency": currencies[0] if len(currencies) == 1 else "",
        "currencies": currencies,
        "mixed": mixed,
    }
