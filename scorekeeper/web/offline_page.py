"""What the scorekeeper's hand pages carry so that the hand goes on through a dropped connection.

The page holds the hand as JSON in a data attribute (no inline script: the CSP forbids it):
the players, the bidding order's inputs (dealer, who is out), the hook and hook_from, the next hand of the
plan, whether trump is named after the bids, the tricks rule, the edit key for the actions API, the hand's
bid state as rules.bid_state works it out, and the sentences the bid screen says (by message id).
static/queue.js applies taps at once from it and sends them in order when the connection returns; after a
tap it works the bid state out again with static/bidstate.js, which computes exactly what rules.state_of_bids
does (tests/test_bidstate_parity.py holds them to it).
"""

import json

from flask import current_app, get_template_attribute, url_for
from markupsafe import Markup

from scorekeeper import rules
from scorekeeper.text.words import lazy_gettext
from scorekeeper.web.i18n import current_language
from scorekeeper.web.forms import tricks_form
from scorekeeper.text.display import bid_messages, trump_symbols
from ..rules import actions
from ..rules.bids import sealed

UNDONE = lazy_gettext("Undone.")  # said by queue.js when a tap still waiting is taken back on the phone


def _slim(coming):
    return {
        "number": coming["number"],
        "cards": coming["cards"],
        "dealer": coming["dealer"],
        "trump": coming["trump"],
        "out": coming["out"],
    }


def _hand(hand):
    return {
        "cards": hand.cards,
        "dealer": hand.dealer,
        "bids": list(hand.bids),
        "out": sorted(hand.out),
        "trump": hand.trump,
        "blind": sorted(hand.blind),
    }


def queue_state(loaded):
    """The game as static/queue_engine.js holds it and applies taps to: the step, the hand at hand, the deals ahead
    and the rules the steps follow (tests/test_queue_engine_parity.py holds its steps to the engine's)."""
    hand = actions.current_hand(loaded)
    coming = actions.upcoming(loaded) if hand is None else None
    style = loaded.rules.style
    return {
        "players": list(loaded.players),
        "step": rules.step(loaded),
        "number": len(loaded.hands) if hand else (coming or {}).get("number"),
        "finished": len(loaded.hands) - (1 if hand else 0),
        "hand": _hand(hand) if hand else None,
        "next": coming and _slim(coming),
        "ahead": [_slim(coming) for coming in actions.deals_ahead(loaded)],
        "hook": loaded.rules.hook_applies,
        "hook_from": loaded.rules.hook_from,
        "all_at_once": style.all_at_once,
        "sum_to_cards": style.bids_must_sum_to_cards,
        "trump_after_bids": actions.asks_trump_after_bids(loaded),
    }


def offline_table(game, loaded, at="hand"):
    """Return the page's data-table attribute: the hand as queue.js needs it, as JSON; `at` the page (hand, sheet)."""
    hand = actions.current_hand(loaded)
    data = {
        "game": game["id"],
        "at": at,
        "revision": game["revision"],
        "key": game["edit_key"],
        "api": url_for("api.act", game_id=game["id"]),
        "play": url_for("table.play", game_id=game["id"]),
        "sheet": url_for("table.sheet", game_id=game["id"]),
        **queue_state(loaded),
        "bid_state": rules.bid_state(loaded, hand).as_dict() if hand else None,
        "messages": bid_messages(),
        "engine": [
            url_for("static", filename=name)
            for name in (
                "bidstate.js",
                "counts.js",
                "bids.js",
                "offline_hand.js",
                "offline_sheet.js",
                "tap_conflict.js",
            )
        ],
        "tricks_fall_short": loaded.rules.tricks_may_fall_short,
        "symbols": trump_symbols(),
        "undone": str(UNDONE),
        "sealed": sealed.sealed_seats(loaded) if hand else [],
    }
    return Markup(' data-table="{}"').format(json.dumps(data, ensure_ascii=False))


def penalty_form(system_id):
    """The tricks screen's penalty menus for a scoring system, empty, with one player "%(name)s": the offline tricks
    screen clones them and draws that player's choice for each player."""
    return tricks_form(["%(name)s"], system_id)(formdata=None)


def offline_part(template, macro, *args):
    """The markup of `macro` in `template` called with args, as `{% from template import macro %}` gives it (a macro
    sees its arguments and the app's globals, never the page's values), made once per app, language and args.

    The offline screens' <template>s are the same on every hand page that names the same scoring system and
    largest bid: made afresh on each page they were most of its time (docs/benchmarks.md, bench_hand_page.py)."""
    made = get_template_attribute(template, macro)
    if current_app.jinja_env.auto_reload:  # a template edited while the app runs is drawn afresh
        return made(*args)
    kept = current_app.extensions.setdefault("offline_parts", {})
    key = (template, macro, current_language(), args)
    part = kept.get(key)
    if part is None:
        part = kept[key] = made(*args)
    return part


# The queue's parts, loaded in this order before queue.js (static/offline.js): each file one job.
QUEUE_PARTS = ("dom.js", "queue_store.js", "queue_engine.js", "queue_status.js", "queue_forms.js", "queue_pages.js")


def offline_parts():
    """Return the static files queue.js needs loaded before it, in order."""
    return QUEUE_PARTS


def largest_bid(loaded):
    """Return the largest bid any hand of the game can have: the offline pad's template goes up to it."""
    return rules.largest_hand(len(loaded.players), loaded.rules.decks, full_deal=True)
