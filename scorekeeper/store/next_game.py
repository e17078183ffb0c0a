"""The next game at a table: stored with the game before naming it, its followers and seat links moving on."""

import json

from .new_games import create_game
from .seat_links import carry_seat_keys


def create_next_game(db, game_id, record, evening_id=None, recognised=True):
    """Store the next game at the same table as game_id's; its followers and seat links move on to it.

    Return (id, edit_key). The finished game names its next game (its followers' poll says so), and each
    player who held a seat link gets one in the next game. recognised: as create_game's (the phone that starts
    it decides, not the game before)."""
    with db.atomic():
        before = db.execute("select record from games where id = ?", [game_id]).fetchone()
        next_id, edit_key = create_game(db, record, evening_id, recognised=recognised)
        db.execute("update games set next_game = ? where id = ?", [next_id, game_id])
        if before is not None:
            players = json.loads(before[0]).get("players") or []
            carry_seat_keys(db, game_id, next_id, players, list(record["players"]))
    return next_id, edit_key
