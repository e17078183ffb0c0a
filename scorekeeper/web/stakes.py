"""The stake ceiling (issue 41): the most a game on this instance may stake a point, its owner's setting
STAKE_CEILING in instance/config.py, checked at every door a stake comes in by (the setup form, the API, the next
game at a table, the settle-up form, an import), with what a game's settlement may move at all.

A stranger's game can then no longer write "Ann owes Bob €12,000,000" with one request (review F-2): a stake is
at most the ceiling, counted in the game's currency's smallest unit (1,000 by default: 10.00 euros or dollars a
point, 1,000 yen or pesos, whose currencies have no cents; a game without a currency counts as cents), each place
of a Prospect scale at most the ceiling times the most players a game seats (a scale is "1, 2, 3... stakes"), and
no game moves more to or from one player than a payment line shows whole (rules.game.limits.MAX_SETTLED).
"""

from flask import current_app

from scorekeeper import rules
from scorekeeper.rules.game import limits
from scorekeeper.text import words
from scorekeeper.text.words import _, number, word

DEFAULT_CEILING = 1_000  # a point's stake in the currency's smallest unit: clubs play for cents, and 300 points' lead
# then moves 3,000.00 euros at most


def ceiling(currency=""):
    """The most a point may stake on this instance, in the currency's own units (10 for EUR, 1,000 for JPY)."""
    return current_app.config["STAKE_CEILING"] / 10 ** words.currency_places(currency or "")


def _currency(record):
    chosen = record.get("rules") if isinstance(record, dict) else None
    currency = chosen.get("currency") if isinstance(chosen, dict) else None
    return currency if isinstance(currency, str) else ""


def check_stake(stake, currency="", path="rules.stake"):
    """Refuse (RecordError naming path) a stake per point beyond the instance's ceiling."""
    most = ceiling(currency)
    if isinstance(stake, (int, float)) and not isinstance(stake, bool) and stake > most:
        raise rules.RecordError(
            path,
            _(
                "is %(stake)s a point; this site takes stakes up to %(most)s a point "
                "(its owner's setting STAKE_CEILING)",
                stake=number(stake),
                most=number(most),
            ),
        )


def check_payouts(payouts, currency="", path="rules.payouts"):
    """Refuse a Prospect scale one of whose places pays more than the ceiling times the most players a game seats."""
    most = ceiling(currency) * limits.MAX_PLAYERS
    for index, amount in enumerate(payouts if isinstance(payouts, list) else []):
        if isinstance(amount, (int, float)) and not isinstance(amount, bool) and amount > most:
            raise rules.RecordError(
                f"{path}[{index}]",
                _(
                    "is %(amount)s; on this site a place pays at most %(most)s (%(players)d times its owner's "
                    "stake ceiling, STAKE_CEILING)",
                    amount=number(amount),
                    most=number(most),
                    players=limits.MAX_PLAYERS,
                ),
            )


def check_record(record, path=""):
    """Refuse a new game's record (a dict) whose money is beyond the ceiling or beyond what a payment shows; the
    fields are named from `path` (an import's "games[3]")."""
    prefix = f"{path}." if path else ""
    chosen = record.get("rules") if isinstance(record, dict) else None
    if not isinstance(chosen, dict) or not (chosen.get("stake") or chosen.get("payouts")):
        return  # no money: nothing to check (nor to score)
    check_stake(chosen.get("stake"), _currency(record), prefix + "rules.stake")
    check_payouts(chosen.get("payouts"), _currency(record), prefix + "rules.payouts")
    check_settled(rules.load(record), prefix)


def check_settled(loaded, prefix=""):
    """Refuse a game (loaded) whose settlement moves more to or from one player than a payment line shows whole."""
    if not loaded.rules.stake and not loaded.rules.payouts:
        return
    try:
        limits.check_settled(rules.score(loaded)["settlement"], prefix + "rules.stake")
    except limits.LimitError as error:
        raise rules.RecordError(error.path, word(error.message)) from None


def within_ceiling(loaded, stake, payouts, settle):
    """Settle up (`settle()`: the engine's outcome) on the game `loaded` when the stake, the scale and what the
    settled game moves stay within the ceiling; else refuse, saying which. The settlement's action runs it
    (taps/settlement.py, given it by the app factory), so the settle page and the actions API both meet it."""
    currency = loaded.rules.currency or ""
    check_stake(stake, currency)
    check_payouts(payouts, currency)
    outcome = settle()
    check_settled(outcome.game)
    return outcome


def init_app(app):
    app.config.setdefault("STAKE_CEILING", DEFAULT_CEILING)
    most = app.config["STAKE_CEILING"]
    if isinstance(most, bool) or not isinstance(most, int) or not 0 <= most <= limits.MAX_MONEY * 100:
        raise ValueError(
            f"STAKE_CEILING in instance/config.py: {most!r} is not a stake; write a whole number of the "
            f"currency's smallest unit (cents) from 0 to {limits.MAX_MONEY * 100:,}, such as 1000 for "
            f"10.00 euros a point"
        )
