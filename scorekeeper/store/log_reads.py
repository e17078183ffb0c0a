"""A game's history read back: a page of its entries for History (`history`), or all of it with the game's row
for an export (`full_history`).

Apart from store/log.py, which writes the entries: the reads need none of the write path.
"""

import json

from scorekeeper.rules.game.changes import ENTRY_FIELDS, apply
from .games import parse_record


def history(db, game_id, records=False, count=None, skip=0):
    """Return the game's history in order: payloads and changes as dicts.

    With records, each event also carries the record it produced (replayed from the creation). count and skip:
    only `count` entries, after the first `skip` (a page of History).
    """
    sql = (
        "select id, game_id, seq, revision, kind, payload, change, undone, created from events "
        "where game_id = ? order by seq limit ? offset ?"
    )
    log = [
        dict(row, payload=json.loads(row["payload"]), change=json.loads(row["change"]))
        for row in db.query(sql, [game_id, -1 if count is None else count, skip])
    ]
    if records:
        record = {}
        for event in log:
            record = event["record"] = apply(record, event["change"])
    return log


def full_history(db, game_id):
    """Return the game's row (edit key included) and its whole history, as stored: for exports."""
    row = db.execute(
        "select id, edit_key, record, revision, status, created, updated, recognised from games where id = ?", [game_id]
    ).fetchone()
    if row is None:
        return None
    game = dict(zip(("id", "edit_key", "record", "revision", "status", "created", "updated", "recognised"), row))
    game["record"] = parse_record(game_id, game["record"])
    game["history"] = [{key: entry[key] for key in ENTRY_FIELDS} for entry in history(db, game_id)]
    return game
