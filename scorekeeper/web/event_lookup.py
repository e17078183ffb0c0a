"""A player finding themselves on the standings page (`?player=`): the name typed on a phone matched to the
event's players (first name, surname, case, accents: rules.game.names.matching), then what that player needs to
know: their table, seat and whether they deal first, their standing, their table in the next draw, and at the
end their result ("21st, out in round 1")."""

from ..rules.game.names import matching
from ..text import event_results

MAX_CANDIDATES = 20


def find_player(room, typed):
    """What the standings page shows the player a typed name means: {player (None unless one name matches),
    candidates (the names it may mean), typed, and for the player: round, table, seat, seats, deals_first,
    dealer, game, standing (place from 1), row (points, total, bids made), result, how, notes, out_after,
    withdrawn_from, next_table, next_seats}."""
    players = list(room.record.get("players") or [])
    found = matching(typed, players)
    if len(found) != 1:
        return {"player": None, "candidates": found[:MAX_CANDIDATES], "typed": typed}
    name = found[0]
    view = {"player": name, "candidates": [], "typed": typed}
    current = room.current()
    for number, table in enumerate(current["tables"] if current else [], start=1):
        if name in table["seats"]:
            seen = room.table_view(table, number)
            view.update(
                round=current["number"],
                table=number,
                seat=table["seats"].index(name) + 1,
                seats=table["seats"],
                game=table["game"],
                started=table["started"],
                dealer=seen["first_dealer"],
                deals_first=seen["first_dealer"] == name,
            )
    scored = room.scored
    if not scored:
        return view
    played = any(table["finished"] and name in table["seats"] for rnd in scored["rounds"] for table in rnd["tables"])
    for place, row in enumerate(scored["standings"] if played else [], start=1):  # once a table of theirs counts
        if row["player"] == name:
            view.update(standing=place, row=row, of=len(scored["standings"]))
    result = event_results.result_of(scored, name)
    if result:
        view.update(result=event_results.own_result(scored, result), notes=event_results.notes_of(scored, name))
    for rnd in scored["rounds"]:
        if name in rnd["eliminated"]:
            view["out_after"] = rnd["number"]
    for entry in scored["withdrawn"]:
        if entry["player"] == name:
            view["withdrawn_from"] = entry["from_round"]
    upcoming = scored["next"]
    for number, table in enumerate(upcoming["tables"] if upcoming else [], start=1):
        if name in table["seats"]:
            view.update(next_round=upcoming["number"], next_table=number, next_seats=table["seats"])
    return view
