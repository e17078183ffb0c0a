"""The club's record of an export file put back (issue 40, decision 0039): in the import's last step, in its one
transaction with the games' rating, so the file's seasons, payments, events, evenings and members arrive with its
games or not at all (store/imports.py). The sections were checked whole before the first game was written
(store/club_checks.checked).

Ids are kept where they are free, as a game's are: a season, an event, a payment or an evening already here under
the same id with the same content is the file's own, imported before, and is left as it is; one under an id taken
by something else gets a new id, and what names it (a season's evenings and events, an event's games) follows.
What the file names but does not hold (a season's evening whose games were deleted) is kept as named; an evening or
an event's table whose game was left out of the file (edited by hand) does without it."""

import json
import secrets

from .club import _digest
from .db import dumps, new_id
from .merging import rekey
from .roster import keyer


def restore(db, club, games, evenings, joined, roster_before):
    """Write the club's record of the file. games: {file's game id: stored id} of every game of the file here
    (imported now or found already here); evenings: {file's evening id: stored id} of the evenings this import
    started, and joined: {stored evening id: its games in the order they joined it}; roster_before: the roster's
    keys before the import."""
    merged = _aliases(db, club)
    key_of = keyer(db)
    _evenings(db, club.evenings, games, evenings, joined)
    event_ids = _events(db, club.events, games)
    _seasons(db, club.seasons, evenings, event_ids)
    _payments(db, club.payments, key_of)
    for item in club.members:
        link_key = item.get("link_key") or new_id(24)
        db.execute(
            "insert or ignore into members (key, name, link_key, link_digest, created) values (?, ?, ?, ?, ?)",
            [key_of(item["name"]), item["name"], link_key, _digest(link_key), item["created"]],
        )
    for item in club.players:  # the roster's spelling and day of each name the import brought
        if key_of(item["name"]) not in roster_before:
            db.execute(
                "insert or replace into players (key, name, created) values (?, ?, ?)",
                [key_of(item["name"]), item["name"], item["created"]],
            )
    for item in club.payees:
        db.execute(
            "insert or ignore into payees (key, name, iban, holder, bic, updated) values (?, ?, ?, ?, ?, ?)",
            [
                key_of(item["name"]),
                item["name"],
                "".join(item["iban"].split()).upper(),
                item.get("holder"),
                item.get("bic") or None,
                item.get("updated"),
            ],
        )
    for item in club.iban_changes:
        row = [
            key_of(item["name"]),
            item["name"],
            item.get("by") or "",
            item.get("old"),
            item.get("new"),
            item["created"],
        ]
        if (
            db.execute(
                "select 1 from iban_changes where key = ? and name = ? and by = ? and old is ? and new is ? "
                "and created = ?",
                row,
            ).fetchone()
            is None
        ):
            db.execute("insert into iban_changes (key, name, by, old, new, created) values (?, ?, ?, ?, ?, ?)", row)
    if merged:  # the file's games were keyed by their spellings as typed: key them as the merges say
        db.execute(f"delete from players where key in ({', '.join('?' * len(merged))})", list(merged))
        rekey(db, list(merged), sorted(set(merged.values())))


def _aliases(db, club):
    """The file's merges (decision 0040) put back before anything is keyed: a spelling merged there is its player
    here. The games' rows, written by their chunks before the merges were known, are keyed again in `_merged`."""
    merged = {}
    for item in club.aliases:
        if db.execute(
            "insert or ignore into player_aliases (alias, key, created) values (?, ?, ?)",
            [item["alias"], item["key"], item["created"]],
        ).rowcount:
            merged[item["alias"]] = item["key"]
    for item in club.roster_changes:
        row = [item["kind"], item["old"], item["new"], item["created"]]
        if (
            db.execute(
                "select 1 from roster_changes where kind = ? and old = ? and new = ? and created = ?", row
            ).fetchone()
            is None
        ):
            db.execute("insert into roster_changes (kind, old, new, created) values (?, ?, ?, ?)", row)
    return merged


def link_next_games(db, entries, games, made):
    """A game imported now that moved on to another (games.next_game) sends its followers to that game here."""
    for entry in entries:
        here, following = games.get(entry.get("id")), games.get(entry.get("next_game"))
        if here in made and following is not None:
            db.execute("update games set next_game = ? where id = ?", [following, here])


def evening_began(db, item, stored):
    """An evening of the file was started here by its first game: it began, was last played, is dated and noted as
    the file says (in that game's chunk: the last step stays short; the later games only move `updated` on
    where it is earlier than they began, which it is not)."""
    db.execute(
        "update evenings set created = ?, updated = ?, date = ?, note = ? where id = ?",
        [item["created"], item.get("updated"), item.get("date"), item.get("note") or None, stored],
    )


def _evenings(db, items, games, evenings, joined):
    """Put the games of each evening this import started in the evening's order, where they did not join in it
    (games set up in the same second): the games are written in the order they were set up, so mostly none."""
    for item in items:
        stored = evenings.get(item["id"])
        have = joined.get(stored, [])
        order = [games[game_id] for game_id in item["games"] if games.get(game_id) in have]
        order += [game_id for game_id in have if game_id not in order]
        if order == have:
            continue
        db.execute("update evening_games set position = -position where evening_id = ?", [stored])
        for position, game_id in enumerate(order, start=1):
            db.execute("update evening_games set position = ? where game_id = ?", [position, game_id])


def _events(db, items, games):
    """Store the file's events, their log and which game plays which table; return {file's id: stored id}."""
    ids = {}
    for item in items:
        record = _renamed(item["record"], games)
        row = db.execute("select record from tournaments where id = ?", [item["id"]]).fetchone()
        if row is not None and json.loads(row[0]) == record:
            ids[item["id"]] = item["id"]  # imported before
            continue
        event_id = item["id"] if row is None else new_id(9)
        db.execute(
            "insert into tournaments (id, name, record, revision, director_key, created, updated) "
            "values (?, ?, ?, 1, ?, ?, ?)",
            [
                event_id,
                record.get("name"),
                dumps(record),
                item.get("director_key") or secrets.token_urlsafe(24),
                item["created"],
                item["updated"],
            ],
        )
        db.conn.executemany(
            "insert into tournament_log (tournament_id, seq, kind, payload, at) values (?, ?, ?, ?, ?)",
            [
                (event_id, seq, entry["kind"], dumps(entry.get("payload")), entry["at"])
                for seq, entry in enumerate(item["log"], start=1)
            ],
        )
        db.conn.executemany(
            "insert or replace into tournament_games (game_id, tournament_id, round, table_index) values (?, ?, ?, ?)",
            [
                (games[link["game"]], event_id, link["round"], link["table"])
                for link in item["tables"]
                if link["game"] in games
            ],
        )
        ids[item["id"]] = event_id
    return ids


def _renamed(record, games):
    """The event record with the games it names at their ids here; a table whose game the file does not hold has
    none (as an event's own import says: store/event_tables.py)."""
    record = json.loads(json.dumps(record))
    for rnd in record.get("rounds") or []:
        for table in rnd.get("tables") or []:
            if table.get("game") is not None:
                table["game"] = games.get(table["game"])
    if isinstance(record.get("void"), dict):
        record["void"] = {
            games.get(old, old): games.get(new, new) if new is not None else None for old, new in record["void"].items()
        }
    return record


def _seasons(db, items, evenings, events):
    for item in items:
        values = [
            item["name"].strip(),
            item["starts"],
            item["ends"],
            item.get("best") or None,
            dumps([evenings.get(evening, evening) for evening in item["evenings"]]),
            dumps([events.get(event, event) for event in item["events"]]),
            item["created"],
        ]
        row = db.execute(
            "select name, starts, ends, best, evenings, events, created from seasons where id = ?", [item["id"]]
        ).fetchone()
        if row is not None and list(row) == values:
            continue  # imported before
        db.execute(
            "insert into seasons (id, name, starts, ends, best, evenings, events, created) "
            "values (?, ?, ?, ?, ?, ?, ?, ?)",
            [item["id"] if row is None else new_id(9), *values],
        )


def _payments(db, items, key_of):
    for item in items:
        values = [
            key_of(item["from"]),
            key_of(item["to"]),
            item["from"],
            item["to"],
            item["cents"],
            item["currency"],
            item["paid_on"],
            item["recorded"],
            item.get("undone"),
        ]
        row = db.execute(
            "select payer, payee, payer_name, payee_name, cents, currency, paid_on, created, undone "
            "from money_payments where id = ?",
            [item["id"]],
        ).fetchone()
        if row is not None and list(row) == values:
            continue  # imported before
        db.execute(
            "insert into money_payments (id, payer, payee, payer_name, payee_name, cents, currency, paid_on, "
            "created, undone) values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
            [item["id"] if row is None else None, *values],
        )
