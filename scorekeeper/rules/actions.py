"""The table's actions: every write to a game, as pure functions.

Each action takes a game (a record dict, or a `Game` already loaded) and what the scorekeeper
chose, and returns an `Outcome`: the new record, that record loaded, a sentence for the table
(or None) and the event to log as (kind, payload). The record given is never changed. A
refusal raises `RecordError` with the field's path and a message a player understands;
`WrongStep` (a RecordError) says the table is on another screen, e.g. another phone moved on.

`step(game)` names the screen the table is on: deal, bids, trump, tricks or over.
Undo is not here: it is history, kept by the store.
"""

import copy
from typing import NamedTuple

from . import bidding, table
from .plan import PLAN_CHANGES, changed_deals, next_hand
from .record import Game, RecordError, load, penalty_points
from .results import SETTLEMENTS
from .scored import score
from .trump import TRUMP_METHODS, TRUMPS

STEPS = ("deal", "bids", "trump", "tricks", "over")


class WrongStep(RecordError):
    """The action belongs to another screen than the one the table is on."""


class Outcome(NamedTuple):
    record: dict
    game: Game
    message: str | None = None
    event: tuple = ()


def _loaded(game):
    return game if isinstance(game, Game) else load(game)


def _done(record, message=None, kind=None, payload=None, before=None):
    """The outcome of an action; `before`, the game it was made on, spares checking the hands they share."""
    return Outcome(record, load(record, known=before), message, (kind, payload) if kind else ())


def _with_last_hand_copied(game):
    """Return a copy of the game's record whose last hand may be changed; the other hands are shared with
    it (a record is never changed in place), so loading the copy knows them already."""
    record = copy.deepcopy({key: value for key, value in game.record.items() if key != "hands"})
    record["hands"] = list(game.record["hands"])
    record["hands"][-1] = copy.deepcopy(record["hands"][-1])
    return record


def _sentence(message):
    """Start with a capital and end with a full stop, as every message on the phone does."""
    return message[0].upper() + message[1:] + ("" if message.endswith(".") else ".")


def current_hand(game):
    """Return the hand being played (tricks missing), or None."""
    game = _loaded(game)
    return game.hands[-1] if game.hands and not game.hands[-1].complete else None


def asks_trump_after_bids(game):
    return TRUMP_METHODS.find(_loaded(game).rules.trump).asked_after_bids


def bids_all_at_once(game):
    """True when every bid of a hand is entered together (simultaneous or cooperative bidding)."""
    return _loaded(game).rules.style.all_at_once


def step(game):
    """Return the screen the table is on: deal, bids, trump, tricks or over."""
    game = _loaded(game)
    hand = current_hand(game)
    if hand is None:
        return "deal" if next_hand(game) else "over"
    if bidding.next_bidder(hand.dealer, hand.bids, hand.out) is not None:
        return "bids"
    if hand.trump is None and asks_trump_after_bids(game):
        return "trump"
    return "tricks"


def upcoming(game):
    """Return the next hand as the table stands (who is out, the cards, the dealer), or None."""
    game = _loaded(game)
    return next_hand(game, out=table.out_for_next_hand(game.record))


def _require_step(game, name):
    now = step(game)
    if now != name:
        raise WrongStep("hands", f"the table is at {now}, not {name}: this game changed on another phone")


def _hand_path(game):
    return f"hands[{len(game.hands) - 1}]"


def blind_offers(game):
    """Return the seats that may still bid blind, in bidding order: only before anyone bids openly."""
    game = _loaded(game)
    hand = current_hand(game)
    if hand is None or not game.rules.blind_bids:
        return []
    if any(bid is not None and seat not in hand.blind for seat, bid in enumerate(hand.bids)):
        return []
    # The scored totals already carry the starting totals of anyone joining the hand in progress.
    eligible = bidding.blind_eligible(score(game)["totals"], game.rules.system.lowest_wins)
    order = bidding.bidding_order(hand.dealer, len(hand.bids), hand.out)
    return [seat for seat in order if seat in eligible and hand.bids[seat] is None]


# ---- the hand ----------------------------------------------------------------------------------

def deal(game, cards=None, trump=None):
    """Deal the next hand: the planned cards (or `cards`), the next dealer, the trump if it is known now."""
    game = _loaded(game)
    _require_step(game, "deal")
    coming = upcoming(game)
    if coming is None:
        raise RecordError("table", "At least 2 players must be dealt in: let someone back in on the Table screen.")
    path = f"hands[{len(game.hands)}]"
    chosen = coming["trump"] or (None if asks_trump_after_bids(game) else trump)
    if coming["trump"] is None and not asks_trump_after_bids(game) and trump not in TRUMPS:
        raise RecordError(f"{path}.trump", f"Choose the trump: one of {', '.join(TRUMPS)}.")
    hand = {"cards": cards or coming["cards"], "dealer": coming["dealer"], "bids": [None] * len(game.players)}
    if chosen:
        hand["trump"] = chosen
    record = table.deal_hand(game.record, hand)
    return _done(record, None, "deal", record["hands"][-1], before=game)


def _bid_range(cards):
    return f"A bid is 0 to {cards}."


def _is_count(value, cards):
    return isinstance(value, int) and not isinstance(value, bool) and 0 <= value <= cards


def bid(game, seat, amount, blind=False):
    """Record one bid in turn: the hook, the turn order, a change before the next bid, a blind bid."""
    game = _loaded(game)
    hand = current_hand(game)
    if hand is None:
        raise WrongStep("hands", "no hand is being bid: this game changed on another phone")
    path = _hand_path(game)
    if bids_all_at_once(game):
        raise RecordError(f"{path}.bids", "Everyone bids at once in this game: enter the bids together.")
    order = bidding.bidding_order(hand.dealer, len(hand.bids), hand.out)
    if seat not in order or not bidding.may_bid(hand.dealer, hand.bids, seat, hand.out):
        raise RecordError(f"{path}.bids[{seat}]", "That bid can no longer be changed: the next player has bid.")
    blind = bool(blind)
    if blind and seat not in blind_offers(game):
        raise RecordError(f"{path}.blind", f"{game.players[seat]} may not bid blind now: only 20 or more behind "
                          "the leader, before anyone bids.")
    if not _is_count(amount, hand.cards):
        raise RecordError(f"{path}.bids[{seat}]", _bid_range(hand.cards))
    hook = game.rules.hook_in(hand.cards)
    if not blind and amount not in bidding.allowed_bids(hand.cards, seat, hand.dealer, hand.bids, hook, hand.out):
        # The dealer's own bid never counts towards the hook, so a changed bid needs no special case.
        raise RecordError(f"{path}.bids[{seat}]", bidding.hook_reason(
            hand.cards, bidding.forbidden_bid(hand.cards, hand.dealer, hand.bids, hook)))
    record = _with_last_hand_copied(game)
    raw = record["hands"][-1]
    if blind:
        raw["blind"] = sorted(set(raw.get("blind") or []) | {seat})
    raw["bids"][seat] = amount
    message = _move_dealer_blind(raw, hand, game)
    payload = {"hand": len(game.hands) - 1, "seat": seat, "bid": raw["bids"][seat], "blind": blind}
    return _done(record, message, "bid", payload, before=game)


def _move_dealer_blind(raw, hand, game):
    """When the bids are complete and the dealer's blind bid is hooked, move it as the rules say (003)."""
    bids, dealer = raw["bids"], hand.dealer
    if (dealer not in (raw.get("blind") or []) or not game.rules.hook_in(hand.cards)
            or any(bids[s] is None for s in bidding.bidding_order(dealer, len(bids), hand.out))):
        return None
    moved = bidding.dealer_blind_bid(hand.cards, dealer, bids, bids[dealer], True)
    if moved == bids[dealer]:
        return None
    name = game.players[dealer]
    message = f"{name} bid {bids[dealer]} blind, but the hook forbids it: {name}'s bid becomes {moved}."
    bids[dealer] = moved
    return message


def bids_at_once(game, bids, blind=()):
    """Record every bid of the hand together: `bids` maps each seat dealt in to its bid.

    Cooperative bids must add up to the cards. A blind mark counts only for a seat offered it.
    """
    game = _loaded(game)
    hand = current_hand(game)
    if hand is None:
        raise WrongStep("hands", "no hand is being bid: this game changed on another phone")
    path = _hand_path(game)
    style = game.rules.style
    if not style.all_at_once:
        raise RecordError(f"{path}.bids", "Bids are made one at a time in this game, in bidding order.")
    order = bidding.bidding_order(hand.dealer, len(hand.bids), hand.out)
    missing = [seat for seat in order if not isinstance(bids.get(seat), int) or isinstance(bids.get(seat), bool)]
    if missing:
        raise RecordError(f"{path}.bids[{missing[0]}]", f"Enter {game.players[missing[0]]}'s bid.")
    chosen = {seat: bids[seat] for seat in order}
    too_many = [game.players[s] for s, b in chosen.items() if not 0 <= b <= hand.cards]
    if too_many:
        raise RecordError(f"{path}.bids", f"A bid is 0 to {hand.cards}: check {', '.join(too_many)}.")
    total = sum(chosen.values())
    if style.bids_must_sum_to_cards and total != hand.cards:
        raise RecordError(f"{path}.bids", f"Cooperative bids must add up to exactly {hand.cards}; these add up "
                          f"to {total} ({'over' if total > hand.cards else 'under'} by {abs(total - hand.cards)}).")
    record = _with_last_hand_copied(game)
    raw = record["hands"][-1]
    for seat, amount in chosen.items():
        raw["bids"][seat] = amount
    offered = blind_offers(game)
    marked = [seat for seat in offered if seat in set(blind)]
    if marked:
        raw["blind"] = sorted(set(raw.get("blind") or []) | set(marked))
    return _done(record, None, "bids", {"hand": len(game.hands) - 1, "bids": raw["bids"], "blind": marked},
                 before=game)


def name_trump(game, trump):
    """Record the trump the highest bidder names after the bids."""
    game = _loaded(game)
    _require_step(game, "trump")
    if trump not in TRUMPS:
        raise RecordError(f"{_hand_path(game)}.trump", f"Choose the trump: one of {', '.join(TRUMPS)}.")
    record = _with_last_hand_copied(game)
    record["hands"][-1]["trump"] = trump
    return _done(record, None, "trump", {"hand": len(game.hands) - 1, "trump": trump}, before=game)


def penalty(seat, reason="other", points=None, lowest_wins=False):
    """Return a penalty entry; without points it takes the reason's default (added where the lowest wins)."""
    return {"seat": seat, "reason": reason,
            "points": float(points) if points is not None else penalty_points(reason, lowest_wins)}


def _with_default_points(entry, game):
    if entry is None or entry.get("points") is not None:
        return entry
    try:
        return penalty(entry.get("seat"), entry.get("reason", "other"), None, game.rules.system.lowest_wins)
    except ValueError:
        return entry  # load names the unknown reason with its path


def record_tricks(game, took, given_penalty=None):
    """Record the tricks: `took` by seat, None meaning "as bid"; the dealer takes what is left.

    `given_penalty` is one penalty entry or a list of them.

    With identical cards cancelling, every count is as entered (they may add up to fewer).
    A missed cooperative hand is dealt again, and the message says so.
    """
    game = _loaded(game)
    _require_step(game, "tricks")
    hand = current_hand(game)
    path = _hand_path(game)
    n = len(game.players)
    if not isinstance(took, (list, tuple)) or len(took) != n:
        raise RecordError(f"{path}.tricks", f"must list one number for each of the {n} players, by seat")
    took = [None if s in hand.out else hand.bids[s] if t is None else t for s, t in enumerate(took)]
    if not game.rules.tricks_may_fall_short:
        # The last player in bidding order takes what is left.
        took[hand.dealer] = hand.cards - sum(t for s, t in enumerate(took)
                                             if s != hand.dealer and isinstance(t, int))
        if took[hand.dealer] < 0:
            raise RecordError(f"{path}.tricks", f"The tricks add up to more than the {hand.cards} cards: "
                              f"{hand.cards - took[hand.dealer]} without {game.players[hand.dealer]}.")
    record = _with_last_hand_copied(game)
    raw = record["hands"][-1]
    raw["tricks"] = took
    # One penalty (the tricks screen's) or a list of them (the actions API's).
    given = [_with_default_points(p, game) for p in
             (given_penalty if isinstance(given_penalty, list) else [given_penalty]) if p]
    if given:
        raw.setdefault("penalties", []).extend(given)
    payload = {"hand": len(game.hands) - 1, "tricks": took, "penalty": given[0] if given else None}
    if len(given) > 1:
        payload["penalties"] = given
    outcome = _done(record, None, "tricks", payload, before=game)
    if game.rules.style.redeal_on_miss:
        return outcome._replace(message=_dealt_again(outcome.game, hand, took))
    return outcome


def _dealt_again(game, hand, took):
    """Say so when a cooperative hand was missed: it is dealt again at the same size."""
    missed = [game.players[s] for s, (b, t) in enumerate(zip(hand.bids, took)) if b is not None and b != t]
    if not missed:
        return None
    coming = upcoming(game)
    again = f" The hand is dealt again: {game.players[coming['dealer']]} deals {coming['cards']}." if coming else ""
    return f"Missed by {', '.join(missed)}.{again}"


def correct_hand(game, number, bids, tricks, trump=None, drop_penalties=(), added_penalty=None):
    """Correct finished hand `number` (1 for the first); every later hand is rescored.

    `bids` and `tricks` are by seat (a None trick count keeps the recorded one); `trump` None
    removes it; `drop_penalties` lists the indices of recorded penalties to drop.
    """
    game = _loaded(game)
    if not isinstance(number, int) or not 1 <= number <= len(game.hands) or not game.hands[number - 1].complete:
        raise RecordError("hands", f"There is no finished hand {number} to correct.")
    n = len(game.players)
    path = f"hands[{number - 1}]"
    for name, values in (("bids", bids), ("tricks", tricks)):
        if not isinstance(values, (list, tuple)) or len(values) != n:
            raise RecordError(f"{path}.{name}", f"must list one number for each of the {n} players, by seat")
    record = copy.deepcopy(game.record)
    raw = game.record["hands"][number - 1]
    new = record["hands"][number - 1]
    out = set(raw.get("out") or [])
    new["bids"] = [None if s in out else bids[s] for s in range(n)]
    new["tricks"] = [None if s in out else tricks[s] if tricks[s] is not None else raw["tricks"][s]
                     for s in range(n)]
    if trump:
        new["trump"] = trump
    else:
        new.pop("trump", None)
    kept = [p for i, p in enumerate(raw.get("penalties") or []) if i not in set(drop_penalties)]
    added_penalty = _with_default_points(added_penalty, game)
    kept += [added_penalty] if added_penalty else []
    if kept or "penalties" in new:
        new["penalties"] = kept
    return _done(record, f"Hand {number} corrected; the totals after it are rescored.", "edit",
                 {"hand": number - 1, "before": copy.deepcopy(raw), "after": copy.deepcopy(new)})


def again(game):
    """Return the record of a new game at the same table, the first dealer passed left."""
    game = _loaded(game)
    record = copy.deepcopy(game.record)
    record["hands"] = []
    record.setdefault("rules", {})["first_dealer"] = (game.rules.first_dealer + 1) % len(game.players)
    return _done(record)


def settle_by(game, method, stake, payouts=None):
    """Settle up by `method` at `stake`; a sliding scale's `payouts`, or None for its default (1, 2, 3... stakes)."""
    game = _loaded(game)
    entry = _changed(SETTLEMENTS.find, method)
    record = copy.deepcopy(game.record)
    chosen = record.setdefault("rules", {})
    chosen["settlement"], chosen["stake"] = entry.id, stake
    if entry.takes_payouts and payouts:
        chosen["payouts"] = list(payouts)
    else:
        chosen.pop("payouts", None)
    return _done(record, f"Settling up by {entry.name}, stake {stake:.2f}.", "settlement",
                 {"settlement": entry.id, "stake": stake, "payouts": chosen.get("payouts")})


# ---- the table changes --------------------------------------------------------------------------

TABLE_CHANGES = ("arrive", "leave", "sit_out", "sit_in") + PLAN_CHANGES


def _table_payload(action, seat=None, name=None, position=None, cards=None):
    return {"action": action, "seat": seat, "name": name, "position": position, "cards": cards}


def _changed(change, *args):
    """Run a change of rules/table.py, saying its ValueError as a RecordError of the table."""
    try:
        return change(*args)
    except RecordError:
        raise
    except ValueError as error:
        raise RecordError("table", _sentence(str(error))) from None


def _seat_name(game, seat):
    return game.players[seat] if isinstance(seat, int) and 0 <= seat < len(game.players) else "?"


def arrive(game, name, start="zero", total=None):
    """Seat a late arrival in the last seat, starting at zero, the last place's total or `total`."""
    game = _loaded(game)
    scored = score(game)
    left = table.table_state(game.record)["left"]
    if total is not None:
        try:
            total = float(total)
        except (TypeError, ValueError):
            raise RecordError("table", "Enter the starting total as a number.") from None
    totals = table.standing_totals(game.record, scored["totals"])  # a newcomer still waiting counts at their start
    start_total = _changed(table.starting_total, totals, left, start, total, scored["lowest_wins"])
    record = _changed(table.add_player, game.record, name, start_total)
    return _done(record, f"{(name or '').strip()} joins with {start_total:g}.", "table",
                 _table_payload("arrive", name=name))


def leave(game, seat):
    """Take a player out of every further hand."""
    game = _loaded(game)
    record = _changed(table.leave, game.record, seat)
    return _done(record, f"{_seat_name(game, seat)} has left: out of every further hand.", "table",
                 _table_payload("leave", seat=seat))


def sit_out(game, seat):
    """Let a player sit out the next hand."""
    game = _loaded(game)
    record = _changed(table.sit_out, game.record, seat)
    return _done(record, f"{_seat_name(game, seat)} sits out the next hand.", "table",
                 _table_payload("sit_out", seat=seat))


def sit_in(game, seat):
    """Let a player who was to sit out play the next hand after all."""
    game = _loaded(game)
    record = _changed(table.sit_out, game.record, seat, False)
    return _done(record, f"{_seat_name(game, seat)} plays the next hand.", "table",
                 _table_payload("sit_in", seat=seat))


def change_plan(game, change, position=None, cards=None):
    """Insert, resize or skip a hand still to come (`position` counts from 1), or cut the game short."""
    game = _loaded(game)
    if current_hand(game) is not None:
        raise RecordError("table", "A hand is being played: finish it (or undo the deal) before changing the plan.")
    if change in ("insert", "resize") and cards is None:
        raise RecordError("table", "Enter the number of cards.")
    index = position - 1 if position is not None else None
    deals = _changed(changed_deals, game, change, index, cards)
    record = copy.deepcopy(game.record)
    record.setdefault("rules", {})["deals"] = deals
    return _done(record, "The plan of hands is changed.", "plan",
                 _table_payload(change, position=position, cards=cards))


def table_change(game, action, seat=None, name=None, start="zero", total=None, position=None, cards=None):
    """Make the change the Table screen asks for: arrive, leave, sit_out, sit_in, or a plan change."""
    if action == "arrive":
        outcome = arrive(game, name, start, total)
    elif action == "leave":
        outcome = leave(game, seat)
    elif action == "sit_out":
        outcome = sit_out(game, seat)
    elif action == "sit_in":
        outcome = sit_in(game, seat)
    elif action in PLAN_CHANGES:
        outcome = change_plan(game, action, position, cards)
    else:
        raise RecordError("table", "Choose what changes at the table.")
    kind, _payload = outcome.event
    return outcome._replace(event=(kind, _table_payload(action, seat, name, position, cards)))
