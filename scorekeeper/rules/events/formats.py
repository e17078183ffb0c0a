"""Tournament formats (RULES.md "Tournaments (events)"), one registry entry each.

An entry states, as data and small functions: its full table, the game rules every table plays,
which round is the final, and the cut after every other round (rules/events/cuts.py). Nothing
outside this module asks which format an event plays.
"""

import copy
from dataclasses import dataclass
from collections.abc import Callable

from ..scoring.presets import PRESETS
from ..registry import Entry, Option, Registry
from . import cuts
from .draw import table_sizes
from ..said import said

MAX_ROUNDS = 100


@dataclass(frozen=True)
class NumberList(Option):
    """An option that is a list of whole numbers, e.g. Cartier's `advance` [2, 1]."""

    def coerce(self, value):
        if (
            not isinstance(value, list)
            or not value
            or len(value) > 20
            or not all(isinstance(v, int) and not isinstance(v, bool) for v in value)
        ):
            raise ValueError(said("option %(option)s must be a list of whole numbers, e.g. [2, 1]", option=self.id))
        return list(value)


@dataclass(frozen=True)
class Format(Entry):
    # options -> the seats at a full table
    table_size: Callable = None
    # (the event's rules, options) -> the rules of every table's game
    table_rules: Callable = None
    # (round index from 0, players seated in it, options) -> True when that round is the final
    is_final: Callable = None
    # (round index, players seated, options) -> the cut that decides who goes on (rules/events/cuts.py)
    cut: Callable = None
    # options -> raise ValueError when an option is out of its range
    check: Callable = lambda options: None
    # Each hand is dealt from one 52-card pack while another is shuffled (decks used in turn): a table seats
    # only as many as one pack deals the largest hand to (Cartier: 4).
    pack_a_hand: bool = False
    # Worked examples: (players, options, the table sizes of every round when nobody withdraws).
    examples: tuple = ()
    # How the final results rank the players out after the same round, as that round's cut ranked them
    # (final_results.py): "place" at their table, the round's "total" in the room, or the qualifying "standings".
    results_within: str = "place"
    # RULES.md's `rounds`: the seats of a round's smaller tables go first to those who have sat at fewer of them.
    rotates_short_seats: bool = False

    def options_for(self, given):
        """Return every option resolved and checked, or raise ValueError saying which is wrong."""
        options = self.resolve_options(given)
        self.check(options)
        return options

    def sizes(self, index, players, options):
        """Return the table sizes of round `index` for that many players: the final is one table."""
        if self.is_final(index, players, options):
            return [players] if players else []
        return table_sizes(players, self.table_size(options))


def _with_fixed(base, rules, fixed):
    """The event's rules over a base, then what the format fixes (a deep merge of `deals`)."""
    merged = {**copy.deepcopy(base), **copy.deepcopy(rules)}
    for key, value in fixed.items():
        if isinstance(value, dict):
            merged[key] = {**(merged.get(key) if isinstance(merged.get(key), dict) else {}), **value}
        else:
            merged[key] = value
    return merged


def _one_table(size_of):
    def is_final(index, players, options):
        return len(table_sizes(players, size_of(options))) <= 1

    return is_final


# ---- cartier -----------------------------------------------------------------------------------

CARTIER_SIZE = 4


def _cartier_rules(rules, options):
    return _with_fixed(
        PRESETS.find("cartier").rules, rules, {"deals": {"pattern": "cartier", "decks": 2}, "trump": "highest_bidder"}
    )


def _cartier_cut(index, players, options):
    advance = options["advance"]
    return cuts.TableCut(advance[min(index, len(advance) - 1)], CARTIER_SIZE)


def _cartier_check(options):
    if not all(1 <= keep <= 2 for keep in options["advance"]):
        raise ValueError(said("go on: 1 or 2 of each table, round by round (a table seats at least 3)"))


# ---- wpohl -------------------------------------------------------------------------------------

WPOHL_SIZE = 5


def _wpohl_rules(rules, options):
    fixed = _with_fixed(PRESETS.find("prospect").rules, rules, {"deals": {"pattern": "down-up", "max": 10}})
    modifiers = fixed.get("modifiers")
    modifiers = fixed["modifiers"] = [] if modifiers is None else modifiers
    if isinstance(modifiers, list) and "blind" not in modifiers:  # a bad list is left for the game to refuse
        fixed["modifiers"] = modifiers + ["blind"]
    return fixed


def _wpohl_cut(index, players, options):
    drop = options["eliminate_large"] if players > options["large_field"] else options["eliminate"]
    return cuts.RoomCut(drop, WPOHL_SIZE)


def _wpohl_check(options):
    if not 1 <= options["eliminate"] <= options["eliminate_large"] <= 100:
        raise ValueError(said("eliminated: from 1 to 100, and no more than eliminated in a large round"))
    if not 1 <= options["large_field"] <= 1000:
        raise ValueError(said("a large round: more than a number from 1 to 1000"))


# ---- rounds ------------------------------------------------------------------------------------


def _rounds_size(options):
    return options["table"]


def _final_size(options):
    return options["final"] or options["table"]


def _rounds_cut(index, players, options):
    if index == options["rounds"] - 1:
        return cuts.StandingsCut(_final_size(options))
    return cuts.EveryoneOn()


def _rounds_check(options):
    if not 3 <= options["table"] <= 7:
        raise ValueError(said("seats a table: from 3 to 7"))
    if not 1 <= options["rounds"] <= 20:
        raise ValueError(said("qualifying rounds: from 1 to 20"))
    if not (options["final"] == 0 or 2 <= options["final"] <= 7):
        raise ValueError(said("players in the final: from 2 to 7 (0: one full table)"))


FORMATS = Registry(
    said("tournament format"),
    [
        Format(
            "cartier",
            said("Cartier tournament"),
            said(
                "Tables of 4 play 23 hands, 13 down to 2 and back up, the highest bidder names trump, two decks a "
                "table. The best of each table go on (round by round: the winner and runner-up, then "
                "each winner), seated apart from their old tablemates, winners and runners-up split; the last "
                "round is the final table."
            ),
            "003 (Cartier 'Oh Hell!' tournament)",
            aliases=("Cartier",),
            options=(
                NumberList(
                    "advance",
                    list,
                    [2, 1],
                    said("how many of each table go on, round by round; the last number repeats"),
                    label=said("go on"),
                ),
            ),
            table_size=lambda options: CARTIER_SIZE,
            table_rules=_cartier_rules,
            is_final=_one_table(lambda options: CARTIER_SIZE),
            cut=_cartier_cut,
            check=_cartier_check,
            pack_a_hand=True,
            examples=(
                (32, {}, [[4] * 8, [4] * 4, [4]]),
                (12, {}, [[4, 4, 4], [3, 3], [4]]),
                (37, {}, [[4] * 7 + [3] * 3, [4] * 5, [4]]),
                (6, {}, [[3, 3], [4]]),
            ),
        ),
        Format(
            "wpohl",
            said("WPOHL championship"),
            said(
                "Tables of 5 play Prospect rules: 10 down to 1 and back up (19 hands), blind bids. After each "
                "round the 5 lowest totals of all players are eliminated (10 when more than 25 play the round), "
                "never leaving fewer than 5; the rest are drawn again until 5 are left for the final table."
            ),
            "003 (WPOHL, World Prospect Oh Hell League)",
            aliases=("WPOHL", "Prospect championship"),
            options=(
                Option("eliminate", int, 5, said("players eliminated after a round"), label=said("eliminated")),
                Option(
                    "eliminate_large",
                    int,
                    10,
                    said("players eliminated when the round is large"),
                    label=said("eliminated in a large round"),
                ),
                Option(
                    "large_field",
                    int,
                    25,
                    said("a round is large when more than this many play it"),
                    label=said("a large round: more than"),
                ),
            ),
            table_size=lambda options: WPOHL_SIZE,
            table_rules=_wpohl_rules,
            is_final=_one_table(lambda options: WPOHL_SIZE),
            cut=_wpohl_cut,
            check=_wpohl_check,
            results_within="total",
            examples=(
                (23, {}, [[5, 5, 5, 4, 4], [5, 5, 4, 4], [5, 4, 4], [4, 4], [5]]),
                (30, {}, [[5] * 6, [5, 5, 5, 5], [5, 5, 5], [5, 5], [5]]),
            ),
        ),
        Format(
            "rounds",
            said("Qualifying rounds and a final"),
            said(
                "Tables drawn afresh each round, avoiding opponents already met where the draw allows, for a set "
                "number of qualifying rounds under the event's rules; the overall standings by placement points send "
                "the top players to one final table."
            ),
            "house rules: Wizard championships (survey)",
            aliases=("Wizard", "qualifying rounds", "swiss"),
            options=(
                Option("rounds", int, 3, said("qualifying rounds before the final"), label=said("qualifying rounds")),
                Option("table", int, 4, said("seats at a full table, 3 to 7"), label=said("seats a table")),
                Option(
                    "final", int, 0, said("players in the final; 0: one full table"), label=said("players in the final")
                ),
            ),
            table_size=_rounds_size,
            table_rules=lambda rules, options: copy.deepcopy(rules),
            is_final=lambda index, players, options: index >= options["rounds"],
            cut=_rounds_cut,
            check=_rounds_check,
            results_within="standings",
            rotates_short_seats=True,
            examples=(
                (16, {"rounds": 2}, [[4, 4, 4, 4], [4, 4, 4, 4], [4]]),
                (10, {"rounds": 1, "table": 5, "final": 3}, [[5, 5], [3]]),
            ),
        ),
    ],
)


def planned_rounds(format_id, players, options=None):
    """Return the table sizes of every round for that many players when nobody withdraws or joins late
    (the worked examples, and what a director may expect). Raise ValueError past MAX_ROUNDS rounds."""
    entry = FORMATS.find(format_id)
    options = entry.options_for(options or {})
    rounds, index = [], 0
    while players > 0:
        if index == MAX_ROUNDS:
            raise ValueError(
                said("the event would need more than %(most)d rounds: let more go out each round", most=MAX_ROUNDS)
            )
        sizes = entry.sizes(index, players, options)
        rounds.append(sizes)
        if entry.is_final(index, players, options):
            break
        players = entry.cut(index, players, options).going_on(sizes)
        index += 1
    return rounds
