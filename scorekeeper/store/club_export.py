"""The club's record beside its games in the JSON export (issue 40, version 2 of "scorekeeper-games"): evenings,
events, seasons, payments (undone ones too), members and the roster; in the owner's full backup (`export
--with-keys`) also the secrets: members' link keys, the events' director keys, the payees' IBANs and the IBAN log.

Every section is written in a fixed order of fields it stores (never the order rows happen to lie in the file), so
that an export imported into a fresh instance exports again byte for byte (decision 0039). An import checks every
section whole before it writes anything (store/club_checks.py, naming the field at fault: `seasons[0].ends: ...`);
the restoring is store/club_import.py's."""

import json

SECTIONS = ("evenings", "events", "seasons", "payments", "members", "players", "aliases", "roster_changes")
SECRET_SECTIONS = ("payees", "iban_changes")


def sections(db, with_keys=False, exported=None):
    """Yield (name, list) of every section of the club's record, in the file's order; `exported`: the ids of the
    games the file holds (an evening or an event lists only those)."""
    exported = exported if exported is not None else {row[0] for row in db.execute("select id from games")}
    yield "evenings", _evenings(db, exported)
    yield "events", _events(db, with_keys, exported)
    yield (
        "seasons",
        [
            dict(
                id=row[0],
                name=row[1],
                starts=row[2],
                ends=row[3],
                best=row[4],
                evenings=json.loads(row[5] or "[]"),
                events=json.loads(row[6] or "[]"),
                created=row[7],
            )
            for row in db.execute(
                "select id, name, starts, ends, best, evenings, events, created from seasons order by created, id"
            )
        ],
    )
    yield (
        "payments",
        [
            {
                "id": row[0],
                "from": row[1],
                "to": row[2],
                "cents": row[3],
                "currency": row[4],
                "paid_on": row[5],
                "recorded": row[6],
                "undone": row[7],
            }
            for row in db.execute(
                "select id, payer_name, payee_name, cents, currency, paid_on, created, "
                "undone from money_payments order by id"
            )
        ],
    )
    yield (
        "members",
        [
            dict(name=row[0], created=row[1], **({"link_key": row[2]} if with_keys else {}))
            for row in db.execute("select name, created, link_key from members order by created, key")
        ],
    )
    yield (
        "players",
        [{"name": row[0], "created": row[1]} for row in db.execute("select name, created from players order by key")],
    )
    # The owner's merges (decision 0040): which key each merged spelling's key is now, and the roster's log.
    yield (
        "aliases",
        [
            {"alias": row[0], "key": row[1], "created": row[2]}
            for row in db.execute("select alias, key, created from player_aliases order by alias")
        ],
    )
    yield (
        "roster_changes",
        [
            {"kind": row[0], "old": row[1], "new": row[2], "created": row[3]}
            for row in db.execute("select kind, old, new, created from roster_changes order by number")
        ],
    )
    if with_keys:
        yield (
            "payees",
            [
                {"name": row[0], "iban": row[1], "holder": row[2], "bic": row[3], "updated": row[4]}
                for row in db.execute("select name, iban, holder, bic, updated from payees order by key")
            ],
        )
        yield (
            "iban_changes",
            [
                {"name": row[0], "by": row[1], "old": row[2], "new": row[3], "created": row[4]}
                for row in db.execute("select name, by, old, new, created from iban_changes order by id")
            ],
        )


def _evenings(db, exported):
    found = []
    for evening_id, created, updated, date, note in db.execute(
        "select id, created, updated, date, note from evenings order by created, id"
    ).fetchall():
        games = [
            game_id
            for (game_id,) in db.execute(
                "select game_id from evening_games where evening_id = ? order by position", [evening_id]
            )
            if game_id in exported
        ]
        if games:
            found.append(
                {"id": evening_id, "created": created, "updated": updated, "date": date, "note": note, "games": games}
            )
    return found


def _events(db, with_keys, exported):
    found = []
    for event_id, record, created, updated, key in db.execute(
        "select id, record, created, updated, director_key from tournaments order by created, id"
    ).fetchall():
        log = [
            {"kind": kind, "payload": json.loads(payload), "at": at}
            for kind, payload, at in db.execute(
                "select kind, payload, at from tournament_log where tournament_id = ? order by seq", [event_id]
            )
        ]
        tables = [
            {"game": game_id, "round": round_index, "table": table_index}
            for game_id, round_index, table_index in db.execute(
                "select game_id, round, table_index from tournament_games where tournament_id = ? "
                "order by round, table_index, game_id",
                [event_id],
            )
            if game_id in exported
        ]
        entry = {
            "id": event_id,
            "record": json.loads(record),
            "created": created,
            "updated": updated,
            "log": log,
            "tables": tables,
        }
        if with_keys:
            entry["director_key"] = key
        found.append(entry)
    return found
