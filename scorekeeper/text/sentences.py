"""The sentences of a game's results for people: standings, payments, the pot, penalties and bonuses, ties and
the Ultimate Loser, in the reader's language: each is one message of the catalogues filled with the values the
engine's scoring gives (rules.score)."""

from scorekeeper.rules.scoring.ranks import BONUS, LOSER_KEY
from scorekeeper.rules.money.settlement import POT
from scorekeeper.text import words
from scorekeeper.text.words import N_, _, names_text, ngettext


def party_name(party, start=False):
    """Name a side of a payment as players say it: a name, or the pot."""
    if party == POT:
        return _("The pot") if start else _("the pot")
    return party


def payment_text(payment, currency=""):
    """Say a payment: 'Bob pays Ann 2.50', 'Di pays the pot 3.00' (the amount in the game's currency)."""
    amount = words.money(payment["amount"], currency)
    if payment["from"] == POT:
        return _("The pot pays %(payee)s %(amount)s", payee=payment["to"], amount=amount)
    if payment["to"] == POT:
        return _("%(payer)s pays the pot %(amount)s", payer=payment["from"], amount=amount)
    return _("%(payer)s pays %(payee)s %(amount)s", payer=payment["from"], payee=payment["to"], amount=amount)


def standing_text(scored):
    """Say who won, or who leads a game still being played: 'Leading after 3 of 13 hands: Di'."""
    who = names_text(scored["winner"])
    if scored["finished"]:
        return ngettext("Winner: %(names)s", "Winners: %(names)s", len(scored["winner"]), names=who)
    played = sum(hand["scores"] is not None for hand in scored["hands"])
    return ngettext(
        "Leading after %(played)d of %(num)d hand: %(names)s",
        "Leading after %(played)d of %(num)d hands: %(names)s",
        scored["planned_hands"],
        played=played,
        names=who,
    )


# How a penalty's reason is said in a sentence, by the penalty's id (modifiers.PENALTIES); a reason of the
# table's own is said as typed.
REASON_WORDS = {
    "revoke": N_("revoke"),
    "revoke_redeal": N_("revoke, dealt again"),
    "renege": N_("Basas revoke"),
    "false_accusation": N_("false accusation"),
    "other": N_("other"),
    "bonus": N_("bonus"),
}


# How a system's tie-break is said: "Cy wins on the tie-break: 9 bids made to Di's 7".
TIE_BREAK_WORDS = {"made_bids": N_("bids made")}


def tie_text(scored):
    """Say how a finished game's tie at the top ended, or None: 'Cy wins on the tie-break: 9 bids made to
    Di's 7', 'Ann and Bob share first place'."""
    tie = scored.get("tie")
    if not tie or not scored["finished"]:
        return None
    first, level = tie["winner"], tie["players"]
    if "by" not in tie or len(first) == len(level):
        return _("%(names)s share first place", names=names_text(first))
    values = dict(zip(level, tie["values"]))
    behind = names_text(
        _("%(name)s's %(value)s", name=name, value=words.number(values[name])) for name in level if name not in first
    )
    what = _(TIE_BREAK_WORDS.get(tie["by"], tie["by"]))
    value = words.number(values[first[0]])
    if len(first) == 1:
        return _(
            "%(name)s wins on the tie-break: %(value)s %(what)s to %(behind)s",
            name=first[0],
            value=value,
            what=what,
            behind=behind,
        )
    return _(
        "%(names)s share first place on the tie-break: %(value)s %(what)s each to %(behind)s",
        names=names_text(first),
        value=value,
        what=what,
        behind=behind,
    )


def penalty_text(players, hand, penalty):
    """Say a penalty or bonus of a scored hand: 'hand 2: Cy revoke -20', 'hand 3: Ann bonus +10'."""
    points = penalty["points"]
    shown = ("+" if penalty.get("kind") == BONUS and points > 0 else "") + words.number(points)
    reason = penalty["reason"]
    return _(
        "hand %(number)s: %(name)s %(reason)s %(points)s",
        number=hand["number"],
        name=players[penalty["seat"]],
        reason=_(REASON_WORDS[reason]) if reason in REASON_WORDS else reason,
        points=shown,
    )


def pot_text(settlement, currency=""):
    """Say the money left on the table, or None where the settlement has no pot: 'left in the pot: 3.00'."""
    if "pot" not in settlement:
        return None
    return _("left in the pot: %(amount)s", amount=words.money(settlement["pot"], currency))


def loser_text(scored):
    """Say who is the Ultimate Loser, or None where no modifier names one: 'Ultimate Loser: Bob'."""
    if LOSER_KEY not in scored:
        return None
    return _("Ultimate Loser: %(names)s", names=names_text(scored[LOSER_KEY]))
