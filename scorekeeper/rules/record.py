"""The game record of RULES.md: load and validate it, score it, dump it back unchanged.

The record stays the plain dict it was loaded from, so that keys this code does not know
survive a round trip; `Game` is a checked, typed view over it.
"""

import copy
import functools
import json
from dataclasses import dataclass, field

from . import bidding, patterns
from .bidding import BIDDING_STYLES
from .modifiers import MODIFIERS, PENALTIES, apply_modifiers
from .patterns import PATTERNS
from .results import SETTLEMENTS, losers, ranks, settle, winners
from .scoring import SYSTEMS, HandView, stackpot_pot
from .trump import TRUMP_METHODS, TRUMPS, fixed_trump


class RecordError(ValueError):
    """A record that breaks its own rules: `path` names the field, `message` what is wrong."""

    def __init__(self, path, message):
        super().__init__(f"{path}: {message}" if path else message)
        self.path = path
        self.message = message


@dataclass(frozen=True)
class Rules:
    system: object
    options: dict
    modifiers: tuple
    hook: bool = True
    pattern: str = "down-up"
    max_cards: int | None = None
    decks: int = 1
    sizes: tuple | None = None
    planned_hands: int | None = None
    full_deal: bool = False
    stake: float = 0
    settlement: str = "none"
    bidding: str = "sequential"
    trump: str = "turned"
    payouts: tuple | None = None
    first_dealer: int = 0
    plan_players: int | None = None

    @property
    def hook_applies(self):
        return self.hook and BIDDING_STYLES.find(self.bidding).hook_applies


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
        if name.strip().lower() in seen:
            _fail(f"players[{seat}]", f"{name!r} is listed twice")
        seen.add(name.strip().lower())
    return players


def _rules(data, players):
    rules = data.get("rules", {})
    if not isinstance(rules, dict):
        _fail("rules", "must be an object")
    system = _find(SYSTEMS, rules.get("scoring", "exact"), "rules.scoring")
    options = rules.get("options") or {}
    if not isinstance(options, dict):
        _fail("rules.options", "must be an object")
    try:
        options = system.resolve_options({**SYSTEMS.lookup(rules.get("scoring", "exact"))[1], **options})
    except ValueError as error:
        _fail("rules.options", str(error))
    modifiers = rules.get("modifiers") or []
    if not isinstance(modifiers, list):
        _fail("rules.modifiers", "must be a list of modifier ids")
    modifiers = tuple(_find(MODIFIERS, m, f"rules.modifiers[{i}]").id for i, m in enumerate(modifiers))
    hook = rules.get("hook", True)
    if not isinstance(hook, bool):
        _fail("rules.hook", "must be true or false")
    deals = rules.get("deals") or {}
    if not isinstance(deals, dict):
        _fail("rules.deals", "must be an object")
    pattern = _find(PATTERNS, deals.get("pattern", "down-up"), "rules.deals.pattern").id
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
    full_deal = deals.get("full_deal", False)
    if not isinstance(full_deal, bool):
        _fail("rules.deals.full_deal", "must be true or false")
    stake = rules.get("stake", 0)
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
    first_dealer = _whole(rules.get("first_dealer", 0), "rules.first_dealer", 0, players - 1)
    return Rules(
        system=system, options=options, modifiers=modifiers, hook=hook, pattern=pattern,
        max_cards=max_cards, decks=decks, sizes=sizes, planned_hands=planned, full_deal=full_deal,
        stake=stake, settlement=_find(SETTLEMENTS, rules.get("settlement", "none"), "rules.settlement").id,
        bidding=_find(BIDDING_STYLES, rules.get("bidding", "sequential"), "rules.bidding").id,
        trump=_find(TRUMP_METHODS, rules.get("trump", "turned"), "rules.trump").id,
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
        cancel = "identical_cards_cancel" in rules.modifiers
        if taken > cards or (taken < cards and not cancel):
            _fail(f"{path}.tricks", f"add up to {taken}, but {cards} tricks were played"
                  + ("" if cancel else " (fewer only when identical cards cancel)"))
    blind = _seats(raw.get("blind") or [], f"{path}.blind", players)
    if blind and "blind" not in rules.modifiers:
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
    if rules.hook_applies and bids_done:
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


def load(data):
    """Return the Game for a record (a dict or JSON text), or raise RecordError naming the field."""
    if isinstance(data, (str, bytes)):
        try:
            data = json.loads(data)
        except json.JSONDecodeError as error:
            raise RecordError("", f"not valid JSON: {error.msg} at line {error.lineno} column {error.colno}")
    if not isinstance(data, dict):
        _fail("", "a game record must be a JSON object")
    players = _players(data)
    rules = _rules(data, len(players))
    raw_hands = data.get("hands", [])
    if not isinstance(raw_hands, list):
        _fail("hands", "must be a list")
    hands = [_hand(raw, i, len(players), rules, i == len(raw_hands) - 1) for i, raw in enumerate(raw_hands)]
    game = Game(players, rules, hands, data)
    if rules.pattern == "custom" and not rules.sizes:
        _fail("rules.deals.sizes", "a custom pattern needs its list of hand sizes")
    try:
        game.plan()
    except ValueError as error:
        _fail("rules.deals", str(error))
    totals = [0] * len(players)
    for index, hand in enumerate(hands):
        totals = with_joins(totals, hand)
        _check_bidding(hand, index, rules, totals, len(players))
        if hand.complete:
            scores = score_hand(game, hand, index, totals)
            totals = [t + s for t, s in zip(totals, scores)]
    return game


def with_joins(totals, hand):
    """Return the totals with the starting total of each player who joins at this hand."""
    if not hand.joins:
        return totals
    totals = list(totals)
    for seat, total in hand.joins:
        totals[seat] = total
    return totals


def dump(game):
    """Return the record as it was loaded, unknown keys included."""
    return copy.deepcopy(game.record)


def score_hand(game, hand, index, totals_before, system=None, options=None):
    """Return what each seat scores in a finished hand: system, then modifiers, then penalties."""
    system = system or game.rules.system
    view = HandView(hand.cards, hand.bids, hand.tricks, hand.dealer, hand.trump, index + 1,
                    game.full_deal(hand.cards, hand.dealt_in), totals_before, game.max_cards)
    points = system.points_by_seat(view, game.rules.options if options is None else options)
    points = apply_modifiers(points, view, game.rules.modifiers, hand.blind)
    for seat, penalty, _reason in hand.penalties:
        points[seat] += penalty
    return points


def _tidy(number):
    """Show 12.0 as 12 so that the JSON and the table read as players write them."""
    return int(number) if type(number) is float and number.is_integer() else number


def score(game, system=None, options=None):
    """Return the scored game, as `score --json` prints it (RULES.md)."""
    rules = game.rules
    if system is not None:
        preset = {}
        if isinstance(system, str):
            system, preset = SYSTEMS.lookup(system)
        if options is None:
            options = rules.options if system is rules.system and not preset else preset
        options = system.resolve_options(options)
    else:
        system, options = rules.system, rules.options
    n = len(game.players)
    totals = [0] * n
    made_bids = [0] * n
    scored_hands = []
    for index, hand in enumerate(game.hands):
        totals = with_joins(totals, hand)
        entry = {"number": index + 1, "cards": hand.cards, "dealer": hand.dealer, "trump": hand.trump,
                 "bids": list(hand.bids), "tricks": None, "blind": list(hand.blind),
                 "penalties": [{"seat": seat, "points": points, "reason": reason}
                               for seat, points, reason in hand.penalties],
                 "out": list(hand.out),
                 "announcement": bidding.announcement(hand.cards, hand.bids)
                 if sum(b is not None for b in hand.bids) == hand.dealt_in else None,
                 "made": None, "scores": None, "totals": None}
        if system.id == "stackpot":
            entry["pot"] = stackpot_pot(totals)
        if hand.complete:
            scores = [_tidy(s) for s in score_hand(game, hand, index, totals, system, options)]
            totals = [_tidy(t + s) for t, s in zip(totals, scores)]
            made = [None if bid is None else bid == took for bid, took in zip(hand.bids, hand.tricks)]
            made_bids = [m + (bid if ok else 0) for m, bid, ok in zip(made_bids, hand.bids, made)]
            scores = [None if seat in hand.out else score for seat, score in enumerate(scores)]
            entry.update(tricks=list(hand.tricks), made=made, scores=scores, totals=list(totals))
        scored_hands.append(entry)
    tie_breaks = made_bids if system.tie_break == "made_bids" else None
    plan = game.plan()
    completed = completed_hands(game)
    result = {
        "players": list(game.players),
        "system": system.id,
        "system_name": system.name,
        "options": options,
        "modifiers": list(rules.modifiers),
        "lowest_wins": system.lowest_wins,
        "hands": scored_hands,
        "totals": totals,
        "ranks": ranks(totals, system.lowest_wins, tie_breaks),
        "winner": [game.players[s] for s in winners(totals, system.lowest_wins, tie_breaks)],
        "planned_hands": len(plan),
        "finished": completed >= len(plan),
        "settlement": settle(rules.settlement, game.players, totals, rules.stake, system.lowest_wins,
                             tie_breaks, rules.payouts),
    }
    if tie_breaks is not None:
        result["made_bids"] = made_bids
    if system.id == "stackpot":
        result["pot"] = stackpot_pot(totals)
    if rules.bidding == "cooperative":
        result["deals_needed"] = sum(1 for hand in game.hands if hand.complete)
    if "ultimate_loser" in rules.modifiers:
        result["ultimate_loser"] = [game.players[s] for s in losers(totals, system.lowest_wins, tie_breaks)]
    return result


def completed_hands(game):
    """Return how many planned hands are done; a missed cooperative hand does not count (003)."""
    cooperative = game.rules.bidding == "cooperative"
    return sum(1 for hand in game.hands if hand.complete and
               (not cooperative or hand.bids == hand.tricks))


def next_hand(game, out=()):
    """Return the next hand: cards, dealer and any trump the method fixes; None when the game is over.

    `out` lists the seats not dealt in. The planned size is kept, but never more than the
    deck allows for the players dealt in; the deal passes left to the next player dealt in.
    """
    plan = game.plan()
    done = completed_hands(game)
    n = len(game.players)
    if done >= len(plan) or n - len(set(out)) < 2:
        return None
    dealt_in = n - len(set(out))
    cards = min(plan[done], patterns.largest_hand(dealt_in, game.rules.decks, full_deal=True))
    dealer = game.hands[-1].dealer + 1 if game.hands else game.rules.first_dealer
    dealer = next((dealer + step) % n for step in range(n) if (dealer + step) % n not in out)
    return {"number": len(game.hands) + 1, "cards": cards, "dealer": dealer, "out": sorted(set(out)),
            "trump": fixed_trump(game.rules.trump, len(game.hands), game.full_deal(cards, dealt_in))}


def dumps(game):
    """Return the record as JSON text."""
    return json.dumps(game.record, indent=2, ensure_ascii=False)


PLAN_CHANGES = ("insert", "resize", "skip", "cut")


def changed_deals(game, change, position=None, cards=None):
    """Return the record's new `deals` after a change to the plan of hands still to come.

    change: "insert" a hand of `cards` before plan position `position`, "resize" that hand,
    "skip" it, or "cut" the game short after the hands played. Hands already played stay
    as they were; the plan becomes a custom list (the pattern it came from is kept in
    `deals.from_pattern`). Raises ValueError saying what to fix.
    """
    plan = game.plan()
    done = completed_hands(game)
    deals = dict(game.record.get("rules", {}).get("deals") or {})
    if change == "cut":
        if done == 0:
            raise ValueError("no hand has been played yet: nothing to cut the game short to")
        deals["hands"] = done
        return deals
    if change not in PLAN_CHANGES:
        raise ValueError(f"unknown change {change!r} (known: {', '.join(PLAN_CHANGES)})")
    if position is None or not done <= position <= len(plan) - (change != "insert"):
        raise ValueError(f"only hands still to come can change: choose a hand from {done + 1} to "
                         f"{len(plan) + (change == 'insert')}")
    sizes = list(plan)
    if change in ("insert", "resize"):
        limit = patterns.largest_hand(len(game.players), game.rules.decks, full_deal=True)
        if not isinstance(cards, int) or not 1 <= cards <= limit:
            raise ValueError(f"a hand needs 1 to {limit} cards")
        if change == "insert":
            sizes.insert(position, cards)
        else:
            sizes[position] = cards
    else:
        if len(sizes) == 1:
            raise ValueError("the game's only hand cannot be skipped")
        del sizes[position]
    deals.setdefault("from_pattern", deals.get("pattern", "down-up"))
    deals.update(pattern="custom", sizes=sizes)
    deals.pop("hands", None)
    return deals
