"""The money between regulars (issue 27): what each finished staked game's settlement moves between its players
(`game_money`, kept with every write of the game), the payments recorded between them (`money_payments`; an
undone one is kept, marked with when it was undone), and the payees' IBANs (`payees`)."""

import json

from ..rules import ledger
from ..rules.ratings import player_key
from .db import now


def keep_money(db, game_id, loaded, scored, status):
    """Bring the game's money rows to its settlement: a finished, staked game not abandoned moves money."""
    rows = []
    if scored["finished"] and status != "abandoned" and loaded.rules.stake:
        currency = loaded.rules.currency or ""
        rows = [(game_id, seq, player_key(payer), player_key(payee), payer, payee, cents, currency)
                for seq, (payer, payee, cents) in enumerate(ledger.game_flows(scored["settlement"]))]
    old = db.execute("select game_id, seq, payer, payee, payer_name, payee_name, cents, currency from game_money "
                     "where game_id = ? order by seq", [game_id]).fetchall()
    if [tuple(row) for row in old] != rows:
        db.execute("delete from game_money where game_id = ?", [game_id])
        db.conn.executemany("insert into game_money (game_id, seq, payer, payee, payer_name, payee_name, cents, "
                            "currency) values (?, ?, ?, ?, ?, ?, ?, ?)", rows)


def money_flows(db):
    """Return every flow of money between regulars, oldest first: payer, payee (keys and names), cents, currency,
    the evening's id and day (None for a payment) and the payment's id (None for a game)."""
    sql = ("select m.payer, m.payee, m.payer_name, m.payee_name, m.cents, m.currency, e.id as evening, "
           "coalesce(e.date, substr(e.created, 1, 10)) as day, null as payment, g.created as at from game_money m "
           "join games g on g.id = m.game_id left join evening_games eg on eg.game_id = m.game_id "
           "left join evenings e on e.id = eg.evening_id "
           "union all select payee, payer, payee_name, payer_name, cents, currency, null, paid_on, id, created "
           "from money_payments where undone is null order by at")
    return list(db.query(sql))


def record_payment(db, payer, payee, cents, currency, paid_on):
    """Record a payment between two regulars (names); return its id."""
    with db.atomic():
        cursor = db.execute("insert into money_payments (payer, payee, payer_name, payee_name, cents, currency, "
                            "paid_on, created) values (?, ?, ?, ?, ?, ?, ?, ?)",
                            [player_key(payer), player_key(payee), payer.strip(), payee.strip(), cents, currency,
                             paid_on, now()])
        return cursor.lastrowid


def undo_payment(db, payment_id):
    """Mark a payment undone (it stays in the log); return whether there was one to undo."""
    with db.atomic():
        return db.execute("update money_payments set undone = ? where id = ? and undone is null",
                          [now(), payment_id]).rowcount == 1


def payment_log(db, limit=100):
    """Return the payments recorded, newest first, undone ones too."""
    return list(db.query("select * from money_payments order by created desc, id desc limit ?", [limit]))


def set_iban(db, name, iban):
    """Keep a payee's IBAN (checked by the caller)."""
    with db.atomic():
        db.execute("insert or replace into payees (key, name, iban, updated) values (?, ?, ?, ?)",
                   [player_key(name), name.strip(), iban, now()])


def ibans(db, keys):
    """Return {key: IBAN} of the named payees who gave one."""
    keys = list(keys)
    if not keys:
        return {}
    return dict(db.execute(f"select key, iban from payees where key in ({', '.join('?' * len(keys))})", keys))


def tables_of(db, game_ids):
    """Return the player keys of the games named (the tables a viewer sits at)."""
    game_ids = list(game_ids)
    if not game_ids:
        return set()
    rows = db.execute(f"select players from game_results where game_id in ({', '.join('?' * len(game_ids))})",
                      game_ids)
    return {player_key(name) for (players,) in rows for name in json.loads(players)}
