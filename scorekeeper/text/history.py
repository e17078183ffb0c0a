"""A game's History in words: one line per stored action, saying what it did and nothing more.

Reads the store's events (kind, payload, change) and the players' names; knows no Flask and no tables.
A bid of 0 reads "0", a seat not dealt in reads "out", a penalty names its player, points and reason,
and a corrected hand lists only what changed.
"""

import datetime

from scorekeeper import rules
from scorekeeper.text.display import ADJUSTMENTS, trump_name
from scorekeeper.text import words
from scorekeeper.text.words import _, lazy_gettext, ngettext, pgettext

TABLE_ACTIONS = {
    "leave": lazy_gettext("%(name)s leaves"),
    "sit_out": lazy_gettext("%(name)s sits out the next hand"),
    "sit_in": lazy_gettext("%(name)s plays the next hand"),
}
# Each kind of stored action as History heads its line.
KINDS = {
    "create": lazy_gettext("create"),
    "deal": lazy_gettext("deal"),
    "bid": lazy_gettext("bid"),
    "sealed": lazy_gettext("sealed"),
    "bids": lazy_gettext("bids"),
    "trump": lazy_gettext("trump"),
    "tricks": lazy_gettext("tricks"),
    "hand": lazy_gettext("hand"),
    "edit": lazy_gettext("edit"),
    "undo": lazy_gettext("undo"),
    "table": lazy_gettext("table"),
    "plan": lazy_gettext("plan"),
    "about": lazy_gettext("about"),
    "settlement": lazy_gettext("settlement"),
}
# The plan changes (rules.PLAN_CHANGES) as History says them.
# Kinds whose text is the whole event ("game set up"): a kind before it would say it twice.
SAID_BY_TEXT = {"create"}
PLAN_WORDS = {
    "insert": lazy_gettext("insert"),
    "resize": lazy_gettext("resize"),
    "skip": lazy_gettext("skip"),
    "cut": lazy_gettext("cut"),
}


def kind_text(kind):
    """A stored action's kind in the reader's words ("deal", "bid"); an unknown kind as it is."""
    return str(KINDS[kind]) if kind in KINDS else kind


def kind_label(kind, text):
    """The kind to show before an entry's text, or "" when the text already says it ("hand 1: tricks ...")."""
    said = kind_text(kind)
    return "" if kind in SAID_BY_TEXT or said.casefold() in text.casefold() else said


def name(players, seat):
    """Return the player at seat, or 'seat n' for a seat the game no longer has."""
    return players[seat] if isinstance(seat, int) and 0 <= seat < len(players) else _("seat %(seat)s", seat=seat)


def count(value):
    """Show a bid or a trick count: 0 is 0, a seat not dealt in is 'out'."""
    return _("out") if value is None else str(value)


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
    return _(
        "%(name)s %(points)s (%(reason)s)",
        name=name(players, penalty.get("seat")),
        points=points(amount),
        reason=_reason(reason),
    )


# A penalty's reason (rules.PENALTIES' ids) as History says it, short.
REASONS = {
    "revoke": lazy_gettext("revoke"),
    "revoke_redeal": lazy_gettext("revoke redeal"),
    "renege": lazy_gettext("Basas revoke"),
    "false_accusation": lazy_gettext("false accusation"),
    "other": lazy_gettext("other"),
    "bonus": lazy_gettext("bonus"),
}


def _reason(reason):
    """A penalty's reason in words; one the app does not know as stored."""
    return str(REASONS[reason]) if reason in REASONS else str(reason).replace("_", " ")


def by_seat(values, players):
    """Return 'Ann 1 · Bob 0 · Cy out' for a list of bids or tricks by seat."""
    return " · ".join(
        _("%(name)s %(count)s", name=name(players, seat), count=count(value)) for seat, value in enumerate(values or [])
    )


def corrections(before, after, players, lowest_wins=False):
    """Return the changes between two versions of a hand, one phrase each: only what changed."""
    changes = []
    for field, said in (
        ("bids", lazy_gettext("%(name)s's bid %(was)s → %(now)s")),
        ("tricks", lazy_gettext("%(name)s's tricks %(was)s → %(now)s")),
    ):
        old, new = before.get(field) or [], after.get(field) or []
        for seat in range(max(len(old), len(new))):
            was = old[seat] if seat < len(old) else None
            now = new[seat] if seat < len(new) else None
            if was != now:
                changes.append(_(said.message, name=name(players, seat), was=count(was), now=count(now)))
    if before.get("trump") != after.get("trump"):
        changes.append(_("trump %(was)s → %(now)s", was=_trump(before.get("trump")), now=_trump(after.get("trump"))))
    old_penalties, new_penalties = before.get("penalties") or [], after.get("penalties") or []
    changes += [_dropped(p, players, lowest_wins) for p in old_penalties if p not in new_penalties]
    changes += [
        _("%(kind)s: %(penalty)s", kind=penalty_kind(p, lowest_wins), penalty=penalty_text(p, players, lowest_wins))
        for p in new_penalties
        if p not in old_penalties
    ]
    return changes or [_("nothing changed")]


def _trump(trump):
    """A stored trump in words; none recorded reads as English did: "none"."""
    return trump_name(trump) if trump else pgettext("trump", "none")


def _dropped(penalty, players, lowest_wins):
    """Say a penalty or bonus taken off a hand: one whole message each, for languages whose words agree."""
    said = penalty_text(penalty, players, lowest_wins)
    if rules.adjustment_kind(penalty_amount(penalty, lowest_wins), lowest_wins) == rules.BONUS:
        return _("bonus dropped: %(penalty)s", penalty=said)
    return _("penalty dropped: %(penalty)s", penalty=said)


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
    seat = name(players, payload.get("seat"))
    if kind == "create":
        return _("game set up")
    if kind == "deal":
        dealer = name(players, payload.get("dealer"))
        if payload.get("trump"):
            return _(
                "%(dealer)s dealt %(cards)s, %(trump)s",
                dealer=dealer,
                cards=payload.get("cards"),
                trump=trump_name(payload["trump"]),
            )
        return _("%(dealer)s dealt %(cards)s", dealer=dealer, cards=payload.get("cards"))
    if kind == "bid":
        said = (
            lazy_gettext("hand %(number)s: %(name)s bid %(bid)s blind")
            if payload.get("blind")
            else lazy_gettext("hand %(number)s: %(name)s bid %(bid)s")
        )
        return _(said.message, number=number, name=seat, bid=count(payload.get("bid")))
    if kind == "sealed":  # the value stays out of the log: it is secret until the reveal
        return _("hand %(number)s: %(name)s bid in secret", number=number, name=seat)
    if kind == "bids":
        return _("hand %(number)s: bids %(bids)s", number=number, bids=by_seat(payload.get("bids"), players))
    if kind == "trump":
        return _("hand %(number)s: trump %(trump)s", number=number, trump=trump_name(payload.get("trump")))
    if kind == "tricks":
        text = _("hand %(number)s: tricks %(tricks)s", number=number, tricks=by_seat(payload.get("tricks"), players))
        if payload.get("penalty"):
            text += "; " + _(
                "%(kind)s: %(penalty)s",
                kind=penalty_kind(payload["penalty"], lowest_wins),
                penalty=penalty_text(payload["penalty"], players, lowest_wins),
            )
        return text
    if kind == "hand":
        hand = recorded_hand(event) or {}
        text = _(
            "hand %(number)s: bids %(bids)s; tricks %(tricks)s",
            number=number,
            bids=by_seat(hand.get("bids"), players),
            tricks=by_seat(hand.get("tricks"), players),
        )
        for penalty in hand.get("penalties") or []:
            text += "; " + _(
                "%(kind)s: %(penalty)s",
                kind=penalty_kind(penalty, lowest_wins),
                penalty=penalty_text(penalty, players, lowest_wins),
            )
        return text
    if kind == "edit":
        return _(
            "hand %(number)s corrected: %(changes)s",
            number=number,
            changes=", ".join(
                corrections(payload.get("before") or {}, payload.get("after") or {}, players, lowest_wins)
            ),
        )
    if kind == "undo":
        return _("undid #%(number)s (%(kind)s)", number=payload.get("undid"), kind=kind_text(payload.get("kind")))
    if kind == "table":
        if payload.get("action") == "arrive":
            return _("%(name)s arrives", name=payload.get("name"))
        said = TABLE_ACTIONS.get(payload.get("action"))
        return _(said.message, name=seat) if said else f"{seat} {payload.get('action')}"
    if kind == "plan":
        change = PLAN_WORDS.get(payload.get("action"), payload.get("action"))
        text = _("plan: %(change)s", change=change)
        if payload.get("position"):
            text += " " + _("hand %(number)s", number=payload["position"])
        if payload.get("cards"):
            text += ", " + _("%(cards)s cards", cards=payload["cards"])
        return text
    if kind == "about":
        return _(
            "date %(date)s; note %(note)s",
            date=_day(payload.get("date")) or _("the day it was set up"),
            note=payload.get("note") or pgettext("note", "none"),
        )
    if kind == "settlement":
        text = _(
            "settle by %(method)s, stake %(stake)s",
            method=payload.get("settlement"),
            stake=words.number(payload.get("stake", 0), places=2),
        )
        if payload.get("payouts"):
            text += ", " + _("scale %(payouts)s", payouts=" ".join(str(p) for p in payload["payouts"]))
        return text
    return ""


def _day(iso):
    """A stored day as the reader's language writes it; anything else as it is."""
    try:
        return words.date(datetime.date.fromisoformat(iso)) if iso else iso
    except (TypeError, ValueError):
        return iso


def undone_text(event, players, lowest_wins=False):
    """Return the message after an undo, naming what it took back: 'Undone: Bob's bid of 2.'"""
    payload = event.get("payload") or {}
    seat = name(players, payload.get("seat"))
    if event["kind"] == "bid":
        said = (
            lazy_gettext("%(name)s's blind bid of %(bid)s")
            if payload.get("blind")
            else lazy_gettext("%(name)s's bid of %(bid)s")
        )
        what = _(said.message, name=seat, bid=count(payload.get("bid")))
    elif event["kind"] == "sealed":
        what = _("%(name)s's secret bid", name=seat)
    elif event["kind"] == "bids":
        what = _(
            "the bids of hand %(number)s (%(bids)s)",
            number=payload.get("hand", 0) + 1,
            bids=by_seat(payload.get("bids"), players),
        )
    elif event["kind"] == "deal":
        what = ngettext(
            "%(dealer)s's deal of %(num)d card",
            "%(dealer)s's deal of %(num)d cards",
            payload.get("cards") or 0,
            dealer=name(players, payload.get("dealer")),
        )
    else:
        what = describe(event, players, lowest_wins) or kind_text(event["kind"])
    return _("Undone: %(what)s.", what=what)
