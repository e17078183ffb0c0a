"""The money between regulars (issue 27, issue 40): what each game that counts moves between its players, exactly
as it settled (`game_money`, kept with every write of the game; `rules.money.ledger` decides which games and what), the
payments recorded between them (`money_payments`; an undone one is kept, marked with when it was undone), and
the payees' IBANs with the account holder's name and the BIC where the scheme needs one (`payees`).

Players are keys (rules.game.names.name_key) beside the names as typed."""

from typing import NamedTuple

from ..rules.club import counting
from ..rules.money import ledger
from ..rules.game.checks import RecordError
from ..rules.game.names import name_key
from ..rules.money.settlement import SETTLEMENTS
from ..rules.said import said
from .club import CLUB_RECORD, log_iban_change
from .db import now
from .roster import aliases_of, display_names, player_key


def plays_event_table(db, game_id):
    """True when the game plays a table of an event (whose tables move no money)."""
    return db.execute("select 1 from tournament_games where game_id = ?", [game_id]).fetchone() is not None


def refuse_money_at_event(db, game_id, loaded):
    """Raise RecordError when a write would give an event's table a stake (its settle-up, an undo of the entry
    that took the stake away): an event's tables move no money. Inside the write's transaction."""
    if loaded.rules.stake and SETTLEMENTS.find(loaded.rules.settlement).moves_money and plays_event_table(db, game_id):
        raise RecordError("rules.stake", said(ledger.EVENT_TABLE))


def counted_here(db, game_id, loaded, scored, status):
    """rules.club.counting.counted of a stored game: its status, and whether it plays an event's table."""
    return counting.counted(
        loaded,
        scored,
        abandoned=status == "abandoned",
        at_event=bool(loaded.rules.stake) and plays_event_table(db, game_id),
    )


def keep_money(db, game_id, loaded, scored, status, counted=None, new=False):
    """Bring the game's money rows to its settlement among its players, where rules.club.counting says it moves
    money (ranked, a stake, not an event's table). new: the game was stored just now (it has no rows yet)."""
    counted = counted or counted_here(db, game_id, loaded, scored, status)
    currency = loaded.rules.currency or ""
    aliases = aliases_of(db, [name_key(name) for flow in counted.flows for name in flow[:2]])  # merged spellings
    rows = [
        (
            game_id,
            seq,
            *(aliases.get(name_key(name), name_key(name)) for name in (payer, payee)),
            payer,
            payee,
            cents,
            currency,
        )
        for seq, (payer, payee, cents) in enumerate(counted.flows)
    ]
    if new:
        if rows:
            db.conn.executemany(
                "insert into game_money (game_id, seq, payer, payee, payer_name, payee_name, cents, "
                "currency) values (?, ?, ?, ?, ?, ?, ?, ?)",
                rows,
            )
        return
    old = db.execute(
        "select game_id, seq, payer, payee, payer_name, payee_name, cents, currency from game_money "
        "where game_id = ? order by seq",
        [game_id],
    ).fetchall()
    if [tuple(row) for row in old] != rows:
        db.execute("delete from game_money where game_id = ?", [game_id])
        db.conn.executemany(
            "insert into game_money (game_id, seq, payer, payee, payer_name, payee_name, cents, "
            "currency) values (?, ?, ?, ?, ?, ?, ?, ?)",
            rows,
        )


class Flow(NamedTuple):
    payer: str
    payee: str
    payer_name: str
    payee_name: str
    cents: int
    currency: str
    day: str | None
    payment: int | None
    at: str


def money_flows(db):
    """Return every flow of money between regulars in the order it happened (games in the order they were set up,
    payments in the order recorded), as Flows: payer, payee (keys and names), cents, currency, the evening's day
    (None for a payment) and the payment's id (None for a game). Plain rows: a club's thousands of games."""
    sql = (
        "select m.payer, m.payee, m.payer_name, m.payee_name, m.cents, m.currency, "
        "coalesce(r.day, substr(g.created, 1, 10)) as day, null as payment, "
        "g.created as at from game_money m join games g on g.id = m.game_id "
        "left join game_results r on r.game_id = m.game_id "
        f"where {CLUB_RECORD} "  # counting: recognised
        "union all select payer, payee, payer_name, payee_name, cents, currency, null, id, created "
        "from money_payments where undone is null order by at, payment"
    )
    return [Flow(*row) for row in db.execute(sql)]


def record_payment(db, payer, payee, cents, currency, paid_on):
    """Record a payment between two regulars (names as the roster has them); return its id."""
    with db.atomic():
        cursor = db.execute(
            "insert into money_payments (payer, payee, payer_name, payee_name, cents, currency, "
            "paid_on, created) values (?, ?, ?, ?, ?, ?, ?, ?)",
            [player_key(db, payer), player_key(db, payee), payer, payee, cents, currency, paid_on, now()],
        )
        return cursor.lastrowid


def undo_payment(db, payment_id):
    """Mark a payment undone (it stays in the log); return whether there was one to undo."""
    with db.atomic():
        return (
            db.execute(
                "update money_payments set undone = ? where id = ? and undone is null", [now(), payment_id]
            ).rowcount
            == 1
        )


def payment_log(db, limit=100, offset=0):
    """Return the payments recorded, newest first, undone ones too: `limit` of them after the first `offset`; the
    payer and payee by their display names (store/roster.py), whatever was typed."""
    rows = list(
        db.query("select * from money_payments order by created desc, id desc limit ? offset ?", [limit, offset])
    )
    shown = display_names(db, {row[side] for row in rows for side in ("payer", "payee")})
    return [
        dict(
            row,
            payer_name=shown.get(row["payer"], row["payer_name"]),
            payee_name=shown.get(row["payee"], row["payee_name"]),
        )
        for row in rows
    ]


def count_payments(db):
    """How many payments were recorded, undone ones too."""
    return db.execute("select count(*) from money_payments").fetchone()[0]


def ledger_rows(db):
    """Yield the ledger, in the order the book takes it: each game's money rows (its day as money_flows says, the
    game's id) and each payment (its date, its id, when it was undone), as tuples (at, day, kind, ref, payer_name,
    payee_name, cents, currency, undone), kind "game" or "payment"."""
    sql = (
        "select g.created as at, coalesce(r.day, substr(g.created, 1, 10)), 'game', "
        "m.game_id, m.payer_name, m.payee_name, m.cents, m.currency, null, 0 as kind_order, m.seq "
        "from game_money m join games g on g.id = m.game_id left join game_results r on r.game_id = m.game_id "
        f"where {CLUB_RECORD} "  # counting: recognised
        "union all select created, paid_on, 'payment', id, payer_name, payee_name, cents, currency, undone, 1, id "
        "from money_payments order by at, kind_order, 4, 11"
    )
    for row in db.execute(sql):
        yield tuple(row[:9])


def get_payment(db, payment_id):
    """Return the payment recorded with that id, or None."""
    return next(iter(db.query("select * from money_payments where id = ?", [payment_id])), None)


def set_iban(db, name, iban, holder, bic=None, by=None):
    """Keep a payee's IBAN (checked by the caller), the account holder's name as the bank knows it, and the BIC
    where the scheme needs one; log the change (who: `by`, the member's name, or "" for the owner; the IBANs
    masked)."""
    with db.atomic():
        key = player_key(db, name)
        old = db.execute("select iban from payees where key = ?", [key]).fetchone()
        if by is not None and (old is None or old[0] != iban):
            log_iban_change(db, name, by, masked(old[0]) if old else None, masked(iban))
        db.execute(
            "insert or replace into payees (key, name, iban, holder, bic, updated) values (?, ?, ?, ?, ?, ?)",
            [key, name, iban, holder, bic or None, now()],
        )


def masked(iban):
    """An IBAN as the log shows it: its country, check digits and last four characters, 'NL91 … 4300'."""
    return f"{iban[:4]} … {iban[-4:]}" if iban and len(iban) > 8 else "…"


def payee_changed(db, keys):
    """Return {key: when the IBAN was last changed (not first given)} of the named payees: those who owe see it."""
    keys = list(keys)
    if not keys:
        return {}
    rows = db.execute(
        "select key, max(created) from iban_changes where old is not null and key in "
        f"({', '.join('?' * len(keys))}) group by key",
        keys,
    )
    return dict(rows.fetchall())


def ibans(db, keys):
    """Return {key: {"iban", "holder", "bic", "name"}} of the named payees who gave an IBAN."""
    keys = list(keys)
    if not keys:
        return {}
    rows = db.query(
        f"select key, name, iban, holder, bic from payees where key in ({', '.join('?' * len(keys))})", keys
    )
    return {row["key"]: row for row in rows}
