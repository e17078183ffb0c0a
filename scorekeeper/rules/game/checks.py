"""The checks a game record's fields go through: a failure is a RecordError naming the field."""

import json

from ..said import reason, said


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
        fail(path, said("must be a whole number, not %(value)s", value=json.dumps(value)))
    if low is not None and value < low or high is not None and value > high:
        fail(
            path,
            said("must be from %(low)d to %(high)d, not %(value)d", value=value, low=low, high=high)
            if high is not None
            else said("must be at least %(low)d", low=low),
        )
    return value


def find(registry, value, path):
    if not isinstance(value, str):
        fail(path, said("must be a %(kind)s id", kind=registry.kind))
    try:
        return registry.find(value)
    except ValueError as error:
        fail(path, reason(error))
