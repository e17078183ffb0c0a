"""What a tap is answered with: the game as it stands (revision, the screen the table is on, the scored game,
who has bid in secret)."""

from scorekeeper import rules, store
from scorekeeper.rules.bids import sealed
from scorekeeper.text.words import _
from .body import Refused


def answer(db, game_id, message=None):
    """The game as it stands: revision, the screen the table is on, the scored game, who has bid in secret."""
    return answer_of(*store.scored_game(db, game_id), message)


def answer_of(game, loaded, scored, message=None):
    """The answer for a game already read and scored."""
    return {
        "revision": game["revision"],
        "step": rules.step(loaded),
        "game": scored,
        "message": message,
        "sealed": sealed.sealed_seats(loaded),
    }


def seen(tap, found):
    """The answer to an action id applied before: the game as it stands, or 422 when its body was another."""
    if found[1] is not None and found[1] != tap.digest:
        raise Refused(
            422,
            _(
                "This tap's id was used for another tap: reload the page and tap again (each tap "
                "needs an id of its own)."
            ),
            "id",
        )
    return 200, answer(tap.db, tap.game_id)
