"""A game comes into the store: created (`create_game`: a table starts it, an event's round seats it) or brought
in from an export file (`import_game`), with its first entry (or its whole history), its evening, its results,
ratings and money.

Apart from store/log.py, which changes a game already stored and undoes its entries: starting a game's log and
writing on it are two jobs, and together, laid out by the formatter, they passed the ~400 lines a module keeps.
"""

import secrets

from .. import rules
from scorekeeper.rules.game.changes import diff
from .club import RECOGNISED, WAITING
from .db import dumps, new_id, now
from .evenings import evening_exists, join_evening, remember_players
from .games import status
from .money import counted_here, keep_money, plays_event_table
from .ratings import game_entry, keep_ratings
from .results import store_results


def create_game(db, record, evening_id=None, created=None, recognised=True):
    """Store a new game from a valid record; return (id, edit_key).

    recognised: whether the club recognises it at once (started by the owner or a member's phone, an event's
    table); a stranger's game (False) waits in the owner's "to accept" list, out of the club's record.

    The game starts a new evening unless evening_id names the evening it continues;
    created (an ISO date) keeps the date of an imported game. The rules are completed first
    (rules.completed_rules: a variable bonus keeps its M); the record stored is the completed one.
    """
    loaded = rules.load(record, new=True)  # keys this app does not know are bounded here; an import keeps them whole
    completed = rules.completed_rules(record, loaded)
    if completed is not record:
        record, loaded = completed, rules.load(completed)
    scored = rules.score(loaded)
    game_id, edit_key, when = new_id(12), secrets.token_urlsafe(24), created or now()
    with db.atomic():
        db.execute(
            "insert into games (id, edit_key, record, revision, status, created, updated, recognised) "
            "values (?, ?, ?, 1, ?, ?, ?, ?)",
            [game_id, edit_key, dumps(record), status(loaded), when, when, RECOGNISED if recognised else WAITING],
        )
        db.execute(
            "insert into events (game_id, seq, revision, kind, payload, change, undone, created) "
            "values (?, 1, 1, 'create', '{}', ?, 0, ?)",
            [game_id, dumps(diff({}, record)), when],
        )
        join_evening(db, game_id, evening_id, when)
        remember_players(db, record["players"], when)
        counted = counted_here(db, game_id, loaded, scored, status(loaded))
        store_results(db, game_id, scored, when, loaded.rules.hooked_from, counted=counted, finished_at=when)
        if scored["finished"]:  # a new game has no rating or money rows to change before it finishes
            keep_ratings(db, game_id, game_entry(loaded, scored, status(loaded), counted), when)
            keep_money(db, game_id, loaded, scored, status(loaded), counted)
    return game_id, edit_key


def import_game(
    db,
    record,
    created=None,
    evening_id=None,
    new_evening_id=None,
    game_id=None,
    edit_key=None,
    history=None,
    loaded=None,
    results=None,
    scored=None,
    abandoned=False,
    rate=True,
    recognised=True,
    about=(None, None),
    updated=None,
    finished=None,
    counted=None,
    id_free=False,
):
    """Store an exported game; return (id, edit_key). Call inside db.atomic() with the others of its file.

    The game keeps its id and edit key when given and the id is free (so its links stay the same),
    and its whole history when `history` is given; it joins evening_id, or starts an evening with
    new_evening_id when that id is free, else a new one. loaded, results and scored: the record loaded, its
    results_of and its score, when worked out already (before the transaction). An abandoned game stays
    abandoned; a game exported out of the club's record (`recognised` False) waits in the owner's list again.
    about: the evening's date and note, for an evening it starts. rate=False leaves the ratings to a rebuild once
    the whole file is in (store.rebuild_ratings). updated: when the game was last written (else its history's last
    entry); finished: the rating order's mark of when it first finished, which dates it (store/days.py).
    counted: rules.club.counting.counted of the game as a game at no event's table, when worked out already (with
    results and scored: the import's work before its chunk). id_free: game_id is known to name no game (the import
    looked it up already).
    """
    loaded = loaded or rules.load(record)
    when = created or now()
    # An id is kept only when free: if it named a game before, deleting that game started a new generation, so
    # nothing kept of it is found again (store/generation.py).
    if not game_id or not id_free and db.execute("select 1 from games where id = ?", [game_id]).fetchone():
        game_id, edit_key = new_id(12), None
    edit_key = edit_key or secrets.token_urlsafe(24)
    events_in = history or [
        {
            "seq": 1,
            "revision": 1,
            "kind": "create",
            "payload": {},
            "change": diff({}, record),
            "undone": 0,
            "created": when,
        }
    ]
    last_written = updated or events_in[-1]["created"] or when
    state = "abandoned" if abandoned else status(loaded)
    db.execute(
        "insert into games (id, edit_key, record, revision, status, created, updated, recognised) "
        "values (?, ?, ?, ?, ?, ?, ?, ?)",
        [
            game_id,
            edit_key,
            dumps(record),
            len(events_in),
            state,
            when,
            last_written,
            RECOGNISED if recognised else WAITING,
        ],
    )
    db.conn.executemany(
        "insert into events (game_id, seq, revision, kind, payload, change, undone, created) "
        "values (?, ?, ?, ?, ?, ?, ?, ?)",
        [
            (
                game_id,
                event["seq"],
                event["revision"],
                event["kind"],
                dumps(event["payload"]),
                dumps(event["change"]),
                event["undone"],
                event["created"] or when,
            )
            for event in events_in
        ],
    )
    if evening_id is None and new_evening_id and not evening_exists(db, new_evening_id):
        db.execute(
            "insert into evenings (id, created, updated, date, note) values (?, ?, ?, ?, ?)",
            [new_evening_id, when, when, *about],
        )
        evening_id = new_evening_id
    join_evening(db, game_id, evening_id, when)
    remember_players(db, record["players"], when)
    scored = scored or rules.score(loaded)
    if counted is None or (loaded.rules.stake and plays_event_table(db, game_id)):
        counted = counted_here(db, game_id, loaded, scored, state)
    finished_at = finished[:32] if finished else last_written  # as days.day_of reads a rating's mark
    if results is None:
        store_results(db, game_id, scored, when, loaded.rules.hooked_from, counted=counted, finished_at=finished_at)
    else:  # a new game: no results stored yet
        store_results(
            db, game_id, None, when, results=results, stored=(None, {}, {}), finished_at=finished_at, fresh=True
        )
    if status(loaded) == "finished":
        if rate:
            keep_ratings(db, game_id, game_entry(loaded, scored, state, counted), last_written)
        keep_money(db, game_id, loaded, scored, state, counted, new=True)
    return game_id, edit_key
