"""The backfills, and `migrate`, which brings a database file to this version.

A backfill (names b...) is data that only today's code can compute (the stored results and statuses, the
repairs of records beyond the limits (issue 10's, and issue 41's penalties), the habits, the ratings and the money), run after every schema step
(`store/migrations.py`), on today's schema, with today's code: the store's own writers, which is why it lives
apart from the frozen steps. `migrate` applies them all in one transaction, so a second process starting at the
same moment waits, then finds nothing pending. Every backfill is safe to run on a database whose steps ran
before the backfills existed (it recomputes results, and repairs only games without a note). The set is
recorded in `_sqlite_migrations` as "scorekeeper-backfill": never rename a recorded name.
"""

import json
import sqlite3
import time

from sqlite_utils.migrations import Migrations

from .. import rules
from ..rules.club import counting
from ..rules.game.repair import clamped, penalties_within
from . import generation
from .db import BUSY_SECONDS, connect, now
from .files import check_storage, create_private, mark_created
from .games import status
from .log import append_prepared, prepare, repair
from .migrations import migrations
from .money import keep_money
from .ratings import rebuild_ratings
from .results import store_habits, store_results

backfills = Migrations("scorekeeper-backfill")


@backfills()
def b003_results(db):
    """Store every game's status and results (m003's tables) as today's engine scores it.

    A record that no longer loads keeps its game, without results (b010 notes it).
    """
    for game_id, text, created in db.execute("select id, record, created from games").fetchall():
        try:
            loaded = rules.load(text)
        except rules.RecordError:
            continue
        db.execute("update games set status = ? where id = ?", [status(loaded), game_id])
        _store_results(db, game_id, loaded, created, status(loaded))


@backfills()
def b010_repairs(db):
    """Find stored records beyond the limits of issue 10 and repair them, or report the ones that cannot be.

    A non-finite or out-of-range number is what made pages fail for everyone. Where a record breaks
    a limit it is refused by rules.load; a note goes in `repairs`, and the numbers that can be are
    clamped (stake, payouts, penalties, starting totals) and stored as a `repair` event, so the game
    loads again. A game noted already is left as it is.
    """

    rows = db.execute("select id, record from games where id not in (select game_id from repairs)").fetchall()
    for game_id, text in rows:
        try:
            rules.load(text)
            continue
        except rules.RecordError as error:
            problem = str(error)
        except Exception as error:  # a record no version of the engine could read: report it
            problem = f"{type(error).__name__}: {error}"
        fixed = clamped(text)
        repaired = False
        if fixed is not None:
            try:
                rules.load(fixed)
                repaired = True
            except rules.RecordError:
                pass
        if repaired:
            repair(db, game_id, problem, fixed)
        db["repairs"].insert({"game_id": game_id, "problem": problem, "repaired": int(repaired), "created": now()})


@backfills()
def b043_habits(db):
    """Store every game's bidding habits (m043's table) as today's engine counts them."""
    for game_id, text in db.execute("select id, record from games").fetchall():
        try:
            loaded = rules.load(text)
        except rules.RecordError:
            continue
        store_habits(db, game_id, rules.score(loaded), loaded.rules.hooked_from)


@backfills()
def b053_player_keys(db):
    """Match players by today's key (rules.name_key: NFC, invisible characters removed, casefolded), not
    only trimmed and casefolded: the roster, and the results of every game whose names' keys changed."""

    def old_key(name):
        return str(name).strip().casefold()

    for key, name, created in db.execute("select key, name, created from players order by created").fetchall():
        if key != rules.name_key(name):  # the earliest of the same player's names stays on the roster
            db.execute("delete from players where key = ?", [key])
            db.execute(
                "insert or ignore into players (key, name, created) values (?, ?, ?)",
                [rules.name_key(name), name, created],
            )
    for game_id, text, created, state in db.execute("select id, record, created, status from games").fetchall():
        try:
            players = json.loads(text)["players"]
            if all(old_key(name) == rules.name_key(name) for name in players):
                continue
            loaded = rules.load(text)
        except (ValueError, TypeError, KeyError):  # RecordError is a ValueError: a damaged game keeps its results
            continue
        _store_results(db, game_id, loaded, created, state)


@backfills()
def b080_ratings(db):
    """Rate every finished game (m080's tables) from the stored results, in the order of their last writes, and
    note what each finished staked game's settlement moves between its players."""

    rebuild_ratings(db)
    for game_id, text, state in db.execute("select id, record, status from games where status = 'finished'"):
        try:
            loaded = rules.load(text)
        except rules.RecordError:
            continue
        keep_money(db, game_id, loaded, rules.score(loaded), state)


@backfills()
def b090_event_tables_move_no_money(db):
    """An event's table moves no money (issue 40): a table's game that still carries a stake (a WPOHL table took
    the Prospect preset's) is settled by none, stake 0, as a `settlement` entry of its history (the table's
    lock does not apply: the stake is no part of the event's result)."""
    rows = db.execute(
        "select g.id, g.record, g.revision from games g join tournament_games t on t.game_id = g.id order by g.id"
    ).fetchall()
    for game_id, text, revision in rows:
        try:
            loaded = rules.load(text)
        except rules.RecordError:
            continue
        if not loaded.rules.stake and loaded.rules.settlement == rules.SETTLEMENTS.default.id:
            continue
        outcome = rules.actions.settle_by(loaded, rules.SETTLEMENTS.default.id, 0)
        kind, payload = outcome.entry
        append_prepared(
            db,
            game_id,
            kind,
            payload,
            outcome.record,
            revision,
            prepare(db, game_id, outcome.record, revision),
            free=True,
        )


@backfills()
def b091_money_by_pairs(db):
    """The money between regulars as each game settled, pair by pair (issue 40): every finished game's money rows
    again (a pairwise game's pair amounts, not its fewest payments), and the payments' and payees' players under
    the same-player key (rules.name_key) the roster uses."""
    for game_id, text, state in db.execute("select id, record, status from games where status = 'finished'"):
        try:
            loaded = rules.load(text)
        except rules.RecordError:
            continue
        keep_money(db, game_id, loaded, rules.score(loaded), state)
    for payment_id, payer, payee in db.execute("select id, payer_name, payee_name from money_payments").fetchall():
        db.execute(
            "update money_payments set payer = ?, payee = ? where id = ?",
            [rules.name_key(payer), rules.name_key(payee), payment_id],
        )
    for key, name, updated in db.execute("select key, name, updated from payees").fetchall():
        new = rules.name_key(name)
        if key == new:
            continue
        kept = db.execute("select updated from payees where key = ?", [new]).fetchone()
        if kept and kept[0] >= updated:  # the IBAN given last under the same player stays
            db.execute("delete from payees where key = ?", [key])
        else:
            db.execute("update or replace payees set key = ? where key = ?", [new, key])


@backfills()
def b092_penalty_reasons(db):
    """Bring stored penalties within issue 41's limits, so their games load again: a reason of at most
    limits.MAX_REASON characters on one line (the first line, cut), at most limits.MAX_PENALTIES on a hand.

    Each game changed gets a `repair` entry, as b010's do, and a note in `repairs`; one that still cannot be read
    (or plays a locked event table) keeps its record and is noted as not repaired."""
    for game_id, text in db.execute("select id, record from games where instr(record, '\"penalties\"')").fetchall():
        fixed = penalties_within(text)
        if fixed is None:
            continue
        try:
            repair(db, game_id, "penalties beyond the limits (issue 41)", fixed)
            repaired = True
        except rules.RecordError:
            repaired = False
        db["repairs"].insert(
            {
                "game_id": game_id,
                "problem": "penalties beyond the limits (issue 41)",
                "repaired": int(repaired),
                "created": now(),
            }
        )


@backfills()
def b093_what_counts(db):
    """What counts, decided once (rules/club/counting.py, issue 40): every game's stored results again, with only the
    players dealt into a hand, their places among themselves, bids made over the hands they were dealt into, and
    abandoned and cooperative games off every player's record; the players' summaries summed again from them; the
    ratings rated again and every finished game's money rows again (a player never dealt in pays nothing)."""
    for table in ("player_summary", "player_results", "game_results"):
        db.execute(f"delete from {table}")
    rows = db.execute("select id, record, created, status, updated from games").fetchall()
    for game_id, text, created, state, updated in rows:
        try:
            loaded = rules.load(text)
        except rules.RecordError:
            continue
        _store_results(db, game_id, loaded, created, state, updated)
    rebuild_ratings(db)
    for game_id, text, state in db.execute("select id, record, status from games where status = 'finished'"):
        try:
            loaded = rules.load(text)
        except rules.RecordError:
            continue
        keep_money(db, game_id, loaded, rules.score(loaded), state)


@backfills()
def b094_one_name_key(db):
    """One name key everywhere (rules.game.names.name_key, issue 40: the spaces between words collapsed too): the
    roster, the payments and the payees under it (the results and ratings were keyed again by b093)."""
    for key, name, created in db.execute("select key, name, created from players order by created").fetchall():
        if key != rules.name_key(name):
            db.execute("delete from players where key = ?", [key])
            db.execute(
                "insert or ignore into players (key, name, created) values (?, ?, ?)",
                [rules.name_key(name), name, created],
            )
    for payment_id, payer, payee in db.execute("select id, payer_name, payee_name from money_payments").fetchall():
        db.execute(
            "update money_payments set payer = ?, payee = ? where id = ?",
            [rules.name_key(payer), rules.name_key(payee), payment_id],
        )
    for key, name, updated in db.execute("select key, name, updated from payees").fetchall():
        new = rules.name_key(name)
        if key == new:
            continue
        kept = db.execute("select updated from payees where key = ?", [new]).fetchone()
        if kept and kept[0] >= updated:
            db.execute("delete from payees where key = ?", [key])
        else:
            db.execute("update or replace payees set key = ? where key = ?", [new, key])


def _store_results(db, game_id, loaded, created, state, finished_at=None):
    """Store the game's results as rules.club.counting counts it (its status as stored)."""
    scored = rules.score(loaded)
    store_results(
        db,
        game_id,
        scored,
        created,
        loaded.rules.hooked_from,
        counted=counting.counted(loaded, scored, abandoned=state == "abandoned"),
        finished_at=finished_at,
    )


# ---- applying them ----------------------------------------------------------------------------------


def migrate(path):
    """Switch the database to WAL and apply every pending step and backfill, waiting out another process doing so."""
    deadline = time.monotonic() + 2 * BUSY_SECONDS
    while True:
        try:
            return _migrate(path)
        except sqlite3.OperationalError as error:
            # Switching to WAL takes the file whole, and SQLite answers "locked" at once instead of
            # waiting while a second server starting at the same moment holds it: try again shortly.
            if "locked" not in str(error) or time.monotonic() > deadline:
                raise
            time.sleep(0.05)


def _migrate(path):
    check_storage(path)
    create_private(path)
    db = connect(path, create=True)
    try:
        db.enable_wal()
        # One transaction for them all: a second process starting at the same moment waits, then
        # finds nothing pending (each migration is a savepoint inside it).
        with db.atomic():
            migrations.ensure_migrations_table(db)
            converted = db["events"].exists() and "m003_actions_and_results" in {m.name for m in migrations.pending(db)}
            # Steps applied to a database that servers may be reading: what they keep is of the old one.
            changes_kept = db["generation"].exists() and bool(migrations.pending(db) or backfills.pending(db))
            migrations.apply(db)
            backfills.apply(db)
            if changes_kept:
                generation.bump(db)
        if converted:
            db.vacuum()  # give back the space of the full copies the old log held
    finally:
        db.close()
    mark_created(path)


@backfills()
def b161_habits_from_hook_from(db):
    """Count the bidding habits again of every game whose hook applies only from some hand size on (rules.hook_from
    above 1): before, its smaller hands counted the dealer as hooked."""
    for game_id, text in db.execute("select id, record from games where instr(record, '\"hook_from\"')").fetchall():
        try:
            loaded = rules.load(text)
        except rules.RecordError:
            continue
        if loaded.rules.hook_applies and loaded.rules.hook_from > 1:
            store_habits(db, game_id, rules.score(loaded), loaded.rules.hooked_from)
