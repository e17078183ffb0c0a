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

from flask import Blueprint, url_for
from markupsafe import Markup

from .. import rules
from ..rules import actions, bidding

bp = Blueprint("offline", __name__)


def _hand(hand):
    return {"cards": hand.cards, "dealer": hand.dealer, "bids": list(hand.bids), "out": sorted(hand.out),
            "trump": hand.trump}


@bp.app_template_global()
def offline_table(game, loaded):
    """Return the hand page's data-table attribute: the hand as queue.js needs it, as JSON."""
    hand = actions.current_hand(loaded)
    coming = actions.upcoming(loaded) if hand is None else None
    style = loaded.rules.style
    data = {"game": game["id"], "revision": game["revision"], "key": game["edit_key"],
            "api": url_for("api.act", game_id=game["id"]), "play": url_for("table.play", game_id=game["id"]),
            "sheet": url_for("table.sheet", game_id=game["id"]), "players": list(loaded.players),
            "step": rules.step(loaded), "number": len(loaded.hands) if hand else (coming or {}).get("number"),
            "hand": _hand(hand) if hand else None,
            "next": coming and {"cards": coming["cards"], "dealer": coming["dealer"], "trump": coming["trump"],
                                "out": coming["out"]},
            "hook": loaded.rules.hook_applies, "hook_from": loaded.rules.hook_from, "all_at_once": style.all_at_once,
            "bid_state": rules.bid_state(loaded, hand).as_dict() if hand else None, "messages": bidding.MESSAGES,
            "engine": url_for("static", filename="bidstate.js"),
            "sum_to_cards": style.bids_must_sum_to_cards, "trump_after_bids": actions.asks_trump_after_bids(loaded),
            "tricks_fall_short": loaded.rules.tricks_may_fall_short, "symbols": rules.SYMBOLS}
    return Markup(' data-table="{}"').format(json.dumps(data, ensure_ascii=False))


@bp.app_template_global()
def largest_bid(loaded):
    """Return the largest bid any hand of the game can have: the offline pad's template goes up to it."""
    return rules.largest_hand(len(loaded.players), loaded.rules.decks, full_deal=True)
