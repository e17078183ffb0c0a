"""Scoring a whole game: each hand by the system, its modifiers and penalties, then the totals,
ranks, winner and settlement, as `score --json` prints it (RULES.md)."""

from ..bids import bidding
from .modifiers import apply_modifiers
from ..game.plan import completed_hands
from .presets import preset_for
from .ranks import LOSER_KEY, adjustment_kind, losers, ranks, top_tie, winners
from ..money.settlement import settle
from .system_entry import HandView
from .systems import SYSTEMS
from .systems_clubs import stackpot_pot


def with_joins(totals, hand):
    """Return the totals with the starting total of each player who joins at this hand."""
    if not hand.joins:
        return totals
    totals = list(totals)
    for seat, total in hand.joins:
        totals[seat] = total
    return totals


def score_hand(game, hand, index, totals_before, system=None, options=None):
    """Return what each seat scores in a finished hand: system, then modifiers, then penalties."""
    system = system or game.rules.system
    view = HandView(
        hand.cards,
        hand.bids,
        hand.tricks,
        hand.dealer,
        hand.trump,
        index + 1,
        game.full_deal(hand.cards, hand.dealt_in),
        totals_before,
        game.max_cards,
    )
    points = system.points_by_seat(view, game.rules.options if options is None else options)
    points = apply_modifiers(points, view, game.rules.modifiers, hand.blind, system.lowest_wins)
    for seat, penalty, _reason in hand.penalties:
        points[seat] += penalty
    return points


def _tidy(number):
    """Show 12.0 as 12 so that the JSON and the table read as players write them."""
    return int(number) if type(number) is float and number.is_integer() else number


def _entry(game, hand, index, totals, made_bids, system, options):
    """Score one hand after `totals` and `made_bids`; return (its sheet entry, totals, made_bids) after it."""
    totals = with_joins(totals, hand)
    entry = {
        "number": index + 1,
        "cards": hand.cards,
        "dealer": hand.dealer,
        "trump": hand.trump,
        "bids": list(hand.bids),
        "tricks": None,
        "blind": list(hand.blind),
        "penalties": [
            {"seat": seat, "points": points, "reason": reason, "kind": adjustment_kind(points, system.lowest_wins)}
            for seat, points, reason in hand.penalties
        ],
        "out": list(hand.out),
        "announcement": bidding.announcement(hand.cards, hand.bids)
        if sum(b is not None for b in hand.bids) == hand.dealt_in
        else None,
        "made": None,
        "scores": None,
        "totals": None,
    }
    if system.has_pot:
        entry["pot"] = stackpot_pot(totals)
    if hand.complete:
        scores = [_tidy(s) for s in score_hand(game, hand, index, totals, system, options)]
        totals = [_tidy(t + s) for t, s in zip(totals, scores)]
        made = [None if bid is None else bid == took for bid, took in zip(hand.bids, hand.tricks)]
        made_bids = [m + (bid if ok else 0) for m, bid, ok in zip(made_bids, hand.bids, made)]
        scores = [None if seat in hand.out else score for seat, score in enumerate(scores)]
        entry.update(tricks=list(hand.tricks), made=made, scores=scores, totals=list(totals))
    return entry, totals, made_bids


def hand_by_hand(game):
    """Return (entries, after) of the game under its own rules: each hand's sheet entry, and the (totals,
    made_bids) after it. Kept on the game, which is never changed; a game loaded with `known` (see
    `record.load`) starts from the hands it shares with that one, so appending a hand scores one hand.
    Treat both lists and their entries as read-only: they are shared."""
    kept = game.__dict__.get("_hand_by_hand")
    if kept is None:
        entries, after = game.__dict__.pop("_shared_prefix", ([], []))
        entries, after = list(entries), list(after)
        n = len(game.players)
        totals, made_bids = after[-1] if after else ([0] * n, [0] * n)
        for index in range(len(entries), len(game.hands)):
            entry, totals, made_bids = _entry(
                game, game.hands[index], index, totals, made_bids, game.rules.system, game.rules.options
            )
            entries.append(entry)
            after.append((totals, made_bids))
        kept = game.__dict__["_hand_by_hand"] = (entries, after)
    return kept


def score(game, system=None, options=None):
    """Return the scored game, as `score --json` prints it (RULES.md)."""
    rules = game.rules
    if system is not None:
        preset = {}
        if isinstance(system, str):
            system, preset = SYSTEMS.lookup(system)
        if options is None:
            options = rules.options if system.id == rules.system.id and not preset else preset
        options = system.resolve_options(options)
        system = system.for_options(options)
    else:
        system, options = rules.system, rules.options
    n = len(game.players)
    if system is rules.system and options is rules.options:
        entries, after = hand_by_hand(game)
        scored_hands = list(entries)
        totals, made_bids = after[-1] if after else ([0] * n, [0] * n)
    else:  # another system side by side: scored afresh
        totals, made_bids, scored_hands = [0] * n, [0] * n, []
        for index, hand in enumerate(game.hands):
            entry, totals, made_bids = _entry(game, hand, index, totals, made_bids, system, options)
            scored_hands.append(entry)
    totals, made_bids = list(totals), list(made_bids)
    tie_breaks = made_bids if system.tie_break == "made_bids" else None
    plan = game.plan()
    completed = completed_hands(game)
    result = {
        "players": list(game.players),
        "system": system.id,
        "system_name": getattr(preset_for(system.id, options), "name", system.name),
        "options": options,
        "modifiers": list(rules.modifiers),
        "lowest_wins": system.lowest_wins,
        "hands": scored_hands,
        "totals": totals,
        "ranks": ranks(totals, system.lowest_wins, tie_breaks),
        "winner": [game.players[s] for s in winners(totals, system.lowest_wins, tie_breaks)],
        "planned_hands": len(plan),
        "finished": completed >= len(plan),
        "settlement": settle(
            rules.settlement, game.players, totals, rules.stake, system.lowest_wins, tie_breaks, rules.payouts
        ),
    }
    if tie_breaks is not None:
        result["made_bids"] = made_bids
    tie = top_tie(game.players, totals, system.lowest_wins, tie_breaks, system.tie_break)
    if tie is not None:
        result["tie"] = tie
    if system.has_pot:
        result["pot"] = stackpot_pot(totals)
    if rules.style.redeal_on_miss:
        result["deals_needed"] = sum(1 for hand in game.hands if hand.complete)
    if rules.names_loser:
        result[LOSER_KEY] = [game.players[s] for s in losers(totals, system.lowest_wins, tie_breaks)]
    return result
