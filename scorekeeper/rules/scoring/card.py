"""The house-rules card: a game's rules said in words, and worked examples scored by the engine itself.

Every number on the card comes from scoring a one-hand record under exactly the game's rules, so the
card can never disagree with the sheet.
"""

from . import formula
from ..bids.bidding import BIDDING_STYLES, forbidden_bid
from .modifiers import MODIFIERS, PENALTIES
from ..game.patterns import PATTERNS
from .presets import preset_for
from ..game.record import RecordError, load
from .scored import score
from ..money.settlement import SETTLEMENTS
from ..game.trump import TRUMP_METHODS
from ..said import Capital, Money, Number, Separated, nsaid, said

SAMPLE_NAMES = ("A", "B", "C", "D", "E", "F", "G", "H", "I", "J", "K", "L")


def _plan_text(plan):
    shown = [str(size) for size in plan]
    return " ".join(shown if len(shown) <= 30 else shown[:14] + ["…"] + shown[-14:])


def _system_text(game):
    system, options = game.rules.system, game.rules.options
    if system.bind:
        preset = preset_for(system.id, options)
        return said(
            "%(system)s: %(formula)s.", system=preset.name if preset else system.name, formula=formula.as_text(options)
        )
    changed = [o for o in system.options if options.get(o.id) != o.default]
    sentences = [said("%(system)s. %(description)s", system=system.name, description=system.description)]
    for option in changed:
        described = Capital(option.description)
        sentences.append(
            said("%(option)s.", option=described)
            if option.type is bool
            else said("%(option)s: %(value)s.", option=described, value=options[option.id])
        )
    if system.lowest_wins:
        sentences.append(said("The lowest total wins."))
    return Separated(tuple(sentences), " ")


def _money_text(game):
    rules = game.rules
    entry = SETTLEMENTS.find(rules.settlement)
    if not rules.stake:
        return said("%(settlement)s: %(description)s", settlement=entry.name, description=entry.description)
    # In the game's currency where it has one, else points: a plain number (0.1, not 0.10).
    currency = (game.record.get("rules") or {}).get("currency")
    stake = Money(rules.stake, currency) if currency else Number(rules.stake)
    return said(
        "%(settlement)s, %(stake)s a point: %(description)s",
        settlement=entry.name,
        stake=stake,
        description=entry.description,
    )


def rules_in_words(game):
    """Return (label, text) lines stating the game's rules."""
    rules = game.rules
    plan = game.plan()
    pattern = PATTERNS.find(rules.pattern)
    decks = nsaid("%(num)d deck", "%(num)d decks", rules.decks)
    style = BIDDING_STYLES.find(rules.bidding)
    if rules.hook_applies and rules.hook_from > 1:
        bidding = said(
            "%(style)s. Hook: the dealer may not bid so that the bids add up to the cards (hands of "
            "%(cards)s cards or more; in smaller ones the dealer is free).",
            style=style.name,
            cards=rules.hook_from,
        )
    elif rules.hook_applies:
        bidding = said(
            "%(style)s. Hook: the dealer may not bid so that the bids add up to the cards.", style=style.name
        )
    elif style.hook_applies:
        bidding = said("%(style)s. No hook: the dealer may bid anything.", style=style.name)
    else:
        bidding = said("%(style)s: %(description)s", style=style.name, description=style.description)
    trump = TRUMP_METHODS.find(rules.trump)
    lines = [
        (
            said("Deals"),
            nsaid(
                "%(pattern)s: %(num)d hand of %(sizes)s cards; %(decks)s.",
                "%(pattern)s: %(num)d hands of %(sizes)s cards; %(decks)s.",
                len(plan),
                pattern=pattern.name,
                sizes=_plan_text(plan),
                decks=decks,
            ),
        ),
        (said("Bidding"), bidding),
        (said("Trump"), said("%(method)s: %(description)s", method=trump.name, description=trump.description)),
        (said("Scoring"), _system_text(game)),
    ]
    if rules.modifiers:
        described = [
            said("%(modifier)s: %(description)s", modifier=entry.name, description=entry.description)
            for entry in (MODIFIERS.find(m) for m in rules.modifiers)
        ]
        lines.append((said("Modifiers"), Separated(tuple(described), " ")))
    lowest = rules.system.lowest_wins
    amounts = Separated(
        tuple(
            said("%(penalty)s %(points)s", penalty=p.name, points=_signed(-p.points if lowest else p.points))
            for p in PENALTIES
        )
    )
    lines.append((said("Penalties"), said("%(penalties)s (unless the table says another amount).", penalties=amounts)))
    lines.append((said("Money"), _money_text(game)))
    return lines


def _signed(points):
    """Say points with their sign: +10, -20 (0 as +0)."""
    return Separated(("-" if points < 0 else "+", Number(abs(points))), "")


def _one_hand(game, cards, bid, took, trump="hearts"):
    """Score seat 0 bidding `bid` and taking `took` in one hand of `cards`, under the game's rules."""
    n = len(game.players)
    bids = [bid] + [0] * (n - 1)
    style = BIDDING_STYLES.find(game.rules.bidding)
    if style.bids_must_sum_to_cards:
        bids[1] = cards - bid
    elif game.rules.hook_in(cards) and sum(bids) == cards:
        bids[-1] = 1 if bids[-1] == 0 else 0
    tricks = [took] + [0] * (n - 1)
    tricks[1] += cards - took
    record = {
        "players": list(game.players),
        "rules": game.record.get("rules", {}),
        "hands": [{"cards": cards, "dealer": n - 1, "trump": trump, "bids": bids, "tricks": tricks}],
    }
    try:
        return score(load(record))["hands"][0]["scores"][0]
    except RecordError:
        return None


def _row(game, cards, bid, took, what, trump="hearts"):
    return {"what": what, "cards": cards, "bid": bid, "took": took, "points": _one_hand(game, cards, bid, took, trump)}


def worked_examples(game):
    """Return rows {what, cards, bid, took, points} scored by the engine, and the hook example (or None)."""
    plan = game.plan()
    cards = max(plan)
    rows = [_row(game, cards, bid, bid, said("made")) for bid in range(0, min(5, cards) + 1)]
    bid = min(2, cards)
    for took, what in (
        (bid + 1, said("one over")),
        (bid + 2, said("two over")),
        (bid - 1, said("one under")),
        (bid - 2, said("two under")),
    ):
        if 0 <= took <= cards:
            rows.append(_row(game, cards, bid, took, what))
    if "no_trump_doubles" in game.rules.modifiers:
        rows.append(_row(game, cards, bid, bid, said("made at no trump"), trump="none"))
    if "spades_double" in game.rules.modifiers:
        rows.append(_row(game, cards, bid, bid, said("made in spades"), trump="spades"))
    return [row for row in rows if row["points"] is not None], _hook_example(game, cards)


def _hook_example(game, cards):
    """Say what the dealer may not bid on a sample hand, when the hook applies."""
    if not game.rules.hook_applies or game.rules.hook_from > cards:
        return None
    n = len(game.players)
    size = max(min(cards, 5), 2, game.rules.hook_from)
    others = [(seat + 1) % 2 for seat in range(n - 1)]
    while sum(others) > size:
        others[others.index(1)] = 0
    bids = others + [None]
    forbidden = forbidden_bid(size, n - 1, bids, True)
    if forbidden is None:
        return None
    return said(
        "%(cards)s cards, %(players)s players: the others bid %(bids)s, so the dealer may not bid %(forbidden)s "
        "(%(sum)s + %(forbidden)s = %(cards)s).",
        cards=size,
        players=n,
        bids=", ".join(str(b) for b in others),
        forbidden=forbidden,
        sum=sum(others),
    )


def house_card(game, name=None, sample=False):
    """Return everything the card shows: title, rules in words, worked examples, the hook example.

    `name` names the rules (a preset's name; default the system's); a sample game's names are not shown.
    """
    examples, hook = worked_examples(game)
    preset = preset_for(game.rules.system.id, game.rules.options)
    named = name or (preset.name if preset else game.rules.system.name)
    return {
        "title": said("House rules: %(name)s", name=named),
        "players": [] if sample else list(game.players),
        "lines": rules_in_words(game),
        "examples": examples,
        "hook": hook,
        # The hand-size column: each planned hand, marked when every card is dealt (no trump card to turn).
        "plan": [
            {"number": number, "cards": cards, "no_trump": game.full_deal(cards)}
            for number, cards in enumerate(game.plan(), start=1)
        ],
        "lowest_wins": game.rules.system.lowest_wins,
    }


def sample_game(rules_record, players):
    """Return a Game of the rules for `players` sample names (a card for a setup, before names are known)."""
    count = max(2, min(int(players), len(SAMPLE_NAMES)))
    return load({"players": list(SAMPLE_NAMES[:count]), "rules": rules_record, "hands": []})
