"""The hand's actions: deal, the bids (one at a time or all at once), the trump named after the bids, the tricks."""

from ..bids import bidding
from ..game import table
from ..game.record import RecordError, penalty_points
from ..scoring.scored import score
from ..game.steps import (
    WrongStep,
    as_game,
    asks_trump_after_bids,
    bids_all_at_once,
    current_hand,
    hand_path,
    require_step,
    upcoming,
)
from ..game.trump import TRUMPS
from ..said import said
from .outcome import done, with_last_hand_copied


def blind_offers(game):
    """Return the seats that may still bid blind, in bidding order: only before anyone bids openly."""
    game = as_game(game)
    hand = current_hand(game)
    if hand is None or not game.rules.blind_bids:
        return []
    if any(bid is not None and seat not in hand.blind for seat, bid in enumerate(hand.bids)):
        return []
    # The scored totals already carry the starting totals of anyone joining the hand in progress.
    eligible = bidding.blind_eligible(score(game)["totals"], game.rules.system.lowest_wins)
    order = bidding.bidding_order(hand.dealer, len(hand.bids), hand.out)
    return [seat for seat in order if seat in eligible and hand.bids[seat] is None]


def deal(game, cards=None, trump=None):
    """Deal the next hand: the planned cards (or `cards`), the next dealer, the trump if it is known now."""
    game = as_game(game)
    require_step(game, "deal")
    coming = upcoming(game)
    if coming is None:
        raise RecordError(
            "table", said("At least 2 players must be dealt in: let someone back in on the Table screen.")
        )
    path = f"hands[{len(game.hands)}]"
    chosen = coming["trump"] or (None if asks_trump_after_bids(game) else trump)
    if coming["trump"] is None and not asks_trump_after_bids(game) and trump not in TRUMPS:
        raise RecordError(f"{path}.trump", said("Choose the trump: one of %(trumps)s.", trumps=", ".join(TRUMPS)))
    hand = {"cards": cards or coming["cards"], "dealer": coming["dealer"], "bids": [None] * len(game.players)}
    if chosen:
        hand["trump"] = chosen
    record = table.deal_hand(game.record, hand)
    return done(record, None, "deal", record["hands"][-1], before=game)


def _bid_range(cards):
    return said("A bid is 0 to %(cards)s.", cards=cards)


def _is_count(value, cards):
    return isinstance(value, int) and not isinstance(value, bool) and 0 <= value <= cards


def bid(game, seat, amount, blind=False):
    """Record one bid in turn: the hook, the turn order, a change before the next bid, a blind bid."""
    game = as_game(game)
    hand = current_hand(game)
    if hand is None:
        raise WrongStep("hands", said("no hand is being bid: this game changed on another phone"))
    path = hand_path(game)
    if bids_all_at_once(game):
        raise RecordError(f"{path}.bids", said("Everyone bids at once in this game: enter the bids together."))
    order = bidding.bidding_order(hand.dealer, len(hand.bids), hand.out)
    if seat not in order or not bidding.may_bid(hand.dealer, hand.bids, seat, hand.out):
        raise RecordError(f"{path}.bids[{seat}]", said("That bid can no longer be changed: the next player has bid."))
    blind = bool(blind)
    if blind and seat not in blind_offers(game):
        raise RecordError(
            f"{path}.blind",
            said(
                "%(name)s may not bid blind now: only %(margin)s or more behind the leader, before anyone bids.",
                name=game.players[seat],
                margin=bidding.BLIND_MARGIN,
            ),
        )
    if not _is_count(amount, hand.cards):
        raise RecordError(f"{path}.bids[{seat}]", _bid_range(hand.cards))
    # What the bid screen shows is what is checked: the seat's BidState (the hook, by bidding.hooked_bid; a blind
    # bid is free). The dealer's own bid never counts towards the hook, so a changed bid needs no special case.
    state = bidding.bid_state(game, hand, seat=seat, blind=blind)
    if amount not in state.allowed:
        raise RecordError(f"{path}.bids[{seat}]", state.reason_text)
    record = with_last_hand_copied(game)
    raw = record["hands"][-1]
    if blind:
        raw["blind"] = sorted(set(raw.get("blind") or []) | {seat})
    raw["bids"][seat] = amount
    message = _move_dealer_blind(raw, hand, game)
    payload = {"hand": len(game.hands) - 1, "seat": seat, "bid": raw["bids"][seat], "blind": blind}
    return done(record, message, "bid", payload, before=game)


def _move_dealer_blind(raw, hand, game):
    """When the bids are complete and the dealer's blind bid is hooked, move it as the rules say (003)."""
    bids, dealer = raw["bids"], hand.dealer
    if (
        dealer not in (raw.get("blind") or [])
        or not game.rules.hook_in(hand.cards)
        or any(bids[s] is None for s in bidding.bidding_order(dealer, len(bids), hand.out))
    ):
        return None
    moved = bidding.dealer_blind_bid(hand.cards, dealer, bids, bids[dealer], True)
    if moved == bids[dealer]:
        return None
    name = game.players[dealer]
    message = said(
        "%(name)s bid %(bid)s blind, but the hook forbids it: %(name)s's bid becomes %(moved)s.",
        name=name,
        bid=bids[dealer],
        moved=moved,
    )
    bids[dealer] = moved
    return message


def bids_at_once(game, bids, blind=()):
    """Record every bid of the hand together: `bids` maps each seat dealt in to its bid.

    Cooperative bids must add up to the cards. A blind mark counts only for a seat offered it.
    """
    game = as_game(game)
    hand = current_hand(game)
    if hand is None:
        raise WrongStep("hands", said("no hand is being bid: this game changed on another phone"))
    path = hand_path(game)
    style = game.rules.style
    if not style.all_at_once:
        raise RecordError(f"{path}.bids", said("Bids are made one at a time in this game, in bidding order."))
    order = bidding.bidding_order(hand.dealer, len(hand.bids), hand.out)
    missing = [seat for seat in order if not isinstance(bids.get(seat), int) or isinstance(bids.get(seat), bool)]
    if missing:
        raise RecordError(f"{path}.bids[{missing[0]}]", said("Enter %(name)s's bid.", name=game.players[missing[0]]))
    chosen = {seat: bids[seat] for seat in order}
    too_many = [game.players[s] for s, b in chosen.items() if not 0 <= b <= hand.cards]
    if too_many:
        raise RecordError(
            f"{path}.bids",
            said("A bid is 0 to %(cards)s: check %(names)s.", cards=hand.cards, names=", ".join(too_many)),
        )
    total = sum(chosen.values())
    if style.bids_must_sum_to_cards and total != hand.cards:
        saying = bidding.say("over" if total > hand.cards else "under", {"by": abs(total - hand.cards)})
        raise RecordError(
            f"{path}.bids",
            said(
                "Cooperative bids must add up to exactly %(cards)s; these add up to %(total)s (%(standing)s).",
                cards=hand.cards,
                total=total,
                standing=saying,
            ),
        )
    record = with_last_hand_copied(game)
    raw = record["hands"][-1]
    for seat, amount in chosen.items():
        raw["bids"][seat] = amount
    offered = blind_offers(game)
    marked = [seat for seat in offered if seat in set(blind)]
    if marked:
        raw["blind"] = sorted(set(raw.get("blind") or []) | set(marked))
    return done(record, None, "bids", {"hand": len(game.hands) - 1, "bids": raw["bids"], "blind": marked}, before=game)


def name_trump(game, trump):
    """Record the trump the highest bidder names after the bids."""
    game = as_game(game)
    require_step(game, "trump")
    if trump not in TRUMPS:
        raise RecordError(
            f"{hand_path(game)}.trump", said("Choose the trump: one of %(trumps)s.", trumps=", ".join(TRUMPS))
        )
    record = with_last_hand_copied(game)
    record["hands"][-1]["trump"] = trump
    return done(record, None, "trump", {"hand": len(game.hands) - 1, "trump": trump}, before=game)


def penalty(seat, reason="other", points=None, lowest_wins=False):
    """Return a penalty entry; without points it takes the reason's default (added where the lowest wins)."""
    return {
        "seat": seat,
        "reason": reason,
        "points": float(points) if points is not None else penalty_points(reason, lowest_wins),
    }


def with_default_points(entry, game):
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
    game = as_game(game)
    require_step(game, "tricks")
    hand = current_hand(game)
    path = hand_path(game)
    n = len(game.players)
    if not isinstance(took, (list, tuple)) or len(took) != n:
        raise RecordError(
            f"{path}.tricks", said("must list one number for each of the %(count)s players, by seat", count=n)
        )
    took = [None if s in hand.out else hand.bids[s] if t is None else t for s, t in enumerate(took)]
    if not game.rules.tricks_may_fall_short:
        # The last player in bidding order takes what is left.
        took[hand.dealer] = hand.cards - sum(t for s, t in enumerate(took) if s != hand.dealer and isinstance(t, int))
        if took[hand.dealer] < 0:
            raise RecordError(
                f"{path}.tricks",
                said(
                    "The tricks add up to more than the %(cards)s cards: %(total)s without %(dealer)s.",
                    cards=hand.cards,
                    total=hand.cards - took[hand.dealer],
                    dealer=game.players[hand.dealer],
                ),
            )
    record = with_last_hand_copied(game)
    raw = record["hands"][-1]
    raw["tricks"] = took
    # One penalty (the tricks screen's) or a list of them (the actions API's).
    given = [
        with_default_points(p, game)
        for p in (given_penalty if isinstance(given_penalty, list) else [given_penalty])
        if p
    ]
    if given:
        raw.setdefault("penalties", []).extend(given)
    payload = {"hand": len(game.hands) - 1, "tricks": took, "penalty": given[0] if given else None}
    if len(given) > 1:
        payload["penalties"] = given
    outcome = done(record, None, "tricks", payload, before=game)
    if game.rules.style.redeal_on_miss:
        return outcome._replace(message=_dealt_again(outcome.game, hand, took))
    return outcome


def _dealt_again(game, hand, took):
    """Say so when a cooperative hand was missed: it is dealt again at the same size."""
    missed = [game.players[s] for s, (b, t) in enumerate(zip(hand.bids, took)) if b is not None and b != t]
    if not missed:
        return None
    coming = upcoming(game)
    if coming:
        return said(
            "Missed by %(names)s. The hand is dealt again: %(dealer)s deals %(cards)s.",
            names=", ".join(missed),
            dealer=game.players[coming["dealer"]],
            cards=coming["cards"],
        )
    return said("Missed by %(names)s.", names=", ".join(missed))
