"""Bring a stored record within the limits of issue 10: the repair that migration m010 offers."""

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
        record["players"] = [name.strip()[:limits.MAX_NAME] for name in players]
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
        _points(hand.get("joins"))
    table = record.get("table")
    if isinstance(table, dict):
        _points(table.get("joining"))
    return _finite(record)
