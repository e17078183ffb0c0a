"""CSV and JSON export, the formula guard, and the import that refuses a bad file whole."""

import copy
import csv
import io
import json

import pytest

from scorekeeper import rules
from scorekeeper.store.exports import COLUMNS, game_csv, games_csv, games_json, neutralise, parse_import


def rows(text):
    """Return the CSV text as a list of dicts, read the way a spreadsheet reads it."""
    return list(csv.DictReader(io.StringIO(text)))


def three_hands(players=("Ann", "Bob", "Cy"), **extra):
    """A finished 3-player exact game: first dealer Cy, hands of 1, 1 and 2 cards."""
    record = {
        "players": list(players),
        "rules": {"scoring": "exact", "deals": {"pattern": "custom", "sizes": [1, 1, 2]}, "first_dealer": 2},
        "hands": [
            {"cards": 1, "dealer": 2, "trump": "spades", "bids": [1, 0, 1], "tricks": [1, 0, 0]},
            {
                "cards": 1,
                "dealer": 0,
                "trump": "hearts",
                "bids": [0, 1, 1],
                "tricks": [0, 0, 1],
                "penalties": [{"seat": 1, "points": -20, "reason": "revoke"}],
            },
            {"cards": 2, "dealer": 1, "bids": [2, 1, 0], "tricks": [1, 1, 0]},
        ],
    }
    record.update(extra)
    return record


def test_game_csv_has_one_row_per_hand_and_player():
    scored = rules.score(rules.load(three_hands()))
    table = rows(game_csv(scored, {"id": 7, "date": "2024-05-01"}))
    assert list(table[0]) == COLUMNS
    assert len(table) == 3 * 3
    first = table[0]
    assert first == {
        "game": "7",
        "date": "2024-05-01",
        "system": "Exact",
        "hand": "1",
        "cards": "1",
        "dealer": "Cy",
        "trump": "spades",
        "seat": "1",
        "player": "Ann",
        "bid": "1",
        "took": "1",
        "made": "yes",
        "score": "11",
        "total": "11",
        "penalty": "",
        "penalty_reason": "",
        "bonus": "",
        "bonus_reason": "",
        "note": "",
    }
    # Bob's revoke in hand 2: his bid of 1 missed, and 20 off.
    bob_2 = table[4]
    assert (
        bob_2["player"],
        bob_2["made"],
        bob_2["score"],
        bob_2["total"],
        bob_2["penalty"],
        bob_2["penalty_reason"],
    ) == ("Bob", "no", "-20", "-10", "-20", "revoke")
    assert [row["total"] for row in table[-3:]] == [str(t) for t in scored["totals"]]


def test_negative_numbers_stay_numbers():
    scored = rules.score(rules.load(three_hands()))
    text = game_csv(scored)
    # Written bare, not quoted and not prefixed: a spreadsheet reads them as -20 and -10.
    assert ",-20,-10,-20,revoke,,,\r\n" in text
    assert "'-" not in text


@pytest.mark.parametrize("name", ['=HYPERLINK("http://x","win")', "+1+1", "-2+3", "@SUM(A1:A9)", "\tTab", "\rCR"])
def test_names_that_look_like_formulas_are_neutralised(name):
    scored = rules.score(rules.load(three_hands(players=(name, "Bob", "Cy"))))
    table = rows(game_csv(scored))
    assert table[0]["player"] == "'" + name
    # Hand 2 is dealt by seat 0: the dealer column is a name too.
    assert table[3]["dealer"] == "'" + name
    # No cell anywhere starts with a formula character unless it is a number.
    for row in table:
        for cell in row.values():
            if cell[:1] in ("=", "+", "@", "\t", "\r", "-"):
                float(cell)


def test_neutralise_keeps_plain_text_and_numbers():
    assert neutralise("Ann") == "Ann"
    assert neutralise(-10) == -10
    assert neutralise(2.5) == 2.5
    assert neutralise("-10") == "'-10"  # a name typed as -10 is text, not a number
    assert neutralise(None) == ""
    assert neutralise(True) == "yes"


def test_a_hand_in_progress_has_bids_but_no_result():
    record = three_hands()
    record["hands"][2] = {"cards": 2, "dealer": 1, "bids": [2, None, None]}
    table = rows(game_csv(rules.score(rules.load(record))))
    last = table[-3:]
    assert [row["bid"] for row in last] == ["2", "", ""]
    assert all(row["took"] == row["score"] == row["total"] == row["made"] == "" for row in last)


def test_games_csv_keeps_one_header_over_different_tables():
    one = rules.score(rules.load(three_hands()))
    two = rules.score(rules.load(three_hands(players=("Di", "Ed", "Flo"))))
    text = games_csv([({"id": 3, "date": "2024-05-01"}, one), ({"id": 9, "date": "2024-05-08"}, two)])
    table = rows(text)
    assert text.count("game,date,system") == 1
    assert len(table) == 18
    assert {row["game"] for row in table[:9]} == {"3"} and {row["game"] for row in table[9:]} == {"9"}
    assert table[9]["player"] == "Di"
    # Bare scored games are numbered by their place in the list.
    assert {row["game"] for row in rows(games_csv([one, two]))} == {"1", "2"}


def records():
    """Three records with something of everything: unknown keys, penalties, a game in progress."""
    first = three_hands(played="2024-05-01", note={"table": "kitchen"})
    first["rules"]["house"] = "no talking"
    second = three_hands(players=("Zoë", '<b>&"', "=cmd"))
    third = three_hands()
    third["hands"][2] = {"cards": 2, "dealer": 1, "bids": [2, None, None]}
    return [first, second, third]


def test_json_round_trip_loses_nothing():
    original = records()
    text = games_json(original)
    document = json.loads(text)
    assert (document["format"], document["version"]) == ("scorekeeper-games", 2)
    assert parse_import(text) == original
    assert parse_import(text.encode("utf-8")) == original
    assert "Zoë" in text  # written as UTF-8 text, readable


def test_an_edit_key_beginning_with_a_dash_or_underscore_imports():
    # Edit keys are secrets.token_urlsafe: one in 32 begins with "-", one in 32 with "_"; an export written
    # with its keys must import whole (it was refused now and then).
    games = [
        dict(game, id=f"g{number}", edit_key=key)
        for number, (game, key) in enumerate(zip(records(), ["-abcDEF123", "_abcDEF123", "abc-DEF_12"]))
    ]
    assert [game["edit_key"] for game in parse_import(games_json(games))] == ["-abcDEF123", "_abcDEF123", "abc-DEF_12"]
    with pytest.raises(rules.RecordError, match="must be an id of letters, digits"):
        parse_import(games_json([dict(records()[0], edit_key="a key with spaces")]))


def bad_file():
    """Three games; in the third, hand 4's dealer (seat 2) bids the 1 the hook forbids."""
    games = records()
    bad = three_hands()
    bad["rules"]["deals"]["sizes"] = [1, 1, 2, 2]
    bad["hands"].append({"cards": 2, "dealer": 2, "bids": [1, 0, 1], "tricks": [1, 0, 1]})
    games[2] = bad
    return games_json(games)


def test_import_of_a_bad_file_names_the_game_and_the_field():
    with pytest.raises(rules.RecordError) as error:
        parse_import(bad_file())
    assert str(error.value) == "games[2].hands[3].bids[2]: " + str(rules.hook_reason(2, 1))
    assert error.value.path == "games[2].hands[3].bids[2]"


def test_import_checks_every_game_not_just_the_first():
    games = records() + [three_hands(players=("Ann", "ann", "Cy"))]
    with pytest.raises(rules.RecordError) as error:
        parse_import(games_json(games))
    assert str(error.value) == "games[3].players[1]: 'ann' is listed twice"


@pytest.mark.parametrize(
    "text, message",
    [
        ("", "the file is empty"),
        ('{"games": [', "not valid JSON: Expecting value at line 1 column 12"),
        ("[1, 2]", "games[0]: a game record must be a JSON object"),
        ('"hello"', 'the file must hold an export of this app: a JSON object with "games"'),
        ('{"version": 1}', "games: is missing: this is not an export of this app"),
        ('{"format": "other", "games": []}', "format: is 'other', not an export of this app"),
        (
            '{"format": "scorekeeper-games", "version": 3, "games": []}',
            "version: is 3, newer than this app reads (2); update the app first",
        ),
        ('{"games": {}}', "games: must be a list of game records"),
        ('{"games": [{"players": ["A", "B"], "rules": {"stake": NaN}}]}', "not valid JSON: NaN is not a number"),
        (b"\xff\xfe{}", "the file is not UTF-8 text; export it again from the app"),
    ],
)
def test_import_refuses_what_is_not_an_export(text, message):
    with pytest.raises(rules.RecordError) as error:
        parse_import(text)
    assert str(error.value) == message


def test_import_takes_a_single_game_record_or_a_plain_list():
    one = three_hands()
    assert parse_import(json.dumps(one)) == [one]
    assert parse_import(json.dumps([one, one])) == [one, one]
    assert parse_import("\ufeff" + games_json([one])) == [one]


def test_import_leaves_the_text_it_was_given_alone():
    original = records()
    kept = copy.deepcopy(original)
    parse_import(games_json(original))
    assert original == kept


def test_an_empty_export_imports_no_games():
    assert parse_import(games_json([])) == []
