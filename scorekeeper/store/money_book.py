"""/money's book (issue 42): the running balances between regulars worked out once per change of the money and kept.

The book (rules.money.ledger.Book) takes the games in the order they were set up and each payment where it was recorded.
A game only adds to its pairs, so between two payments the games are summed pair by pair in one query
(`STRETCHES`) instead of read one flow at a time: a club of 5,000 games is a few hundred rows, not 30,000.

What comes of it (each player's balance, the pairs, the fewest payments, the days of the games since everyone was
last square, the names as first typed) is kept in the one cache (cache/kept.py) under the database's generation and
the money's revision (migration m111: triggers count every money row written or taken away, every payment
recorded or undone, and log the moment each change happened at in the book's order). After a change, the book
last worked out is carried forward when every change since lies after everything it holds (a payment recorded
now, a game set up after the last one that counts): only what came after is read and replayed. Anything else (an
undo, a game set up earlier finishing now, a restore) works the book out again from the start.

A book is shared by every request that reads it: read it, never change it."""

from typing import NamedTuple

from scorekeeper.cache import kept

from ..rules.money import ledger
from . import generation
from .club import CLUB_RECORD

# Each game with money set up after `?` (its stretch: the payment recorded last before it was set up, found from
# the end by the index money_payments_by_created; its day: the day it counts on, store/days.py, as money_flows
# says), worked out once per game; then its money rows summed by stretch and pair.
STRETCHES = f"""
with played as materialized (
    select g.id, g.created,
           (select p.id from money_payments p where p.undone is null and p.created < g.created
            order by p.created desc, p.id desc limit 1) as stretch,
           coalesce(r.day, substr(g.created, 1, 10)) as day
    from games g left join game_results r on r.game_id = g.id
    where g.created > ? and {CLUB_RECORD} -- counting: recognised
      and exists (select 1 from game_money w where w.game_id = g.id))
select p.stretch, m.currency, m.payer, m.payee, min(m.payer_name), min(m.payee_name), sum(m.cents), min(p.day),
       max(p.day), max(p.created)
from game_money m join played p on p.id = m.game_id
group by p.stretch, m.currency, m.payer, m.payee
"""
PAYMENTS = (
    "select id, payer, payee, payer_name, payee_name, cents, currency, created from money_payments "
    "where undone is null and created > ? order by created, id"
)


class State(NamedTuple):
    """A book worked out: at `revision`, holding every flow up to `last` (a moment in the book's order)."""

    revision: int
    last: str
    books: dict  # currency -> rules.money.ledger.Book
    names: dict  # currency -> {key: name as first typed}
    summary: dict  # what `books` returns


def revision(db):
    """The money's revision: changes whenever a game's money rows or a payment change (m111's triggers)."""
    return db.execute("select number from money_revision").fetchone()[0]


def _replayed(db, after, books, names):
    """Take into the books (and the names) every flow after the moment `after`, in the book's order; return the
    last moment taken."""
    payments = db.execute(PAYMENTS, [after]).fetchall()
    new = {payment[0] for payment in payments}
    stretches, last = {}, after
    for stretch, currency, payer, payee, payer_name, payee_name, cents, first, final, at in db.execute(
        STRETCHES, [after]
    ):
        stretch = stretch if stretch in new else None  # games after a payment the books already hold
        stretches.setdefault(stretch, {}).setdefault(currency, []).append(
            (payer, payee, payer_name, payee_name, cents, first, final)
        )
        last = max(last, at)

    def said(currency, *pairs):
        typed = names.setdefault(currency, {})
        for key, name in pairs:
            typed.setdefault(key, name)

    for position in range(len(payments) + 1):
        before = None
        if position:
            before, payer, payee, payer_name, payee_name, cents, currency, at = payments[position - 1]
            said(currency, (payer, payer_name), (payee, payee_name))
            books.setdefault(currency, ledger.Book()).payment(payer, payee, cents)
            last = max(last, at)
        for currency, rows in stretches.get(before, {}).items():
            for payer, payee, payer_name, payee_name, *_rest in rows:
                said(currency, (payer, payer_name), (payee, payee_name))
            books.setdefault(currency, ledger.Book()).games(
                [(payer, payee, cents, first, final) for payer, payee, _a, _b, cents, first, final in rows]
            )
    return last


def _summary(books, names):
    return {
        currency: {
            "balances": book.balances(),
            "pairs": book.pairs(),
            "plan": book.plan(),
            "since": book.since,
            "until": book.until,
            "names": dict(names.get(currency, {})),
        }
        for currency, book in sorted(books.items())
    }


def worked_out(db, base=None):
    """Return the State of the money now: `base` (a State) carried forward when every change since its revision
    lies after all it holds, else replayed from the start."""
    now = revision(db)
    if base is not None and base.revision != now:
        covered, earliest = db.execute(
            "select min(number), min(at) from money_changes where number > ?", [base.revision]
        ).fetchone()
        if covered != base.revision + 1 or earliest is None or earliest <= base.last:
            base = None  # the log no longer reaches back to it, or a change lies among what it holds
    if base is not None and base.revision == now:
        return base
    books = {currency: book.copy() for currency, book in base.books.items()} if base else {}
    names = {currency: dict(typed) for currency, typed in base.names.items()} if base else {}
    last = _replayed(db, base.last if base else "", books, names)
    return State(now, last, books, names, _summary(books, names))


def books(db):
    """Return {currency: {"balances": {key: cents}, "pairs": [(debtor, creditor, cents)], "plan": [(payer, payee,
    cents)], "since", "until", "names": {key: name as first typed}}}, from the one cache when the money has not
    changed since it was worked out."""
    number = generation.current(db)
    key = kept.Key(db.path, number, "money", str(revision(db)), kind="book")
    found = kept.get(key)
    if found is None:
        latest = kept.Key(db.path, number, "money", "latest", kind="book")
        state = worked_out(db, kept.get(latest))
        cost = 400 + sum(
            200 * (len(book.owes) + len(state.names.get(currency, ()))) for currency, book in state.books.items()
        )
        kept.put(latest, state, cost=cost)
        found = kept.put(key, state.summary, cost=cost // 2)
    return found
