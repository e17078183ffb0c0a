"""House rules people ask for by name, as a registry: each preset is the `rules` part of a game record.

The seeds' own tables (000-004) come first, then the house rules of real tables that are not in the
encyclopedia's list (Boerenbridge, Wizard scoring), written as a house formula. `max_by_players`
(optional) gives N by the number of players where the source does. Each preset has worked examples:
one hand scored under exactly its rules (tests/test_registry.py checks them).
"""

import copy
from dataclasses import dataclass, field

from ..registry import Entry, Registry
from .system_entry import Example
from .systems import SYSTEMS
from ..said import said


@dataclass(frozen=True)
class Preset(Entry):
    rules: dict = field(default_factory=dict)
    max_by_players: dict = field(default_factory=dict)
    examples: tuple = ()

    def __getitem__(self, key):
        # Dict-style reads (preset["name"]) kept for code written when presets were plain dicts.
        return getattr(self, key)


class PresetRegistry(Registry):
    """The presets; also read as the dict they once were: PRESETS["pagat"], PRESETS.items(), PRESETS.keys()."""

    def __getitem__(self, preset_id):
        try:
            return self.find(preset_id)
        except ValueError as error:
            raise KeyError(preset_id) from error

    def keys(self):
        return self.ids()

    def items(self):
        return [(entry.id, entry) for entry in self.entries]


BOERENBRIDGE = {"made": "10 + 2*tricks", "over": "-2*off"}
E = Example
P = Preset

PRESETS = PresetRegistry(
    said("preset"),
    [
        P(
            "pagat",
            said("pagat (exact, down and up)"),
            said("Exact scoring, N down to 1 and back up, N by the players."),
            "002",
            rules={"scoring": "exact", "hook": True, "deals": {"pattern": "down-up"}, "trump": "turned"},
            max_by_players={3: 10, 4: 10, 5: 10, 6: 8, 7: 7},
            examples=(E([2, 0, 0], [2, 1, 0], 3, [12, 0, 10], "002: 10 plus the bid"),),
        ),
        P(
            "okenuff",
            said("Al Okenuff's"),
            said("Okenuff's scoring, 4 to 13 cards, the highest bidder names trump, pairwise money."),
            "000",
            aliases=("Okenuff",),
            rules={
                "scoring": "okenuff",
                "modifiers": ["no_trump_doubles"],
                "hook": True,
                "deals": {"pattern": "okenuff", "decks": 1},
                "trump": "highest_bidder",
                "stake": 0.1,
                "settlement": "pairwise",
            },
            examples=(E([4, 2, 7, 1], [4, 2, 7, 0], 13, [15, 8, 45, -5], "000: made 4, 2 and 7"),),
        ),
        P(
            "waterfalls",
            said("Ruth's Waterfalls (Regular)"),
            said("Get Fred (Regular) scoring, 7 down to 1 and back up."),
            "001",
            aliases=("Waterfalls",),
            rules={
                "scoring": "get_fred",
                "hook": True,
                "bidding": "sequential",
                "deals": {"pattern": "down-up", "max": 7},
                "trump": "turned",
            },
            examples=(E([3, 1, 1], [1, 3, 0], 4, [-2, -2, -1], "001: 2 off either way scores -2"),),
        ),
        P(
            "big-d",
            said("Big-D (exact, slam bonus)"),
            said("Exact with slam bonus, 1 card up to N, no hook."),
            "004",
            aliases=("Big D",),
            rules={
                "scoring": "exact_slam",
                "hook": False,
                "deals": {"pattern": "up", "full_deal": True},
                "trump": "turned",
            },
            max_by_players={3: 15, 4: 13, 5: 10, 6: 8, 7: 7},
            examples=(E([5, 0, 0, 1], [5, 0, 0, 1], 6, [40, 10, 10, 11], "004: small slam"),),
        ),
        P(
            "cartier",
            said("Cartier tournament"),
            said("Exact scoring, 13 down to 2 and back up, the highest bidder names trump."),
            "003 (Cartier)",
            rules={
                "scoring": "exact",
                "hook": True,
                "deals": {"pattern": "cartier", "decks": 1},
                "trump": "highest_bidder",
            },
            examples=(E([3, 5, 2, 4], [3, 5, 2, 3], 13, [13, 15, 12, 0]),),
        ),
        P(
            "prospect",
            said("Prospect (WPOHL, blind bids)"),
            said("Exact scoring, 10 down to 1 and back up, blind bids, Prospect settlement."),
            "003 (Prospect, WPOHL)",
            aliases=("WPOHL",),
            rules={
                "scoring": "exact",
                "modifiers": ["blind"],
                "hook": True,
                "deals": {"pattern": "down-up", "max": 10},
                "trump": "turned",
                "stake": 1,
                "settlement": "prospect",
            },
            examples=(E([2, 0, 0], [2, 1, 0], 3, [12, 0, 10]),),
        ),
        P(
            "kachuful",
            said("Kachuful (fixed trump rotation)"),
            said("Exact scoring, trump in a fixed rotation."),
            "003 (Kachuful)",
            rules={"scoring": "exact", "hook": True, "deals": {"pattern": "down-up"}, "trump": "rotation"},
            examples=(E([2, 0, 0], [2, 1, 0], 3, [12, 0, 10]),),
        ),
        P(
            "boerenbridge",
            said("Boerenbridge (Dutch)"),
            said("Made: 10 + 2 a trick. Missed: -2 a trick off. 1 card up to N and back down; the hook from 4 cards."),
            "house rules: Dutch Boerenbridge (RULES.md House formula; nl.wikipedia.org/wiki/Boerenbridge)",
            aliases=("Dutch", "Boerenbridge Dutch", "Chinees poepen"),
            local_names={"nl": ("Boerenbridge", "10 op en neer")},
            rules={
                "scoring": "formula",
                "options": dict(BOERENBRIDGE),
                "hook": True,
                "hook_from": 4,
                "deals": {"pattern": "up-down"},
                "trump": "turned",
            },
            max_by_players={3: 10, 4: 10, 5: 10, 6: 8, 7: 7},
            examples=(E([2, 0, 1, 1], [2, 0, 3, 0], 5, [14, 10, -4, -2], "a made 2 is 10 + 4; a zero made is 10"),),
        ),
        P(
            "boerenbridge3",
            said("Boerenbridge, 3 a trick"),
            said("Made: 10 + 3 a trick. Missed: -3 a trick off."),
            "house rules: Boerenbridge variant (issue 12)",
            aliases=("Boerenbridge 3",),
            rules={
                "scoring": "formula",
                "options": {"made": "10 + 3*tricks", "over": "-3*off"},
                "hook": True,
                "hook_from": 4,
                "deals": {"pattern": "up-down"},
                "trump": "turned",
            },
            max_by_players={3: 10, 4: 10, 5: 10, 6: 8, 7: 7},
            examples=(E([2, 0, 1, 1], [2, 0, 3, 0], 5, [16, 10, -6, -3]),),
        ),
        P(
            "flemish",
            said("Flemish Boerenbridge (no penalty)"),
            said("Made: 10 + 2 a trick. Missed: nothing (Montreal scoring)."),
            "house rules: Flemish Boerenbridge, 'Chinees poepen' (issue 12); 003 (Montreal)",
            aliases=("Flemish",),
            rules={"scoring": "montreal", "hook": True, "deals": {"pattern": "up-down"}, "trump": "turned"},
            max_by_players={3: 10, 4: 10, 5: 10, 6: 8, 7: 7},
            examples=(E([2, 0, 1, 1], [2, 0, 3, 0], 5, [14, 10, 0, 0]),),
        ),
        P(
            "wizard",
            said("Wizard scoring (no hook)"),
            said("Made: 20 + 10 a trick. Missed: -10 a trick off. 1 card up to N; no hook, as in Wizard's own rules."),
            "house rules: Wizard's published scoring (RULES.md House formula)",
            aliases=("Wizard",),
            rules={
                "scoring": "formula",
                "options": {"made": "20 + 10*bid", "over": "-10*off"},
                "hook": False,
                "deals": {"pattern": "up"},
                "trump": "turned",
            },
            examples=(
                E([2, 0, 1, 1], [2, 0, 3, 0], 5, [40, 20, -20, -10], "a made 2 is 20 + 20; 2 off is -20"),
                E([1, 1, 1], [1, 1, 1], 3, [30, 30, 30], "no hook: the bids may add up"),
            ),
        ),
    ],
)


def preset_rules(preset_id, players):
    """Return a copy of the preset's rules for that many players, N filled in where the source says."""
    preset = PRESETS.find(preset_id)
    chosen = copy.deepcopy(preset.rules)
    if players in preset.max_by_players:
        chosen["deals"]["max"] = preset.max_by_players[players]
    return chosen


def preset_for(system_id, options):
    """Return the preset whose scoring a game plays when the system is only its options (a house formula), or None.

    A table that chose "Boerenbridge" reads Boerenbridge on its sheet, results, PDF and card, not the formula.
    """
    system = SYSTEMS.find(system_id)
    played = system.resolve_options(options)
    for preset in PRESETS.entries:
        given = preset.rules.get("options")
        if given and preset.rules.get("scoring") == system_id and system.resolve_options(given) == played:
            return preset
    return None


def system_title(system_id, options=None):
    """Name a game's scoring: the preset it is ("Boerenbridge"), else the system with its options."""
    preset = preset_for(system_id, options)
    return preset.name if preset else SYSTEMS.find(system_id).title(options)


DEFAULT_PRESET = "pagat"


def default_preset(language):
    """The preset a table of this language plays unless it says otherwise: the one that is its own game
    (local_names: Boerenbridge for a Dutch table), else pagat's."""
    for preset in PRESETS.entries:
        if language in preset.local_names:
            return preset.id
    return DEFAULT_PRESET
