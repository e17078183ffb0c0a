"""Scoring an event: every table's totals, places and placement points, each round's cut with its
tie-breaks, the room standings, the next round's draw and the champion (RULES.md), as
`python -m scorekeeper event --json` prints it."""

from fractions import Fraction

from ..game.record import RecordError
from ..scoring.ranks import standing_key
from ..scoring.scored import score
from ..said import said
from . import draw
from .cuts import Context, Final
from .final_results import final_results, result_notes
from .prizes import event_money
from .event import Event
from .record import load_event


def _tidy(number):
    if isinstance(number, Fraction):
        number = int(number) if number.denominator == 1 else float(number)
    return int(number) if isinstance(number, float) and number.is_integer() else number


def placement_points(places):
    """Return each seat's placement points: at a table of k, 1st scores k - 1 ... last 0; tied players share
    the average of their places' points."""
    k = len(places)
    return [
        _tidy(Fraction(sum(k - p for p in range(place, place + places.count(place))), places.count(place)))
        for place in places
    ]


def _table(table):
    """A table's scored entry: seats, totals, places, points and bids made by seat; finished or not."""
    entry = {
        "seats": list(table.seats),
        "game": table.game_id,
        "started": table.started,
        "finished": False,
        "totals": None,
        "places": None,
        "points": None,
        "bids_made": None,
        "hands_played": 0,
    }
    if table.game is None:
        return entry
    scored = score(table.game)
    made = [
        sum(1 for hand in scored["hands"] if hand["scores"] is not None and hand["made"][seat])
        for seat in range(len(table.seats))
    ]
    entry.update(
        finished=scored["finished"],
        totals=scored["totals"],
        places=scored["ranks"],
        points=placement_points(scored["ranks"]),
        bids_made=made,
        hands_played=sum(1 for hand in scored["hands"] if hand["scores"] is not None),
        planned_hands=scored["planned_hands"],
        winner=scored["winner"],
    )
    return entry


def _standings(rounds, players, lot, lowest_wins):
    """The room standings, every player: placement points, total and bids made over the finished tables;
    ordered by points, then total, then bids made, then the lot."""
    rows = {name: {"player": name, "points": 0, "total": 0, "bids_made": 0, "tables": 0} for name in players}
    for rnd in rounds:
        for table in rnd["tables"]:
            if not table["finished"]:
                continue
            for seat, name in enumerate(table["seats"]):
                row = rows[name]
                row["points"] = _tidy(row["points"] + table["points"][seat])
                row["total"] = _tidy(row["total"] + table["totals"][seat])
                row["bids_made"] += table["bids_made"][seat]
                row["tables"] += 1
    order = sorted(
        rows.values(),
        key=lambda row: (
            -row["points"],
            standing_key(row["total"], lowest_wins),
            -row["bids_made"],
            lot[row["player"]],
        ),
    )
    return order


def _context(event, entrants, index, tables, scored_rounds, lot, lowest_wins):
    previous = {}
    if index > 0:
        for table in scored_rounds[index - 1]["tables"]:
            if table["totals"] is not None:
                previous.update(zip(table["seats"], table["totals"]))
    standings = {
        row["player"]: row for row in _standings(scored_rounds + [{"tables": tables}], entrants, lot, lowest_wins)
    }
    return Context(tables, previous, lot, standings, event.leaving_before(index + 2), lowest_wins)


def _draw(event, number, pots, met):
    """Seat round `number` (from 1): the pots spread over the format's tables, met players kept apart."""
    players = sum(len(pot) for pot in pots)
    sizes = event.format.sizes(number - 1, players, event.options)
    short = (
        draw.short_seats([[table.seats for table in rnd.tables] for rnd in event.rounds])
        if event.format.rotates_short_seats
        else None
    )
    tables = draw.draw(pots, sizes, draw.round_random(event.seed, number), met, short=short)
    return {
        "number": number,
        "final": event.format.is_final(number - 1, players, event.options),
        "tables": [{"seats": seats} for seats in tables],
    }


def score_event(event, games=None):
    """Return the scored event (RULES.md): rounds with their tables, cuts and tie-breaks, the standings,
    the next round's draw (or None) and the champion (or None). `event` is a record or a loaded Event;
    `games` maps game ids to records for tables that name a `game` (see load_event)."""
    if not isinstance(event, Event):
        event = load_event(event, games)
    entrants = event.entrants()
    lot_order = draw.lot(event.seed, entrants)
    lot = {name: position for position, name in enumerate(lot_order, start=1)}
    lowest_wins = event.lowest_wins
    scored_rounds, decision = [], None
    for index, rnd in enumerate(event.rounds):
        tables = [_table(table) for table in rnd.tables]
        complete = all(table["finished"] for table in tables)
        final = event.is_final(index)
        scored = {
            "number": index + 1,
            "final": final,
            "complete": complete,
            "tables": tables,
            "advanced": [],
            "eliminated": [],
            "ties": [],
            "withdrawn": sorted(name for name, first in event.withdrawn.items() if first == index + 2),
        }
        decision = None
        if complete:
            ctx = _context(event, entrants, index, tables, scored_rounds, lot, lowest_wins)
            seated = sum(len(t["seats"]) for t in tables)
            cut = Final() if final else event.format.cut(index, seated, event.options)
            decision = cut.decide(ctx)
            scored.update(advanced=decision.advanced, eliminated=decision.eliminated, ties=decision.ties)
            if index < len(event.rounds) - 1 and rnd.advanced:  # confirmed: the cut the director confirmed
                if sorted(rnd.advanced) != sorted(decision.advanced):  # a correction since would send on others
                    scored["correction"] = {"advanced": decision.advanced, "eliminated": decision.eliminated}
                scored.update(advanced=list(rnd.advanced), eliminated=list(rnd.eliminated))
        elif index < len(event.rounds) - 1:
            raise RecordError(
                f"rounds[{index}]",
                said(
                    "round %(round)d is not finished (or its games were not given), but round %(next)d is seated",
                    round=index + 1,
                    next=index + 2,
                ),
            )
        scored_rounds.append(scored)
    champion, upcoming = _outcome(event, scored_rounds, decision)
    standings = _standings(scored_rounds, entrants, lot, lowest_wins)
    scored = {
        "name": event.name,
        "format": event.format.id,
        "format_name": event.format.name,
        "options": event.options,
        "seed": event.seed,
        "players": entrants,
        "lot": lot_order,
        "withdrawn": [
            {"player": name, "from_round": first, "entrant": name in entrants}
            for name, first in event.withdrawn.items()
        ],
        "rounds": scored_rounds,
        "standings": [{key: row[key] for key in ("player", "points", "total", "bids_made")} for row in standings],
        "next": upcoming,
        "champion": champion,
        "results": final_results(
            event.format.results_within,
            scored_rounds,
            entrants,
            champion,
            lot,
            lowest_wins,
            [row["player"] for row in standings],
            event.withdrawn,
        ),
        "results_by": event.format.results_within,
        "notes": result_notes(scored_rounds, event.withdrawn, event.record.get("unlocked")),
    }
    money = event.record.get("money")
    options = event.record.get("options")
    if isinstance(money, dict) and isinstance(options, dict) and "charity" in options and "charity" not in money:
        money = {**money, "charity": options["charity"], "cause": options.get("cause", "")}  # RULES.md's option
    scored["money"] = event_money(scored, money) if isinstance(money, dict) else None
    return scored


def _outcome(event, scored_rounds, decision):
    """Return (champion, the next round's draw) after the rounds played so far."""
    if not scored_rounds:
        leaving = event.leaving_before(1)
        players = [name for name in event.players if name not in leaving]
        return None, _draw(event, 1, [players], set())
    last = scored_rounds[-1]
    if decision is None:
        return None, None
    if last["final"]:
        return decision.champion, None
    going_on = decision.advanced
    if len(going_on) < 2:
        return (going_on[0] if going_on else None), None
    met = draw.met_pairs([[table.seats for table in rnd.tables] for rnd in event.rounds])
    return None, _draw(event, len(scored_rounds) + 1, decision.pots, met)
