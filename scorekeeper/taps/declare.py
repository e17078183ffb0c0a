"""The shapes an action of the table is declared in (registry.py, table_changes.py): a `Field` a tap's body may hold,
an action's `Use` of one, a worked `Example`, and the `Action` itself."""

from collections.abc import Callable
from dataclasses import dataclass

from .body import need, optional


@dataclass(frozen=True)
class Field:
    """A key a tap's body may hold: its JSON Schema (the OpenAPI's), the type check run on every tap before anything
    else (a malformed tap is 422 whatever the game's step), and what it must be, as the 422 says."""

    name: str
    schema: dict
    check: Callable
    words: str


@dataclass(frozen=True)
class Use:
    """A field as one action uses it: what it means there, whether it is required, and a narrower check (and its
    words) where the action wants one (a correction's bids are a list, a reveal's an object)."""

    field: str
    says: str
    required: bool = False
    check: Callable = None
    words: str = None
    # Read against the game by the action (a seat that exists, a name not at the table yet), required or not: the
    # engine says what is missing or wrong in the table's words.
    in_game: bool = False


@dataclass(frozen=True)
class Example:
    """A worked example: a game's rules, the taps that bring it to where the action is next, the action's fields."""

    rules: dict
    before: tuple
    body: dict


@dataclass(frozen=True)
class Action:
    """One action of the table. `step` is the step it is made on (None: any step of the hand the table is on;
    "recorded": a finished hand, whatever the table does). `apply(tap, **values)` returns the engine's outcome (None:
    the game holds what was asked already); a `history` action writes itself and answers (undo is the store's).
    `then(tap)`, when given, follows an applied action (a newcomer's seat link)."""

    name: str
    summary: str
    step: str | None
    roles: frozenset
    fields: tuple
    apply: Callable
    example: Example
    history: bool = False
    then: Callable = None

    def values(self, body, fields):
        """The action's fields read from a body whose types were checked (`fields`: every Field by name): refused
        (422, naming the field) when a required one is missing or a narrower check fails; None for one left out."""
        read = {}
        for use in self.fields:
            if use.in_game:
                read[use.field] = body.get(use.field)
                continue
            field = fields[use.field]
            check, words = use.check or field.check, use.words or field.words
            read[use.field] = (need if use.required else optional)(body, use.field, check, words)
        return read
