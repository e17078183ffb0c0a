"""The event's money (RULES.md "Event money"): every entrant pays the entry fee into the pot; a charity share
(a percentage, paid to a named cause) comes off it; the rest is split among the final results (by the round
reached) by percentages (e.g. 50 30 20). It is a payout list and a list of who has paid: no player pays
another, and an event's tables settle nothing among themselves.

The money sits in the record's `money` key: {"entry_fee": 10, "split": [50, 30, 20], "currency": "EUR",
"charity": 10, "cause": "Lifeboats", "paid": ["Ann"]} (currency an ISO 4217 code; absent or "": a plain
amount, as a game's stake in points).
"""

import copy
from decimal import ROUND_HALF_UP, Decimal


from ..game.record import RecordError
from ..game.numbers import SPACE, NumberError, parse_decimal
from ..money.currencies import currency_places, is_currency
from ..said import Money, Number, Percent, Separated, nsaid, said
from .outcome import done
from .event import Event
from .record import load_event

MAX_FEE = 100_000
MAX_SPLIT = 20


def parse_split(text):
    """Return the prize split as whole percentages from text like "50 30 20" (or a list); they add up to 100."""
    if isinstance(text, str):
        parts = text.replace(",", " ").replace("/", " ").replace("%", " ").split()
    elif isinstance(text, list):
        parts = text
    else:
        raise RecordError("money.split", said("must be percentages that add up to 100, like 50 30 20"))
    if not parts:
        return []
    if len(parts) > MAX_SPLIT:
        raise RecordError("money.split", said("at most %(most)d prizes", most=MAX_SPLIT))
    split = []
    for part in parts:
        if isinstance(part, bool) or not isinstance(part, (int, str)) or not str(part).isdigit():
            raise RecordError(
                "money.split",
                said("%(part)s is not a whole percentage; write e.g. 50 30 20", part=repr(str(part)[:20])),
            )
        split.append(int(part))
    if any(value <= 0 for value in split) or sum(split) != 100:
        raise RecordError(
            "money.split",
            said("the prizes must each be more than 0%% and add up to 100%%, not %(sum)d%%", sum=sum(split)),
        )
    return split


def parse_fee(value, currency="", comma=False):
    """Return the entry fee as a Decimal in the currency's minor unit (cents; whole yen), 0 to MAX_FEE; typed as
    every number field is read (rules/game/numbers.py: "2,50" where the reader's language writes a decimal comma)."""
    places = currency_places(currency)
    like = {"whole": Number(10), "cents": Number(2.5, places=2)}
    text = str(value).strip(SPACE)
    try:
        if isinstance(value, bool) or value is None:
            raise NumberError(value)
        fee = parse_decimal(text, comma=comma) if text else Decimal(0)
    except NumberError:
        raise RecordError("money.entry_fee", said("must be an amount like %(whole)s or %(cents)s", **like)) from None
    if 0 <= fee <= MAX_FEE and fee == fee.quantize(Decimal(1).scaleb(-places)):
        return fee
    if places == 0:
        raise RecordError(
            "money.entry_fee",
            said(
                "must be a whole amount from 0 to %(most)s: %(currency)s has no cents",
                most=Number(MAX_FEE),
                currency=currency,
            ),
        )
    raise RecordError(
        "money.entry_fee",
        said("must be 0 to %(most)s in whole cents, like %(whole)s or %(cents)s", most=Number(MAX_FEE), **like),
    )


def parse_currency(value):
    """Return the currency as an ISO 4217 code ("EUR"), or "" for a plain amount."""
    if value is None or value == "":
        return ""
    code = value.strip().upper() if isinstance(value, str) else None
    if not code or len(code) != 3 or not code.isalpha() or not is_currency(code):
        raise RecordError("money.currency", said("must be a currency code like EUR, USD or GBP"))
    return code


def parse_charity(value, comma=False):
    """Return the charity's share of the pot as a percentage, 0 to 100 with at most two decimals ("7,5" where the
    reader writes a decimal comma): the one reading of the field, for the forms and the API alike."""
    if value is None or value == "":
        return Decimal(0)
    text = str(value).strip(SPACE).rstrip("%").strip(SPACE)
    try:
        if isinstance(value, bool):
            raise NumberError(value)
        share = parse_decimal(text, 0, 100, comma)
    except NumberError:
        share = None
    if share is None or share != share.quantize(Decimal("0.01")):
        raise RecordError(
            "money.charity",
            said("must be a percentage from 0 to 100, like %(whole)s or %(part)s", whole=Number(10), part=Number(2.5)),
        )
    return share


def _plain(value):
    """A Decimal as the record and the JSON keep it: a whole number as int, else a float."""
    return int(value) if value == value.to_integral() else float(value)


def set_money(event, entry_fee, split, games=None, currency=None, charity=None, cause=None, comma=False):
    """The director's action: set the entry fee, the prize split, the currency (None: keep the one set) and
    the charity's share of the pot with its cause (None: keep them). Returns the EventOutcome. comma: the
    director's language writes a decimal comma ("2,50"; rules.game.numbers)."""
    event = event if isinstance(event, Event) else load_event(event, games)
    before = event.record.get("money") or {}
    currency = parse_currency(before.get("currency", "") if currency is None else currency)
    fee, shares = parse_fee(entry_fee, currency, comma), parse_split(split)
    charity = parse_charity(before.get("charity") if charity is None else charity, comma)
    cause = before.get("cause", "") if cause is None else cause
    if not isinstance(cause, str) or len(cause) > 100:
        raise RecordError("money.cause", said("must be a name of at most 100 characters"))
    if len(shares) > len(event.players):
        raise RecordError(
            "money.split",
            nsaid(
                "%(prizes)d prizes for %(num)d player",
                "%(prizes)d prizes for %(num)d players",
                len(event.players),
                prizes=len(shares),
            ),
        )
    if shares and charity == 100:
        raise RecordError("money.split", said("the charity takes the whole pot: leave the prizes empty"))
    record = copy.deepcopy(event.record)
    record["money"] = {**before, "entry_fee": _plain(fee), "split": shares}
    for key, value in (("currency", currency), ("charity", _plain(charity)), ("cause", cause.strip())):
        record["money"].pop(key, None)
        if value:
            record["money"][key] = value
    if shares:
        saying = said(
            "Entry fee %(fee)s, prizes %(split)s.", fee=Money(fee, currency), split=" / ".join(map(str, shares))
        )
    else:
        saying = said("Entry fee %(fee)s, no prizes.", fee=Money(fee, currency))
    if charity:
        saying = Separated(
            (
                saying,
                said(
                    "%(percent)s of the pot to %(cause)s.",
                    percent=Percent(charity),
                    cause=cause.strip() or said("charity"),
                ),
            ),
            " ",
        )
    return done(record, games, saying, "money", {key: value for key, value in record["money"].items() if key != "paid"})


def mark_paid(event, name, paid=True, games=None):
    """The director's action: mark that a player has paid the entry fee (or not)."""
    event = event if isinstance(event, Event) else load_event(event, games)
    if name not in event.players:
        raise RecordError("player", said("%(name)s is not a player of this event.", name=repr(name)))
    record = copy.deepcopy(event.record)
    money = record.setdefault("money", {"entry_fee": 0, "split": []})
    names = [player for player in money.get("paid") or [] if player != name]
    money["paid"] = names + [name] if paid else names
    saying = said("%(name)s has paid.", name=name) if paid else said("%(name)s has not paid.", name=name)
    return done(record, games, saying, "paid", {"player": name, "paid": bool(paid)})


def final_places(scored):
    """Return every entrant in the final order (RULES.md: by the round reached), once there is a champion."""
    return [row["player"] for row in scored.get("results") or []]


def _in_units(minor, places):
    """An amount kept in minor units as the JSON gives it: whole yen as an int, cents as a decimal number."""
    return minor if places == 0 else minor / 10**places


def event_money(scored, money):
    """Return the event's money (RULES.md): {entry_fee, entrants, pot, charity {percent, cause, amount} or None,
    prizes [{place, player (None until the champion), amount}], paid, unpaid, refunds [{player, amount}],
    currency}; None with no money set.
    Amounts are in the currency's minor unit (cents; whole yen): the charity share rounded to the nearest unit,
    half up; each prize rounded down, what they leave to the first place. No player pays another: the pot pays
    the prizes."""
    if not money:
        return None
    currency = parse_currency(money.get("currency"))
    places = currency_places(currency)
    fee, split = parse_fee(money.get("entry_fee", 0)), parse_split(money.get("split") or [])
    entrants = list(scored["players"])
    pot = int((fee * len(entrants)).scaleb(places).quantize(Decimal(1), ROUND_HALF_UP))
    share = parse_charity(money.get("charity"))
    charity = int((pot * share / 100).quantize(Decimal(1), ROUND_HALF_UP))
    prizes = [(pot - charity) * part // 100 for part in split]
    if prizes:
        prizes[0] += pot - charity - sum(prizes)  # the units the percentages leave go to the winner
    order = final_places(scored)
    paid = [name for name in money.get("paid") or [] if name in entrants]
    return {
        "entry_fee": float(fee),
        "entrants": len(entrants),
        "pot": _in_units(pot, places),
        "currency": currency,
        "charity": {"percent": _plain(share), "cause": money.get("cause", ""), "amount": _in_units(charity, places)}
        if share
        else None,
        "prizes": [
            {
                "place": place + 1,
                "player": order[place] if place < len(order) else None,
                "amount": _in_units(amount, places),
            }
            for place, amount in enumerate(prizes)
        ],
        "paid": paid,
        "unpaid": [name for name in entrants if name not in paid],
        "refunds": owed_refunds(scored, money, float(fee)),
    }


def owed_refunds(scored, money, fee):
    """The no-shows who paid the fee (withdrawn before play: no entrants): each is owed it back,
    [{player, amount}]."""
    paid = money.get("paid") or []
    return [
        {"player": entry["player"], "amount": fee}
        for entry in scored.get("withdrawn") or []
        if not entry["entrant"] and entry["player"] in paid
    ]


def settle_event(scored, money):
    """The event's money once there is a champion (event_money), else None."""
    return event_money(scored, money) if scored["champion"] else None
