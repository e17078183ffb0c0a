"""The keys a record holds that this app does not know, and how many bytes of them a new game may bring.

Every record keeps such keys as they came (a round trip loses nothing), but a new game, or a hand sent to a game,
may bring at most limits.MAX_UNKNOWN_BYTES of them; an owner's import keeps them whole. A module of its own, apart
from limits.py (the limits every record keeps, checked on every load): this walks the record by the keys each of
its levels knows, and only `load(new=True)` and a hand sent whole ask it.
"""

import json

from ..said import Number, said
from .limits import MAX_UNKNOWN_BYTES, LimitError, _compact


# The keys this app reads at each level of a record: the rest is kept as it came, and counted against
# MAX_UNKNOWN_BYTES on a new game (check_unknown). A key missing here only costs that allowance.
KNOWN_KEYS = {
    "record": {"players", "rules", "hands", "table", "language", "played_on", "note"},
    "rules": {
        "scoring",
        "options",
        "modifiers",
        "hook",
        "hook_from",
        "deals",
        "stake",
        "payouts",
        "first_dealer",
        "settlement",
        "bidding",
        "trump",
        "currency",
    },
    "deals": {"pattern", "max", "decks", "players", "sizes", "hands", "full_deal"},
    "hand": {"cards", "dealer", "trump", "bids", "tricks", "blind", "penalties", "out", "joins", "sealed"},
    "penalty": {"seat", "points", "reason"},
    "join": {"seat", "total"},
    "table": {"left", "sitting_out", "joining"},
}


def _unknown(value, level, path):
    """Yield (path, bytes of JSON) of every key at `level` of value this app does not know, and below its known keys."""
    if not isinstance(value, dict):
        return
    for key, item in value.items():
        where = f"{path}.{key}" if path else str(key)
        if key not in KNOWN_KEYS[level]:
            yield where, _json_bytes({key: item})
        elif level == "record" and key == "rules":
            yield from _unknown(item, "rules", where)
        elif level == "record" and key == "table":
            yield from _unknown(item, "table", where)
        elif level == "record" and key == "hands" and isinstance(item, list):
            for index, hand in enumerate(item):
                yield from _unknown(hand, "hand", f"{where}[{index}]")
        elif level == "rules" and key == "deals":
            yield from _unknown(item, "deals", where)
        elif level == "hand" and key in ("penalties", "joins") and isinstance(item, list):
            for index, entry in enumerate(item):
                yield from _unknown(entry, "penalty" if key == "penalties" else "join", f"{where}[{index}]")


def _json_bytes(value):
    """Bytes of value as compact UTF-8 JSON; a value the record's checks refuse (NaN, a lone surrogate) is counted
    as Python writes it, so this never fails before they say what is wrong."""
    try:
        return len(_compact(value).encode("utf-8"))
    except ValueError:
        return len(json.dumps(value, separators=(",", ":")))


def check_unknown(data, level="record", path=""):
    """Refuse a new game (or a hand sent to a game: level "hand") whose keys this app does not know hold more than
    MAX_UNKNOWN_BYTES of JSON in all; name the largest. An owner's import keeps them whole and is not checked."""
    found = list(_unknown(data, level, path))
    total = sum(size for _path, size in found)
    if total > MAX_UNKNOWN_BYTES:
        largest = max(found, key=lambda item: item[1])[0]
        raise LimitError(
            largest,
            said(
                "keys this app does not know hold %(size)s bytes of JSON; a new game keeps at "
                "most %(most)s (the owner's import keeps them whole)",
                size=Number(total),
                most=Number(MAX_UNKNOWN_BYTES),
            ),
        )
