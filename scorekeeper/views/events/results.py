"""The event's results page, and the words every page of the event says its final results in
(text/event_results.py, as the template global `event_results`): one order, computed once by the engine."""

from flask import render_template

from ...rules import RecordError
from ...text import words
from . import bp
from scorekeeper.web.event_room import Room, event_row


@bp.get("/events/<event_id>/results")
def results(event_id):
    """Show the champion, the final results with their notes, and the money."""
    room = Room(event_row(event_id))
    money = None
    if room.scored:
        try:
            money = room.scored.get("money")
        except RecordError as error:
            room.problem = words.word(error)
    return render_template("events/results.html", room=room, money=money, say_money=words.money, ordinal=words.ordinal)
