"""A game's History in words: one line per stored action, saying what it did and nothing more.

Reads the store's events (kind, payload, change) and the players' names; knows no Flask and no tables.
A bid of 0 reads "0", a seat not dealt in reads "out", a penalty names its player, points and reason,
and a corrected hand lists only what changed.
"""

from . import rules
from .display import ADJUSTMENTS

TABLE_ACTIONS = {"leave": "leaves", "sit_out": "sits out the next hand", "sit_in": "plays the next hand"}


def name(players, seat):
    """Return the player at seat, or 'seat n' for a seat the game no longer has."""
    return players[seat] if isinstance(seat, int) and 0 <= seat < len(players) else f"seat {seat}"


def count(value):
    """Show a bid or a trick count: 0 is 0, a seat not dealt in is 'out'."""
    return "out" if value is None else str(value)


def points(value):
    """Show penalty points with their sign: −20, +10."""
    text = f"{value:+g}"
    return text.replace("-", "−")


def penalty_amount(penalty, lowest_wins=False):
    """Return a stored penalty's points; without points, the reason's default (as scored)."""
    reason = penalty.get("reason") or "other"
    amount = penalty.get("points")
    if amount is None or isinstance(amount, bool) or not isinstance(amount, (int, float)):
        amount = rules.penalty_points(reason, lowest_wins) if reason in rules.PENALTIES else 0
    return amount


def penalty_kind(penalty, lowest_wins=False):
    """Return 'penalty' or 'bonus' for a stored penalty entry: the engine names its kind, display words it."""
    return ADJUSTMENTS[rules.adjustment_kind(penalty_amount(penalty, lowest_wins), lowest_wins)]["word"]


def penalty_text(penalty, players, lowest_wins=False):
    """Return 'Cy −20 (revoke)' for a stored penalty; without points, the reason's default (as scored)."""
    reason = penalty.get("reason") or "other"
    amount = penalty_amount(penalty, lowest_wins)
    return f"{name(players, penalty.get('seat'))} {points(amount)} ({str(reason).replace('_', ' ')})"


def by_seat(values, players):
    """Return 'Ann 1 · Bob 0 · Cy out' for a list of bids or tricks by seat."""
    return " · ".join(f"{name(players, seat)} {count(value)}" for seat, value in enumerate(values or []))


def corrections(before, after, players, lowest_wins=False):
    """Return the changes between two versions of a hand, one phrase each: only what changed."""
    changes = []
    for field, label in (("bids", "bid"), ("tricks", "tricks")):
        old, new = before.get(field) or [], after.get(field) or []
        for seat in range(max(len(old), len(new))):
            was = old[seat] if seat < len(old) else None
            now = new[seat] if seat < len(new) else None
            if was != now:
                changes.append(f"{name(players, seat)}'s {label} {count(was)} → {count(now)}")
    if before.get("trump") != after.get("trump"):
        changes.append(f"trump {before.get('trump') or 'none'} → {after.get('trump') or 'none'}")
    old_penalties, new_penalties = before.get("penalties") or [], after.get("penalties") or []
    changes += [f"{penalty_kind(p, lowest_wins)} dropped: {penalty_text(p, players, lowest_wins)}"
                for p in old_penalties if p not in new_penalties]
    changes += [f"{penalty_kind(p, lowest_wins)}: {penalty_text(p, players, lowest_wins)}"
                for p in new_penalties if p not in old_penalties]
    return changes or ["nothing changed"]


def recorded_hand(event):
    """Return the hand an event added or changed, from its stored change, or None."""
    run = (event.get("change") or {}).get("hands") or {}
    after = run.get("after") or []
    return after[-1] if after else None


def describe(event, players, lowest_wins=False):
    """Return the words for one event of the log (without its kind, number and time).

    lowest_wins: the game's system, for the default points of a penalty stored without them.
    """
    kind, payload = event["kind"], event.get("payload") or {}
    number = payload.get("hand", 0) + 1 if isinstance(payload.get("hand"), int) else None
    if kind == "create":
        return "game set up"
    if kind == "deal":
        trump = f", {payload['trump']}" if payload.get("trump") else ""
        return f"{name(players, payload.get('dealer'))} dealt {payload.get('cards')}{trump}"
    if kind == "bid":
        return (f"hand {number}: {name(players, payload.get('seat'))} bid {count(payload.get('bid'))}"
                + (" blind" if payload.get("blind") else ""))
    if kind == "sealed":  # the value stays out of the log: it is secret until the reveal
        return f"hand {number}: {name(players, payload.get('seat'))} bid in secret"
    if kind == "bids":
        return f"hand {number}: bids {by_seat(payload.get('bids'), players)}"
    if kind == "trump":
        return f"hand {number}: trump {payload.get('trump')}"
    if kind == "tricks":
        text = f"hand {number}: tricks {by_seat(payload.get('tricks'), players)}"
        if payload.get("penalty"):
            text += (f"; {penalty_kind(payload['penalty'], lowest_wins)}: "
                     f"{penalty_text(payload['penalty'], players, lowest_wins)}")
        return text
    if kind == "hand":
        hand = recorded_hand(event) or {}
        text = f"hand {number}: bids {by_seat(hand.get('bids'), players)}; tricks {by_seat(hand.get('tricks'), players)}"
        for penalty in hand.get("penalties") or []:
            text += f"; {penalty_kind(penalty, lowest_wins)}: {penalty_text(penalty, players, lowest_wins)}"
        return text
    if kind == "edit":
        return f"hand {number} corrected: " + ", ".join(
            corrections(payload.get("before") or {}, payload.get("after") or {}, players, lowest_wins))
    if kind == "undo":
        return f"undid #{payload.get('undid')} ({payload.get('kind')})"
    if kind == "table":
        if payload.get("action") == "arrive":
            return f"{payload.get('name')} arrives"
        return f"{name(players, payload.get('seat'))} {TABLE_ACTIONS.get(payload.get('action'), payload.get('action'))}"
    if kind == "plan":
        text = f"plan: {payload.get('action')}"
        if payload.get("position"):
            text += f" hand {payload['position']}"
        if payload.get("cards"):
            text += f", {payload['cards']} cards"
        return text
    if kind == "about":
        return f"date {payload.get('date') or 'the day it was set up'}; note {payload.get('note') or 'none'}"
    if kind == "settlement":
        text = f"settle by {payload.get('settlement')}, stake {payload.get('stake', 0):.2f}"
        if payload.get("payouts"):
            text += f", scale {' '.join(str(p) for p in payload['payouts'])}"
        return text
    return ""


def undone_text(event, players, lowest_wins=False):
    """Return the message after an undo, naming what it took back: 'Undone: Bob's bid of 2.'"""
    payload = event.get("payload") or {}
    seat = name(players, payload.get("seat"))
    if event["kind"] == "bid":
        what = f"{seat}'s {'blind ' if payload.get('blind') else ''}bid of {count(payload.get('bid'))}"
    elif event["kind"] == "sealed":
        what = f"{seat}'s secret bid"
    elif event["kind"] == "bids":
        what = f"the bids of hand {payload.get('hand', 0) + 1} ({by_seat(payload.get('bids'), players)})"
    elif event["kind"] == "deal":
        what = f"{name(players, payload.get('dealer'))}'s deal of {payload.get('cards')}"
    else:
        what = describe(event, players, lowest_wins) or event["kind"]
    return f"Undone: {what}."
