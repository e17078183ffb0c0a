"""The checks a game record's fields go through: a failure is a RecordError naming the field."""

import json


class RecordError(ValueError):
    """A record that breaks its own rules: `path` names the field, `message` what is wrong."""

    def __init__(self, path, message):
        super().__init__(f"{path}: {message}" if path else message)
        self.path = path
        self.message = message


def fail(path, message):
    raise RecordError(path, message)


def whole(value, path, low=None, high=None):
    if isinstance(value, bool) or not isinstance(value, int):
        fail(path, f"must be a whole number, not {json.dumps(value)}")
    if low is not None and value < low or high is not None and value > high:
        fail(path, f"{value} is out of range {low}..{high}" if high is not None else f"must be at least {low}")
    return value


def find(registry, value, path):
    if not isinstance(value, str):
        fail(path, f"must be a {registry.kind} id")
    try:
        return registry.find(value)
    except ValueError as error:
        fail(path, str(error))
