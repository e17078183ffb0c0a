"""The JSON APIs' one way to refuse a request and to read its body (the games', the events', the money's): a
refusal is {"error", "field"} with its status; a body is read with the same number parser everywhere, so a
5,000-digit integer gets the same clear 400 from each (rules/numbers.json_int)."""

import json

from flask import request

from scorekeeper.rules.game import numbers


class ApiError(Exception):
    """A refused request: a status, a message and the field it names."""

    def __init__(self, status, message, field=None):
        super().__init__(message)
        self.status, self.message, self.field = status, message, field


def refuse(error):
    """Answer a refused request with JSON naming the field (each API's blueprint registers it)."""
    return {"error": error.message, "field": error.field}, error.status


def json_body(what="a game record"):
    """Return the request's JSON body, or refuse it; `what` names what the body should be."""
    if not request.is_json:
        raise ApiError(415, "send the body as JSON (Content-Type: application/json)")
    try:
        return json.loads(request.get_data(), parse_int=numbers.json_int)
    except RecursionError:
        raise ApiError(400, f"the body is nested too deeply to be {what}") from None
    except numbers.NumberError as error:
        raise ApiError(400, f"the body {error}") from None
    except ValueError:
        raise ApiError(400, "the body is not valid JSON") from None
