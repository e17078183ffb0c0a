"""Games with the totals a money test needs, and the money page read as a player reads it."""

import re

from tests.html_forms import form_data


def totals_game(players, totals, stake, currency="EUR", settlement="pairwise", **rules):
    """A finished one-hand game whose totals are `totals`: the last seat makes a bid of 1 (11 points), the others
    a bid of 0 (10), and a bonus brings each to its total."""
    n = len(players)
    base = [10] * (n - 1) + [11]
    hand = {
        "cards": 1,
        "dealer": 0,
        "trump": "hearts",
        "bids": [0] * (n - 1) + [1],
        "tricks": [0] * (n - 1) + [1],
        "penalties": [
            {"seat": seat, "points": total - base[seat], "reason": "bonus"}
            for seat, total in enumerate(totals)
            if total != base[seat]
        ],
    }
    return {
        "players": list(players),
        "hands": [hand],
        "rules": {
            "scoring": "exact",
            "hook": False,
            "deals": {"pattern": "custom", "sizes": [1]},
            "settlement": settlement,
            "stake": stake,
            "currency": currency,
            **rules,
        },
    }


def said(html, css_class):
    """The lines of text of a list on the page (its items' text, tags and runs of spaces taken out)."""
    found = re.search(rf'<ul class="{css_class}">(.*?)</ul>', html, re.S)
    if not found:
        return []
    items = re.findall(r"<li[^>]*>(.*?)</li>", found[1], re.S)
    return [
        " ".join(re.sub(r"<form.*?</form>|<div class=\"epc\">.*?</div>|<[^>]+>", " ", item, flags=re.S).split())
        for item in items
    ]


def paid_buttons(html):
    """The Paid buttons' forms of the plan: [(action, fields)], in the plan's order."""
    count = html.count('class="inline paid"')
    return [form_data(html, index, "/money/payments") for index in range(count)]


IBAN = "NL91ABNA0417164300"


def staked(players, tricks_first):
    """A finished two-hand game for €0.50 a point, pairwise: the first named player makes every bid."""
    hands = [
        {
            "cards": 1,
            "dealer": 0,
            "trump": "hearts",
            "bids": [1] + [0] * (len(players) - 1),
            "tricks": [1] + [0] * (len(players) - 1),
        },
        {
            "cards": 2,
            "dealer": 1,
            "trump": "hearts",
            "bids": [2] + [1] * (len(players) - 1),
            "tricks": [2] + [0] * (len(players) - 1),
        },
    ]
    if not tricks_first:
        hands[1]["bids"] = [2] + [0] * (len(players) - 1)
    return {
        "players": players,
        "hands": hands,
        "rules": {
            "scoring": "exact",
            "hook": False,
            "deals": {"pattern": "up", "max": 2},
            "settlement": "pairwise",
            "stake": 0.5,
            "currency": "EUR",
        },
    }
