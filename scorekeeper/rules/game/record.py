"""The game record of RULES.md: the model, load and validate it, dump it back unchanged.

The record stays the plain dict it was loaded from, so that keys this code does not know
survive a round trip; `Game` is a checked, typed view over it.
"""

import copy
import functools
import json
from dataclasses import dataclass, field

from ..bids import bidding
from . import limits, numbers, patterns, unknown_keys
from ..bids.bidding import BIDDING_STYLES
from .checks import RecordError, fail, whole
from .game_rules import Rules, load_rules
from ..scoring.modifiers import PENALTIES
from .names import player_names
from .patterns import PATTERNS
from ..scoring.scored import hand_by_hand, score_hand, with_joins
from .trump import TRUMPS
from ..said import nsaid, reason, said


@dataclass(frozen=True)
class Hand:
    cards: int
    dealer: int
    bids: list
    tricks: list | None
    trump: str | None = None
    blind: tuple = ()
    penalties: tuple = ()
    out: tuple = ()
    joins: tuple = ()

    @property
    def complete(self):
        return self.tricks is not None

    @property
    def dealt_in(self):
        """The number of players dealt in."""
        return len(self.bids) - len(self.out)


@dataclass
class Game:
    players: list
    rules: Rules
    hands: list
    record: dict = field(repr=False)

    def plan(self):
        """Return the planned hand sizes of the whole game (a new list; worked out once, as a Game never changes)."""
        if "_plan" not in self.__dict__:
            r = self.rules
            # deals.players: the plan stays the one made for that many players when someone joins late.
            self.__dict__["_plan"] = tuple(
                patterns.hand_sizes(
                    r.pattern,
                    r.plan_players or len(self.players),
                    r.decks,
                    r.max_cards,
                    r.sizes,
                    r.planned_hands,
                    r.full_deal,
                )
            )
        return list(self.__dict__["_plan"])

    def full_deal(self, cards, dealt_in=None):
        return patterns.is_full_deal(cards, dealt_in or len(self.players), self.rules.decks)

    @functools.cached_property
    def text(self):
        """The record as compact JSON, as it is stored (`load` keeps the text its size check wrote)."""
        return json.dumps(self.record, ensure_ascii=False, separators=(",", ":"))

    @functools.cached_property
    def hand_texts(self):
        """Each hand of the record as compact JSON: the next action's record shares all but its last hand, so
        its text is these and one hand written out again (`limits.check_size`)."""
        hands = self.record.get("hands")
        return (
            [json.dumps(hand, ensure_ascii=False, separators=(",", ":")) for hand in hands]
            if isinstance(hands, list)
            else []
        )

    @functools.cached_property
    def max_cards(self):
        """The game's largest hand M (variable bonus): deals.max, else the largest hand recorded."""
        return self.rules.max_cards or max((hand.cards for hand in self.hands), default=0)


def _players(data):
    players = data.get("players")
    if not isinstance(players, list) or len(players) < 2:
        fail("players", said("must list at least 2 player names"))
    player_names(players)  # refuses a control character, a name that shows nothing, the same player twice
    return players


def _seat_list(values, path, players, cards, allow_none, out):
    if not isinstance(values, list) or len(values) != players:
        fail(path, said("must list one number for each of the %(players)d players, by seat", players=players))
    for seat, value in enumerate(values):
        if seat in out:
            if value is not None:
                fail(f"{path}[{seat}]", said("must be null: that player was not dealt in"))
            continue
        if value is None and allow_none:
            continue
        whole(value, f"{path}[{seat}]", 0, cards)
    return list(values)


def _seats(values, path, players):
    if not isinstance(values, list):
        fail(path, said("must be a list of seats"))
    return tuple(whole(seat, f"{path}[{i}]", 0, players - 1) for i, seat in enumerate(values))


def _joins(values, path, players):
    if not isinstance(values, list):
        fail(path, said("must list the players who join, as {seat, total}"))
    joins = []
    for i, join in enumerate(values):
        if not isinstance(join, dict):
            fail(f"{path}[{i}]", said("must be an object with seat and total"))
        total = join.get("total", 0)
        if isinstance(total, bool) or not isinstance(total, (int, float)):
            fail(f"{path}[{i}].total", said("must be a number"))
        joins.append((whole(join.get("seat"), f"{path}[{i}].seat", 0, players - 1), total))
    return tuple(joins)


def _hand(raw, index, players, rules, is_last):
    path = f"hands[{index}]"
    if not isinstance(raw, dict):
        fail(path, said("must be an object"))
    out = _seats(raw.get("out") or [], f"{path}.out", players)
    if players - len(set(out)) < 2:
        fail(f"{path}.out", said("at least 2 players must be dealt in"))
    limit = patterns.largest_hand(players - len(set(out)), rules.decks, full_deal=True)
    if "cards" not in raw:
        fail(f"{path}.cards", said("is missing"))
    cards = whole(raw["cards"], f"{path}.cards", 1, limit)
    if "dealer" not in raw:
        fail(f"{path}.dealer", said("is missing"))
    dealer = whole(raw["dealer"], f"{path}.dealer", 0, players - 1)
    if dealer in out:
        fail(f"{path}.dealer", said("seat %(seat)d is not dealt in, so cannot deal", seat=dealer))
    trump = raw.get("trump")
    if trump is not None and trump not in TRUMPS:
        fail(
            f"{path}.trump",
            said("must be one of %(trumps)s, not %(value)s", trumps=", ".join(TRUMPS), value=json.dumps(trump)),
        )
    tricks = raw.get("tricks")
    in_progress = tricks is None
    if in_progress and not is_last:
        fail(f"{path}.tricks", said("are missing, but later hands are recorded"))
    bids = _seat_list(raw.get("bids", [None] * players), f"{path}.bids", players, cards, in_progress, out)
    if not in_progress:
        if any(bid is None for seat, bid in enumerate(bids) if seat not in out):
            fail(f"{path}.bids", said("every player must bid before the tricks are recorded"))
        tricks = _seat_list(tricks, f"{path}.tricks", players, cards, False, out)
        taken = sum(took for took in tricks if took is not None)
        cancel = rules.tricks_may_fall_short
        if taken > cards or (taken < cards and not cancel):
            fail(
                f"{path}.tricks",
                nsaid(
                    "add up to %(taken)d, but %(num)d trick was played",
                    "add up to %(taken)d, but %(num)d tricks were played",
                    cards,
                    taken=taken,
                )
                if cancel
                else nsaid(
                    "add up to %(taken)d, but %(num)d trick was played (fewer only when identical cards cancel)",
                    "add up to %(taken)d, but %(num)d tricks were played (fewer only when identical cards cancel)",
                    cards,
                    taken=taken,
                ),
            )
    blind = _seats(raw.get("blind") or [], f"{path}.blind", players)
    if blind and not rules.blind_bids:
        fail(f"{path}.blind", said("blind bids need the modifier 'blind' in rules.modifiers"))
    penalties = []
    for i, penalty in enumerate(raw.get("penalties") or []):
        penalties.append(_penalty(penalty, f"{path}.penalties[{i}]", players, rules))
    joins = _joins(raw.get("joins") or [], f"{path}.joins", players)
    return Hand(cards, dealer, bids, tricks, trump, blind, tuple(penalties), tuple(sorted(set(out))), joins)


def penalty_points(reason, lowest_wins=False):
    """Return a penalty's default points: negative, or positive where the lowest total wins."""
    points = PENALTIES.find(reason).points
    return -points if lowest_wins else points


def _penalty(raw, path, players, rules):
    if not isinstance(raw, dict):
        fail(path, said("must be an object with seat, points and reason"))
    seat = whole(raw.get("seat"), f"{path}.seat", 0, players - 1)
    points = raw.get("points")
    if points is None:
        reason = raw.get("reason", "other")
        if reason not in PENALTIES:
            fail(f"{path}.points", said("is missing and %(reason)s has no default amount", reason=repr(reason)))
        points = penalty_points(reason, rules.system.lowest_wins)
    elif isinstance(points, bool) or not isinstance(points, (int, float)):
        fail(f"{path}.points", said("must be a number"))
    return seat, points, str(raw.get("reason", "other"))


def _check_bidding(hand, index, rules, totals_before, players):
    path = f"hands[{index}]"
    style = BIDDING_STYLES.find(rules.bidding)
    bids_done = sum(bid is not None for bid in hand.bids) == hand.dealt_in
    forbidden = bidding.hooked_bid(hand.cards, hand.dealer, hand.bids, hand.out, rules.hook_in(hand.cards))
    if forbidden is not None and hand.bids[hand.dealer] == forbidden:
        fail(f"{path}.bids[{hand.dealer}]", bidding.hook_reason(hand.cards, forbidden))
    total_bid = bidding.bid_so_far(hand.bids)
    if style.bids_must_sum_to_cards and bids_done and total_bid != hand.cards:
        fail(
            f"{path}.bids",
            said(
                "add up to %(total)d, but cooperative bids must add up to %(cards)d", total=total_bid, cards=hand.cards
            ),
        )
    if hand.blind:
        eligible = bidding.blind_eligible(totals_before, rules.system.lowest_wins)
        for seat in hand.blind:
            if seat not in eligible:
                fail(
                    f"{path}.blind",
                    said(
                        "seat %(seat)d was not %(margin)s or more points behind the leader, so may not bid blind",
                        seat=seat,
                        margin=bidding.BLIND_MARGIN,
                    ),
                )


def load(data, trusted=False, known=None, new=False):
    """Return the Game for a record (a dict or JSON text), or raise RecordError naming the field.

    new: the record of a new game (the setup form, the API, the next game at a table; not an owner's import), whose
    keys this app does not know may hold at most limits.MAX_UNKNOWN_BYTES.
    trusted: the record was validated when it was stored, so the hand-by-hand rescoring that
    checks the hook, cooperative sums and blind bids is skipped (the store's read path).
    known: a Game this record was made from (the game before an action). The hands they share, from
    the first, with the same players and rules, are taken as known holds them, checked and scored
    already: appending a hand costs one hand, however long the game.
    """
    if isinstance(data, (str, bytes)):
        try:
            data = json.loads(data, parse_int=numbers.json_int)  # a huge integer: the JSON APIs' clear refusal
        except numbers.NumberError as error:
            raise RecordError("", said("the file %(problem)s", problem=error)) from None
        except json.JSONDecodeError as error:
            raise RecordError(
                "",
                said(
                    "not valid JSON: %(problem)s at line %(line)d column %(column)d",
                    problem=error.msg,
                    line=error.lineno,
                    column=error.colno,
                ),
            ) from None
        except (RecursionError, ValueError):
            raise RecordError("", said("not valid JSON: nested too deeply or not UTF-8 text")) from None
    if not isinstance(data, dict):
        fail("", said("a game record must be a JSON object"))
    raw_hands = data.get("hands", [])
    same_table = known is not None and _same(data, known.record, "players") and _same(data, known.record, "rules")
    shared = _shared_hands(known, data) if same_table else 0
    try:
        text, hand_texts = limits.check_record(
            data, known_hands=shared, known_texts=known.hand_texts[:shared] if shared else None
        )
        if new:
            unknown_keys.check_unknown(data)
    except limits.LimitError as error:
        raise RecordError(error.path, error.message) from None
    players = _players(data)
    rules = known.rules if same_table else load_rules(data, len(players))
    if not isinstance(raw_hands, list):
        fail("hands", said("must be a list"))
    hands = (known.hands[:shared] if shared else []) + [
        _hand(raw, i, len(players), rules, i == len(raw_hands) - 1) for i, raw in enumerate(raw_hands) if i >= shared
    ]
    game = Game(players, rules, hands, data)
    game.__dict__["text"] = text
    if hand_texts is not None:
        game.__dict__["hand_texts"] = hand_texts
    if shared and game.max_cards == known.max_cards:  # scores depend on the largest hand (variable bonus)
        entries, after = hand_by_hand(known)
        game.__dict__["_shared_prefix"] = (entries[:shared], after[:shared])
    else:
        shared = 0
    if PATTERNS.find(rules.pattern).takes_sizes and not rules.sizes:
        fail("rules.deals.sizes", said("a custom pattern needs its list of hand sizes"))
    try:
        plan = game.plan()
    except ValueError as error:
        fail("rules.deals", reason(error))
    if trusted:
        return game
    if rules.system.check:
        try:
            rules.system.check(rules.options, plan, len(players))
        except ValueError as error:
            fail("rules.options", reason(error))
    totals = list(game.__dict__["_shared_prefix"][1][-1][0]) if shared else [0] * len(players)
    for index, hand in enumerate(hands[shared:], start=shared):
        totals = with_joins(totals, hand)
        _check_bidding(hand, index, rules, totals, len(players))
        if hand.complete:
            try:
                scores = score_hand(game, hand, index, totals)
            except ValueError as error:  # a house formula that cannot score this hand (past its plan)
                fail(f"hands[{index}]", reason(error))
            totals = [t + s for t, s in zip(totals, scores)]
    return game


def _same(data, before, key):
    """True when the records have the same value at key (shared, as an action's new record shares them)."""
    return data.get(key) is before.get(key) or data.get(key) == before.get(key)


def _shared_hands(known, data):
    """Return how many hands, from the first, the record `data` has as `known` has them (finished ones, or
    the last of both); the two have the same players and rules."""
    raw_hands = data.get("hands")
    if not isinstance(raw_hands, list):
        return 0
    shared, last = 0, len(raw_hands) - 1
    for raw, before, hand in zip(raw_hands, known.record.get("hands") or [], known.hands):
        if (raw is not before and raw != before) or not (hand.complete or shared == last):
            break
        shared += 1
    return shared


def dump(game):
    """Return the record as it was loaded, unknown keys included."""
    return copy.deepcopy(game.record)


def dumps(game):
    """Return the record as JSON text."""
    return json.dumps(game.record, indent=2, ensure_ascii=False)
