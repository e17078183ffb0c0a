"""Sealed bids: a bid kept secret until the reveal (table `sealed_bids`), stored with the record that names the seat
as having bid, and the action id that sealed it."""

from .applied_taps import claim_action
from .db import now
from .log import append_prepared, prepare


def seal_bid(
    db,
    game_id,
    action_id,
    hand,
    seat,
    bid,
    blind,
    record,
    revision,
    loaded=None,
    generation_number=None,
    digest=None,
    tapped=None,
):
    """Keep a bid secret until the reveal, and store record (which names the seat as having bid)."""
    prepared = prepare(db, game_id, record, revision, loaded, generation_number)
    with db.atomic():
        if action_id:
            claim_action(db, game_id, action_id, revision + 1, digest)
        db.execute(
            "insert or replace into sealed_bids (game_id, hand, seat, bid, blind, created) values (?, ?, ?, ?, ?, ?)",
            [game_id, hand, seat, bid, int(bool(blind)), now()],
        )
        return append_prepared(
            db, game_id, "sealed", {"hand": hand, "seat": seat}, record, revision, prepared, tapped=tapped
        )


def sealed_bids(db, game_id, hand):
    """Return the hand's sealed bids: {seat: (bid, blind)}."""
    rows = db.execute(
        "select seat, bid, blind from sealed_bids where game_id = ? and hand = ?", [game_id, hand]
    ).fetchall()
    return {seat: (bid, bool(blind)) for seat, bid, blind in rows}
