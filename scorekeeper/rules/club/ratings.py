"""Ratings (RULES.md, "Ratings, seasons and the money between regulars"): OpenSkill's Plackett-Luce model with
the `openskill` package's defaults over every finished game, in the order the games finished.

Each player is a team of one, ranked by the game's places (ties share a place; lowest-wins systems have their
places already). A rating is kept as (mu, sigma, games); what players see is the ordinal, mu - 3 sigma. The store
keeps each game's step so that a new game rates one game, and a changed one replays from it.
"""

from typing import NamedTuple

from openskill.models import PlackettLuce

from ..game.names import name_key

MODEL = PlackettLuce()  # the package's defaults: mu 25, sigma 25/3, beta 25/6, tau 25/300
# Two players whose chances of winning a game differ by less than this are level before it.
LEVEL_WITHIN = 0.01
# A rating made from fewer games than this is provisional: its give-or-take is wider than the club's spread.
PROVISIONAL_GAMES = 5


class Rating(NamedTuple):
    """A player's rating after some games: the model's mu and sigma, and how many games made it."""

    mu: float = MODEL.mu
    sigma: float = MODEL.sigma
    games: int = 0

    @property
    def rating(self):
        """The ordinal players see: mu - 3 sigma, the model's own."""
        return MODEL.rating(mu=self.mu, sigma=self.sigma).ordinal()

    @property
    def provisional(self):
        """True while too few games made the rating for it to say much."""
        return self.games < PROVISIONAL_GAMES

    @property
    def give_or_take(self):
        """How far the rating may be off, in rating points (2 sigma: about 95 in 100)."""
        return 2 * self.sigma


NEW = Rating()


def player_key(name):
    """The key a player is compared by: the one name key (rules.game.names.name_key) of every page."""
    return name_key(name)


def rate(before, places):
    """Return each seat's Rating after a game, from their Ratings before it and the game's places (1 best)."""
    teams = [[MODEL.rating(mu=old.mu, sigma=old.sigma)] for old in before]
    after = MODEL.rate(teams, ranks=list(places))
    return [Rating(team[0].mu, team[0].sigma, old.games + 1) for team, old in zip(after, before)]


def play(table, players, places, key_of=player_key):
    """Rate one game into `table` ({key: [name, Rating]}, changed in place); return [(key, name, Rating)] by seat.

    A player seated twice under one key (two spellings of one name) is rated once, at their better place. key_of:
    a name's key (the store's says which player a merged spelling is)."""
    seats = {}
    for name, place in zip(players, places):
        key = key_of(name)
        if key not in seats or place < seats[key][1]:
            seats[key] = (str(name).strip(), place)
    keys = list(seats)
    after = rate([table.get(key, (None, NEW))[1] for key in keys], [seats[key][1] for key in keys])
    steps = []
    for key, rating in zip(keys, after):
        table[key] = [seats[key][0], rating]
        steps.append((key, seats[key][0], rating))
    return steps


def rate_games(games, table=None):
    """Rate (players, places) games in order; return {key: [name as last written, Rating]}."""
    table = {} if table is None else table
    for players, places in games:
        play(table, players, places)
    return table


def standings(table):
    """Return the rated players best first: [{"player", "mu", "sigma", "rating", "games"}]."""
    rows = [
        {"player": name, "mu": rating.mu, "sigma": rating.sigma, "rating": rating.rating, "games": rating.games}
        for name, rating in table.values()
    ]
    return sorted(rows, key=lambda row: (-row["rating"], player_key(row["player"])))


def win_chances(before):
    """Each player's chance of winning a game among them (the model's predict_win; they add up to 1), from their
    Ratings before it."""
    return MODEL.predict_win([[MODEL.rating(mu=rating.mu, sigma=rating.sigma)] for rating in before])


def expected_order(named):
    """Group players by their chances of winning a game among them, best first: [[(name, chance), ...], ...];
    players whose chances are within LEVEL_WITHIN of the group's best stand level. named: [(name, Rating)] (a new
    player: NEW). The chances come from mu and sigma both, not the ordinal: a new player's wide sigma is
    uncertainty, not weakness."""
    chances = win_chances([rating for _name, rating in named]) if named else []
    groups = []
    for name, chance in sorted(zip([name for name, _rating in named], chances), key=lambda pair: -pair[1]):
        if groups and groups[-1][0][1] - chance < LEVEL_WITHIN:
            groups[-1].append((name, chance))
        else:
            groups.append([(name, chance)])
    return groups


def change(before, after):
    """How a game moved a player's rating: the rating after it minus the one before (before None: their first
    game, rated from NEW)."""
    return after.rating - (before or NEW).rating
