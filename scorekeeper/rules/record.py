"""The game record of RULES.md: the model, load and validate it, dump it back unchanged.

The record stays the plain dict it was loaded from, so that keys this code does not know
survive a round trip; `Game` is a checked, typed view over it.
"""

import copy
import functools
import json
from dataclasses import dataclass, field

from . import bidding, limits, patterns
from .bidding import BIDDING_STYLES
from .modifiers import MODIFIERS, PENALTIES, any_modifier
from .patterns import PATTERNS
from .results import SETTLEMENTS
from .scored import hand_by_hand, score_hand, with_joins
from .scoring import SYSTEMS
from .trump import TRUMP_METHODS, TRUMPS


class RecordError(ValueError):
    """A record that breaks its own rules: `path` names the field, `message` what is wrong."""

    def __init__(self, path, message):
        super().__init__(f"{path}: {message}" if path else message)
        self.path = path
        self.message = message


@dataclass(frozen=True)
class Rules:
    """A record's rules, checked. A field's default here (or its registry's first entry) is the only place
    that default is said: the setup form and the house-rules card read them from here."""

    system: object
    options: dict
    modifiers: tuple
    hook: bool = True
    hook_from: int = 1
    pattern: str = PATTERNS.default.id
    max_cards: int | None = None
    decks: int = 1
    sizes: tuple | None = None
    planned_hands: int | None = None
    full_deal: bool = False
    stake: float = 0
    settlement: str = SETTLEMENTS.default.id
    bidding: str = BIDDING_STYLES.default.id
    trump: str = TRUMP_METHODS.default.id
    payouts: tuple | None = None
    first_dealer: int = 0
    plan_players: int | None = None

    @property
    def hook_applies(self):
        return self.hook and self.style.hook_applies

    def hook_in(self, cards):
        """True when the hook applies to a hand of `cards` (hook_from: not in smaller hands)."""
        return bidding.hook_bites(cards, self.hook_applies, self.hook_from)

    @property
    def style(self):
        """The bidding style's registry entry."""
        return BIDDING_STYLES.find(self.bidding)

    @property
    def blind_bids(self):
        return any_modifier(self.modifiers, "bids_blind")

    @property
    def tricks_may_fall_short(self):
        return any_modifier(self.modifiers, "tricks_may_fall_short")

    @property
    def names_loser(self):
        return any_modifier(self.modifiers, "names_loser")


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
        """Return the planned hand sizes of the whole game."""
        r = self.rules
        # deals.players: the plan stays the one made for that many players when someone joins late.
        return patterns.hand_sizes(r.pattern, r.plan_players or len(self.players), r.decks, r.max_cards, r.sizes,
                                   r.planned_hands, r.full_deal)

    def full_deal(self, cards, dealt_in=None):
        return patterns.is_full_deal(cards, dealt_in or len(self.players), self.rules.decks)

    @functools.cached_property
    def text(self):
        """The record as compact JSON, as it is stored (`load` keeps the text its size check wrote)."""
        return json.dumps(self.record, ensure_ascii=False, separators=(",", ":"))

    @functools.cached_property
    def max_cards(self):
        """The game's largest hand M (variable bonus): deals.max, else the largest hand recorded."""
        return self.rules.max_cards or max((hand.cards for hand in self.hands), default=0)


def _fail(path, message):
    raise RecordError(path, message)


def _whole(value, path, low=None, high=None):
    if isinstance(value, bool) or not isinstance(value, int):
        _fail(path, f"must be a whole number, not {json.dumps(value)}")
    if low is not None and value < low or high is not None and value > high:
        _fail(path, f"{value} is out of range {low}..{high}" if high is not None else f"must be at least {low}")
    return value


def _find(registry, value, path):
    if not isinstance(value, str):
        _fail(path, f"must be a {registry.kind} id")
    try:
        return registry.find(value)
    except ValueError as error:
        _fail(path, str(error))


def _players(data):
    players = data.get("players")
    if not isinstance(players, list) or len(players) < 2:
        _fail("players", "must list at least 2 player names")
    seen = set()
    for seat, name in enumerate(players):
        if not isinstance(name, str) or not name.strip():
            _fail(f"players[{seat}]", "must be a name")
        if name.strip().casefold() in seen:
            _fail(f"players[{seat}]", f"{name!r} is listed twice")
        seen.add(name.strip().casefold())
    return players


def _rules(data, players):
    rules = data.get("rules", {})
    if not isinstance(rules, dict):
        _fail("rules", "must be an object")
    system = _find(SYSTEMS, rules.get("scoring", SYSTEMS.default.id), "rules.scoring")
    options = rules.get("options") or {}
    if not isinstance(options, dict):
        _fail("rules.options", "must be an object")
    try:
        options = system.resolve_options({**SYSTEMS.lookup(rules.get("scoring", SYSTEMS.default.id))[1], **options})
        system = system.for_options(options)
    except ValueError as error:
        _fail("rules.options", str(error))
    modifiers = rules.get("modifiers") or []
    if not isinstance(modifiers, list):
        _fail("rules.modifiers", "must be a list of modifier ids")
    modifiers = tuple(_find(MODIFIERS, m, f"rules.modifiers[{i}]").id for i, m in enumerate(modifiers))
    for i, modifier in enumerate(modifiers):
        if modifier in modifiers[:i]:
            _fail(f"rules.modifiers[{i}]", f"{modifier!r} is listed twice; list each modifier once")
    hook = rules.get("hook", Rules.hook)
    if not isinstance(hook, bool):
        _fail("rules.hook", "must be true or false")
    hook_from = _whole(rules.get("hook_from", Rules.hook_from), "rules.hook_from", 1)
    deals = rules.get("deals") or {}
    if not isinstance(deals, dict):
        _fail("rules.deals", "must be an object")
    pattern = _find(PATTERNS, deals.get("pattern", Rules.pattern), "rules.deals.pattern").id
    decks = _whole(deals.get("decks", patterns.decks_for(players)), "rules.deals.decks", 1, 4)
    plan_players = deals.get("players")
    if plan_players is not None:
        _whole(plan_players, "rules.deals.players", 2, players)
    max_cards = deals.get("max")
    if max_cards is not None:
        _whole(max_cards, "rules.deals.max", 1,
               patterns.largest_hand(plan_players or players, decks, full_deal=True))
    sizes = deals.get("sizes")
    if sizes is not None:
        if not isinstance(sizes, list) or not sizes:
            _fail("rules.deals.sizes", "must be a list of hand sizes")
        sizes = tuple(_whole(s, f"rules.deals.sizes[{i}]", 1) for i, s in enumerate(sizes))
    planned = deals.get("hands")
    if planned is not None:
        _whole(planned, "rules.deals.hands", 1)
    full_deal = deals.get("full_deal", Rules.full_deal)
    if not isinstance(full_deal, bool):
        _fail("rules.deals.full_deal", "must be true or false")
    stake = rules.get("stake", Rules.stake)
    if isinstance(stake, bool) or not isinstance(stake, (int, float)) or stake < 0:
        _fail("rules.stake", "must be a number of at least 0")
    payouts = rules.get("payouts")
    if payouts is not None:
        if not isinstance(payouts, list) or not all(
                isinstance(p, (int, float)) and not isinstance(p, bool) and p >= 0 for p in payouts):
            _fail("rules.payouts", "must list what each losing place pays, from second place on")
        if len(payouts) < players - 1:
            _fail("rules.payouts", f"needs an amount for each of the {players - 1} losing places")
        payouts = tuple(payouts)
    first_dealer = _whole(rules.get("first_dealer", Rules.first_dealer), "rules.first_dealer", 0, players - 1)
    settlement = _find(SETTLEMENTS, rules.get("settlement", Rules.settlement), "rules.settlement")
    if settlement.needs_highest_wins and system.lowest_wins:
        _fail("rules.settlement", f"{settlement.name} pays points out as money, so it needs a system where the "
              f"highest total wins; under {system.name} the lowest wins: choose pairwise or the sliding scale")
    return Rules(
        system=system, options=options, modifiers=modifiers, hook=hook, hook_from=hook_from, pattern=pattern,
        max_cards=max_cards, decks=decks, sizes=sizes, planned_hands=planned, full_deal=full_deal,
        stake=stake, settlement=settlement.id,
        bidding=_find(BIDDING_STYLES, rules.get("bidding", Rules.bidding), "rules.bidding").id,
        trump=_find(TRUMP_METHODS, rules.get("trump", Rules.trump), "rules.trump").id,
        payouts=payouts, first_dealer=first_dealer, plan_players=plan_players)


def _seat_list(values, path, players, cards, allow_none, out):
    if not isinstance(values, list) or len(values) != players:
        _fail(path, f"must list one number for each of the {players} players, by seat")
    for seat, value in enumerate(values):
        if seat in out:
            if value is not None:
                _fail(f"{path}[{seat}]", "must be null: that player was not dealt in")
            continue
        if value is None and allow_none:
            continue
        _whole(value, f"{path}[{seat}]", 0, cards)
    return list(values)


def _seats(values, path, players):
    if not isinstance(values, list):
        _fail(path, "must be a list of seats")
    return tuple(_whole(seat, f"{path}[{i}]", 0, players - 1) for i, seat in enumerate(values))


def _joins(values, path, players):
    if not isinstance(values, list):
        _fail(path, "must list the players who join, as {seat, total}")
    joins = []
    for i, join in enumerate(values):
        if not isinstance(join, dict):
            _fail(f"{path}[{i}]", "must be an object with seat and total")
        total = join.get("total", 0)
        if isinstance(total, bool) or not isinstance(total, (int, float)):
            _fail(f"{path}[{i}].total", "must be a number")
        joins.append((_whole(join.get("seat"), f"{path}[{i}].seat", 0, players - 1), total))
    return tuple(joins)


def _hand(raw, index, players, rules, is_last):
    path = f"hands[{index}]"
    if not isinstance(raw, dict):
        _fail(path, "must be an object")
    out = _seats(raw.get("out") or [], f"{path}.out", players)
    if players - len(set(out)) < 2:
        _fail(f"{path}.out", "at least 2 players must be dealt in")
    limit = patterns.largest_hand(players - len(set(out)), rules.decks, full_deal=True)
    if "cards" not in raw:
        _fail(f"{path}.cards", "is missing")
    cards = _whole(raw["cards"], f"{path}.cards", 1, limit)
    if "dealer" not in raw:
        _fail(f"{path}.dealer", "is missing")
    dealer = _whole(raw["dealer"], f"{path}.dealer", 0, players - 1)
    if dealer in out:
        _fail(f"{path}.dealer", f"seat {dealer} is not dealt in, so cannot deal")
    trump = raw.get("trump")
    if trump is not None and trump not in TRUMPS:
        _fail(f"{path}.trump", f"must be one of {', '.join(TRUMPS)}, not {json.dumps(trump)}")
    tricks = raw.get("tricks")
    in_progress = tricks is None
    if in_progress and not is_last:
        _fail(f"{path}.tricks", "are missing, but later hands are recorded")
    bids = _seat_list(raw.get("bids", [None] * players), f"{path}.bids", players, cards, in_progress, out)
    if not in_progress:
        if any(bid is None for seat, bid in enumerate(bids) if seat not in out):
            _fail(f"{path}.bids", "every player must bid before the tricks are recorded")
        tricks = _seat_list(tricks, f"{path}.tricks", players, cards, False, out)
        taken = sum(took for took in tricks if took is not None)
        cancel = rules.tricks_may_fall_short
        if taken > cards or (taken < cards and not cancel):
            _fail(f"{path}.tricks", f"add up to {taken}, but {cards} tricks were played"
                  + ("" if cancel else " (fewer only when identical cards cancel)"))
    blind = _seats(raw.get("blind") or [], f"{path}.blind", players)
    if blind and not rules.blind_bids:
        _fail(f"{path}.blind", "blind bids need the modifier 'blind' in rules.modifiers")
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
        _fail(path, "must be an object with seat, points and reason")
    seat = _whole(raw.get("seat"), f"{path}.seat", 0, players - 1)
    points = raw.get("points")
    if points is None:
        reason = raw.get("reason", "other")
        if reason not in PENALTIES:
            _fail(f"{path}.points", f"is missing and {reason!r} has no default amount")
        points = penalty_points(reason, rules.system.lowest_wins)
    elif isinstance(points, bool) or not isinstance(points, (int, float)):
        _fail(f"{path}.points", "must be a number")
    return seat, points, str(raw.get("reason", "other"))


def _check_bidding(hand, index, rules, totals_before, players):
    path = f"hands[{index}]"
    style = BIDDING_STYLES.find(rules.bidding)
    bids_done = sum(bid is not None for bid in hand.bids) == hand.dealt_in
    if rules.hook_in(hand.cards) and bids_done:
        forbidden = bidding.forbidden_bid(hand.cards, hand.dealer, hand.bids, True)
        if hand.bids[hand.dealer] == forbidden:
            _fail(f"{path}.bids[{hand.dealer}]", f"the dealer may not bid {forbidden} (hook)")
    total_bid = bidding.bid_so_far(hand.bids)
    if style.bids_must_sum_to_cards and bids_done and total_bid != hand.cards:
        _fail(f"{path}.bids", f"add up to {total_bid}, but cooperative bids must add up to {hand.cards}")
    if hand.blind:
        eligible = bidding.blind_eligible(totals_before, rules.system.lowest_wins)
        for seat in hand.blind:
            if seat not in eligible:
                _fail(f"{path}.blind", f"seat {seat} was not {bidding.BLIND_MARGIN} or more points "
                      f"behind the leader, so may not bid blind")


def load(data, trusted=False, known=None):
    """Return the Game for a record (a dict or JSON text), or raise RecordError naming the field.

    trusted: the record was validated when it was stored, so the hand-by-hand rescoring that
    checks the hook, cooperative sums and blind bids is skipped (the store's read path).
    known: a Game this record was made from (the game before an action). The hands they share, from
    the first, with the same players and rules, are taken as known holds them, checked and scored
    already: appending a hand costs one hand, however long the game.
    """
    if isinstance(data, (str, bytes)):
        try:
            data = json.loads(data)
        except json.JSONDecodeError as error:
            raise RecordError("", f"not valid JSON: {error.msg} at line {error.lineno} column {error.colno}")
        except (RecursionError, ValueError):
            raise RecordError("", "not valid JSON: nested too deeply or not UTF-8 text") from None
    if not isinstance(data, dict):
        _fail("", "a game record must be a JSON object")
    raw_hands = data.get("hands", [])
    shared = _shared_hands(known, data)
    try:
        text = limits.check_record(data, known_hands=shared)
    except limits.LimitError as error:
        raise RecordError(error.path, error.message) from None
    players = _players(data)
    rules = _rules(data, len(players))
    if not isinstance(raw_hands, list):
        _fail("hands", "must be a list")
    hands = (known.hands[:shared] if shared else []) + [
        _hand(raw, i, len(players), rules, i == len(raw_hands) - 1) for i, raw in enumerate(raw_hands) if i >= shared]
    game = Game(players, rules, hands, data)
    game.__dict__["text"] = text
    if shared and game.max_cards == known.max_cards:  # scores depend on the largest hand (variable bonus)
        entries, after = hand_by_hand(known)
        game.__dict__["_shared_prefix"] = (entries[:shared], after[:shared])
    else:
        shared = 0
    if PATTERNS.find(rules.pattern).takes_sizes and not rules.sizes:
        _fail("rules.deals.sizes", "a custom pattern needs its list of hand sizes")
    try:
        plan = game.plan()
    except ValueError as error:
        _fail("rules.deals", str(error))
    if trusted:
        return game
    if rules.system.check:
        try:
            rules.system.check(rules.options, plan, len(players))
        except ValueError as error:
            _fail("rules.options", str(error))
    totals = list(game.__dict__["_shared_prefix"][1][-1][0]) if shared else [0] * len(players)
    for index, hand in enumerate(hands[shared:], start=shared):
        totals = with_joins(totals, hand)
        _check_bidding(hand, index, rules, totals, len(players))
        if hand.complete:
            try:
                scores = score_hand(game, hand, index, totals)
            except ValueError as error:  # a house formula that cannot score this hand (past its plan)
                _fail(f"hands[{index}]", str(error))
            totals = [t + s for t, s in zip(totals, scores)]
    return game


def _shared_hands(known, data):
    """Return how many hands, from the first, the record `data` has as `known` has them (finished ones, or
    the last of both), with the same players and rules; 0 without `known`."""
    raw_hands = data.get("hands")
    if (known is None or not isinstance(raw_hands, list) or data.get("players") != known.record.get("players")
            or data.get("rules") != known.record.get("rules")):
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
