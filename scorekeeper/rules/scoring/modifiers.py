"""Modifiers that any system may take, and the per-hand penalties with their default amounts."""

from dataclasses import dataclass
from collections.abc import Callable

from ..registry import Entry, Registry
from ..said import said

BLIND_BONUS = 10


def _double_when(trump):
    def apply(points, hand):
        return [score * 2 for score in points] if hand.trump == trump else points

    return apply


def _blind_bonus(points, hand, blind=(), lowest_wins=False):
    # The bonus rewards: where the lowest total wins it is taken off, never added.
    bonus = -BLIND_BONUS if lowest_wins else BLIND_BONUS
    return [
        score + bonus
        if seat in blind and hand.bids[seat] is not None and hand.tricks[seat] == hand.bids[seat]
        else score
        for seat, score in enumerate(points)
    ]


def _unchanged(points, hand):
    return points


@dataclass(frozen=True)
class Modifier(Entry):
    # Applied to a hand's points after the system scored them, before penalties.
    apply: Callable = _unchanged
    example: str = ""
    # Players far behind may bid before looking; a made blind bid scores BLIND_BONUS more.
    bids_blind: bool = False
    # The last player is named at the end of the game (the scored game's `ultimate_loser`).
    names_loser: bool = False
    # The tricks of a hand may add up to fewer than the cards, so nobody takes "what is left".
    tricks_may_fall_short: bool = False


MODIFIERS = Registry(
    said("modifier"),
    [
        Modifier(
            "spades_double",
            said("Spades double"),
            said("Every score of a hand whose trump is spades is doubled."),
            "003",
            apply=_double_when("spades"),
            example="Spades are trump; a made 2 under exact scores 24 instead of 12.",
        ),
        Modifier(
            "no_trump_doubles",
            said("No trump doubles"),
            said("Every score of a hand played at no trump is doubled."),
            "000",
            apply=_double_when("none"),
            example="No trump is declared; a made 4 under okenuff scores 30 instead of 15.",
        ),
        Modifier(
            "blind",
            said("Blind bids"),
            said(
                "A player 20 or more behind the leader may bid before looking; "
                "a made blind bid scores 10 more (10 less where the lowest total wins)."
            ),
            "003 (Prospect)",
            apply=_unchanged,
            bids_blind=True,
            example="A blind 2 made under exact scores 22 instead of 12.",
        ),
        Modifier(
            "ultimate_loser",
            said("Ultimate loser"),
            said("The last player is named the Ultimate Loser at the end."),
            "003 (UL scoring)",
            names_loser=True,
            example="Totals 40, 12, 30: the player with 12 is the Ultimate Loser.",
        ),
        Modifier(
            "identical_cards_cancel",
            said("Identical cards cancel"),
            said("With two decks, identical cards cancel, so the tricks may add up to fewer than the cards."),
            "003",
            tricks_may_fall_short=True,
            example="8 cards, 8 players, two decks: tricks adding up to 7 are allowed.",
        ),
    ],
)


@dataclass(frozen=True)
class Penalty(Entry):
    points: int = 0
    # The scoring systems whose own rules have this penalty (Basas's renege); empty: a game of any system.
    systems: tuple = ()

    def offered_in(self, system_id):
        return not self.systems or system_id in self.systems


PENALTIES = Registry(
    said("penalty"),
    [
        Penalty("revoke", said("Revoke"), said("Failing to follow suit when able."), "000", points=-20),
        Penalty(
            "revoke_redeal",
            said("Revoke, hand dealt again"),
            said("An uncorrected revoke; the same dealer deals again."),
            "004",
            points=-10,
        ),
        Penalty(
            "renege",
            said("Revoke (Basas)"),
            said("A verified revoke; the hand is played again."),
            "003 (Basas)",
            points=-50,
            systems=("basas",),
        ),
        Penalty(
            "false_accusation",
            said("False accusation (Basas)"),
            said("Accusing someone of a revoke they did not make."),
            "003 (Basas)",
            points=-25,
            systems=("basas",),
        ),
        Penalty("other", said("Other"), said("Any other penalty the table agrees on."), "house rules", points=-10),
        # Positive points: a bonus, not a penalty (RULES.md); the amount is per hand, entered as agreed.
        Penalty(
            "bonus",
            said("Bonus"),
            said("A house-rule bonus, such as Contract Whist's +10 for each trick won with a two."),
            "house rules",
            points=10,
        ),
    ],
)


def any_modifier(modifiers, attribute):
    """True when one of the modifier ids declares `attribute` true."""
    return any(getattr(MODIFIERS.find(modifier_id), attribute) for modifier_id in modifiers)


def apply_modifiers(points, hand, modifiers, blind=(), lowest_wins=False):
    """Return the hand's points after every modifier in order; blind bonuses come first."""
    if blind and any_modifier(modifiers, "bids_blind"):
        points = _blind_bonus(points, hand, blind, lowest_wins)
    for modifier_id in modifiers:
        points = MODIFIERS.find(modifier_id).apply(points, hand)
    return points
