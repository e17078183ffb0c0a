"""The events API: create an event, read it as `python -m scorekeeper event --json` prints it (ETag/304), the
director's actions with the director key, export and import with the games inline."""

import functools

from scorekeeper.responses import delivery
from scorekeeper import store
from scorekeeper.web.bearer import bearer_token
from scorekeeper.web.i18n import languages, speaking
from ...rules import RecordError, events
from scorekeeper.web.api_answers import ApiError, json_body, refuse
from . import bp, creates_event
from .actions import run_action
from scorekeeper.web.event_room import Room, given_key
from scorekeeper.text.words import word


def _refuse(error):
    raise ApiError(422, word(error), error.path or None) from None


bp.register_error_handler(ApiError, refuse)


def _row(event_id):
    row = store.get_event(store.get_db(), event_id)
    if row is None:
        raise ApiError(404, f"no event {event_id[:40]!r}", "id")
    return row


def in_english(view):
    """The API answers in English whatever the phone speaks: scripts and the CLI read it (docs/languages.md)."""

    @functools.wraps(view)
    def english(*args, **kwargs):
        with speaking("en"):
            return view(*args, **kwargs)

    return english


def _links(event_id, key):
    return {
        "id": event_id,
        "director_key": key,
        "url": delivery.full_link("events.claim", event_id=event_id, key=key),
        "standings_url": delivery.full_link("events.standings", event_id=event_id),
        "screen_url": delivery.full_link("events.screen", event_id=event_id),
        "api_url": delivery.full_link("events.api_event", event_id=event_id),
    }


def _check_language(record):
    language = record.get("language")
    if "language" in record and not (isinstance(language, str) and language in languages()):
        raise ApiError(422, f"the event's language must be one of {', '.join(languages())}", "language")


def _check_money(event):
    """Refuse an event's money as the director's money form would (set_money's checks): every way in, the same."""
    money = event.record.get("money")
    if money is None:
        return
    if not isinstance(money, dict):
        raise RecordError("money", 'must be {"entry_fee": 10, "split": [50, 30, 20]}')
    events.set_money(
        event,
        money.get("entry_fee", 0),
        money.get("split") or [],
        currency=money.get("currency"),
        charity=money.get("charity"),
        cause=money.get("cause"),
    )
    paid = money.get("paid") or []
    if not isinstance(paid, list) or any(name not in event.players for name in paid):
        raise RecordError("money.paid", "must list players of the event")


@bp.post("/api/events")
@creates_event
@in_english
def api_create():
    """Store a new event record (no round seated yet); answer with its id, director key and links."""
    record = json_body("an event record")
    if not isinstance(record, dict):
        raise ApiError(422, "an event must be a JSON object", "")
    _check_language(record)
    if record.get("rounds"):
        raise ApiError(
            422,
            "a new event has no rounds yet: POST /api/events/import takes an exported event with its games",
            "rounds",
        )
    try:
        event = events.load_event(record)
        _check_money(event)
    except RecordError as error:
        _refuse(error)
    event_id, key = store.create_event(
        store.get_db(),
        record,
        ("event", {"name": event.name, "format": event.format.id, "players": list(event.players)}),
    )
    return _links(event_id, key), 201


@bp.get("/api/events/<event_id:event_id>")
@in_english
def api_event(event_id):
    """The scored event with its games, exactly as `python -m scorekeeper event --json` prints its export;
    304 while the ETag (the event's and its games' revisions) holds."""
    tag = store.event_revision(store.get_db(), event_id)
    if tag is None:
        _row(event_id)  # refused: no such event
    return delivery.revalidated(tag, lambda: _scored(event_id))


def _scored(event_id):
    room = Room(_row(event_id))
    if room.problem:
        raise ApiError(409, f"the event cannot be scored as it stands: {room.problem}", "rounds")
    return delivery.pretty_json(room.scored)


def _tables(room):
    """The last round's tables with their games' scorekeeper links: for the director only."""
    rounds = room.record.get("rounds") or []
    if not rounds:
        return []
    out = []
    for number, table in enumerate(rounds[-1]["tables"], start=1):
        stored = room.stored.get(table.get("game"))
        out.append(
            {
                "table": number,
                "seats": table["seats"],
                "game": table.get("game"),
                "edit_key": stored and stored["edit_key"],
                "url": stored and delivery.full_link("table.claim", game_id=table["game"], key=stored["edit_key"]),
            }
        )
    return out


@bp.post("/api/events/<event_id:event_id>/actions")
@in_english
def api_action(event_id):
    """A director's action (start, swap, late, withdraw, money) with the director key as a Bearer token."""
    row = _row(event_id)
    if bearer_token() is None:
        raise ApiError(401, "send the event's director key as 'Authorization: Bearer <director_key>'", "Authorization")
    if not store.may_direct(row, given_key(event_id)):
        raise ApiError(403, "that director key does not fit this event", "Authorization")
    body = json_body("an event record")
    if not isinstance(body, dict):
        raise ApiError(422, "an action must be a JSON object with an action name", "action")
    if "revision" in body and body["revision"] != row["revision"]:
        raise ApiError(409, "the event changed meanwhile; fetch it and try again", "revision")
    try:
        outcome = run_action(Room(row), body.get("action"), body)
    except RecordError as error:
        _refuse(error)
    except store.TablesMoved as moved:
        where = ", ".join(f"round {number}, table {table}" for number, table in moved.tables)
        raise ApiError(
            409, f"a table wrote meanwhile ({where}): nothing was changed; fetch the event and try again", "tables"
        ) from None
    except store.StaleRevision:
        raise ApiError(409, "the event changed meanwhile; fetch it and try again", "revision") from None
    room = Room(store.get_event(store.get_db(), event_id))
    return {
        "id": event_id,
        "message": word(outcome.message),
        "revision": room.row["revision"],
        "tag": room.tag,
        "tables": _tables(room),
    }


@bp.get("/api/events/<event_id:event_id>/export")
@in_english
def api_export(event_id):
    """The event record with every table's game inline: a file `python -m scorekeeper event` reads."""
    room = Room(_row(event_id))
    return delivery.pretty_json(events.inline_games(room.record, room.game_records()))


@bp.post("/api/events/import")
@creates_event
@in_english
def api_import():
    """Store an exported event: each inline game becomes a stored game, named at its table."""
    body = json_body("an event record")
    if isinstance(body, dict):
        _check_language(body)
    try:
        _check_money(events.load_event(body))  # as the event's creation does (security review F-16)
        record, found = events.split_games(body)
    except RecordError as error:
        _refuse(error)
    try:
        event_id, key = store.import_event(store.get_db(), record, found)
    except RecordError as error:
        _refuse(error)
    return _links(event_id, key), 201
