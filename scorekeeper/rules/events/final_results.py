"""Final results (RULES.md): every entrant ranked by the last round reached, the final table first in its
places (the champion first), then those out after the round before it, and so on; within one round as that
round's cut ranked them, which the format names (`Format.results_within`):

- "place" (Cartier cuts by table places): the place at the table, then the total, bids made, the lot;
- "total" (WPOHL eliminates the room's lowest totals): the round's total, then the tie-breaks of a line (bids
  made in the round, the previous round's total, the lot);
- "standings" (`rounds`): the standings after the last qualifying round (placement points, totals, bids made,
  the lot).

A player withdrawn after playing keeps their line, marked `"withdrawn": true`. The notes say what a reader of
the results needs besides the order: who withdrew, and a cut that stood after a correction."""

from ..scoring.ranks import standing_key
from ..said import said


def _reached(scored_rounds):
    """name -> (round number, scored table, seat) of the last table each player sat at."""
    reached = {}
    for rnd in scored_rounds:
        for table in rnd["tables"]:
            for seat, name in enumerate(table["seats"]):
                reached[name] = (rnd["number"], table, seat)
    return reached


def _previous_totals(scored_rounds):
    """round number -> {name: that player's total in the round before it}."""
    previous, before = {}, {}
    for rnd in scored_rounds:
        previous[rnd["number"]] = before
        before = {
            name: table["totals"][seat]
            for table in rnd["tables"]
            if table["totals"] is not None
            for seat, name in enumerate(table["seats"])
        }
    return previous


def _within(how, reached, previous, standings, lot, lowest_wins):
    """The sort key of a player among those out after the same round, as the format's cut ranked them."""

    def result(name):
        _number, table, seat = reached[name]
        return table["places"][seat], table["totals"][seat], table["bids_made"][seat]

    def by_place(name):
        place, total, made = result(name)
        return (place, standing_key(total, lowest_wins), -made, lot[name])

    def by_total(name):
        number, _place_, _seat = reached[name]
        _place, total, made = result(name)
        before = previous.get(number, {}).get(name)
        earlier = (1, 0) if before is None else (0, standing_key(before, lowest_wins))
        return (standing_key(total, lowest_wins), -made, earlier, lot[name])

    def by_standings(name):
        return (standings.get(name, len(standings)), lot[name])

    return {"place": by_place, "total": by_total, "standings": by_standings}[how]


def final_results(how, scored_rounds, entrants, champion, lot, lowest_wins, standings, withdrawn):
    """Return [{"player", "round_reached", "place"}, "withdrawn": true for a player withdrawn after playing] in
    the final order once there is a champion, else None.

    how: the format's `results_within`; standings: the room standings' order (names); withdrawn: the names
    withdrawn from some round on."""
    if champion is None:
        return None
    reached = _reached(scored_rounds)
    final = scored_rounds[-1]["number"] if scored_rounds and scored_rounds[-1]["final"] else None
    position = {name: at for at, name in enumerate(standings)}
    within = _within(how, reached, _previous_totals(scored_rounds), position, lot, lowest_wins)

    def key(name):
        number, table, seat = reached[name]
        if number == final:  # the final table in its places, the champion first
            return (
                -number,
                name != champion,
                table["places"][seat],
                standing_key(table["totals"][seat], lowest_wins),
                -table["bids_made"][seat],
                lot[name],
            )
        return (-number, True, *within(name))

    order = sorted((name for name in entrants if name in reached), key=key)
    rows = []
    for place, name in enumerate(order, start=1):
        row = {"player": name, "round_reached": reached[name][0], "place": place}
        if name in withdrawn:
            row["withdrawn"] = True
        rows.append(row)
    return rows


def _instead(now, then):
    """Who a corrected cut sends on instead of whom: (names now going on, names no longer going on)."""
    return [name for name in now if name not in then], [name for name in then if name not in now]


def result_notes(scored_rounds, withdrawn, unlocked):
    """Return what explains the standings and the results besides their order, each {"kind", "round",
    "players", "text"}: every player withdrawn after playing (kind "withdrawn": the rounds they played count),
    and every confirmed cut a correction since would change that the director let stand (kind "cut_stood",
    with "instead_of"; not while the table is still open for the correction)."""
    reached = _reached(scored_rounds)
    notes = []
    for rnd in scored_rounds:
        correction = rnd.get("correction")
        opened = any(isinstance(entry, dict) and entry.get("round") == rnd["number"] for entry in unlocked or [])
        if correction and not opened:
            now, then = _instead(correction["advanced"], rnd["advanced"])
            if not now and not then:
                continue
            notes.append(
                {
                    "kind": "cut_stood",
                    "round": rnd["number"],
                    "players": now,
                    "instead_of": then,
                    "text": said(
                        "Round %(round)d: after a correction the cut would send on %(now)s instead of "
                        "%(then)s; the director let the confirmed cut stand.",
                        round=rnd["number"],
                        now=", ".join(now) or "—",
                        then=", ".join(then) or "—",
                    ),
                }
            )
    for name, _first in sorted(withdrawn.items(), key=lambda item: (item[1], item[0])):
        if name in reached:
            played = reached[name][0]
            notes.append(
                {
                    "kind": "withdrawn",
                    "round": played,
                    "players": [name],
                    "text": said(
                        "%(name)s withdrew after round %(round)d: the rounds played count, and the "
                        "cut was made among the others.",
                        name=name,
                        round=played,
                    ),
                }
            )
    return notes
