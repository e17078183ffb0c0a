"""What a tap was made on: the hand and its step (deal n, the bids of hand n, the trump of hand n, the tricks of
hand n, a correction of hand n). `check` holds it against the game before any action is worked out
(scorekeeper/taps/__init__.py), so a tap queued on a phone is applied to that hand and step or to nothing.
"""

from scorekeeper import rules
from scorekeeper.text.words import _


class OffTarget(Exception):
    """The tap was made on another hand or step than the table's: answered 409 with the hand as recorded."""

    def __init__(self, message):
        super().__init__(message)
        self.message = message


def position(loaded):
    """The hand the table is on (1 for the first) and its step; before a deal, the hand to be dealt and 'deal'."""
    in_play = rules.actions.current_hand(loaded) is not None
    return len(loaded.hands) + (0 if in_play else 1), rules.step(loaded)


def recorded(loaded, number):
    """Hand `number` as the game holds it ({"number", and the record's hand}), or None when it is not dealt."""
    if not isinstance(number, int) or not 1 <= number <= len(loaded.hands):
        return None
    return {"number": number, **loaded.record["hands"][number - 1]}


def check(loaded, wanted, number):
    """Refuse (OffTarget) a tap made on hand `number` when the table is on another hand or step than `wanted`, the
    step its action is made on (registry.py: None for any step of the hand the table is on, "recorded" for a
    finished hand, whatever the table does meanwhile)."""
    if wanted == "recorded":
        return
    hand, step = position(loaded)
    if number < hand:
        raise OffTarget(
            _(
                "This tap was made on hand %(number)s, which another phone has recorded; the table is on hand %(now)s.",
                number=number,
                now=hand,
            )
        )
    if number > hand:
        raise OffTarget(
            _("This tap was made on hand %(number)s, but the table is on hand %(now)s.", number=number, now=hand)
        )
    if wanted is not None and step != wanted:
        if wanted == "bids":
            raise OffTarget(_("The bids are closed: wait for the next deal."))
        raise OffTarget(_("The table is at %(now)s, not %(step)s.", now=step, step=wanted))
