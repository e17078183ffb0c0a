"""The owner's answer to a game the club does not recognise yet (issue 41): accept it into the club's record, or
leave it out; its ratings follow at once (store/club.py says what the record holds)."""

from .. import rules
from .club import RECOGNISED
from .games import get_game, status
from .ratings import game_entry, keep_ratings


def set_recognised(db, game_id, value):
    """Accept a game into the club's record (RECOGNISED) or leave it out (LEFT_OUT), in one transaction with its
    ratings; return whether the game exists. Its money, seasons and players' pages follow from the predicate."""
    with db.atomic():
        game = get_game(db, game_id)
        if game is None:
            return False
        db.execute("update games set recognised = ? where id = ?", [value, game_id])
        if game["status"] == "finished":
            loaded = rules.load(game["record"])
            entry = game_entry(loaded, rules.score(loaded), status(loaded)) if value == RECOGNISED else None
            keep_ratings(db, game_id, entry, game["updated"])
    return True
