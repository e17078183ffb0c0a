"""Deal patterns: the hand-size column of the score sheet."""

from dataclasses import dataclass
from collections.abc import Callable

from ..registry import Entry, Registry
from ..said import nsaid, said

DECK_SIZE = 52


def largest_hand(players, decks=1, full_deal=False):
    """Return the largest hand the decks allow.

    With a trump card turned up one card must stay undealt; when the largest hand is
    played without trump (full_deal) every card may be dealt.
    """
    cards = DECK_SIZE * decks
    return cards // players if full_deal else (cards - 1) // players


def decks_for(players):
    """Two decks from 8 players on (001), else one."""
    return 2 if players >= 8 else 1


@dataclass(frozen=True)
class Pattern(Entry):
    sequence: Callable = None
    takes_max: bool = True
    # The table types its own list of hand sizes (rules.deals.sizes) instead of N.
    takes_sizes: bool = False
    fixed_max: int | None = None
    # Worked examples: (N, the hand sizes it gives).
    examples: tuple = ()

    def sizes(self, n):
        return self.sequence(n)


def _down_up(n):
    return list(range(n, 0, -1)) + list(range(2, n + 1))


def _up_down(n):
    return list(range(1, n + 1)) + list(range(n - 1, 0, -1))


def _odd_up_down(n):
    top = n if n % 2 else n - 1
    up = list(range(1, top + 1, 2))
    return up + up[-2::-1]


def _okenuff(_n):
    return list(range(4, 14)) + [13] * 3


def _cartier(_n):
    return list(range(13, 1, -1)) + list(range(3, 14))


PATTERNS = Registry(
    said("deal pattern"),
    [
        Pattern(
            "down-up",
            said("Down and up"),
            said("N cards down to 1, then back up to N."),
            "001, 002, 003 (WPOHL)",
            aliases=("Up and Down the River", "waterfalls", "pagat"),
            sequence=_down_up,
            examples=((7, [7, 6, 5, 4, 3, 2, 1, 2, 3, 4, 5, 6, 7]),),
        ),
        Pattern(
            "up-down",
            said("Up and down"),
            said("1 card up to N, then back down to 1."),
            "003 (British variant, Rats, IOHL)",
            aliases=("Rats",),
            sequence=_up_down,
            examples=((3, [1, 2, 3, 2, 1]),),
        ),
        Pattern(
            "up",
            said("Up"),
            said("1 card up to N."),
            "003 (British), 004",
            aliases=("British", "Big-D"),
            sequence=lambda n: list(range(1, n + 1)),
            examples=((5, [1, 2, 3, 4, 5]),),
        ),
        Pattern(
            "down",
            said("Down"),
            said("N cards down to 1."),
            "003 (Diminishing Bridge)",
            aliases=("Diminishing Bridge",),
            sequence=lambda n: list(range(n, 0, -1)),
            examples=((4, [4, 3, 2, 1]),),
        ),
        Pattern(
            "odd-up-down",
            said("Odd up and down"),
            said("1, 3, 5 … up to N, then back down by 2."),
            "003 (three players: 1-3-5-...-15-...-3-1)",
            sequence=_odd_up_down,
            examples=((15, [1, 3, 5, 7, 9, 11, 13, 15, 13, 11, 9, 7, 5, 3, 1]),),
        ),
        Pattern(
            "okenuff",
            said("Al Okenuff's"),
            said("4, 5 … 13, then 13 until 13 deals."),
            "000",
            sequence=_okenuff,
            takes_max=False,
            fixed_max=13,
            examples=((13, [4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 13, 13, 13]),),
        ),
        Pattern(
            "cartier",
            said("Cartier"),
            said("13 down to 2, then 3 up to 13 (23 hands)."),
            "003 (Cartier tournament)",
            sequence=_cartier,
            takes_max=False,
            fixed_max=13,
            examples=((13, [13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13]),),
        ),
        Pattern(
            "custom",
            said("Custom"),
            said("Any list of hand sizes the table agrees on."),
            "003 (number of deals can be decreased), house rules",
            sequence=None,
            takes_max=False,
            takes_sizes=True,
            examples=((None, [5, 3, 1, 3, 5]),),
        ),
    ],
)


def hand_sizes(pattern, players, decks=1, max_cards=None, sizes=None, hands=None, full_deal=False):
    """Return the planned hand sizes of a game, in order.

    `max_cards` is N (default: the largest hand the decks allow); `sizes` is the list of a
    custom pattern; `hands` cuts the game short to that many deals (004).
    Raises ValueError with a message a player can act on.
    """
    entry = PATTERNS.find(pattern)
    if players < 2:
        raise ValueError(said("a game needs at least 2 players"))
    limit = largest_hand(players, decks, full_deal=True)
    if entry.takes_sizes:
        if not sizes:
            raise ValueError(said("a custom pattern needs its list of hand sizes"))
        plan = [int(size) for size in sizes]
    else:
        n = entry.fixed_max if not entry.takes_max else (max_cards or largest_hand(players, decks, full_deal))
        if n < 1:
            raise ValueError(
                nsaid(
                    "%(players)d players cannot be dealt a hand from %(num)d deck",
                    "%(players)d players cannot be dealt a hand from %(num)d decks",
                    decks,
                    players=players,
                )
            )
        plan = entry.sizes(int(n))
    for size in plan:
        if size < 1:
            raise ValueError(said("every hand needs at least 1 card"))
        if size > limit:
            # The two ways out: another deck, or the same plan capped (as a custom list of sizes).
            capped = " ".join(str(min(each, limit)) for each in plan)
            raise ValueError(
                nsaid(
                    "%(size)d cards for %(players)d players needs more than %(num)d deck (at most %(limit)d each): "
                    "choose %(more)d decks, or cap the hands at %(limit)d (the Custom pattern, sizes %(capped)s)",
                    "%(size)d cards for %(players)d players needs more than %(num)d decks (at most %(limit)d each): "
                    "choose %(more)d decks, or cap the hands at %(limit)d (the Custom pattern, sizes %(capped)s)",
                    decks,
                    size=size,
                    players=players,
                    limit=limit,
                    more=decks + 1,
                    capped=capped,
                )
            )
    if hands is not None:
        if hands < 1:
            raise ValueError(said("a game needs at least 1 deal"))
        plan = plan[:hands]
    return plan


def is_full_deal(cards, players, decks=1):
    """True when every card is dealt, so no card is left to turn for trump."""
    return cards * players >= DECK_SIZE * decks
