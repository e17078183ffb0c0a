"""What every command shares: a usage error (one line on stderr, exit status 2) and reading what the user named."""

from scorekeeper import rules
from scorekeeper.rules import RecordError
from scorekeeper.rules.game import numbers


class UsageError(Exception):
    """Bad input from the user: one line on stderr, exit status 2."""


def read_text(path):
    try:
        with open(path, encoding="utf-8") as file:
            return file.read()
    except OSError as error:
        raise UsageError(f"cannot read {path}: {error.strerror}") from None
    except UnicodeDecodeError:
        raise UsageError(f"{path}: not UTF-8 text") from None


def read_game(path):
    text = read_text(path)
    try:
        return rules.load(text)
    except RecordError as error:
        raise UsageError(f"{path}: {error}") from None


def named_options(pairs):
    """Return {'made': '10 + bid'} from ['made=10 + bid']; values stay text, the system coerces them."""
    options = {}
    for pair in pairs:
        name, equals, value = pair.partition("=")
        if not equals or not name.strip():
            raise UsageError(f"--option {pair!r}: write NAME=VALUE, e.g. --option 'made=10 + 2*tricks'")
        options[name.strip()] = value.strip()
    return options


def positive(text, flag):
    try:
        return numbers.parse_whole(str(text), 1)
    except numbers.NumberError:  # '³' passes str.isdigit, not int: one parser for every number typed
        raise UsageError(f"{flag} must be a whole number of at least 1, not {str(text)[:40]!r}") from None
