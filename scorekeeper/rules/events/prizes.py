"""The event's money (ours; RULES.md is silent): every player pays an entry fee into the pot, the pot is split
among the final places by percentages (e.g. 50 30 20), and the nets are settled with the fewest payments,
as a game's money is (rules/results.py).

The final places: the final table's players by their game's places (level players by bids made in the
final, then the lot), the champion first as the final cut named them; then everyone else as the room
standings order them. The money sits in the record's `money` key: {"entry_fee": 10, "split": [50, 30, 20],
"currency": "EUR"} (an ISO 4217 code; absent or "": a plain amount, as a game's stake in points).
"""

import copy
from decimal import Decimal

from babel.numbers import is_currency

from ..record import RecordError
from ..results import payments_between
from ..numbers import SPACE, NumberError, parse_decimal
from ..words import _, money as say_money, ngettext, number
from .record import Event, load_event

MAX_FEE = 100_000
MAX_SPLIT = 20


def parse_split(text):
    """Return the prize split as whole percentages from text like "50 30 20" (or a list); they add up to 100."""
    if isinstance(text, str):
        parts = text.replace(",", " ").replace("/", " ").replace("%", " ").split()
    elif isinstance(text, list):
        parts = text
    else:
        raise RecordError("money.split", _("must be percentages that add up to 100, like 50 30 20"))
    if not parts:
        return []
    if len(parts) > MAX_SPLIT:
        raise RecordError("money.split", _("at most %(most)d prizes", most=MAX_SPLIT))
    split = []
    for part in parts:
        if isinstance(part, bool) or not isinstance(part, (int, str)) or not str(part).isdigit():
            raise RecordError("money.split", _("%(part)s is not a whole percentage; write e.g. 50 30 20",
                                               part=repr(str(part)[:20])))
        split.append(int(part))
    if any(value <= 0 for value in split) or sum(split) != 100:
        raise RecordError("money.split", _("the prizes must each be more than 0%% and add up to 100%%, not %(sum)d%%",
                                           sum=sum(split)))
    return split


def parse_fee(value):
    """Return the entry fee as a Decimal of whole cents, 0 to MAX_FEE; typed as every number field is read
    (rules/numbers.py: "2,50" where the reader's language writes a decimal comma)."""
    like = {"whole": number(10), "cents": number(2.5, places=2)}
    text = str(value).strip(SPACE)
    try:
        if isinstance(value, bool) or value is None:
            raise NumberError(value)
        fee = parse_decimal(text) if text else Decimal(0)
    except NumberError:
        raise RecordError("money.entry_fee", _("must be an amount like %(whole)s or %(cents)s", **like)) from None
    if not 0 <= fee <= MAX_FEE or fee != fee.quantize(Decimal("0.01")):
        raise RecordError("money.entry_fee", _("must be 0 to %(most)s in whole cents, like %(whole)s or %(cents)s",
                                                 most=number(MAX_FEE), **like))
    return fee


def parse_currency(value):
    """Return the currency as an ISO 4217 code ("EUR"), or "" for a plain amount."""
    if value is None or value == "":
        return ""
    code = value.strip().upper() if isinstance(value, str) else None
    if not code or len(code) != 3 or not code.isalpha() or not is_currency(code):
        raise RecordError("money.currency", _("must be a currency code like EUR, USD or GBP"))
    return code


def set_money(event, entry_fee, split, games=None, currency=None):
    """The director's action: set the entry fee, the prize split and the currency (None: keep the one set).
    Returns the EventOutcome."""
    from .director import _done

    event = event if isinstance(event, Event) else load_event(event, games)
    fee, shares = parse_fee(entry_fee), parse_split(split)
    if currency is None:
        currency = (event.record.get("money") or {}).get("currency", "")
    currency = parse_currency(currency)
    if len(shares) > len(event.players):
        raise RecordError("money.split", ngettext("%(prizes)d prizes for %(num)d player",
                                                  "%(prizes)d prizes for %(num)d players", len(event.players),
                                                  prizes=len(shares)))
    record = copy.deepcopy(event.record)
    record["money"] = {"entry_fee": int(fee) if fee == fee.to_integral() else float(fee), "split": shares}
    if currency:
        record["money"]["currency"] = currency
    if shares:
        said = _("Entry fee %(fee)s, prizes %(split)s.", fee=say_money(fee, currency),
                 split=" / ".join(map(str, shares)))
    else:
        said = _("Entry fee %(fee)s, no prizes.", fee=say_money(fee, currency))
    return _done(record, games, said, "money", dict(record["money"]))


def final_places(scored):
    """Return every player in final order (see the module): the final table first, then the room standings."""
    order = []
    if scored["champion"] and scored["rounds"]:
        final = scored["rounds"][-1]["tables"][0]
        lot = {name: i for i, name in enumerate(scored["lot"])}
        seats = range(len(final["seats"]))
        ranked = sorted(seats, key=lambda s: (final["places"][s], -final["bids_made"][s], lot[final["seats"][s]]))
        order = [final["seats"][s] for s in ranked]
        champion = scored["champion"]
        if champion in order:
            order.remove(champion)
        order.insert(0, champion)
    order += [row["player"] for row in scored["standings"] if row["player"] not in order]
    return order


def settle_event(scored, money):
    """Return the event's money once there is a champion: {entry_fee, pot, prizes [{place, player, amount}],
    net {name: amount}, payments [{from, to, amount}]}; None when no money is set or the event goes on."""
    if not money or not scored["champion"]:
        return None
    fee, split = parse_fee(money.get("entry_fee", 0)), parse_split(money.get("split") or [])
    players = list(scored["players"])
    pot = int(fee * 100) * len(players)
    prizes = [pot * share // 100 for share in split]
    if prizes:
        prizes[0] += pot - sum(prizes)  # the cents the percentages leave go to the winner
    order = final_places(scored)
    cents = {name: -int(fee * 100) for name in players}
    for place, amount in enumerate(prizes):
        cents[order[place]] += amount
    return {"entry_fee": float(fee), "pot": pot / 100, "currency": parse_currency(money.get("currency")),
            "prizes": [{"place": place + 1, "player": order[place], "amount": amount / 100}
                       for place, amount in enumerate(prizes)],
            "net": {name: cents[name] / 100 for name in players},
            "payments": payments_between(players, [cents[name] for name in players])}
