"""The JSON answers of the events API, as the games' API gives them (views/api.py; no view imports another):
refusals as {"error", "field"}, JSON laid out as the command line prints it, full links on SERVER_NAME."""

import json

from flask import Response, current_app, request, url_for


class ApiError(Exception):
    """A refused request: a status, a message and the field it names."""

    def __init__(self, status, message, field=None):
        super().__init__(message)
        self.status, self.message, self.field = status, message, field


def json_body():
    """Return the request's JSON body, or refuse it."""
    if not request.is_json:
        raise ApiError(415, "send the body as JSON (Content-Type: application/json)")
    try:
        body = request.get_json(silent=True)
    except RecursionError:
        raise ApiError(400, "the body is nested too deeply to be an event record") from None
    if body is None:
        raise ApiError(400, "the body is not valid JSON")
    return body


def pretty(data, status=200):
    """JSON laid out as `python -m scorekeeper event --json` prints it."""
    return Response(json.dumps(data, indent=2, ensure_ascii=False) + "\n", status=status,
                    mimetype="application/json")


def link(endpoint, **values):
    """A full link: on the configured SERVER_NAME when there is one, never on a client's Host."""
    server = current_app.config.get("SERVER_NAME")
    if server:
        scheme = current_app.config.get("PREFERRED_URL_SCHEME") or "http"
        return f"{scheme}://{server}{url_for(endpoint, **values)}"
    return url_for(endpoint, **values, _external=True)
