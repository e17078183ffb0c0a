"""The club's record of an export file checked whole before an import writes anything (`checked`, a `Club`): its
evenings, events, seasons, payments, members, roster and, in the owner's full backup, the payees and the IBAN log,
each entry naming the field at fault (`seasons[0].ends: ...`). The restoring is store/club_import.py's.

Apart from store/club_export.py, which writes the record out: the checks are a job of their own, and together,
laid out by the formatter, they passed the ~400 lines a module keeps.
"""

import re
from decimal import Decimal
from typing import NamedTuple

from ..rules import RecordError, load, events
from ..rules.money import amounts, ledger, sepa
from ..rules.game import limits, names
from ..rules.money.settlement import SETTLEMENTS
from .export_keys import META_KEYS
from ..rules.game.names import name_key
from ..rules.said import reason, said

# Ids and keys as the store makes them (secrets.token_urlsafe): an edit key may begin with - or _.
TOKEN = re.compile(r"[A-Za-z0-9_-]{1,64}", re.ASCII)
# A moment as the store writes it (UTC ISO, `2026-12-07T11:06:28+00:00`), and the rating order's finishing mark
# (the moment, then nanoseconds: store/ratings.py keep_ratings).
STAMP = re.compile(r"\d{4}-\d{2}-\d{2}([T ][0-9:.+\-Z]{0,40})?", re.ASCII)
ROSTER_CHANGES = ("merge", "rename", "split")  # store/merging.py's kinds
MOST_ID = 2**62  # SQLite's integers end at 2^63: a payment's id stays well inside


class Club(NamedTuple):
    """The club's record of an export file, checked: each section a list (empty when the file has none)."""

    evenings: list
    events: list
    seasons: list
    payments: list
    members: list
    players: list
    aliases: list
    roster_changes: list
    payees: list
    iban_changes: list


EMPTY = Club(*([] for _field in Club._fields))


def checked(document, entries):
    """Return the Club of an export document (version 2; an older file or a bare list has none), every section
    checked against the file's games (`entries`), or raise RecordError naming the field."""
    if not isinstance(document, dict) or "games" not in document:
        return EMPTY  # a list of records, or one game's record
    games = {entry["id"]: entry for entry in entries if isinstance(entry.get("id"), str)}
    lists = {}
    for name in Club._fields:
        value = document.get(name)
        if value is not None and not isinstance(value, list):
            raise RecordError(name, said("must be a list"))
        lists[name] = value or []
    roster = {
        name_key(player): player
        for entry in entries
        for player in entry.get("players") or []
        if isinstance(player, str)
    }
    for index, item in enumerate(lists["players"]):
        with _at(f"players[{index}]", item):
            roster.setdefault(name_key(_name(item, "name")), item["name"])
            _stamp(item, "created")
    for index, item in enumerate(lists["evenings"]):
        with _at(f"evenings[{index}]", item):
            _evening(item, games)
    for index, item in enumerate(lists["events"]):
        with _at(f"events[{index}]", item):
            _event(item, games)
    for index, item in enumerate(lists["seasons"]):
        with _at(f"seasons[{index}]", item):
            _season(item)
    for index, item in enumerate(lists["payments"]):
        with _at(f"payments[{index}]", item):
            _payment(item, roster)
    for index, item in enumerate(lists["members"]):
        with _at(f"members[{index}]", item):
            _name(item, "name")
            _stamp(item, "created")
            _token(item, "link_key", optional=True)
    for index, item in enumerate(lists["aliases"]):
        with _at(f"aliases[{index}]", item):
            for field in ("alias", "key"):
                if name_key(_text(item, field)) != item[field]:
                    raise RecordError(field, said("must be a name's key as the export writes it"))
            if item["alias"] == item["key"]:
                raise RecordError("key", said("must be another player's key"))
            _stamp(item, "created")
    for index, item in enumerate(lists["roster_changes"]):
        with _at(f"roster_changes[{index}]", item):
            if item.get("kind") not in ROSTER_CHANGES:
                raise RecordError("kind", said("must be one of: %(choices)s", choices=", ".join(ROSTER_CHANGES)))
            _text(item, "old"), _text(item, "new"), _stamp(item, "created")
    for index, item in enumerate(lists["payees"]):
        with _at(f"payees[{index}]", item):
            _payee(item)
    for index, item in enumerate(lists["iban_changes"]):
        with _at(f"iban_changes[{index}]", item):
            _name(item, "name")
            _stamp(item, "created")
            for field in ("by", "old", "new"):
                if item.get(field) is not None:
                    _text(item, field)
    return Club(**lists)


class _at:
    """Check one entry of a section: a JSON object, its RecordError's path put under the entry's."""

    def __init__(self, path, item):
        self.path, self.item = path, item

    def __enter__(self):
        if not isinstance(self.item, dict):
            raise RecordError(self.path, said("must be an object"))

    def __exit__(self, kind, error, _trace):
        if isinstance(error, limits.LimitError):
            raise RecordError(f"{self.path}.{error.path}", error.message) from None
        if isinstance(error, RecordError):
            raise RecordError(f"{self.path}.{error.path}" if error.path else self.path, error.message) from None
        return False


def _token(item, field, optional=False):
    value = item.get(field)
    if value is None and optional:
        return None
    if not isinstance(value, str) or not TOKEN.fullmatch(value):
        raise RecordError(field, said("must be an id of letters, digits, - and _ (as the export writes)"))
    return value


def _stamp(item, field, optional=False):
    value = item.get(field)
    if value is None and optional:
        return None
    if not isinstance(value, str) or not STAMP.fullmatch(value):
        raise RecordError(field, said("must be a date as text"))
    return value


def _text(item, field):
    value = item.get(field)
    if not isinstance(value, str):
        raise RecordError(field, said("must be a name"))
    if len(value) > limits.MAX_NOTE:
        raise RecordError(
            field, said("is %(length)d characters long; at most %(most)d", length=len(value), most=limits.MAX_NOTE)
        )
    return value


def _name(item, field):
    value = item.get(field)
    why = names.problem(value) if isinstance(value, str) and value.strip() else said("must be a name")
    if why:
        raise RecordError(field, why)
    return value


def _whole(item, field, low, high):
    value = item.get(field)
    if isinstance(value, bool) or not isinstance(value, int):
        raise RecordError(field, said("must be a whole number"))
    if not low <= value <= high:
        raise RecordError(
            field, said("must be from %(low)d to %(high)d, not %(value)d", low=low, high=high, value=value)
        )
    return value


def _ids(item, field):
    value = item.get(field)
    if not isinstance(value, list):
        raise RecordError(field, said("must be a list"))
    for index, one in enumerate(value):
        if not isinstance(one, str) or not TOKEN.fullmatch(one):
            raise RecordError(
                f"{field}[{index}]", said("must be an id of letters, digits, - and _ (as the export writes)")
            )
    return value


def _evening(item, games):
    evening_id = _token(item, "id")
    _stamp(item, "created")
    _stamp(item, "updated", optional=True)
    if item.get("date") is not None:
        limits.checked_date(item["date"], "date")
    if item.get("note") is not None:
        limits.checked_note(item["note"], "note")
    for index, game_id in enumerate(_ids(item, "games")):  # a game left out of the file is passed over
        if game_id in games and games[game_id].get("evening") != evening_id or game_id in item["games"][:index]:
            raise RecordError(f"games[{index}]", said("names no game of this evening in the file"))


def _event(item, games):
    _token(item, "id")
    _stamp(item, "created")
    _stamp(item, "updated")
    _token(item, "director_key", optional=True)
    record = item.get("record")
    if not isinstance(record, dict):
        raise RecordError("record", said("must be an object"))
    try:
        events.load_event(record, {game_id: _record(games[game_id]) for game_id in _named(record) if game_id in games})
    except RecordError as error:
        raise RecordError(f"record.{error.path}" if error.path else "record", error.message) from None
    if not isinstance(item.get("log"), list):
        raise RecordError("log", said("must be a list"))
    for index, entry in enumerate(item["log"]):
        with _at(f"log[{index}]", entry):
            _token(entry, "kind")
            _stamp(entry, "at")
    if not isinstance(item.get("tables"), list):
        raise RecordError("tables", said("must be a list"))
    for index, link in enumerate(item["tables"]):
        with _at(f"tables[{index}]", link):
            game_id = _token(link, "game")
            _whole(link, "round", 0, 10_000)
            _whole(link, "table", 0, 10_000)
            if game_id in games and _moves_money(games[game_id]):
                raise RecordError("game", said(ledger.EVENT_TABLE))


def _record(entry):
    """A game of the file without what the export keeps beside its record."""
    return {key: value for key, value in entry.items() if key not in META_KEYS}


def _moves_money(entry):
    """True when the file's game would move money (a stake, a settlement that pays): not at an event's table."""
    game = load(_record(entry))
    return bool(game.rules.stake) and SETTLEMENTS.find(game.rules.settlement).moves_money


def _named(record):
    """The game ids an event record names: its tables' and the void ones'."""
    named = {
        table.get("game")
        for rnd in record.get("rounds") or []
        if isinstance(rnd, dict)
        for table in rnd.get("tables") or []
        if isinstance(table, dict)
    }
    void = record.get("void")
    return (named | (set(void) if isinstance(void, dict) else set())) - {None}


def _season(item):
    _token(item, "id")
    name = limits.checked_note(item.get("name"), "name")
    if not name:
        raise RecordError("name", said("is empty"))
    starts, ends = limits.checked_date(item.get("starts"), "starts"), limits.checked_date(item.get("ends"), "ends")
    if ends < starts:
        raise RecordError("ends", said("must be on or after the season's first day, %(starts)s", starts=starts))
    if item.get("best") is not None:
        _whole(item, "best", 1, 10_000)
    _ids(item, "evenings")
    _ids(item, "events")
    _stamp(item, "created")


def _payment(item, roster):
    _whole(item, "id", 1, MOST_ID)
    payer, payee = name_key(_name(item, "from")), name_key(_name(item, "to"))
    for field, key in (("from", payer), ("to", payee)):
        if key not in roster:
            chosen = sorted(roster.values(), key=str.casefold)
            raise RecordError(
                field,
                said(
                    "%(name)s has not played here; choose one of the players: %(names)s",
                    name=names.without_controls(item[field])[:40],
                    names=", ".join(chosen[:20]) or said("nobody yet"),
                ),
            )
    if payer == payee:
        raise RecordError("to", said("a payment goes from one player to another"))
    currency = item.get("currency")
    if not amounts.is_currency(currency):
        raise RecordError("currency", said("must be a currency code like EUR, USD or GBP"))
    cents = _whole(item, "cents", 1, int(amounts.MAX_PAYMENT * 100))
    try:
        amounts.payment_cents(Decimal(cents) / 100, currency)
    except amounts.AmountError as error:
        raise RecordError("cents", reason(error)) from None
    limits.checked_date(item.get("paid_on"), "paid_on")
    _stamp(item, "recorded")
    _stamp(item, "undone", optional=True)


def _payee(item):
    _name(item, "name")
    text = {field: item.get(field) if isinstance(item.get(field), str) else "" for field in ("iban", "holder", "bic")}
    field = "iban"
    try:
        iban = sepa.checked_iban(text["iban"])
        if item.get("holder") is not None:
            field = "holder"
            sepa.checked_holder(text["holder"])
        field = "bic"
        sepa.checked_bic(text["bic"], iban)
    except sepa.IbanError as error:
        raise RecordError(field, reason(error)) from None
    _stamp(item, "updated", optional=True)
