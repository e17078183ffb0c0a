"""What counts (RULES.md, "Ratings, seasons and the money between regulars"), decided once for every consumer.

`counted(game)` says of one game whether it counts for the club's record at all, whether it is ranked (places,
wins, ratings, seasons, players' pages), whether it moves money between regulars, which seats were playing (dealt
into at least one of its hands), each seat's hands dealt into and bids made there, the places among the players,
and the money it moves. Ratings, seasons, the players' pages and head to head, an evening's totals, the money
between regulars, imports, exports and the CLI all ask here; nothing else decides it
(docs/decisions/0036-what-counts-is-decided-once.md).

- An abandoned game counts nowhere.
- A game counts once it is finished, and only when the club recognises it (`recognised`).
- A cooperative game (a bidding style that is not rated) is the table's: no places, no winner, no money.
- An event's table moves no money (its event has a fee and prizes).
- A player counts in a game only if they were dealt into at least one of its hands: one who left (or was added)
  and never played a hand takes no place, pays and receives nothing, and is not rated for it.
- Bids made: the share of the hands a player was dealt into in which they took exactly their bid.
"""

import re
from dataclasses import dataclass
from datetime import date, datetime, UTC

from ..money.ledger import game_flows
from ..scoring.ranks import ranks
from ..game.record import load
from ..scoring.scored import score
from ..money.settlement import SETTLEMENTS, settle

# A game's state as the club sees it.
ABANDONED, FINISHED, PLAYING = "abandoned", "finished", "playing"


@dataclass(frozen=True)
class Counted:
    """What one game counts for. Tuples are by seat; `places` and `hands` hold None for a seat not playing."""

    state: str  # abandoned, finished or playing (an abandoned game never shows as playing)
    counts: bool  # in the club's record at all: finished, not abandoned, recognised
    ranked: bool  # places, wins, ratings, seasons, players' pages: counts, and not cooperative
    moves_money: bool  # ranked, with a stake that moves money, and not an event's table
    playing: tuple  # the seats dealt into at least one hand (seat numbers, in seat order)
    names: tuple  # every seat's name, as written
    hands: tuple  # hands each seat was dealt into whose tricks are recorded (None: not playing)
    made: tuple  # of those, the hands where the seat took exactly its bid (None: not playing)
    totals: tuple  # each seat's final total (as scored)
    places: tuple  # each playing seat's place among the players when ranked (1 best), else None
    flows: tuple  # the money the game moves: (payer name, payee name, cents), when it moves money
    played_on: str | None = None  # the date the record itself gives (an ISO day), if any
    finished: bool = False  # every planned hand is played (abandoned or not)

    @property
    def players(self):
        """The names of the seats that were playing, in seat order."""
        return tuple(self.names[seat] for seat in self.playing)

    @property
    def winners(self):
        """The names placed first (a tie names them all); none for a game that is not ranked."""
        return tuple(self.names[seat] for seat in self.playing if self.places[seat] == 1)

    def ranking(self):
        """(players, places) of the ranked game's players, for a rating or a season; None when not ranked."""
        if not self.ranked:
            return None
        return list(self.players), [self.places[seat] for seat in self.playing]


def dealt_seats(game):
    """The seats dealt into at least one hand of the loaded game (a hand in play included); every seat of a game
    whose first hand is not dealt yet (the table is sitting down)."""
    if not game.hands:
        return tuple(range(len(game.players)))
    return tuple(seat for seat in range(len(game.players)) if any(seat not in hand.out for hand in game.hands))


def counted(game, scored=None, *, abandoned=False, at_event=False, recognised=True):
    """Return what the game counts for (Counted). game: a loaded game (rules.load), or a record (a dict, which
    may carry an export's `"abandoned": true`); scored: rules.score(game) when worked out already; abandoned: the
    game is abandoned (the store's status); at_event: it plays an event's table; recognised: the club recognises
    it (the owner's, a trusted device's, or accepted)."""
    if isinstance(game, dict):
        abandoned = abandoned or game.get("abandoned") is True
        game = load(game)
    scored = scored if scored is not None else score(game)
    names = tuple(scored["players"])
    playing = dealt_seats(game)
    done = [hand for hand in game.hands if hand.complete]
    hands = tuple(sum(seat not in hand.out for hand in done) if seat in playing else None for seat in range(len(names)))
    made = tuple(
        sum(seat not in hand.out and hand.bids[seat] == hand.tricks[seat] for hand in done) if seat in playing else None
        for seat in range(len(names))
    )
    state = ABANDONED if abandoned else FINISHED if scored["finished"] else PLAYING
    counts = state == FINISHED and bool(recognised)
    ranked = counts and game.rules.style.rated and len(playing) >= 2
    totals = tuple(scored["totals"])
    places = (None,) * len(names)
    if ranked:
        tie_breaks = scored.get("made_bids")
        among = ranks(
            [totals[seat] for seat in playing],
            scored["lowest_wins"],
            [tie_breaks[seat] for seat in playing] if tie_breaks is not None else None,
        )
        by_seat = dict(zip(playing, among))
        places = tuple(by_seat.get(seat) for seat in range(len(names)))
    stake = game.rules.stake
    moves = bool(ranked and stake and SETTLEMENTS.find(game.rules.settlement).moves_money and not at_event)
    flows = tuple(_flows(game, scored, playing)) if moves else ()
    return Counted(
        state,
        counts,
        ranked,
        moves,
        playing,
        names,
        hands,
        made,
        totals,
        places,
        flows,
        own_date(game.record),
        bool(scored["finished"]),
    )


def _flows(game, scored, playing):
    """The (payer, payee, cents) of the game's settlement among the seats that played."""
    if len(playing) == len(scored["players"]):
        return game_flows(scored, game.rules.stake)
    # Someone never dealt in: the game settles among those who played, as if the others had never sat down.
    rules = game.rules
    tie_breaks = scored.get("made_bids")
    sub = {
        "players": [scored["players"][seat] for seat in playing],
        "totals": [scored["totals"][seat] for seat in playing],
        "lowest_wins": scored["lowest_wins"],
    }
    payouts = rules.payouts[: max(len(playing) - 1, 0)] if rules.payouts else rules.payouts
    sub["settlement"] = settle(
        rules.settlement,
        sub["players"],
        sub["totals"],
        rules.stake,
        scored["lowest_wins"],
        [tie_breaks[seat] for seat in playing] if tie_breaks is not None else None,
        payouts,
    )
    return game_flows(sub, rules.stake)


def bids_share(made, hands):
    """Bids made as a share of the hands dealt into (0..1), or None when there were none."""
    return made / hands if hands else None


ISO_DAY = re.compile(r"\d{4}-\d{2}-\d{2}", re.ASCII)


def own_date(record):
    """The date the record itself gives (`played_on`, an ISO day), or None."""
    value = record.get("played_on") if isinstance(record, dict) else None
    if isinstance(value, str) and ISO_DAY.fullmatch(value):
        try:
            return date.fromisoformat(value).isoformat()
        except ValueError:
            return None
    return None


def game_day(played_on, evening_date, finished, zone=None):
    """The day a game counts on (an ISO day): its own `played_on`, else its evening's date, else the day it
    finished (`finished`: an ISO time, UTC unless it says) in the instance's time zone (`zone`, a tzinfo; None:
    the server's). Seasons select games by it; the rating order is this day, then the time the game finished."""
    for day in (played_on, evening_date):
        if isinstance(day, str) and ISO_DAY.fullmatch(day[:10]):
            return day[:10]
    try:
        moment = datetime.fromisoformat(str(finished))
    except ValueError:
        return str(finished)[:10]
    moment = moment if moment.tzinfo else moment.replace(tzinfo=UTC)
    return moment.astimezone(zone).date().isoformat()
