"""Who goes on after a round: the cuts a format makes, and the tie-breaks at the line (RULES.md).

A cut looks at a finished round and returns a Decision. Ties at the line that decides who goes on
are broken in RULES.md's order: more bids made in the round, then the better total in the previous
round, then the drawn lot. Each tie broken is recorded as {"players", "broken_by", "text"}.
"""

from dataclasses import dataclass, field
from collections.abc import Callable

from ..scoring.ranks import standing_key
from .draw import table_sizes
from ..said import N_, Number, Ordinal, nsaid, said


@dataclass
class Decision:
    advanced: list = field(default_factory=list)
    eliminated: list = field(default_factory=list)
    ties: list = field(default_factory=list)
    # The players going on, in groups the next draw spreads over the tables (Cartier: by place).
    pots: list = field(default_factory=list)
    champion: str | None = None


@dataclass
class Context:
    """What a cut may look at besides the round: its players' results, the lot and the standings."""

    tables: list  # the round's scored tables: seats, places, totals, bids_made
    previous: dict  # name -> total in the previous round
    lot: dict  # name -> position in the drawn lot, 1 first
    standings: dict  # name -> {"points", "total", "bids_made"} after this round
    leaving: set  # players withdrawn before the next round
    lowest_wins: bool = False

    def seated(self):
        return [name for table in self.tables for name in table["seats"]]

    def result(self, name):
        for table in self.tables:
            if name in table["seats"]:
                seat = table["seats"].index(name)
                return {
                    "place": table["places"][seat],
                    "total": table["totals"][seat],
                    "bids_made": table["bids_made"][seat],
                }
        raise KeyError(name)


@dataclass(frozen=True)
class Criterion:
    id: str
    key: Callable  # name -> a sort key, smaller is better
    say: Callable  # (better, worse) -> the comparison in words


def _number(value):
    return Number(value)


def bids_made_in_round(ctx):
    made = {name: ctx.result(name)["bids_made"] for name in ctx.seated()}
    return Criterion(
        "bids_made",
        lambda name: -made[name],
        lambda a, b: nsaid(
            "%(num)d bid made to %(other)s's %(their)d",
            "%(num)d bids made to %(other)s's %(their)d",
            made[a],
            other=b,
            their=made[b],
        ),
    )


def previous_total(ctx):
    def key(name):  # a player who did not play the previous round comes after those who did
        return (1, 0) if name not in ctx.previous else (0, standing_key(ctx.previous[name], ctx.lowest_wins))

    def say(better, worse):
        if worse not in ctx.previous:
            return said(
                "%(points)s points in the previous round, which %(other)s did not play",
                points=_number(ctx.previous[better]),
                other=worse,
            )
        return said(
            "%(points)s points in the previous round to %(other)s's %(theirs)s",
            points=_number(ctx.previous[better]),
            other=worse,
            theirs=_number(ctx.previous[worse]),
        )

    return Criterion("previous_total", key, say)


def drawn_lot(ctx):
    return Criterion(
        "lot",
        lambda name: ctx.lot[name],
        lambda a, b: said(
            "drawn %(place)s by lot (%(other)s: %(theirs)s)",
            place=Ordinal(ctx.lot[a]),
            other=b,
            theirs=Ordinal(ctx.lot[b]),
        ),
    )


def standings_total(ctx):
    return Criterion(
        "total",
        lambda name: standing_key(ctx.standings[name]["total"], ctx.lowest_wins),
        lambda a, b: said(
            "%(points)s points in all to %(other)s's %(theirs)s",
            points=_number(ctx.standings[a]["total"]),
            other=b,
            theirs=_number(ctx.standings[b]["total"]),
        ),
    )


def standings_bids(ctx):
    return Criterion(
        "bids_made",
        lambda name: -ctx.standings[name]["bids_made"],
        lambda a, b: nsaid(
            "%(num)d bid made in all to %(other)s's %(their)d",
            "%(num)d bids made in all to %(other)s's %(their)d",
            ctx.standings[a]["bids_made"],
            other=b,
            their=ctx.standings[b]["bids_made"],
        ),
    )


# What the player at the line did, with why (a tie-break's sentence): marked here, said where the tie is broken.
GOES_ON = N_("%(player)s goes on: %(reason)s")
GOES_TO_FINAL = N_("%(player)s goes on to the final: %(reason)s")
WINS = N_("%(player)s wins: %(reason)s")


def round_breaks(ctx):
    """RULES.md's order at a line within a round."""
    return [bids_made_in_round(ctx), previous_total(ctx), drawn_lot(ctx)]


def split(candidates, keep, primary, criteria, outcome):
    """Order the candidates (best first) and keep `keep`: return (kept, dropped, ties).

    `primary` ranks them (a place, a total); players equal on it at the line are ordered by the
    criteria in turn, the first that tells the two at the line apart is the one that broke the tie.
    """
    order = sorted(candidates, key=lambda name: (primary(name), *(c.key(name) for c in criteria)))
    kept, dropped = order[:keep], order[keep:]
    ties = []
    if kept and dropped and primary(kept[-1]) == primary(dropped[0]):
        better, worse = kept[-1], dropped[0]
        group = [name for name in order if primary(name) == primary(better)]
        breaker = next((c for c in criteria if c.key(better) != c.key(worse)), criteria[-1])
        ties.append(
            {
                "players": group,
                "broken_by": breaker.id,
                "text": said(outcome, player=better, reason=breaker.say(better, worse)),
            }
        )
    return kept, dropped, ties


def _place(ctx):
    return lambda name: ctx.result(name)["place"]


@dataclass(frozen=True)
class TableCut:
    """The best `keep` of each table go on (Cartier); the next draw spreads them by their place.

    `size`, the format's full table (RULES.md): when fewer would go on than one full table, the best of the
    next place across the tables go on too, by total, then the tie-breaks, until the next round is full;
    when more would go on than the final table seats, the best of them by total, then the tie-breaks, take
    its seats."""

    keep: int
    size: int = 0

    def decide(self, ctx):
        decision = Decision(pots=[[] for _ in range(self.keep)])
        position, dropped = {}, []
        for table in ctx.tables:
            candidates = [name for name in table["seats"] if name not in ctx.leaving]
            kept, out, ties = split(candidates, self.keep, _place(ctx), round_breaks(ctx), GOES_ON)
            position.update((name, at) for at, name in enumerate(kept + out))
            decision.advanced += kept
            dropped += out
            decision.ties += ties
        going_on = self._going_on(len(decision.advanced), len(decision.advanced) + len(dropped))

        def by_place_then_total(name):
            return position[name], standing_key(ctx.result(name)["total"], ctx.lowest_wins)

        if going_on > len(decision.advanced):  # fill the next round to one full table
            more, dropped, ties = split(
                dropped, going_on - len(decision.advanced), by_place_then_total, round_breaks(ctx), GOES_ON
            )
            decision.advanced += more
            decision.ties += ties
        elif going_on < len(decision.advanced):  # the final seats one table
            kept, out, ties = split(decision.advanced, going_on, by_place_then_total, round_breaks(ctx), GOES_TO_FINAL)
            decision.advanced = [name for name in decision.advanced if name in kept]
            dropped = out + dropped
            decision.ties += ties
        gone = set(dropped)
        decision.eliminated = [
            name for table in ctx.tables for name in sorted(gone & set(table["seats"]), key=position.get)
        ]
        pots = {}
        for name in decision.advanced:
            pots.setdefault(position[name], []).append(name)
        decision.pots = [pots[at] for at in sorted(pots)]
        return decision

    def _going_on(self, best, players):
        """How many go on: the best `keep` of each table, at least one full table where the players allow,
        at most one table when they would sit at one (the final)."""
        if not self.size:
            return best
        if best < self.size:
            return min(self.size, players)
        if best > self.size and len(table_sizes(best, self.size)) <= 1:
            return self.size
        return best

    def going_on(self, sizes):
        return self._going_on(sum(min(self.keep, size) for size in sizes), sum(sizes))


@dataclass(frozen=True)
class RoomCut:
    """The `drop` worst totals in the whole room are eliminated, leaving at least `least` (WPOHL)."""

    drop: int
    least: int

    def decide(self, ctx):
        candidates = [name for name in ctx.seated() if name not in ctx.leaving]
        dropping = max(0, min(self.drop, len(candidates) - self.least))

        def total(name):
            return standing_key(ctx.result(name)["total"], ctx.lowest_wins)

        kept, dropped, ties = split(candidates, len(candidates) - dropping, total, round_breaks(ctx), GOES_ON)
        return Decision(kept, dropped, ties, [kept])

    def going_on(self, sizes):
        return sum(sizes) - max(0, min(self.drop, sum(sizes) - self.least))


@dataclass(frozen=True)
class EveryoneOn:
    """A qualifying round: everyone still in plays the next round, drawn afresh."""

    def decide(self, ctx):
        candidates = [name for name in ctx.seated() if name not in ctx.leaving]
        return Decision(candidates, [], [], [candidates])

    def going_on(self, sizes):
        return sum(sizes)


@dataclass(frozen=True)
class StandingsCut:
    """The last qualifying round: the top `keep` of the room standings play the final."""

    keep: int

    def decide(self, ctx):
        candidates = [name for name in ctx.standings if name not in ctx.leaving]
        criteria = [standings_total(ctx), standings_bids(ctx), drawn_lot(ctx)]
        kept, dropped, ties = split(
            candidates, self.keep, lambda name: -ctx.standings[name]["points"], criteria, GOES_TO_FINAL
        )
        return Decision(kept, dropped, ties, [kept])

    def going_on(self, sizes):
        return min(self.keep, sum(sizes))


@dataclass(frozen=True)
class Final:
    """The final table: its winner is the champion."""

    def decide(self, ctx):
        kept, _rest, ties = split(ctx.seated(), 1, _place(ctx), round_breaks(ctx), WINS)
        return Decision([], [], ties, [], kept[0] if kept else None)
