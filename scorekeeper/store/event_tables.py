"""An event written with the games of its tables, in one transaction: an imported event, and a director's change
that starts tables (a round drawn, a table reseated) or voids the games no table plays any more."""

from scorekeeper.rules import events
from scorekeeper.rules.money.ledger import without_money
from .events import create_event, update_event, void_game
from .games import StaleRevision
from .new_games import create_game


class TablesMoved(StaleRevision):
    """A table's game was written after the director's action read it (a hand undone while the director
    confirmed): nothing is stored. `tables`: [(round, table)] of the games that moved, both from 1."""

    def __init__(self, event_id, tables):
        super().__init__(event_id)
        self.tables = tables


def _refuse_moved(db, event_id, games_at):
    """Raise TablesMoved when a game the action was worked out from is no longer at the revision it read (or is
    gone); inside the write's transaction, so no table writes between this check and the event's write."""
    if not games_at:
        return
    ids = list(games_at)
    now_at = dict(
        db.execute(f"select id, revision from games where id in ({', '.join('?' * len(ids))})", ids).fetchall()
    )
    moved = [game_id for game_id, revision in games_at.items() if now_at.get(game_id) != revision]
    if moved:
        where = db.execute(
            f"select round, table_index from tournament_games where tournament_id = ? and game_id in "
            f"({', '.join('?' * len(moved))}) order by round, table_index",
            [event_id, *moved],
        )
        raise TablesMoved(event_id, [(round_index + 1, table_index + 1) for round_index, table_index in where])


def import_event(db, record, found):
    """Store an exported event and each of its inline games, named at its table; return (event id, key).

    found: (round index, table index, game record) for each inline game. A game the engine refuses raises its
    RecordError, and nothing is stored."""
    links = []
    with db.atomic():
        for round_index, table_index, game in found:
            # An event's tables move no money: a file's game that carries a stake is stored without it.
            game_id, _key = create_game(db, {**game, "rules": without_money(game.get("rules") or {})})
            record["rounds"][round_index]["tables"][table_index]["game"] = game_id
            links.append((game_id, round_index, table_index))
        for rnd in record.get("rounds") or []:
            for table in rnd["tables"]:
                if not any(game_id == table.get("game") for game_id, _r, _t in links):
                    table["game"] = None  # a game the file does not carry is not known here
        return create_event(db, record, ("import", {"games": len(found)}), links=links)


def store_event_change(db, event_id, record, revision, log, new_game, voided, games_at=None):
    """Store the event's new record at revision + 1 with its log entry; each table without a game starts one
    (new_game(seats, round index, table index) gives its record), and a voided game sends its table on to the
    one that takes its place.

    voided: {(round index, table index): the game no table plays any more}. games_at: {game id: revision} of the
    games the action was worked out from; any of them written since is refused (TablesMoved), as a stale
    event revision is (StaleRevision): the director's action and a table's write never cross."""
    voided = dict(voided)
    with db.atomic():
        _refuse_moved(db, event_id, games_at or {})
        links = []
        for round_index, rnd in enumerate(record.get("rounds") or []):
            for table_index, table in enumerate(rnd["tables"]):
                if table.get("game") is None:
                    game_id, _key = create_game(db, new_game(table["seats"], round_index, table_index))
                    record = events.link_game(record, round_index, table_index, game_id).record
                    links.append((game_id, round_index, table_index))
                    old = voided.pop((round_index, table_index), None)
                    if old is not None:
                        record.setdefault("void", {})[old] = game_id
                        void_game(db, old, game_id)
        for old in voided.values():  # no table plays on in its place
            record.setdefault("void", {})[old] = None
        update_event(db, event_id, record, revision, log, links)
