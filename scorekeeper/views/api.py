"""The JSON API: the same game records as the command line, for clients written elsewhere."""

from functools import cache
from pathlib import Path

from flask import Blueprint, Response, request

from scorekeeper.responses import delivery
from scorekeeper import rules, store, taps
from scorekeeper.web.members import trusted_device
from scorekeeper.web import scored_json, stakes
from scorekeeper.web.api_answers import ApiError, json_body, refuse
from scorekeeper.web.bearer import bearer_token
from scorekeeper.taps.body import Refused
from scorekeeper.taps import described
from scorekeeper.web.i18n import languages
from ..rules import RecordError, actions
from scorekeeper.text.words import word

bp = Blueprint("api", __name__, url_prefix="/api")
OPENAPI = Path(__file__).with_name("openapi.json")


bp.register_error_handler(ApiError, refuse)


def _game(game_id):
    game = store.get_game(store.get_db(), game_id)
    if game is None:
        raise ApiError(404, f"no game {game_id!r}", "id")
    return game


def _record_error(error):
    return ApiError(422, word(error), error.path or None)


@bp.post("/games")
def create():
    """Store a game record; answer with its id, edit key and links."""
    record = json_body()
    language = record.get("language") if isinstance(record, dict) else None
    if language is not None and (not isinstance(language, str) or language not in languages()):
        raise ApiError(
            422,
            f"language: must be one of this app's languages ({', '.join(languages())}), or left out for the reader's",
            "language",
        )
    try:
        if isinstance(record, dict) and isinstance(record.get("players"), list):
            record = dict(record, players=rules.player_names(record["players"], key_of=store.keyer(store.get_db())))
        stakes.check_record(record)  # the instance's stake ceiling, and what a payment can show
        recognised = trusted_device()  # the owner's key, a member's phone; an anonymous client's waits
        game_id, edit_key = store.create_game(store.get_db(), record, recognised=recognised)
    except RecordError as error:
        raise _record_error(error) from None
    return {
        "id": game_id,
        "edit_key": edit_key,
        "recognised": recognised,
        "url": delivery.full_link("table.claim", game_id=game_id, key=edit_key),
        "view_url": delivery.full_link("table.play", game_id=game_id),
    }, 201


@bp.get("/games/<game_id>")
def scored(game_id):
    """Return the scored game, exactly as `score --json` prints it; 304 when the ETag (its revision and the database's generation) still holds."""
    head = store.get_game_head(store.get_db(), game_id)
    if head is None:
        _game(game_id)  # refused: no such game
    # The revision names the game's state only within one generation (a restore brings older revisions back under
    # the same numbers): the tag carries the generation, as the follower's poll does (store.follow_tag).
    tag = str(head["revision"]) + (f"+g{head['generation']}" if head.get("generation") else "")
    return delivery.revalidated(tag, lambda: delivery.pretty_json(rules.score(rules.load(_game(game_id)["record"]))))


@bp.get("/games/<game_id>/export")
def export(game_id):
    """Return the game record as stored, unknown keys included."""
    return delivery.pretty_json(_game(game_id)["record"])


@bp.post("/games/<game_id>/hands")
def append_hand(game_id):
    """Append a finished hand; needs the edit key as a Bearer token."""
    game = _game(game_id)
    key = bearer_token()
    if key is None:
        raise ApiError(401, "send the game's edit key as 'Authorization: Bearer <edit_key>'", "Authorization")
    if not store.may_edit(game, key):
        raise ApiError(403, "that edit key does not fit this game; the game is read-only to you", "Authorization")
    number = len(game["record"].get("hands", []))  # of the hands before this one
    try:
        outcome = actions.append_hand(rules.load(game["record"], trusted=True), json_body())
        revision = store.append_entry(
            store.get_db(),
            game_id,
            *outcome.entry,
            outcome.record,
            game["revision"],
            outcome.game,
            generation_number=game["generation"],
        )
    except actions.WrongStep as error:
        raise ApiError(409, word(error.message), error.path) from None
    except RecordError as error:
        # Name the field inside the posted hand, not the whole record.
        prefix = f"hands[{number}]"
        field = error.path.removeprefix(prefix).lstrip(".") or "hand" if error.path.startswith(prefix) else error.path
        raise ApiError(422, word(error.message) if error.path.startswith(prefix) else word(error), field) from None
    except store.StaleRevision:
        raise ApiError(409, "the game changed meanwhile; fetch it and try again", "revision") from None
    return {"id": game_id, "number": number + 1, "revision": revision}, 201


def _writer(game):
    """Return None for the game's edit key, the seat for a seat key; refuse anything else."""
    key = bearer_token()
    if key is None:
        raise ApiError(401, "send the game's edit key or a seat key as 'Authorization: Bearer <key>'", "Authorization")
    if store.may_edit(game, key):
        return None
    seat = store.seat_of_key(store.get_db(), game["id"], key)
    if seat is None:
        raise ApiError(
            403, "that key does not fit this game (or was withdrawn); the game is read-only to you", "Authorization"
        )
    return seat


@bp.post("/games/<game_id>/actions")
def act(game_id):
    """Apply one action of the table (deal, bid, trump, tricks, undo, reveal) exactly once."""
    seat = _writer(store.get_game_head(store.get_db(), game_id) or _game(game_id))
    try:
        status, body = taps.perform(game_id, json_body(), seat)
    except Refused as refused:
        raise ApiError(refused.status, word(refused.message), refused.field) from None
    # Prefer: return=minimal (RFC 7240): the phone's queue reads only the revision and the message of an
    # applied tap; the whole scored game (50 kB by hand 200) is left out. A refused tap carries it always.
    minimal = status == 200 and "return=minimal" in request.headers.get("Prefer", "")
    if minimal:
        body = {key: value for key, value in body.items() if key != "game"}
    return Response(
        scored_json.answer_text(body) + "\n",
        status=status,
        mimetype="application/json",
        headers={"Preference-Applied": "return=minimal"} if minimal else None,
    )


@cache
def _described():
    return described.openapi(OPENAPI.read_text(encoding="utf-8"))


@bp.get("/openapi.json")
def openapi():
    """Describe the JSON API (OpenAPI 3.1): the document kept beside this module, its `Action` the registry's."""
    return Response(_described(), mimetype="application/json")
