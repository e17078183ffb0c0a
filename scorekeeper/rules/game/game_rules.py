"""A game record's rules: the checked `Rules` and how they are read from the record's "rules" object."""

from dataclasses import dataclass
from decimal import Decimal

from ..bids import bidding
from . import patterns
from ..money.currencies import currency_places
from ..said import nsaid, said
from ..money.amounts import is_currency
from ..bids.bidding import BIDDING_STYLES
from .checks import fail, find, whole
from ..scoring.modifiers import MODIFIERS, any_modifier
from .patterns import PATTERNS
from ..money.settlement import SETTLEMENTS
from ..scoring.systems import SYSTEMS
from .trump import TRUMP_METHODS


@dataclass(frozen=True)
class Rules:
    """A record's rules, checked. A field's default here (or its registry's first entry) is the only place
    that default is said: the setup form and the house-rules card read them from here."""

    system: object
    options: dict
    modifiers: tuple
    hook: bool = True
    hook_from: int = 1
    pattern: str = PATTERNS.default.id
    max_cards: int | None = None
    decks: int = 1
    sizes: tuple | None = None
    planned_hands: int | None = None
    full_deal: bool = False
    stake: float = 0
    settlement: str = SETTLEMENTS.default.id
    bidding: str = BIDDING_STYLES.default.id
    trump: str = TRUMP_METHODS.default.id
    payouts: tuple | None = None
    first_dealer: int = 0
    plan_players: int | None = None
    currency: str = ""  # the stake's ISO 4217 code; "": the stake is in points

    @property
    def hook_applies(self):
        return self.hook and self.style.hook_applies

    def hook_in(self, cards):
        """True when the hook applies to a hand of `cards` (hook_from: not in smaller hands)."""
        return bidding.hook_bites(cards, self.hook_applies, self.hook_from)

    @property
    def hooked_from(self):
        """The smallest hand the hook applies to (hook_from), or None when it applies to none (the bidding habits'
        one value for the hook: rules/bids/habits.py)."""
        return self.hook_from if self.hook_applies else None

    @property
    def style(self):
        """The bidding style's registry entry."""
        return BIDDING_STYLES.find(self.bidding)

    @property
    def blind_bids(self):
        return any_modifier(self.modifiers, "bids_blind")

    @property
    def tricks_may_fall_short(self):
        return any_modifier(self.modifiers, "tricks_may_fall_short")

    @property
    def names_loser(self):
        return any_modifier(self.modifiers, "names_loser")


def load_rules(data, players):
    """Return the record's rules, checked (`players`: how many play), or raise RecordError naming the field."""
    rules = data.get("rules", {})
    if not isinstance(rules, dict):
        fail("rules", said("must be an object"))
    system = find(SYSTEMS, rules.get("scoring", SYSTEMS.default.id), "rules.scoring")
    options = rules.get("options") or {}
    if not isinstance(options, dict):
        fail("rules.options", said("must be an object"))
    try:
        options = system.resolve_options({**SYSTEMS.lookup(rules.get("scoring", SYSTEMS.default.id))[1], **options})
        system = system.for_options(options)
    except ValueError as error:
        fail("rules.options", str(error))
    modifiers = rules.get("modifiers") or []
    if not isinstance(modifiers, list):
        fail("rules.modifiers", said("must be a list of modifier ids"))
    modifiers = tuple(find(MODIFIERS, m, f"rules.modifiers[{i}]").id for i, m in enumerate(modifiers))
    for i, modifier in enumerate(modifiers):
        if modifier in modifiers[:i]:
            fail(
                f"rules.modifiers[{i}]",
                said("%(modifier)s is listed twice; list each modifier once", modifier=repr(modifier)),
            )
    hook = rules.get("hook", Rules.hook)
    if not isinstance(hook, bool):
        fail("rules.hook", said("must be true or false"))
    hook_from = whole(rules.get("hook_from", Rules.hook_from), "rules.hook_from", 1)
    deals = rules.get("deals") or {}
    if not isinstance(deals, dict):
        fail("rules.deals", said("must be an object"))
    pattern = find(PATTERNS, deals.get("pattern", Rules.pattern), "rules.deals.pattern").id
    decks = whole(deals.get("decks", patterns.decks_for(players)), "rules.deals.decks", 1, 4)
    plan_players = deals.get("players")
    if plan_players is not None:
        whole(plan_players, "rules.deals.players", 2, players)
    max_cards = deals.get("max")
    if max_cards is not None:
        whole(max_cards, "rules.deals.max", 1, patterns.largest_hand(plan_players or players, decks, full_deal=True))
    sizes = deals.get("sizes")
    if sizes is not None:
        if not isinstance(sizes, list) or not sizes:
            fail("rules.deals.sizes", said("must be a list of hand sizes"))
        sizes = tuple(whole(s, f"rules.deals.sizes[{i}]", 1) for i, s in enumerate(sizes))
    planned = deals.get("hands")
    if planned is not None:
        whole(planned, "rules.deals.hands", 1)
    full_deal = deals.get("full_deal", Rules.full_deal)
    if not isinstance(full_deal, bool):
        fail("rules.deals.full_deal", said("must be true or false"))
    stake = rules.get("stake", Rules.stake)
    if isinstance(stake, bool) or not isinstance(stake, (int, float)) or stake < 0:
        fail("rules.stake", said("must be a number of at least 0"))
    currency = _currency(rules, stake)
    payouts = rules.get("payouts")
    if payouts is not None:
        if not isinstance(payouts, list) or not all(
            isinstance(p, (int, float)) and not isinstance(p, bool) and p >= 0 for p in payouts
        ):
            fail("rules.payouts", said("must list what each losing place pays, from second place on"))
        if len(payouts) < players - 1:
            fail(
                "rules.payouts",
                nsaid(
                    "needs an amount for the %(num)d losing place",
                    "needs an amount for each of the %(num)d losing places",
                    players - 1,
                ),
            )
        payouts = tuple(payouts)
    first_dealer = whole(rules.get("first_dealer", Rules.first_dealer), "rules.first_dealer", 0, players - 1)
    settlement = find(SETTLEMENTS, rules.get("settlement", Rules.settlement), "rules.settlement")
    if settlement.needs_highest_wins and system.lowest_wins:
        fail(
            "rules.settlement",
            said(
                "%(settlement)s pays points out as money, so it needs a system where the "
                "highest total wins; under %(system)s the lowest wins: choose pairwise or "
                "the sliding scale",
                settlement=settlement.name,
                system=system.name,
            ),
        )
    return Rules(
        system=system,
        options=options,
        modifiers=modifiers,
        hook=hook,
        hook_from=hook_from,
        pattern=pattern,
        max_cards=max_cards,
        decks=decks,
        sizes=sizes,
        planned_hands=planned,
        full_deal=full_deal,
        stake=stake,
        settlement=settlement.id,
        bidding=find(BIDDING_STYLES, rules.get("bidding", Rules.bidding), "rules.bidding").id,
        trump=find(TRUMP_METHODS, rules.get("trump", Rules.trump), "rules.trump").id,
        payouts=payouts,
        first_dealer=first_dealer,
        plan_players=plan_players,
        currency=currency,
    )


def decimals(amount):
    """How many decimals an amount has as written: 2 for 0.25, 0 for 3 or 3.0."""
    return max(0, -Decimal(repr(amount) if isinstance(amount, float) else str(amount)).normalize().as_tuple().exponent)


def _currency(rules, stake):
    """Return the stake's currency (an ISO 4217 code, or "" for points), checked with the stake's decimals."""
    currency = rules.get("currency")
    currency = "" if currency is None else currency  # null, as "" or left out: points
    if not isinstance(currency, str) or currency and not is_currency(currency):
        fail("rules.currency", said("must be a currency's ISO 4217 code, such as EUR or USD, or empty for points"))
    places = currency_places(currency)
    if currency and decimals(stake) > places:
        fail(
            "rules.stake",
            nsaid(
                "has more decimals than %(currency)s has: at most %(num)d",
                "has more decimals than %(currency)s has: at most %(num)d",
                places,
                currency=currency,
            )
            if places
            else said("must be a whole number: %(currency)s has no decimals", currency=currency),
        )
    return currency
