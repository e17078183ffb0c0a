"""Seat links: a key per seat of a game (table `seat_keys`), as strong as the edit key, for that seat's own bids
(issue 11); carried to the next game at the table by name."""

import secrets

from .db import key_matches, now


def seat_keys(db, game_id):
    """Return the game's seat keys by seat."""
    return {
        seat: key
        for seat, key in db.execute(
            "select seat, key from seat_keys where game_id = ? order by seat", [game_id]
        ).fetchall()
    }


def make_seat_keys(db, game_id, seats):
    """Give every seat listed a key of its own (as strong as the edit key), keeping keys already given."""
    with db.atomic():
        for seat in seats:
            db.execute(
                "insert or ignore into seat_keys (game_id, seat, key, created) values (?, ?, ?, ?)",
                [game_id, seat, secrets.token_urlsafe(24), now()],
            )
    return seat_keys(db, game_id)


def offer_seats_too(db, game_id, seats):
    """Give these seats keys too where the game's seats already have links (a late arrival); else nothing."""
    with db.atomic():
        if seat_keys(db, game_id):
            make_seat_keys(db, game_id, seats)
    return seat_keys(db, game_id)


def carry_seat_keys(db, game_id, next_id, players_before, players_after):
    """Give each player who held a seat link in a game a new key in the next game (matched by name)."""
    seats = [
        players_after.index(players_before[seat])
        for seat in seat_keys(db, game_id)
        if seat < len(players_before) and players_before[seat] in players_after
    ]
    if seats:
        make_seat_keys(db, next_id, seats)


def withdraw_seat_keys(db, game_id):
    """Withdraw every seat key of the game: those links write nothing from now on."""
    with db.atomic():
        db.execute("delete from seat_keys where game_id = ?", [game_id])


def seat_of_key(db, game_id, key):
    """Return the seat whose key this is, or None."""
    for seat, known in seat_keys(db, game_id).items():
        if key_matches(key, known):
            return seat
    return None
