"""The tournament pages and API (docs/events.md "On the web"): thin glue from forms and JSON to the director's
actions of rules.events, to store.tournaments. Every table is an ordinary game with its own pages."""

from flask import Blueprint
from werkzeug.routing import BaseConverter

from scorekeeper.web.owner import owner_required

bp = Blueprint("events", __name__)


class EventId(BaseConverter):
    """An event's id in a path: never `import`, so `/api/events/import` is that route alone (an OPTIONS
    request there offered GET, from `/api/events/<event_id>`). The store's ids are random (store.new_id)."""

    regex = r"(?!import/|import$)[^/]+"


bp.record_once(lambda state: state.app.url_map.converters.setdefault("event_id", EventId))


def creates_event(view):
    """Every way to create an event (the form, the API, an import) goes through here, so a guard on who may
    run events is one line in this function."""
    return owner_required(view)  # running events is the instance owner's (issue "Serving a room", item 3)


from . import api, pages, printouts, results, table_requests  # noqa: E402,F401  (the routes register on bp)
