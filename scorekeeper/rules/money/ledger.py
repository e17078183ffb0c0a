"""The money between regulars (RULES.md, "Ratings, seasons and the money between regulars"): the settlement of
every game that counts with a stake (rules/club/counting.py decides which, and among whom) adds to a running balance between each pair of players, across evenings,
exactly as that game settled (a pairwise game's pair amounts, a Prospect or Stackpot game's payments); each
player's balance is the sum of their pairs; a payment recorded takes from them; the open balances are settled
by the fewest payments, as within a game.

A payment takes first from what the payer owes the payee; beyond that, from the chains of debts that lead from
the payer to the payee (paying Cy what Bob owed him settles what the payer owed Bob); beyond that, the payee's
debtors owe the payer instead (the payer paid for them); only what is left over the payee owes back, and what the
payee owed the payer is passed on to the payee's debtors as far as they owe. So paying what the fewest payments
said never leaves the payee owing the payer (docs/decisions/0033).

Amounts are whole cents (hundredths of the currency's unit, as every settlement), players their keys
(rules.game.names.name_key); one currency at a time."""

from collections import deque
from fractions import Fraction

from .pairs import pair_cents
from .payments import fewest_payments
from .settlement import POT, SETTLEMENTS
from ..said import N_


# What a game's rules say about money: an event's table keeps none of it (RULES.md, "Event money").
EVENT_TABLE = N_(
    "An event's table moves no money: it has no stake (the event's own money is its entry fee and prizes)."
)
MONEY_KEYS = ("stake", "settlement", "payouts", "currency")


def without_money(rules):
    """An event's table rules: the event's (or its preset's) rules without a stake, a settlement or a scale, so
    that its games move no money whatever preset they follow (a WPOHL table took the Prospect preset's stake)."""
    return {key: value for key, value in rules.items() if key not in MONEY_KEYS} if isinstance(rules, dict) else rules


def game_flows(scored, stake, seats=None):
    """The (payer, payee, cents) a game's settlement moves between its players (names), exactly as it settled:
    each pair's amount where every pair settles (pairwise), else the game's payments (the pot's share stays in
    the game). `stake`: the rules' stake as the game has it; `seats`: the seats that take part (every seat)."""
    settlement = scored["settlement"]
    players = scored["players"]
    if not SETTLEMENTS.find(settlement["method"]).pairs_settle:
        return [
            (payment["from"], payment["to"], round(payment["amount"] * 100))
            for payment in settlement["payments"]
            if payment["from"] != POT and payment["to"] != POT and payment["amount"]
        ]
    nets = [round(amount * 100) for amount in settlement["net"]]
    pairs = pair_cents(scored["totals"], Fraction(str(stake)) * 100, scored["lowest_wins"], nets, seats)
    return [
        (players[j], players[i], cents) if cents > 0 else (players[i], players[j], -cents)
        for (i, j), cents in sorted(pairs.items())
        if cents
    ]


class Book:
    """The running balances between pairs of players in one currency: games add to them, payments take."""

    def __init__(self):
        self.owes = {}  # (debtor, creditor) -> cents, more than 0; a pair is owed one way at most
        self._creditors = {}  # debtor -> {creditor}, and creditor -> {debtor}: the pairs of `owes` by person, so
        self._debtors = {}  # a payment looks at one person's pairs, not a club's thousand (sorted where it reads)
        self.since = None  # the first and the last day of the games since every balance was last 0
        self.until = None

    def copy(self):
        """A book of its own with the same pairs and days: what follows changes the copy only."""
        book = Book()
        book.owes = dict(self.owes)
        book._creditors = {key: set(found) for key, found in self._creditors.items()}
        book._debtors = {key: set(found) for key, found in self._debtors.items()}
        book.since, book.until = self.since, self.until
        return book

    def _add(self, debtor, creditor, cents):
        """The debtor owes the creditor `cents` more (netted against what the creditor owes the debtor)."""
        if debtor == creditor or not cents:
            return
        back = self.owes.get((creditor, debtor), 0)
        if back:
            self._set(creditor, debtor, max(back - cents, 0))
        if cents > back:
            self._set(debtor, creditor, self.owes.get((debtor, creditor), 0) + cents - back)

    def _take(self, debtor, creditor, cents):
        self._set(debtor, creditor, self.owes[(debtor, creditor)] - cents)

    def _set(self, debtor, creditor, cents):
        """The debtor owes the creditor `cents` (0: nothing), kept in `owes` and in each person's pairs."""
        if cents:
            self.owes[(debtor, creditor)] = cents
            self._creditors.setdefault(debtor, set()).add(creditor)
            self._debtors.setdefault(creditor, set()).add(debtor)
        elif self.owes.pop((debtor, creditor), None) is not None:
            self._creditors[debtor].discard(creditor)
            self._debtors[creditor].discard(debtor)

    def game(self, payer, payee, cents, day=None):
        """A game's settlement moved `cents` from payer to payee."""
        if payer == payee or not cents:
            return
        if not self.owes:
            self.since = self.until = None  # every balance was 0: a new stretch of the book starts
        self._add(payer, payee, cents)
        if day:
            self.since, self.until = min(self.since or day, day), max(self.until or day, day)

    def games(self, flows):
        """A stretch of games between two payments, summed pair by pair: [(payer, payee, cents, first day, last
        day)]. As `game` for each, save that whether every balance was 0 is asked once, before the stretch (a
        stretch that squares everyone in its middle keeps the days of its games before that)."""
        if not self.owes:
            self.since = self.until = None
        for payer, payee, cents, first, last in flows:
            if payer == payee or not cents:
                continue
            self._add(payer, payee, cents)
            if first:
                self.since, self.until = min(self.since or first, first), max(self.until or last, last)

    def payment(self, payer, payee, cents):
        """A payment from payer to payee, taken from their pairs (the module's docstring says in which order)."""
        if payer == payee or cents <= 0:
            return
        direct = min(cents, self.owes.get((payer, payee), 0))
        if direct:
            self._take(payer, payee, direct)
            cents -= direct
        while cents:
            chain = self._chain(payer, payee)
            if not chain:
                break
            moved = min([cents] + [self.owes[link] for link in chain])
            for link in chain:
                self._take(*link, moved)
            cents -= moved
        debtors = sorted(
            ((self.owes[(debtor, payee)], debtor) for debtor in self._debtors.get(payee, ()) if debtor != payer),
            key=lambda row: (-row[0], row[1]),
        )
        for amount, debtor in debtors:
            if not cents:
                break
            moved = min(cents, amount)
            self._take(debtor, payee, moved)
            self._add(debtor, payer, moved)
            cents -= moved
        self._add(payee, payer, cents)
        # What the payee owed the payer before (a debt the plan routed round): their debtors owe the payer instead.
        self._pass_on(payee, payer)
        if not self.owes:
            self.since = self.until = None

    def _pass_on(self, debtor, creditor):
        """Take what debtor owes creditor from debtor's own debtors: they owe the creditor instead, the most first."""
        for amount, third in sorted(
            ((self.owes[(who, debtor)], who) for who in self._debtors.get(debtor, ()) if who != creditor),
            key=lambda row: (-row[0], row[1]),
        ):
            left = self.owes.get((debtor, creditor), 0)
            if not left:
                return
            moved = min(left, amount)
            self._take(debtor, creditor, moved)
            self._take(third, debtor, moved)
            self._add(third, creditor, moved)

    def _chain(self, start, end):
        """The shortest chain of debts start -> ... -> end, as (debtor, creditor) links, or None."""
        came = {start: None}
        queue = deque([start])
        while queue:
            here = queue.popleft()
            for there in sorted(self._creditors.get(here, ())):
                if there in came:
                    continue
                came[there] = here
                if there == end:
                    links = []
                    while came[there] is not None:
                        links.append((came[there], there))
                        there = came[there]
                    return links[::-1]
                queue.append(there)
        return None

    def balances(self):
        """Each player's balance, {key: cents}: more than 0, the player is owed; less, the player owes."""
        balance = {}
        for (debtor, creditor), cents in self.owes.items():
            balance[debtor] = balance.get(debtor, 0) - cents
            balance[creditor] = balance.get(creditor, 0) + cents
        return {key: cents for key, cents in balance.items() if cents}

    def pairs(self):
        """Who owes whom, pair by pair: [(debtor, creditor, cents)], the largest first."""
        return sorted(
            ((debtor, creditor, cents) for (debtor, creditor), cents in self.owes.items()),
            key=lambda line: (-line[2], line[0], line[1]),
        )

    def plan(self):
        """The fewest payments [(payer, payee, cents)] that settle every balance; among as few, a debtor pays whom
        they owe most first, so the plan reads as the pairs do."""
        balance = self.balances()
        parties = sorted(key for key, cents in balance.items() if cents)
        index = {key: number for number, key in enumerate(parties)}
        owed = {
            (index[debtor], index[creditor]): cents
            for (debtor, creditor), cents in self.owes.items()
            if debtor in index and creditor in index
        }
        # fewest_payments reads a negative balance as one to pay, a positive one as one to collect.
        return [
            (parties[payer], parties[payee], cents)
            for payer, payee, cents in fewest_payments([balance[key] for key in parties], owed or None)
        ]
