"""House rules of the seeds as data: each preset is the `rules` part of a game record.

`max_by_players` (optional) gives N by the number of players where the source does.
"""

import copy

PRESETS = {
    "pagat": {
        "name": "pagat (exact, down and up)", "source": "002",
        "rules": {"scoring": "exact", "hook": True, "deals": {"pattern": "down-up"}, "trump": "turned"},
        "max_by_players": {3: 10, 4: 10, 5: 10, 6: 8, 7: 7},
    },
    "okenuff": {
        "name": "Al Okenuff's", "source": "000",
        "rules": {"scoring": "okenuff", "modifiers": ["no_trump_doubles"], "hook": True,
                  "deals": {"pattern": "okenuff", "decks": 1}, "trump": "highest_bidder",
                  "stake": 0.1, "settlement": "pairwise"},
    },
    "waterfalls": {
        "name": "Ruth's Waterfalls (Regular)", "source": "001",
        "rules": {"scoring": "get_fred", "hook": True, "bidding": "sequential",
                  "deals": {"pattern": "down-up", "max": 7}, "trump": "turned"},
    },
    "big-d": {
        "name": "Big-D (exact, slam bonus)", "source": "004",
        "rules": {"scoring": "exact_slam", "hook": False, "deals": {"pattern": "up", "full_deal": True},
                  "trump": "turned"},
        "max_by_players": {3: 15, 4: 13, 5: 10, 6: 8, 7: 7},
    },
    "cartier": {
        "name": "Cartier tournament", "source": "003 (Cartier)",
        "rules": {"scoring": "exact", "hook": True, "deals": {"pattern": "cartier", "decks": 1},
                  "trump": "highest_bidder"},
    },
    "prospect": {
        "name": "Prospect (WPOHL, blind bids)", "source": "003 (Prospect, WPOHL)",
        "rules": {"scoring": "exact", "modifiers": ["blind"], "hook": True,
                  "deals": {"pattern": "down-up", "max": 10}, "trump": "turned",
                  "stake": 1, "settlement": "prospect"},
    },
    "kachuful": {
        "name": "Kachuful (fixed trump rotation)", "source": "003 (Kachuful)",
        "rules": {"scoring": "exact", "hook": True, "deals": {"pattern": "down-up"}, "trump": "rotation"},
    },
}


def preset_rules(preset_id, players):
    """Return a copy of the preset's rules for that many players, N filled in where the source says."""
    preset = PRESETS[preset_id]
    chosen = copy.deepcopy(preset["rules"])
    by_players = preset.get("max_by_players", {})
    if players in by_players:
        chosen["deals"]["max"] = by_players[players]
    return chosen
