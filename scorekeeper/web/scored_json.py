"""JSON text of answers carrying a scored game, as Flask writes a dict (sorted keys, compact, ASCII), with each
scored hand's text kept: a tap on a 200-hand game serialises the hand it changed, not the 200.

A scored game's hand entries are shared between the revisions that hold them and never changed
(rules/scoring/scored.py `hand_by_hand`), so an entry's text is kept by the entry itself (its identity; the cache
holds the entry, so the identity is not reused while the text is kept).
"""

import json
import threading
from collections import OrderedDict

from scorekeeper.rules.said import json_default

HANDS_KEPT = 20_000  # 100 live 200-hand games, 800 of 25 hands (the entries are mostly the loaded cache's)
_TEXTS = OrderedDict()  # id(entry) -> (entry, text)
_LOCK = threading.Lock()


def _dumps(value):
    return json.dumps(value, sort_keys=True, separators=(",", ":"), default=json_default)  # names in English


def _hand_text(entry):
    with _LOCK:
        kept = _TEXTS.get(id(entry))
    if kept is not None and kept[0] is entry:
        return kept[1]
    text = _dumps(entry)
    with _LOCK:
        _TEXTS[id(entry)] = (entry, text)
        while len(_TEXTS) > HANDS_KEPT:
            _TEXTS.popitem(last=False)
    return text


def _object(items):
    return "{" + ",".join(f"{_dumps(key)}:{text}" for key, text in sorted(items)) + "}"


def answer_text(body):
    """The JSON text of an answer whose "game", when there is one, is a scored game (RULES.md)."""
    game = body.get("game")
    if not isinstance(game, dict) or not isinstance(game.get("hands"), list):
        return _dumps(body)
    hands = "[" + ",".join(_hand_text(entry) for entry in game["hands"]) + "]"
    game_text = _object([(key, hands if key == "hands" else _dumps(value)) for key, value in game.items()])
    return _object([(key, game_text if key == "game" else _dumps(value)) for key, value in body.items()])
