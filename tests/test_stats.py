"""The players' history: games, wins, bids made, averages by system, recent games."""

from scorekeeper import rules
from scorekeeper.rules.club.stats import bid_accuracy, player_stats, system_label


def scored(record):
    return rules.score(rules.load(record))


# Game A (1 May, exact): Ann 1 made (11), Bob 0 made (10), Cy 1 missed; then Ann 0 missed,
# Bob 1 made (11), Cy 0 made (10). Totals 11, 21, 10: Bob wins.
GAME_A = {
    "players": ["Ann", "Bob", "Cy"],
    "rules": {"scoring": "exact", "deals": {"pattern": "custom", "sizes": [1, 2]}},
    "hands": [
        {"cards": 1, "dealer": 2, "bids": [1, 0, 1], "tricks": [1, 0, 0]},
        {"cards": 2, "dealer": 0, "bids": [0, 1, 0], "tricks": [1, 1, 0]},
    ],
}
# Game B (3 May, exact): the names typed differently; BOB and ann tie on 10 and both win.
GAME_B = {
    "players": [" BOB ", "Di", "ann"],
    "rules": {"scoring": "exact", "deals": {"pattern": "custom", "sizes": [1]}},
    "hands": [{"cards": 1, "dealer": 2, "bids": [0, 0, 0], "tricks": [0, 1, 0]}],
}
# Game C (4 May, exact, in progress): Ann 1 made, Bob 1 missed.
GAME_C = {
    "players": ["Ann", "Bob"],
    "rules": {"scoring": "exact", "deals": {"pattern": "custom", "sizes": [1, 1]}},
    "hands": [{"cards": 1, "dealer": 1, "bids": [1, 1], "tricks": [1, 0]}],
}
# Game D (2 May, negative, lowest wins): Ann bid 1 and took 2 (1 point), Cy made 0: Cy wins.
GAME_D = {
    "players": ["Ann", "Cy"],
    "rules": {"scoring": "negative", "deals": {"pattern": "custom", "sizes": [2]}},
    "hands": [{"cards": 2, "dealer": 1, "bids": [1, 0], "tricks": [2, 0]}],
}


def history():
    """The store's view: (meta, scored) pairs, in no particular order."""
    return [
        ({"id": 1, "date": "2024-05-01"}, scored(GAME_A)),
        ({"id": 2, "date": "2024-05-03"}, scored(GAME_B)),
        ({"id": 3, "date": "2024-05-04"}, scored(GAME_C)),
        ({"id": 4, "date": "2024-05-02"}, scored(GAME_D)),
    ]


def test_games_played_and_wins_count_finished_games_and_ties_win():
    ann = player_stats("Ann", history())
    assert ann["name"] == "Ann"
    assert ann["games"] == 3  # A, B, D; C is still being played
    assert ann["in_progress"] == 1
    assert ann["wins"] == 1  # the tie in B
    assert ann["win_pct"] == 33.3


def test_bids_made_count_every_recorded_hand():
    ann = player_stats("Ann", history())
    # A: 1 of 2, B: 1 of 1, C: 1 of 1, D: 0 of 1
    assert (ann["bids_made"], ann["hands"], ann["bid_pct"]) == (3, 5, 60.0)


def test_average_score_per_system():
    ann = player_stats("Ann", history())
    assert [dict(row, label=str(row["label"])) for row in ann["by_system"]] == [
        {"system": "exact", "label": "Exact", "lowest_wins": False, "games": 2, "wins": 1, "average": 10.5},
        {"system": "negative", "label": "Negative (golf)", "lowest_wins": True, "games": 1, "wins": 0, "average": 1.0},
    ]


def test_recent_games_most_recent_first():
    ann = player_stats("Ann", history())
    assert [line["id"] for line in ann["recent"]] == [3, 2, 4, 1]
    newest = ann["recent"][0]
    assert (newest["finished"], newest["won"], newest["total"], newest["hands"]) == (False, False, 11, 1)
    tie = ann["recent"][1]
    assert (tie["won"], tie["place"], tie["of"], tie["total"], tie["date"]) == (True, 1, 3, 10, "2024-05-03")
    golf = ann["recent"][2]
    assert (golf["won"], golf["place"], str(golf["label"])) == (False, 2, "Negative (golf)")
    assert len(player_stats("Ann", history(), recent=2)["recent"]) == 2


def test_names_match_trimmed_and_case_blind():
    bob = player_stats("  bob", history())
    assert bob["name"] == "Bob"  # as written in his most recent game (C)
    assert bob["games"] == 2 and bob["wins"] == 2  # A outright, B on a tie
    assert player_stats("ANN ", history())["bids_made"] == 3


def test_a_player_who_never_played():
    zed = player_stats("Zed", history())
    assert zed == {
        "name": "Zed",
        "games": 0,
        "wins": 0,
        "win_pct": None,
        "hands": 0,
        "bids_made": 0,
        "bid_pct": None,
        "by_system": [],
        "recent": [],
        "in_progress": 0,
    }


def test_bid_accuracy_for_every_player():
    assert bid_accuracy(history()) == {"Ann": 60.0, "Bob": 75.0, "Cy": 66.7, "Di": 0.0}


def test_bid_accuracy_of_one_game_takes_a_bare_scored_game():
    assert bid_accuracy([scored(GAME_A)]) == {"Ann": 50.0, "Bob": 100.0, "Cy": 50.0}


def test_bid_accuracy_leaves_out_players_without_a_recorded_hand():
    fresh = dict(GAME_C, hands=[])
    assert bid_accuracy([scored(fresh)]) == {}


def test_system_label_names_changed_options():
    record = {
        "players": ["Ann", "Bob"],
        "rules": {"scoring": "get_fred", "options": {"squared": True}, "deals": {"pattern": "custom", "sizes": [1]}},
        "hands": [],
    }
    assert system_label(scored(record)) == "Get Fred (squared)"
    record["rules"]["options"] = {}
    assert system_label(scored(record)) == "Get Fred"


def test_recent_games_on_the_same_day_go_by_id_as_a_number():
    games = [({"id": game_id, "date": "2024-06-01"}, scored(GAME_A)) for game_id in (9, 10, 2)]
    assert [line["id"] for line in player_stats("Ann", games)["recent"]] == [10, 9, 2]
