"""The table changes during a game: a player arrives late, leaves, or sits out one hand.

Who is out of the hands still to come lives in the record's top-level `table` key:
    {"left": [seats], "sitting_out": [seats], "joining": [{"seat": s, "total": t}]}
`left` is out of every further hand; `sitting_out` is out of the next hand only; `joining`
lists late arrivals who have not played yet, with the total they start from. A newcomer takes
the last seat (between the last seat and seat 0, so right of seat 0). Hands already played
get the new seat in `out` with a null bid; the newcomer's first hand carries `joins`.

Each function takes a record (a dict) and returns a new one; the record given is not changed.
They raise ValueError with a message a player can act on.
"""

import copy

from .names import name_key, player_name
from .patterns import decks_for
from ..said import said

START_CHOICES = ("zero", "lowest", "number")


def table_state(record):
    """Return the record's `table` key with its defaults: left, sitting_out, joining."""
    table = record.get("table") or {}
    return {
        "left": sorted(set(table.get("left") or [])),
        "sitting_out": sorted(set(table.get("sitting_out") or [])),
        "joining": [dict(join) for join in table.get("joining") or []],
    }


def out_for_next_hand(record):
    """Return the seats not dealt in the next hand: those who left and those sitting it out."""
    table = table_state(record)
    return sorted(set(table["left"]) | set(table["sitting_out"]))


def _with_table(record, table):
    # The hands are shared, never changed: a new hand is appended to a new list.
    new = copy.deepcopy({key: value for key, value in record.items() if key != "hands"})
    if "hands" in record:
        new["hands"] = list(record["hands"])
    # Keys of the table this module does not know are kept; empty lists are dropped.
    merged = {
        key: value for key, value in {**(record.get("table") or {}), **table}.items() if value or key not in table
    }
    if merged:
        new["table"] = merged
    else:
        new.pop("table", None)
    return new


def _check_seat(record, seat):
    players = record["players"]
    if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < len(players):
        raise ValueError(said("there is no seat %(seat)s at this table", seat=repr(seat)))
    table = table_state(record)
    if seat in table["left"]:
        raise ValueError(said("%(name)s has left the game", name=players[seat]))
    return table


def _check_enough(record, out):
    if len(record["players"]) - len(set(out)) < 2:
        raise ValueError(said("at least 2 players must be dealt in"))


def starting_total(totals, left, how, number=None, lowest_wins=False):
    """Return a late arrival's starting total: zero, the last place's total among those still playing, or a number.

    "lowest" is the last place's total: the lowest where the highest total wins, the highest
    where the lowest wins, so a newcomer never starts in the lead.
    """
    if how == "zero":
        return 0
    if how == "lowest":
        playing = [total for seat, total in enumerate(totals) if seat not in left]
        return (max if lowest_wins else min)(playing) if playing else 0
    if how == "number":
        if isinstance(number, bool) or not isinstance(number, (int, float)):
            raise ValueError(said("enter the starting total as a number"))
        return int(number) if float(number).is_integer() else number
    raise ValueError(said("choose how the newcomer starts: %(choices)s", choices=", ".join(START_CHOICES)))


def standing_totals(record, totals):
    """Return the totals with each newcomer still waiting for a deal at their starting total, not 0."""
    totals = list(totals)
    for join in table_state(record)["joining"]:
        totals[join["seat"]] = join["total"]
    return totals


def add_player(record, name, total=0):
    """Seat a late arrival in the last seat; they join the next hand with `total`."""
    if not (name or "").strip():
        raise ValueError(said("enter the newcomer's name"))
    try:
        name = player_name(name)
    except ValueError as error:  # a RecordError naming no field a person sees: say it as a sentence
        raise ValueError(said("the newcomer's name %(problem)s", problem=error.message)) from None
    if name_key(name) in {name_key(player) for player in record["players"]}:
        raise ValueError(said("%(name)s is already at the table; choose another name", name=name))
    if isinstance(total, bool) or not isinstance(total, (int, float)):
        raise ValueError(said("the starting total must be a number"))
    old = len(record["players"])
    new = copy.deepcopy(record)
    seat = old
    new["players"].append(name)
    for hand in new.get("hands") or []:
        if "bids" in hand:
            hand["bids"].append(None)
        if hand.get("tricks") is not None:
            hand["tricks"].append(None)
        hand["out"] = sorted(set(hand.get("out") or []) | {seat})
    rules = new.setdefault("rules", {})
    deals = rules.setdefault("deals", {})
    # The plan and the deck stay what the table started with; each hand is capped for those dealt in.
    deals.setdefault("decks", decks_for(old))
    deals.setdefault("players", old)
    payouts = rules.get("payouts")
    if payouts:
        step = payouts[-1] - payouts[-2] if len(payouts) > 1 else payouts[-1]
        rules["payouts"] = list(payouts) + [payouts[-1] + step]
    table = table_state(record)
    table["joining"].append({"seat": seat, "total": total})
    return _with_table(new, table)


def leave(record, seat):
    """Take a player out of every further hand."""
    table = _check_seat(record, seat)
    _check_enough(record, table["left"] + [seat])
    table["left"] = sorted(set(table["left"]) | {seat})
    table["sitting_out"] = [s for s in table["sitting_out"] if s != seat]
    table["joining"] = [join for join in table["joining"] if join["seat"] != seat]
    return _with_table(record, table)


def sit_out(record, seat, out=True):
    """Let a player sit out the next hand (out=False: play it after all)."""
    table = _check_seat(record, seat)
    sitting = set(table["sitting_out"])
    if out:
        _check_enough(record, table["left"] + sorted(sitting | {seat}))
        sitting.add(seat)
    else:
        sitting.discard(seat)
    table["sitting_out"] = sorted(sitting)
    return _with_table(record, table)


def deal_hand(record, hand):
    """Append the next hand with who is out and who joins; sitting out ends with it."""
    table = table_state(record)
    out = out_for_next_hand(record)
    _check_enough(record, out)
    hand = dict(hand)
    if out:
        hand["out"] = out
    joins = [join for join in table["joining"] if join["seat"] not in out]
    if joins:
        hand["joins"] = joins
    table["joining"] = [join for join in table["joining"] if join["seat"] in out]
    table["sitting_out"] = []
    new = _with_table(record, table)
    new.setdefault("hands", []).append(hand)
    return new
