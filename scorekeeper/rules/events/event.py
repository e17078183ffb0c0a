"""The Event `load_event` returns: the checked view over an event record, its rounds and their tables, and what it
says of itself (who left before a round, who entered, whether a round is the final).

Apart from record.py, which reads and checks the record: the other modules of the room (scoring, the money, the
actions) take an Event and need only its shape.
"""

from dataclasses import dataclass, field

from ..game.plan import completed_hands
from ..game.record import Game


@dataclass
class Table:
    seats: list
    game_id: object = None
    game: Game | None = None

    @property
    def started(self):
        return self.game is not None and bool(self.game.hands)

    @property
    def finished(self):
        return self.game is not None and completed_hands(self.game) >= len(self.game.plan())


@dataclass
class Round:
    tables: list
    advanced: list
    eliminated: list


@dataclass
class Event:
    name: str
    format: object
    options: dict
    seed: str
    players: list
    table_rules: dict
    rounds: list
    withdrawn: dict  # name -> the round (from 1) from which the player is out
    record: dict = field(repr=False)
    lowest_wins: bool = False

    def leaving_before(self, number):
        """The players withdrawn from round `number` (from 1) on."""
        return {name for name, first in self.withdrawn.items() if first <= number}

    def seated_ever(self):
        return {name for rnd in self.rounds for table in rnd.tables for name in table.seats}

    def entrants(self):
        """The players who entered (RULES.md): all but those withdrawn before their first table started,
        who pay no fee, take no place and are listed apart."""
        seated = self.seated_ever()
        return [name for name in self.players if name not in self.withdrawn or name in seated]

    def is_final(self, index):
        seated = sum(len(table.seats) for table in self.rounds[index].tables)
        return self.format.is_final(index, seated, self.options)
