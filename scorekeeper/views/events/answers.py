"""The JSON answers of the events API, as the games' API gives them (views/api.py; no view imports another):
refusals as {"error", "field"}; JSON laid out as the command line prints it and full links are in delivery."""

from flask import request


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
