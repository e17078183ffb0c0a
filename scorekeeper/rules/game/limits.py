"""The limits every record keeps, whatever the game's rules: sizes a real table never meets,
finite numbers in stated ranges, text that is valid Unicode, and a well-formed `table` key.

`load` calls `check_record` before the game's own rules, so a record from the API, the setup
form, an import or the database is refused the same way, with a message naming the limit. The keys this app does
not know, bounded on a new game only, are counted apart (unknown_keys.py).
"""

import datetime
import json
import math
import re

from ..said import Number, said

MAX_PLAYERS = 30
MAX_HANDS = 1000  # a cooperative game may need many deals; the benchmarks use 200
MAX_NAME = 40  # characters of a player's name (trimmed)
MAX_RECORD_BYTES = 2_000_000  # the record as UTF-8 JSON: a 1,000-hand, 30-player game is well under
MAX_DEPTH = 32  # nesting of lists and objects, unknown keys included
MAX_POINTS = 1_000_000  # a penalty or a starting total, either sign
MAX_MONEY = 1_000_000  # the stake, and each Prospect payout (an instance's own ceiling is lower: web/stakes.py)
MAX_SETTLED = 999_999_999.99  # what one player may pay or receive in a game: the most an EPC payment code carries,
# so every line of the money pages shows whole, with its code
MAX_OPTION = MAX_HANDS  # a whole-number system option (a hand number)
MAX_SIZES = MAX_HANDS  # entries of a custom list of hand sizes
MAX_NOTE = 80  # characters of a game's or an evening's note ("Birthday at Ann's")
MAX_REASON = MAX_NOTE  # characters of a penalty's reason ("revoke", "talked across the table"), as a note
MAX_TYPED_LIST = 5_000  # characters of a list typed in one box (hand sizes, a sliding scale, a sheet's names)
MAX_PENALTIES = 100  # penalties on one hand (a table gives a few; a correction adds one at a time)
MAX_UNKNOWN_BYTES = 10_000  # JSON bytes of keys this app does not know, on a new game or a hand sent to it (an
# owner's import keeps them whole: a round trip loses nothing)
DAY = re.compile(r"[0-9]{4}-[0-9]{2}-[0-9]{2}")  # a date as YYYY-MM-DD, ASCII digits only


class LimitError(ValueError):
    """A record beyond a limit: `path` names the field, `message` the limit."""

    def __init__(self, path, message):
        super().__init__(f"{path}: {message}" if path else message)
        self.path = path
        self.message = message


def _number_text(value):
    """Name a non-finite float as JSON writers do: NaN, Infinity, -Infinity."""
    return "NaN" if math.isnan(value) else "Infinity" if value > 0 else "-Infinity"


def finite_number(value, path, low, high):
    """Return value if it is a finite number (not true/false) within low..high; else raise LimitError."""
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        raise LimitError(path, said("must be a number"))
    if isinstance(value, float) and not math.isfinite(value):
        raise LimitError(path, said("must be a finite number, not %(value)s", value=_number_text(value)))
    if not low <= value <= high:
        shown = (
            value
            if isinstance(value, float) or abs(value) < 10**15
            else said("a %(digits)d-digit number", digits=len(str(abs(value))))
        )
        raise LimitError(
            path,
            said(
                "must be between %(low)s and %(high)s, not %(value)s", low=Number(low), high=Number(high), value=shown
            ),
        )
    return value


def _bad_value(value, path, depth):
    """Return (path, message) of the first non-finite number, invalid text or too deep nesting, or None."""
    if depth > MAX_DEPTH:
        return path, said("is nested more than %(most)d levels deep", most=MAX_DEPTH)
    if isinstance(value, float) and not math.isfinite(value):
        return path, said("must be a finite number, not %(value)s", value=_number_text(value))
    if isinstance(value, str):
        try:
            value.encode("utf-8")
        except UnicodeEncodeError:
            return path, said("is not valid Unicode text (a lone surrogate)")
    elif isinstance(value, dict):
        for key, item in value.items():
            found = _bad_value(key, path, depth + 1) if isinstance(key, str) else None
            found = found or _bad_value(item, f"{path}.{key}" if path else str(key), depth + 1)
            if found:
                return found
    elif isinstance(value, list):
        for index, item in enumerate(value):
            found = _bad_value(item, f"{path}[{index}]", depth + 1)
            if found:
                return found
    return None


def check_size(data, known_hands=0, known_texts=None):
    """Refuse a record too large, nested too deeply, with a non-finite number or invalid text anywhere.

    The first `known_hands` hands are known to nest well (see `check_record`); the size counts them.
    known_texts: the JSON text of each of the first hands, when known (an action's record shares all but its
    last hand with the game it was made on): only the other hands are written out again.
    Return the record as compact JSON text, as it is stored, and its hands' texts (None: not kept apart)."""
    if not _depth_ok(_without_known_hands(data, known_hands)):
        raise LimitError("", said("the record is nested more than %(most)d levels deep", most=MAX_DEPTH))
    try:
        hands, texts = data.get("hands"), None
        if known_texts and isinstance(hands, list):
            texts = known_texts + [_compact(hand) for hand in hands[len(known_texts) :]]
            rest = _compact({key: value for key, value in data.items() if key != "hands"})
            text = rest[:-1] + ("," if len(rest) > 2 else "") + '"hands":[' + ",".join(texts) + "]}"
        else:
            text = _compact(data)
        size = len(text.encode("utf-8"))
    except ValueError:  # NaN or Infinity, or a lone surrogate: find where, to say so
        raise LimitError(*(_bad_value(data, "", 0) or ("", said("cannot be written as JSON")))) from None
    if size > MAX_RECORD_BYTES:
        raise LimitError(
            "",
            said(
                "the record is %(size)s bytes of JSON; at most %(most)s are kept",
                size=Number(size),
                most=Number(MAX_RECORD_BYTES),
            ),
        )
    return text, texts


def _compact(value):
    return json.dumps(value, ensure_ascii=False, allow_nan=False, separators=(",", ":"))


def _depth_ok(data):
    """True when lists and objects nest at most MAX_DEPTH deep (walks containers only: cheap)."""
    level, depth = [data], 0
    while level:
        depth += 1
        if depth > MAX_DEPTH:
            return False
        level = [
            item
            for value in level
            for item in (value.values() if isinstance(value, dict) else value if isinstance(value, list) else ())
            if isinstance(item, (dict, list))
        ]
    return True


def check_players(players):
    """Refuse more than MAX_PLAYERS players or a name longer than MAX_NAME characters."""
    if len(players) > MAX_PLAYERS:
        raise LimitError(
            "players", said("%(count)d players listed; at most %(most)d can play", count=len(players), most=MAX_PLAYERS)
        )
    for seat, name in enumerate(players):
        if isinstance(name, str) and len(name.strip()) > MAX_NAME:
            raise LimitError(
                f"players[{seat}]",
                said(
                    "is %(length)d characters long; a name has at most %(most)d",
                    length=len(name.strip()),
                    most=MAX_NAME,
                ),
            )


def check_rules(data):
    """Refuse a stake, payouts, option values or custom sizes beyond their limits."""
    rules = data.get("rules")
    if not isinstance(rules, dict):
        return  # the engine says what is wrong with its shape
    if "stake" in rules:
        finite_number(rules["stake"], "rules.stake", 0, MAX_MONEY)
    payouts = rules.get("payouts")
    if isinstance(payouts, list):
        if len(payouts) > MAX_PLAYERS:
            raise LimitError(
                "rules.payouts",
                said("lists %(count)d amounts; at most %(most)d places", count=len(payouts), most=MAX_PLAYERS),
            )
        for index, amount in enumerate(payouts):
            finite_number(amount, f"rules.payouts[{index}]", 0, MAX_MONEY)
    options = rules.get("options")
    if isinstance(options, dict):
        for key, value in options.items():
            if isinstance(value, (int, float)) and not isinstance(value, bool):
                finite_number(value, f"rules.options.{key}", -MAX_OPTION, MAX_OPTION)
    deals = rules.get("deals")
    if isinstance(deals, dict):
        sizes = deals.get("sizes")
        if isinstance(sizes, list) and len(sizes) > MAX_SIZES:
            raise LimitError(
                "rules.deals.sizes",
                said("lists %(count)d hands; a game has at most %(most)d", count=len(sizes), most=MAX_HANDS),
            )
        hands = deals.get("hands")
        if isinstance(hands, int) and not isinstance(hands, bool) and hands > MAX_HANDS:
            raise LimitError(
                "rules.deals.hands",
                said("is %(hands)d; a game has at most %(most)d hands", hands=hands, most=MAX_HANDS),
            )


def _without_known_hands(data, known_hands):
    return dict(data, hands=data["hands"][known_hands:]) if known_hands else data


def check_hands(data, known_hands=0):
    """Refuse more than MAX_HANDS hands, and penalties or starting totals beyond MAX_POINTS."""
    hands = data.get("hands")
    if not isinstance(hands, list):
        return
    if len(hands) > MAX_HANDS:
        raise LimitError(
            "hands", said("%(count)d hands recorded; a game has at most %(most)d", count=len(hands), most=MAX_HANDS)
        )
    for index, hand in enumerate(hands[known_hands:], start=known_hands):
        if not isinstance(hand, dict):
            continue
        for key in ("penalties", "joins", "out", "blind"):
            if key in hand and hand[key] is not None and not isinstance(hand[key], list):
                raise LimitError(f"hands[{index}].{key}", said("must be a list"))
        penalties = hand.get("penalties") or []
        if len(penalties) > MAX_PENALTIES:
            raise LimitError(
                f"hands[{index}].penalties",
                said(
                    "lists %(count)d penalties; a hand has at most %(most)d", count=len(penalties), most=MAX_PENALTIES
                ),
            )
        for i, penalty in enumerate(penalties):
            if isinstance(penalty, dict) and penalty.get("points") is not None:
                finite_number(penalty["points"], f"hands[{index}].penalties[{i}].points", -MAX_POINTS, MAX_POINTS)
            if isinstance(penalty, dict) and "reason" in penalty:
                checked_reason(penalty["reason"], f"hands[{index}].penalties[{i}].reason")
        for i, join in enumerate(hand.get("joins") or []):
            if isinstance(join, dict) and "total" in join:
                finite_number(join["total"], f"hands[{index}].joins[{i}].total", -MAX_POINTS, MAX_POINTS)


def _seat_list(values, path, players):
    if not isinstance(values, list):
        raise LimitError(path, said("must be a list of seats"))
    for index, seat in enumerate(values):
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < players:
            raise LimitError(f"{path}[{index}]", said("must be a seat from 0 to %(last)d", last=players - 1))


def check_table(data, players):
    """Refuse a `table` key (who left, sits out, joins) that is not the shape rules.game.table writes."""
    table = data.get("table")
    if table is None:
        return
    if not isinstance(table, dict):
        raise LimitError("table", said("must be an object with left, sitting_out and joining"))
    for key in ("left", "sitting_out"):
        if table.get(key) is not None:
            _seat_list(table[key], f"table.{key}", players)
    joining = table.get("joining")
    if joining is None:
        return
    if not isinstance(joining, list):
        raise LimitError("table.joining", said("must list the players who join, as {seat, total}"))
    for index, join in enumerate(joining):
        path = f"table.joining[{index}]"
        if not isinstance(join, dict):
            raise LimitError(path, said("must be an object with seat and total"))
        _seat_list([join.get("seat")], f"{path}.seat", players)
        finite_number(join.get("total", 0), f"{path}.total", -MAX_POINTS, MAX_POINTS)


def checked_date(value, path="date"):
    """Return a day written YYYY-MM-DD (a real day of years 1 to 9999), else raise LimitError."""
    if not isinstance(value, str) or not DAY.fullmatch(value):
        raise LimitError(path, said("must be a day written YYYY-MM-DD, such as 2026-11-25"))
    try:
        return datetime.date.fromisoformat(value).isoformat()
    except ValueError:
        raise LimitError(
            path, said("is not a day of the calendar: %(value)s; write it YYYY-MM-DD", value=repr(value))
        ) from None


def _one_line(value, path, trimmed=True):
    """Return text (trimmed) on one line without control characters, else raise LimitError. trimmed: the text is
    checked trimmed (a note: the trimmed text is kept); else whole (a penalty's reason: kept as it came)."""
    if not isinstance(value, str):
        raise LimitError(path, said("must be text"))
    text = value.strip()
    if any(ord(c) < 32 or 0x7F <= ord(c) < 0xA0 or c in "\u2028\u2029" for c in (text if trimmed else value)):
        raise LimitError(path, said("must be one line of text, without control characters"))
    return text


def checked_note(value, path="note"):
    """Return a note (trimmed) of at most MAX_NOTE characters on one line, else raise LimitError."""
    if isinstance(value, str) and len(value.strip()) > MAX_NOTE:
        raise LimitError(
            path,
            said(
                "is %(length)d characters long; a note has at most %(most)d", length=len(value.strip()), most=MAX_NOTE
            ),
        )
    return _one_line(value, path)


def checked_reason(value, path="reason"):
    """Return a penalty's reason (a penalty's id, such as "revoke", or the table's own words) of at most MAX_REASON
    characters on one line, else raise LimitError."""
    if isinstance(value, str) and len(value) > MAX_REASON:
        raise LimitError(
            path,
            said(
                "is %(length)d characters long; a penalty's reason has at most %(most)d",
                length=len(value),
                most=MAX_REASON,
            ),
        )
    return _one_line(value, path, trimmed=False)


def check_about(data):
    """Refuse a game's date (`played_on`) or `note` (top-level keys, both optional) beyond their limits.

    Only text is the date and note: a record from elsewhere whose `note` is, say, an object keeps it as
    unknown data (shown nowhere), as every unknown key is kept."""
    if isinstance(data.get("played_on"), str):
        checked_date(data["played_on"], "played_on")
    if isinstance(data.get("note"), str):
        checked_note(data["note"])


def check_record(data, known_hands=0, known_texts=None):
    """Refuse a record (a dict) beyond any limit, with a LimitError naming the field and the limit.

    known_hands: how many hands, from the first, are as in a record already checked (`load`'s known);
    known_texts: their JSON texts, if known (see check_size).
    Return the record as compact JSON text and its hands' texts (or None).
    """
    text, texts = check_size(data, known_hands, known_texts)
    players = data.get("players")
    if isinstance(players, list):
        check_players(players)
    check_rules(data)
    check_about(data)
    check_hands(data, known_hands)
    if isinstance(players, list) and players:
        check_table(data, len(players))
    return text, texts


def check_settled(settlement, path="rules.stake"):
    """Refuse a game's settlement (rules.score's) that moves more than MAX_SETTLED to or from one player (or the
    pot): the money pages could not show it whole. `path` names the field to lower."""
    amounts = [abs(amount) for amount in settlement.get("net") or []] + [abs(settlement.get("pot") or 0)]
    largest = max(amounts, default=0)
    if largest > MAX_SETTLED:
        raise LimitError(
            path,
            said(
                "makes one player pay or receive %(amount)s in this game, more than a payment can "
                "show (%(most)s); lower it",
                amount=Number(largest),
                most=Number(MAX_SETTLED),
            ),
        )
