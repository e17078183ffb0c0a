"""Ratings (RULES.md "Ratings, seasons and the money between regulars"): the `ratings` command matches the
`openskill` package's own computation, game by game, over a generated export of hundreds of games."""

import json
import unicodedata
from pathlib import Path

import pytest
from openskill.models import PlackettLuce

from scorekeeper import rules, store
from scorekeeper.rules.club import ratings
from tests.cli_helpers import run_cli
from tests.regular_helpers import random_club, random_game

ROOT = Path(__file__).resolve().parent.parent


def run(*args):
    return run_cli(*args, cwd=ROOT)


def places(totals, lowest_wins):
    """1 for the best total (the lowest where the lowest wins), ties sharing a place."""
    better = (lambda a, b: a < b) if lowest_wins else (lambda a, b: a > b)
    return [1 + sum(better(other, total) for other in totals) for total in totals]


def oracle(records):
    """The ratings as the openskill package computes them, straight from its model."""
    model, kept, names, games = PlackettLuce(), {}, {}, {}
    for record in records:
        scored = rules.score(rules.load({k: v for k, v in record.items() if k not in ("date", "abandoned")}))
        if record.get("abandoned") or not scored["finished"] or record["rules"]["bidding"] == "cooperative":
            continue
        keys = [unicodedata.normalize("NFC", name).casefold() for name in record["players"]]
        teams = [[kept.get(key) or model.rating()] for key in keys]
        after = model.rate(teams, ranks=places(scored["totals"], scored["lowest_wins"]))
        for key, name, team in zip(keys, record["players"], after):
            kept[key], names[key], games[key] = team[0], name, games.get(key, 0) + 1
    return {key: (names[key], rating.mu, rating.sigma, rating.ordinal(), games[key]) for key, rating in kept.items()}


def test_the_ratings_command_matches_openskill_over_hundreds_of_games(tmp_path):
    records = random_club(27, 400)
    export = tmp_path / "club.json"
    export.write_text(json.dumps({"format": "scorekeeper-games", "version": 1, "games": records}), encoding="utf-8")
    result = run("ratings", export, "--json")
    assert result.returncode == 0, result.stderr
    printed = json.loads(result.stdout)
    expected = oracle(records)
    assert len(printed) == len(expected) == 8  # Ann in three cases and Zoë in two ways are one player each
    for row in printed:
        name, mu, sigma, ordinal, games = expected[unicodedata.normalize("NFC", row["player"]).casefold()]
        assert (row["mu"], row["sigma"], row["rating"], row["games"]) == pytest.approx(
            (mu, sigma, ordinal, games), rel=1e-12
        )
    assert [row["rating"] for row in printed] == sorted((row["rating"] for row in printed), reverse=True)
    table = run("ratings", export)
    assert table.returncode == 0 and printed[0]["player"] in table.stdout.splitlines()[1]


def test_a_lowest_wins_game_ranks_the_lowest_total_first():
    game = rules.load(random_game(__import__("random").Random(1), ["Ann", "Bob", "Cy"], scoring="negative"))
    scored = rules.score(game)
    table = ratings.rate_games([(scored["players"], scored["ranks"])])
    best = min(range(3), key=lambda seat: scored["totals"][seat])
    worst = max(range(3), key=lambda seat: scored["totals"][seat])
    if scored["totals"][best] != scored["totals"][worst]:
        assert (
            table[ratings.player_key(scored["players"][best])][1].mu
            > table[ratings.player_key(scored["players"][worst])][1].mu
        )


@pytest.mark.parametrize(
    "document, field",
    [
        ('{"format": "scorekeeper-games", "version": 1, "games": [{"players": ["Ann"], "hands": []}]}', "games[0]"),
        (
            '{"format": "scorekeeper-games", "version": 1, "games": [{"players": ["Ann", "Bob"], "rules": {}, '
            '"hands": [], "abandoned": "yes"}]}',
            "games[0].abandoned",
        ),
        ('{"format": "other", "games": []}', "format"),
        ("not json", "not valid JSON"),
    ],
)
def test_bad_input_gets_one_line_naming_the_field_and_exit_2(tmp_path, document, field):
    export = tmp_path / "bad.json"
    export.write_text(document, encoding="utf-8")
    result = run("ratings", export, "--json")
    assert result.returncode == 2 and result.stdout == ""
    assert len(result.stderr.strip().splitlines()) == 1 and field in result.stderr


def test_the_favourite_and_who_stands_level():
    strong = ratings.Rating(30, 2, 20)
    groups = ratings.expected_order([("Cy", ratings.NEW), ("Ann", strong), ("Di", ratings.NEW)])
    assert [[name for name, _chance in group] for group in groups] == [["Ann"], ["Cy", "Di"]]
    chances = dict(pair for group in groups for pair in group)
    assert chances["Cy"] == chances["Di"] < chances["Ann"] and sum(chances.values()) == pytest.approx(1)


def test_a_new_players_uncertainty_is_not_weakness():
    """Issue 42: the favourite comes from the model's chances of winning, not the conservative ordinal. A player
    whose mu equals a regular's but who has played once (wide sigma, ordinal near 0) is not a heavy underdog."""
    regular, newcomer = ratings.Rating(25, 2, 40), ratings.Rating(25, 7, 1)
    assert regular.rating - newcomer.rating > 14  # the ordinal would make the newcomer far weaker
    chances = ratings.win_chances([regular, newcomer])
    assert chances[0] == pytest.approx(chances[1], abs=0.01)
    assert newcomer.provisional and not regular.provisional


def test_a_games_rating_change_is_the_rating_after_minus_before():
    before, after = ratings.Rating(26, 7, 3), ratings.Rating(27, 6.5, 4)
    assert ratings.change(before, after) == pytest.approx((27 - 3 * 6.5) - (26 - 3 * 7))
    assert ratings.change(None, ratings.Rating(27, 6.5, 1)) == pytest.approx(27 - 3 * 6.5 - 0)


def test_the_export_lists_games_as_they_finished_so_the_command_gives_the_apps_numbers(app, client, tmp_path):
    """Game A is set up before game B but finishes after it: the export lists B, then A, then the game still
    being played, and `ratings` on it gives the numbers the app keeps (rated in the order the games finished)."""
    tricks = {"A": [[1, 0, 0], [0, 0, 2]], "B": [[0, 1, 0], [2, 0, 0]]}  # A: Ann then Cy; B: Bob then Ann

    def hand(game, number):
        return {
            "cards": number,
            "dealer": (number - 1) % 3,
            "trump": "hearts",
            "bids": [0, 0, 0],
            "tricks": tricks[game][number - 1],
        }

    names = ["Ann", "Bob", "Cy"]
    setup = {"players": names, "rules": {"scoring": "exact", "hook": False, "deals": {"pattern": "up", "max": 2}}}
    with app.app_context():
        db = store.get_db()
        ids = {game: store.create_game(db, dict(setup, hands=[hand(game, 1)]))[0] for game in "AB"}
        playing, _key = store.create_game(db, dict(setup, hands=[hand("A", 1)]))
        for game in "BA":
            record = dict(setup, hands=[hand(game, 1), hand(game, 2)])
            store.append_entry(db, ids[game], "hand", {"hand": 2}, record, 1)
        kept = {row["key"]: (row["mu"], row["sigma"], row["rating"], row["games"]) for row in store.player_ratings(db)}
        places = {game_id: json.loads(text) for game_id, text in db.execute("select game_id, places from rated_games")}
    export = tmp_path / "club.json"
    export.write_bytes(client.get("/export/games.json").data)
    listed = [entry["id"] for entry in json.loads(export.read_text(encoding="utf-8"))["games"]]
    assert listed == [ids["B"], ids["A"], playing]
    result = run("ratings", export, "--json")
    assert result.returncode == 0, result.stderr
    printed = {
        ratings.player_key(row["player"]): (row["mu"], row["sigma"], row["rating"], row["games"])
        for row in json.loads(result.stdout)
    }
    assert printed.keys() == kept.keys() == {"ann", "bob", "cy"}
    for key, numbers in kept.items():
        assert printed[key] == pytest.approx(numbers, rel=1e-12), key
    # The order matters: rated in the order they were set up, the same two games give other numbers.
    setup_order = ratings.rate_games([(names, places[ids["A"]]), (names, places[ids["B"]])])
    assert any(setup_order[key][1].mu != pytest.approx(kept[key][0], rel=1e-9) for key in kept)
