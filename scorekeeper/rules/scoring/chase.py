"""The last hands: from the last third of the planned hands on, how far each player is from the lead, how much
the hands left can still change, and what each stands to pay or receive if the game ended now.

Pure: it reads a loaded game and its scored dict (rules.score) and returns data; the web words it.
"""

import json
import threading

from .modifiers import any_modifier, apply_modifiers
from ..game.plan import completed_hands
from ..money.settlement import SETTLEMENTS
from .system_entry import HandView
from ..game.trump import TRUMPS


def in_last_third(done, planned):
    """True while hands are left and they are no more than a third of the plan (rounded up)."""
    left = planned - done
    return 0 < left <= -(-planned // 3)


def hand_range(game, cards, number):
    """Return (least, most) one player can score in a hand of `cards`, the hand's `number` in the game,
    modifiers included (any trump, blind or not), before penalties; None where the system cannot say."""
    rules = game.rules
    if rules.system.open_ended:
        return None
    # The same hands are asked for again at every revision of the game: remember them.
    signature = (
        rules.system.id,
        json.dumps(rules.options, sort_keys=True, default=str),
        tuple(rules.modifiers),
        len(game.players),
        cards,
        number,
        game.full_deal(cards),
        game.max_cards,
    )
    found = _RANGES.get(signature)
    if found is None:
        found = _hand_range(game, cards, number)
        with _RANGES_LOCK:
            _RANGES[signature] = found
            while len(_RANGES) > RANGES_KEPT:
                _RANGES.pop(next(iter(_RANGES)))
    return found


# (system, options, modifiers, players, cards, number, full deal, largest hand) -> (least, most): a pure
# function of its key, kept for the pages drawn at each revision; two threads may at worst compute one twice.
_RANGES = {}
_RANGES_LOCK = threading.Lock()
RANGES_KEPT = 4096


def _hand_range(game, cards, number):
    rules = game.rules
    n = len(game.players)
    modifiers = list(rules.modifiers)
    trumps = TRUMPS if modifiers else (None,)
    blinds = [(), (0,)] if any_modifier(modifiers, "bids_blind") else [()]
    full = game.full_deal(cards)
    scores = set()
    for bid in range(cards + 1):
        for took in range(cards + 1):
            for trump in trumps:
                view = HandView(
                    cards,
                    [bid] + [0] * (n - 1),
                    [took] + [0] * (n - 1),
                    n - 1,
                    trump,
                    number,
                    full,
                    [0] * n,
                    game.max_cards,
                )
                points = rules.system.points_by_seat(view, rules.options)
                for blind in blinds:
                    scores.add(apply_modifiers(list(points), view, modifiers, blind, rules.system.lowest_wins)[0])
    return min(scores), max(scores)


def last_hands(game, scored):
    """Return the last hands' standings, or None before the last third of the plan and once the game is over.

    {"left": hands to play, "best": the best a player can still score in them (the most, or the least where the
     lowest wins; None where the system cannot say), "swing": how much the hands left can move one player
     against another (None likewise), "lowest_wins", "players": [{"player", "behind", "ahead", "in_reach",
     "stands"}] in seat order}.
    behind: points from the lead, in the winning direction (0 for the leader); ahead: the leader's margin over
    the next player; in_reach: whether the hands left can still close the gap (None where unknown);
    stands: what the player would pay (negative) or receive if the game ended now (None without a stake).
    """
    planned, done = scored["planned_hands"], completed_hands(game)
    if scored["finished"] or not in_last_third(done, planned):
        return None
    left = game.plan()[done:]
    ranges = [hand_range(game, cards, number) for number, cards in enumerate(left, start=len(game.hands) + 1)]
    known = all(r is not None for r in ranges)
    least, most = (sum(r[0] for r in ranges), sum(r[1] for r in ranges)) if known else (None, None)
    totals, lowest = scored["totals"], scored["lowest_wins"]
    sign = -1 if lowest else 1
    best = max(sign * total for total in totals)
    # Level on total, before any tie-break.
    leaders = [seat for seat, total in enumerate(totals) if sign * total == best]
    others = [sign * total for seat, total in enumerate(totals) if seat not in leaders]
    margin = best - max(others) if others and len(leaders) == 1 else 0
    settlement = scored["settlement"]
    money = SETTLEMENTS.find(settlement["method"]).moves_money and settlement["stake"] > 0
    players = []
    for seat, name in enumerate(scored["players"]):
        behind = best - sign * totals[seat]
        players.append(
            {
                "player": name,
                "behind": _tidy(behind),
                "ahead": _tidy(margin) if seat in leaders else None,
                # The gap closes at most by one's best against the leader's worst.
                "in_reach": None if not known else behind <= most - least,
                "stands": settlement["net"][seat] if money else None,
            }
        )
    return {
        "left": len(left),
        "best": _tidy(least if lowest else most) if known else None,
        "swing": _tidy(most - least) if known else None,
        "lowest_wins": lowest,
        "players": players,
    }


def _tidy(number):
    return int(number) if isinstance(number, float) and number.is_integer() else number
