"""How the trump of each hand is chosen. The scorekeeper records it; some scoring depends on it."""

from dataclasses import dataclass

from ..registry import Entry, Registry
from ..said import said

SUITS = ("clubs", "diamonds", "hearts", "spades")
TRUMPS = SUITS + ("none",)
SYMBOLS = {"clubs": "♣", "diamonds": "♦", "hearts": "♥", "spades": "♠", "none": "NT"}
KACHUFUL_ROTATION = ("spades", "diamonds", "clubs", "hearts")


@dataclass(frozen=True)
class TrumpMethod(Entry):
    asked_after_bids: bool = False
    rotation: tuple = ()
    full_deal_no_trump: bool = True


TRUMP_METHODS = Registry(
    said("trump method"),
    [
        TrumpMethod(
            "turned",
            said("Turned card"),
            said("The card after the deal is turned up; no trump when no card is left."),
            "002, 003, 004",
            aliases=("turn-up", "cut"),
        ),
        TrumpMethod(
            "none", said("No trump"), said("Every hand is played without trump."), "house rules", aliases=("no-trump",)
        ),
        TrumpMethod(
            "highest_bidder",
            said("Highest bidder names"),
            said("The highest bidder, the first on a tie, names a suit or no trump after the bidding."),
            "000, 003 (Cartier)",
            aliases=("named", "cartier"),
            asked_after_bids=True,
            full_deal_no_trump=False,
        ),
        TrumpMethod(
            "rotation",
            said("Fixed rotation"),
            said("Spades, diamonds, clubs, hearts in turn (Kachuful)."),
            "003 (Kachuful)",
            aliases=("kachuful",),
            rotation=KACHUFUL_ROTATION,
            full_deal_no_trump=False,
        ),
        TrumpMethod(
            "auction",
            said("Auction"),
            said("Turned card, but auctioned when no card is left (Basas)."),
            "003 (Basas)",
            aliases=("basas",),
            full_deal_no_trump=False,
        ),
        TrumpMethod("dealer", said("Dealer's choice"), said("The dealer names trump before seeing the cards."), "003"),
    ],
)


def fixed_trump(method, hand_index, full_deal):
    """Return the trump that the method itself fixes for a hand, or None when someone must say it."""
    method = TRUMP_METHODS.find(method)
    if method.id == "none" or (full_deal and method.full_deal_no_trump):
        return "none"
    if method.rotation:
        return method.rotation[hand_index % len(method.rotation)]
    return None
