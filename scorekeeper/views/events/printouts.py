"""The event's printouts: a round's table cards with their blank sheets, where everyone sits, and the results (PDF
and CSV)."""

import csv
import io

from flask import Response, abort, request

from scorekeeper.responses import delivery
from scorekeeper.cache import kept
from scorekeeper import printing
from scorekeeper.web.i18n import speaking
from scorekeeper.store.exports import neutralise
from scorekeeper.text import event_results
from ...printing import events as printouts
from ...text.words import _
from . import bp
from scorekeeper.web.event_room import Room, event_key, event_language, event_row, is_director


def _pdf(data, name):
    return Response(data, mimetype="application/pdf", headers={"Content-Disposition": f'inline; filename="{name}"'})


def _only_tables(text):
    """The table numbers of ?tables=3,5 (at most 500), or an empty set for every table."""
    return {int(part) for part in text.replace(" ", ",").split(",")[:500] if part.isdigit() and len(part) < 6}


@bp.get("/events/<event_id>/rounds/<int:number>/cards.pdf")
def cards(event_id, number):
    """The director's PDF for a round: every table's card (number, seats, first dealer, QR codes of its scorekeeper and follow
    links and of the standings), each followed by the table's blank score sheet with names and round."""
    row = event_row(event_id)
    if not is_director(row):  # the cards carry every table's scorekeeper link
        abort(403, _("Only the event's director may print the table cards: they carry the scorekeeper links."))
    room = Room(row)
    if room.problem:
        abort(409, _("This event cannot be printed as it stands: %(why)s", why=room.problem))
    if not 1 <= number <= len(room.rounds):
        abort(404, _("There is no round %(round)d yet.", round=number))
    tables = []
    only = _only_tables(request.args.get("tables", ""))  # reprint the tables that changed, e.g. ?tables=3,5
    for index, table in enumerate(room.rounds[number - 1]["tables"], start=1):
        if only and index not in only:
            continue
        view = room.table_view(table, index)
        if view["edit_key"] is None:
            abort(409, _("Table %(table)d has no game yet.", table=index))
        tables.append(
            {
                **view,
                "game": room.loaded[table["game"]],
                "game_id": table["game"],
                "scorekeeper_url": delivery.full_link("table.claim", game_id=table["game"], key=view["edit_key"]),
                "follow_url": delivery.full_link("table.play", game_id=table["game"]),
            }
        )
    if not tables:
        abort(404, _("There is no such table in round %(round)d.", round=number))
    standings_url = delivery.full_link("events.standings", event_id=event_id)
    with speaking(event_language(room.record)):  # the event's language, whoever prints (docs/events.md)
        # A round's cards change only when its seats or games do (a swap, a late player): rendering takes seconds.
        key = event_key(
            event_id,
            "",
            "cards",
            "director",
            (
                number,
                room.row["name"],
                standings_url,
                tuple((t["game_id"], tuple(t["seats"]), t["first_dealer"], t["scorekeeper_url"]) for t in tables),
            ),
        )
        data = kept.get(key)
        if data is None:
            try:
                with printing.keyed():  # the director's queue: never behind anonymous blank sheets
                    data = printouts.round_cards_pdf(room.row["name"] or _("Event"), number, tables, standings_url)
            except printing.SheetError as error:
                abort(400, _("This round cannot be printed: %(why)s", why=error))
            kept.put(key, data)
    return _pdf(data, f"event-{event_id[:6]}-round-{number}.pdf")


@bp.get("/events/<event_id>/rounds/<int:number>/seating.pdf")
def seating(event_id, number):
    """Where everyone sits in a round, for the wall: each player alphabetically with their table and seat."""
    row = event_row(event_id)
    room = Room(row)
    if room.problem:
        abort(409, _("This event cannot be printed as it stands: %(why)s", why=room.problem))
    if not 1 <= number <= len(room.rounds):
        abort(404, _("There is no round %(round)d yet.", round=number))
    with speaking(event_language(room.record)), printing.keyed(is_director(row)):
        data = printouts.seating_pdf(room.row["name"] or _("Event"), number, room.seating(number))
    return _pdf(data, f"event-{event_id[:6]}-round-{number}-seating.pdf")


@bp.get("/events/<event_id>/results.pdf")
def results_pdf(event_id):
    """The results as PDF: the champion, the final standings, the rounds with their tie-breaks, the money."""
    row = event_row(event_id)
    with speaking(event_language(row["record"])):
        room = Room(row)  # scored in the event's language: its tie-breaks are sentences
        if room.problem:
            abort(409, _("This event cannot be printed as it stands: %(why)s", why=room.problem))
        with printing.keyed(is_director(row)):
            data = printouts.results_pdf(room.row["name"] or _("Event"), room.scored, room.scored.get("money"))
    return _pdf(data, f"event-{event_id[:6]}-results.pdf")


@bp.get("/events/<event_id>/results.csv")
def results_csv(event_id):
    """The final results as CSV, in their order: place, player, the round reached, withdrawn, then the standings'
    placement points, total and bids made, and the notes that name the player; before the champion, the
    standings."""
    room = Room(event_row(event_id))
    if room.problem:
        abort(409, _("This event cannot be printed as it stands: %(why)s", why=room.problem))
    scored = room.scored
    standing = {row["player"]: row for row in scored["standings"]}
    out = io.StringIO()
    writer = csv.writer(out)
    writer.writerow(["place", "player", "round_reached", "withdrawn", "points", "total", "bids_made", "note"])
    rows = scored["results"] or [
        {"place": n, "player": row["player"], "round_reached": ""} for n, row in enumerate(scored["standings"], start=1)
    ]
    for row in rows:
        own = standing.get(row["player"], {})
        writer.writerow(
            [
                row["place"],
                neutralise(row["player"]),
                row["round_reached"],
                "yes" if row.get("withdrawn") else "",
                own.get("points"),
                own.get("total"),
                own.get("bids_made"),
                neutralise(" ".join(event_results.notes_of(scored, row["player"]))),
            ]
        )
    return Response(
        out.getvalue(),
        mimetype="text/csv",
        headers={"Content-Disposition": f'attachment; filename="event-{event_id[:6]}-results.csv"'},
    )
