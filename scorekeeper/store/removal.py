"""Games the table is done with (issue 17): abandoned (kept, off the home page's lists, undoable) or deleted.

An abandoned game keeps everything; its status is 'abandoned' until it is restored, or until the
scorekeeper writes to it again (every write stores the status the game's hands give). Deleting takes
the game out of every table that names it (a tournament's tables and bidding habits too; a game that moved
on to it no longer names it), its results out of the players' summaries, and its evening
when that was the evening's only game.
"""

from .. import rules
from . import generation
from .events import refuse_events_game
from .games import UnknownGame, get_game, status
from .money import counted_here, keep_money
from .ratings import game_entry, keep_ratings
from .results import _add_to_summaries, store_results

ABANDONED = "abandoned"


def abandon_game(db, game_id):
    """Mark the game abandoned: it leaves the lists of games in progress and finished."""
    with db.atomic():
        refuse_events_game(db, game_id)  # an event's table is the director's: the event counts it
        game = get_game(db, game_id)
        if game is None or db.execute("update games set status = ? where id = ?", [ABANDONED, game_id]).rowcount != 1:
            raise UnknownGame(game_id)
        _recount(db, game, ABANDONED)


def restore_game(db, game_id):
    """Take back the abandonment: the game's status is again the one its hands give."""
    with db.atomic():
        refuse_events_game(db, game_id)
        game = get_game(db, game_id)
        if game is None:
            raise UnknownGame(game_id)
        state = status(rules.load(game["record"]))
        db.execute("update games set status = ? where id = ?", [state, game_id])
        _recount(db, game, state)


def _recount(db, game, state):
    """Bring what the game counts for (its results, players' pages, rating and money) to its new status."""
    loaded = rules.load(game["record"])
    scored = rules.score(loaded)
    counted = counted_here(db, game["id"], loaded, scored, state)
    store_results(
        db, game["id"], scored, game["created"], loaded.rules.hooked_from, counted=counted, finished_at=game["updated"]
    )
    keep_ratings(db, game["id"], game_entry(loaded, scored, state, counted), game["updated"])
    keep_money(db, game["id"], loaded, scored, state, counted)


def game_tables(db):
    """Every table that names games by a game_id column (a table added later included), but games itself."""
    return [table for table in db.table_names() if table != "games" and "game_id" in db[table].columns_dict]


def delete_game(db, game_id, tables=None):
    """Delete the game and everything stored about it; its evening too when it was its only game. tables: the
    game_tables(db) of a caller that deletes many (read once)."""
    with db.atomic():
        refuse_events_game(db, game_id)  # the event would name a game that is gone
        row = db.execute("select evening_id from evening_games where game_id = ?", [game_id]).fetchone()
        if db.execute("select 1 from games where id = ?", [game_id]).fetchone() is None:
            raise UnknownGame(game_id)
        _add_to_summaries(db, game_id, -1)
        keep_ratings(db, game_id, None, None)
        # Every table that names games by a game_id column (a table added later included), then the game.
        for table in game_tables(db) if tables is None else tables:
            db.execute(f"delete from [{table}] where game_id = ?", [game_id])
        # A finished game that moved on to this one no longer sends its followers here.
        db.execute("update games set next_game = null where next_game = ?", [game_id])
        db.execute("delete from games where id = ?", [game_id])
        generation.bump(db)  # an older export may come back under this id, at revisions it had before
        if row and db.execute("select 1 from evening_games where evening_id = ?", [row[0]]).fetchone() is None:
            db.execute("delete from evenings where id = ?", [row[0]])
