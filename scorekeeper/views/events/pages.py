"""The event's pages: creating it, the director's page, the players' standings, the big screen, the results."""

import csv
import io
import json
import re
import secrets
import threading

from flask import abort, flash, redirect, render_template, request, session, url_for

from scorekeeper.responses import delivery
from scorekeeper.cache import kept
from scorekeeper import store
from scorekeeper.web.forms import RevisionForm, csrf_failed
from ...rules import RecordError, events
from scorekeeper.web.i18n import languages
from ...text.words import _, decimal_comma, lazy_gettext, locale, word
from scorekeeper.web.refusals import EXPIRED, explain
from . import bp, creates_event
from .log_lines import log_line
from .actions import ASKED_FIELDS, ASKS_FIRST, preview, run_action, undoable
from scorekeeper.web.event_room import Room, event_key, event_row, give_director_key, is_director

MAX_PLAYERS_TEXT = 50_000
LOG_ON_PAGE = 8  # the director's page shows the latest entries; the log page shows them all
LOG_PAGE = 200
EXAMPLE_RULES = '{"scoring": "exact"}'
STALE = lazy_gettext(
    "This event changed meanwhile (another director's page?): here it is as it stands; nothing was changed."
)


def _players(text, upload):
    """The players typed or pasted one per line, or the first column of a CSV file (a 'name' header is skipped)."""
    if upload is not None and upload.filename:
        raw = upload.read(MAX_PLAYERS_TEXT + 1)
        if len(raw) > MAX_PLAYERS_TEXT:
            raise RecordError("players", _("The CSV file is too large: at most 50 kB of names."))
        try:
            text = raw.decode("utf-8-sig")
        except UnicodeDecodeError:
            raise RecordError("players", _("The CSV file is not UTF-8 text: save it as CSV (UTF-8).")) from None
        try:
            rows = [row for row in csv.reader(io.StringIO(text, newline="")) if row and row[0].strip()]
        except csv.Error as error:
            raise RecordError(
                "players", _("The CSV file cannot be read (%(why)s): save it as CSV.", why=error)
            ) from None
        if rows and rows[0][0].strip().casefold() in ("name", "player", "players"):
            rows = rows[1:]
        return [row[0].strip() for row in rows]
    return [line.strip() for line in (text or "")[:MAX_PLAYERS_TEXT].splitlines() if line.strip()]


def _options(fmt):
    """The chosen format's options as typed: numbers, and lists of numbers ('2 1') for a list option."""
    options = {}
    for option in fmt.options:
        typed = request.form.get(f"opt-{fmt.id}-{option.id}", "").strip()
        if not typed:
            continue
        if isinstance(option.default, list):
            try:
                options[option.id] = [int(part) for part in typed.replace(",", " ").split()]
            except ValueError:
                raise RecordError("options", _("%(option)s: whole numbers like 2 1", option=option.id)) from None
        else:
            options[option.id] = typed
    return options


def _rules():
    typed = request.form.get("rules", "").strip()
    if not typed:
        return {}
    try:
        rules = json.loads(typed[:20_000])
    except ValueError:
        raise RecordError(
            "rules", _("The table rules must be JSON, like %(example)s.", example=EXAMPLE_RULES)
        ) from None
    if not isinstance(rules, dict):
        raise RecordError("rules", _("The table rules must be a JSON object, like %(example)s.", example=EXAMPLE_RULES))
    return rules


# The event record's fields as the new event's form labels them.
FORM_FIELDS = {
    "players": lazy_gettext("Players, one per line"),
    "options": lazy_gettext("The format's options"),
    "money.entry_fee": lazy_gettext("Entry fee"),
    "money.split": lazy_gettext("Prize split, %% of the pot"),
    "money.currency": lazy_gettext("Currency"),
    "seed": lazy_gettext("Draw code"),
    "name": lazy_gettext("Name"),
    "format": lazy_gettext("Format"),
    "money.charity": lazy_gettext("To charity, %% of the pot"),
    "money.cause": lazy_gettext("Cause"),
    "minutes": lazy_gettext("Time for a round, in minutes"),
}


def form_problem(error):
    """A refusal as the form names its fields: 'Players, one per line, line 3: ...', never `players[2]`."""
    listed = re.fullmatch(r"players\[(\d+)\]", error.path or "")
    if listed:
        return _(
            "%(field)s, line %(number)d: %(why)s",
            field=FORM_FIELDS["players"],
            number=int(listed.group(1)) + 1,
            why=word(error.message),
        )
    if error.path in FORM_FIELDS:  # a label's "%%" is the form's "%", as the template says it
        return _("%(field)s: %(why)s", field=str(FORM_FIELDS[error.path]) % (), why=word(error.message))
    if (error.path or "").startswith("rules"):
        return _("%(field)s: %(why)s", field=_("Table rules that override the format's (JSON)"), why=word(error))
    return explain(error, [])


def create_from_form():
    """Return (event id, director key) from the posted form; raise RecordError saying what to fix."""
    try:
        fmt = events.FORMATS.find(request.form.get("format", ""))
    except ValueError as error:
        raise RecordError("format", word(error)) from None
    players = _players(request.form.get("players"), request.files.get("csv"))
    if not players:
        raise RecordError("players", _("Type at least three players, one per line (or choose a CSV file)."))
    seed = request.form.get("seed", "").strip() or secrets.token_hex(4)
    outcome = events.new_event(
        request.form.get("name", "").strip()[:100] or str(fmt.name), fmt.id, players, seed, _rules(), _options(fmt)
    )
    record = outcome.record
    language = request.form.get("language", "")
    if language in languages():
        record["language"] = language  # the event's PDFs print in it (docs/events.md)
    if any(request.form.get(field, "").strip() for field in ("entry_fee", "split", "currency", "charity", "cause")):
        record = events.set_money(
            record,
            request.form.get("entry_fee", "0"),
            request.form.get("split", ""),
            currency=request.form.get("currency", ""),
            charity=request.form.get("charity", ""),
            cause=request.form.get("cause", ""),
            comma=decimal_comma(),
        ).record
    if request.form.get("minutes", "").strip():
        record = events.set_time_limit(record, request.form["minutes"]).record
    return store.create_event(store.get_db(), record, outcome.log)


@bp.route("/events/new", methods=["GET", "POST"])
@creates_event
def new():
    """Create an event: a format with its options, the players, the seed; this browser becomes its director."""
    form = RevisionForm()
    problem = None
    if request.method == "POST":
        if not form.validate():
            abort(400, EXPIRED if csrf_failed(form) else _("Please check the form."))
        try:
            event_id, key = create_from_form()
        except RecordError as error:
            problem = word(error.message) if word(error.message)[:1].isupper() else form_problem(error)
        else:
            return give_director_key(redirect(url_for("events.director", event_id=event_id)), event_id, key)
    page = render_template(
        "events/new.html",
        form=form,
        formats=list(events.FORMATS),
        problem=problem,
        seed=request.form.get("seed") or secrets.token_hex(4),
        typed=request.form,
        language=request.form.get("language") or locale(),
    )
    return page, 400 if problem else 200


@bp.get("/events/<event_id>/direct/<key>")
def claim(event_id, key):
    """The director's link: this browser directs the event from now on."""
    row = event_row(event_id)
    if not store.may_direct(row, key):
        abort(403, _("That director's link is wrong; ask the director for a new one."))
    return give_director_key(redirect(url_for("events.director", event_id=event_id)), event_id, key)


@bp.get("/events/<event_id>")
def director(event_id):
    """The director's page: the round's tables live, the standings, the changes before a table starts, the cut
    and the next round's draw to confirm; a removal asked first (`?ask=`). Anyone else is sent to the
    standings."""
    row = event_row(event_id)
    if not is_director(row):
        return redirect(url_for("events.standings", event_id=event_id))
    room = Room(row)
    entries = store.event_log(store.get_db(), event_id)
    log = [dict(entry, line=log_line(entry)) for entry in entries[-LOG_ON_PAGE:]]
    return render_template(
        "events/director.html",
        room=room,
        csrf=RevisionForm().csrf_token.current_token,
        log=log,
        logged=len(entries),
        ask=_question(room),
        undoable=undoable(room),
    )


def _question(room):
    """The removal the director is asked to confirm (`?ask=withdraw&player=...`): {do, fields, said, button},
    or None when there is none or it would be refused now."""
    do = request.args.get("ask")
    if do not in ASKS_FIRST:
        return None
    fields = {name: request.args[name][:200] for name in ASKED_FIELDS if request.args.get(name)}
    try:
        said = preview(room, do, fields)
    except RecordError:
        return None
    return {
        "do": do,
        "fields": fields,
        "said": said,
        "button": str(ASKS_FIRST[do]) % {"player": fields.get("player", ""), "with": fields.get("with", "")},
    }


@bp.post("/events/<event_id>/actions")
def action(event_id):
    """A director's form: start or confirm a round, swap, add a late player, withdraw, the money. A removal is
    asked first: without `sure`, the page asks."""
    row = event_row(event_id)
    if not is_director(row):
        abort(403, _("Only the event's director may change it."))
    form = RevisionForm()
    if not form.validate():
        abort(400, EXPIRED if csrf_failed(form) else _("Please check the form."))
    if form.revision.data != str(row["revision"]):
        flash(str(STALE), "error")
        return redirect(url_for("events.director", event_id=event_id))
    do = request.form.get("do")
    try:
        if do in ASKS_FIRST and request.form.get("sure") != "yes":
            preview(Room(row), do, request.form)  # refused now: say why at once, ask nothing
            fields = {name: request.form[name] for name in ASKED_FIELDS if request.form.get(name)}
            return redirect(url_for("events.director", event_id=event_id, ask=do, **fields) + "#ask")
        outcome = run_action(Room(row), do, request.form)
    except RecordError as error:
        flash(word(error.message) if word(error.message)[:1].isupper() else word(error), "error")
    except store.TablesMoved as moved:
        flash(tables_moved(moved), "error")
    except store.StaleRevision:
        flash(str(STALE), "error")
    else:
        flash(word(outcome.message), "info")
    return redirect(url_for("events.director", event_id=event_id))


def tables_moved(moved):
    """Why a director's action was refused when a table wrote meanwhile (a hand undone while Confirm was pressed)."""
    where = ", ".join(
        _("round %(round)d, table %(table)d", round=number, table=table) for number, table in moved.tables
    )
    return _(
        "A table wrote while you pressed (%(tables)s): nothing was changed. Look at the tables and try again.",
        tables=where or "?",
    )


@bp.get("/events/<event_id>/log")
def whole_log(event_id):
    """The director's whole log, every action since the event was made, LOG_PAGE a page (newest last)."""
    row = event_row(event_id)
    if not is_director(row):
        abort(403, _("Only the event's director may read the director's log."))
    entries = store.event_log(store.get_db(), event_id)
    pages = max(1, -(-len(entries) // LOG_PAGE))
    try:
        number = min(max(int(request.args.get("page", pages)), 1), pages)
    except ValueError:
        number = pages
    shown = [dict(entry, line=log_line(entry)) for entry in entries[(number - 1) * LOG_PAGE : number * LOG_PAGE]]
    return render_template("events/log.html", room_row=row, log=shown, page=number, pages=pages, logged=len(entries))


@bp.get("/events/<event_id>/revision")
def revision(event_id):
    """The event's revision (it changes when the event or any of its games does), for the live pages; ETag/304."""
    tag = store.event_revision(store.get_db(), event_id)
    if tag is None:
        return {"error": f"no event {event_id[:40]!r}", "field": "id"}, 404
    return delivery.revalidated(tag, lambda: {"id": event_id, "revision": tag})


# The pages everyone reads alike, rendered once per event revision: after a tap every phone asks at once.
_RENDERING = threading.Lock()


def _read_only_page(event_id, template, me=None):
    tag = store.event_revision(store.get_db(), event_id)
    if tag is None:
        abort(404, _("There is no event %(id)s.", id=repr(event_id[:40])))
    if session.get("_flashes") or me:  # a player's own page is theirs: not kept
        return render_template(template, room=Room(event_row(event_id)), me=me)
    key = event_key(event_id, tag, template, "reader", (request.host_url,))
    page = kept.get(key)
    if page is None:
        with _RENDERING:  # one renders, the others wait and take its page
            page = kept.get(key)
            if page is None:
                room = Room(event_row(event_id))
                page = render_template(template, room=room)
                key = key._replace(tag=room.tag)  # the event as rendered: newer when it moved meanwhile
                kept.put(key, page)
    return delivery.page_once_gzipped(key._replace(kind="gzip:" + template), page)[0]


@bp.get("/events/<event_id>/standings")
def standings(event_id):
    """The room's standings and the round's tables, read-only, for the players' phones; live."""
    me = request.args.get("player", "").strip()[:100]
    return _read_only_page(event_id, "events/standings.html", me or None)


@bp.get("/events/<event_id>/screen")
def screen(event_id):
    """The big screen for a projector: large type, no controls, cycling the tables and the standings; live."""
    return _read_only_page(event_id, "events/screen.html")
