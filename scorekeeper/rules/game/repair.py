"""Bring a stored record within the limits of issue 10 (the repair that migration m010 offers), and its penalties
within those of issue 41 (backfill b092)."""

import json
import math

from . import limits


def _number(value, low, high, default):
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        return value
    if isinstance(value, float) and not math.isfinite(value):
        return default
    return min(max(value, low), high)


def _finite(value):
    if isinstance(value, float) and not math.isfinite(value):
        return None
    if isinstance(value, dict):
        return {key: _finite(item) for key, item in value.items()}
    if isinstance(value, list):
        return [_finite(item) for item in value]
    return value


def _points(entries):
    for entry in entries if isinstance(entries, list) else []:
        if isinstance(entry, dict) and "total" in entry:
            entry["total"] = _number(entry["total"], -limits.MAX_POINTS, limits.MAX_POINTS, 0)


def clamped(text):
    """Return the record (JSON text) with every non-finite or out-of-range number brought within the limits.

    None when the text is not a JSON object. Names are cut to the longest allowed, a modifier listed
    twice is listed once, money and points are clamped, and any other non-finite number becomes null.
    """
    try:
        record = json.loads(text)
    except ValueError:
        return None
    if not isinstance(record, dict):
        return None
    players = record.get("players")
    if isinstance(players, list) and all(isinstance(name, str) for name in players):
        # A name beyond the limit keeps its first characters (the API once took 500).
        record["players"] = [name.strip()[: limits.MAX_NAME] for name in players]
    chosen = record.get("rules")
    if isinstance(chosen, dict):
        if isinstance(chosen.get("modifiers"), list) and all(isinstance(m, str) for m in chosen["modifiers"]):
            chosen["modifiers"] = list(dict.fromkeys(chosen["modifiers"]))  # listed twice: once
        if "stake" in chosen:
            chosen["stake"] = _number(chosen["stake"], 0, limits.MAX_MONEY, 0)
        if isinstance(chosen.get("payouts"), list):
            chosen["payouts"] = [_number(p, 0, limits.MAX_MONEY, 0) for p in chosen["payouts"]]
    for hand in record.get("hands") if isinstance(record.get("hands"), list) else []:
        if not isinstance(hand, dict):
            continue
        for penalty in hand.get("penalties") if isinstance(hand.get("penalties"), list) else []:
            if isinstance(penalty, dict) and "points" in penalty:
                penalty["points"] = _number(penalty["points"], -limits.MAX_POINTS, limits.MAX_POINTS, 0)
        _penalties_within(hand)
        _points(hand.get("joins"))
    table = record.get("table")
    if isinstance(table, dict):
        _points(table.get("joining"))
    return _finite(record)


def _reason(value):
    """A penalty's reason within the limits: its first line, without control characters, cut to MAX_REASON."""
    text = value if isinstance(value, str) else json.dumps(value, ensure_ascii=False)
    line = next((part for part in text.strip().splitlines() if part.strip()), "")
    return "".join(c for c in line if c.isprintable()).strip()[: limits.MAX_REASON] or "other"


def _penalties_within(hand):
    """Keep a hand's first MAX_PENALTIES penalties, each reason within the limits; True when anything changed."""
    penalties = hand.get("penalties")
    if not isinstance(penalties, list):
        return False
    changed = len(penalties) > limits.MAX_PENALTIES
    del penalties[limits.MAX_PENALTIES :]
    for penalty in penalties:
        if isinstance(penalty, dict) and "reason" in penalty:
            try:
                limits.checked_reason(penalty["reason"])
            except limits.LimitError:
                penalty["reason"], changed = _reason(penalty["reason"]), True
    return changed


def penalties_within(text):
    """Return the record (JSON text) with every hand's penalties within the limits of issue 41, or None when they
    are already (or the text is no record)."""
    try:
        record = json.loads(text)
    except ValueError:
        return None
    hands = record.get("hands") if isinstance(record, dict) else None
    changed = [_penalties_within(hand) for hand in hands if isinstance(hand, dict)] if isinstance(hands, list) else []
    return record if any(changed) else None
