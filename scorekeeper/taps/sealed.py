"""Bids made all at once from the seat phones (rules/bids/sealed.py): each bid sealed as it comes, all revealed
when the last one is in, or when the scorekeeper reveals them."""

from scorekeeper import rules, store
from scorekeeper.rules import RecordError, WrongStep
from scorekeeper.rules.bids import sealed
from scorekeeper.text.words import _, word
from .answers import answer
from .body import bids_by_seat


def sealed_bid(loaded, seat, amount, blind):
    """Seal the bid; when it is the last one awaited, reveal them all."""
    outcome = sealed.seal(loaded, seat, amount, blind)
    return outcome._replace(entry=("sealed", dict(outcome.entry[1], bid=amount, blind=blind)))


def reveal(tap, bids=None, blinds=None):
    """The scorekeeper's reveal: the sealed bids, and any the body sets (`bids`, an object by seat; `blinds`, the
    seats among them bid blind)."""
    loaded = tap.loaded
    hand = rules.actions.current_hand(loaded)
    if hand is None or not rules.actions.bids_all_at_once(loaded):
        raise WrongStep("hands", _("there are no bids to reveal: this game changed on another phone"))
    kept = store.sealed_bids(tap.db, tap.game_id, len(loaded.hands) - 1)
    return sealed.reveal(loaded, kept, bids_by_seat(bids, loaded), blinds or ())


def reveal_when_all_in(tap, revision, outcome):
    """After a seal (the game now at `revision`): reveal every bid when nobody else is awaited; a refused reveal
    leaves them sealed."""
    db, game_id = tap.db, tap.game_id
    if sealed.waiting_for(outcome.game):
        return answer(db, game_id, word(outcome.message))
    kept = store.sealed_bids(db, game_id, len(outcome.game.hands) - 1)
    try:
        shown = sealed.reveal(outcome.game, kept)
        store.append_entry(db, game_id, *shown.entry, shown.record, revision)
    except RecordError as error:
        return answer(
            db,
            game_id,
            _(
                "Everyone has bid, but the bids cannot stand: %(why)s The scorekeeper enters them again.",
                why=word(error.message),
            ),
        )
    except store.StaleRevision:
        return answer(db, game_id, word(outcome.message))
    return answer(db, game_id, _("Everyone has bid: the bids are revealed."))
