"""/money's book (issue 42): the running balances between regulars worked out once per change of the money and kept.

The book (rules.ledger.Book) takes the games in the order they were set up and each payment where it was recorded.
A game only adds to its pairs, so between two payments the games are summed pair by pair in one query
(`STRETCHES`) instead of read one flow at a time: a club of 5,000 games is a few hundred rows, not 30,000. What
comes of it (each player's balance, the pairs, the fewest payments, the days of the games since everyone was
last square, the names as typed) is kept in the one cache (store/kept.py) under the database's generation and the
money's revision (migration m111: a trigger counts every money row written or taken away, every payment recorded
or undone), so a view after no change reads it from there.

The book is shared by every request that reads it: read it, never change it."""

from ..rules import ledger
from . import generation, kept

# Each game with money, the payment recorded last before it was set up (its stretch: the games after one payment
# and before the next; the index money_payments_by_created finds it from the end) and its day (the evening's date,
# else the day the evening began, else the day the game was set up), worked out once per game; then its money rows
# summed by stretch and pair.
STRETCHES = """
with played as materialized (
    select g.id,
           (select p.id from money_payments p where p.undone is null and p.created < g.created
            order by p.created desc, p.id desc limit 1) as stretch,
           coalesce(e.date, substr(e.created, 1, 10), substr(g.created, 1, 10)) as day
    from (select distinct game_id from game_money) w join games g on g.id = w.game_id
    left join evening_games eg on eg.game_id = g.id left join evenings e on e.id = eg.evening_id)
select p.stretch, m.currency, m.payer, m.payee, min(m.payer_name), min(m.payee_name), sum(m.cents), min(p.day),
       max(p.day)
from game_money m join played p on p.id = m.game_id
group by p.stretch, m.currency, m.payer, m.payee
"""
PAYMENTS = ("select id, payer, payee, payer_name, payee_name, cents, currency from money_payments "
            "where undone is null order by created, id")


def revision(db):
    """The money's revision: changes whenever a game's money rows or a payment change (m111's triggers)."""
    return db.execute("select number from money_revision").fetchone()[0]


def worked_out(db):
    """Return {currency: {"balances": {key: cents}, "pairs": [(debtor, creditor, cents)], "plan": [(payer, payee,
    cents)], "since", "until", "names": {key: name as first typed}}}, replayed from the database."""
    payments = db.execute(PAYMENTS).fetchall()
    stretches = {}  # the id of the payment before (None: before the first), then {currency: rows}
    for stretch, currency, payer, payee, payer_name, payee_name, cents, first, last in db.execute(STRETCHES):
        stretches.setdefault(stretch, {}).setdefault(currency, []).append(
            (payer, payee, payer_name, payee_name, cents, first, last))
    books, names = {}, {}

    def said(currency, *pairs):
        typed = names.setdefault(currency, {})
        for key, name in pairs:
            typed.setdefault(key, name)

    for position in range(len(payments) + 1):
        before = None
        if position:
            before, payer, payee, payer_name, payee_name, cents, currency = payments[position - 1]
            said(currency, (payer, payer_name), (payee, payee_name))
            books.setdefault(currency, ledger.Book()).payment(payer, payee, cents)
        for currency, rows in stretches.get(before, {}).items():
            for payer, payee, payer_name, payee_name, *_rest in rows:
                said(currency, (payer, payer_name), (payee, payee_name))
            books.setdefault(currency, ledger.Book()).games(
                [(payer, payee, cents, first, last) for payer, payee, _a, _b, cents, first, last in rows])
    return {currency: {"balances": book.balances(), "pairs": book.pairs(), "plan": book.plan(),
                       "since": book.since, "until": book.until, "names": names.get(currency, {})}
            for currency, book in sorted(books.items())}


def books(db):
    """The books of worked_out, from the one cache when the money has not changed since they were worked out."""
    key = kept.Key(db.path, generation.current(db), "money", str(revision(db)), kind="book")
    found = kept.get(key)
    if found is None:
        found = worked_out(db)
        cost = 200 + sum(100 * (len(book["pairs"]) + len(book["names"]) + len(book["balances"]))
                         for book in found.values())
        kept.put(key, found, cost=cost)
    return found
