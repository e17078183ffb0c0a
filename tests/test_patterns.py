"""Deal patterns: the hand-size column, N by players and decks, custom lists, games cut short."""

import pytest

from scorekeeper import rules


@pytest.mark.parametrize(
    "players, decks, turned, full",
    [(4, 1, 12, 13), (5, 1, 10, 10), (7, 1, 7, 7), (3, 1, 17, 17), (8, 2, 12, 13), (10, 2, 10, 10)],
)
def test_largest_hand_by_players_and_decks(players, decks, turned, full):
    """RULES: floor((52 * decks - 1) / players) with a turned card, floor(52 * decks / players) without."""
    assert rules.largest_hand(players, decks) == turned
    assert rules.largest_hand(players, decks, full_deal=True) == full


def test_two_decks_from_eight_players():
    """001: 'For more than 7 players, use two decks.'"""
    assert [rules.decks_for(n) for n in (7, 8, 10)] == [1, 2, 2]


@pytest.mark.parametrize("pattern", [p.id for p in rules.PATTERNS if p.takes_max])
def test_default_n_is_the_largest_hand(pattern):
    sizes = rules.hand_sizes(pattern, 5)
    # odd-up-down climbs by 2, so an even N tops out one lower
    assert max(sizes) in (rules.largest_hand(5), rules.largest_hand(5) - 1)
    assert max(rules.hand_sizes(pattern, 4, full_deal=True)) == 13


def test_custom_pattern_and_cut_short():
    assert rules.hand_sizes("custom", 4, sizes=[5, 3, 1]) == [5, 3, 1]
    assert rules.hand_sizes("down-up", 4, max_cards=7, hands=3) == [7, 6, 5]


@pytest.mark.parametrize(
    "kwargs, message",
    [
        ({"pattern": "spiral", "players": 4}, "unknown deal pattern"),
        ({"pattern": "down-up", "players": 1}, "at least 2 players"),
        ({"pattern": "down-up", "players": 6, "max_cards": 9}, "needs more than 1 deck"),
        ({"pattern": "custom", "players": 4}, "needs its list"),
        ({"pattern": "custom", "players": 4, "sizes": [3, 0]}, "at least 1 card"),
    ],
)
def test_bad_patterns_say_what_to_fix(kwargs, message):
    with pytest.raises(ValueError, match=message):
        rules.hand_sizes(**kwargs)


def test_okenuff_is_fixed_at_13_deals():
    """000: 4 cards up to 13, the last four deals 13 cards."""
    sizes = rules.hand_sizes("okenuff", 4)
    assert sizes[0] == 4 and sizes[-4:] == [13] * 4 and len(sizes) == 13


def test_full_deal_hand_has_no_trump_card():
    assert rules.is_full_deal(13, 4)
    assert not rules.is_full_deal(12, 4)
    assert rules.fixed_trump("turned", 0, full_deal=True) == "none"
    assert rules.fixed_trump("turned", 0, full_deal=False) is None
    assert rules.fixed_trump("highest_bidder", 0, full_deal=True) is None


def test_kachuful_rotation():
    """003: Kari (spades), Chukat (diamonds), Falli (clubs), Lal (hearts)."""
    assert [rules.fixed_trump("kachuful", i, False) for i in range(5)] == [
        "spades",
        "diamonds",
        "clubs",
        "hearts",
        "spades",
    ]
