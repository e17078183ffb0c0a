"""What the engine says about a finished game's adjustments and ties (RULES.md: a positive `penalties`
entry is a bonus; scratch breaks a tie by the larger sum of made bids)."""

from scorekeeper import printing, rules
from scorekeeper.store import exports
from scorekeeper.text import history, sentences
from tests.cli_helpers import run_cli
from tests.game_helpers import SHARED, TIED_SCRATCH
from tests.pdf_reading import text


def with_adjustments(record, *penalties):
    record = {**record, "hands": [dict(hand) for hand in record["hands"]]}
    record["hands"][0]["penalties"] = list(penalties)
    return record


def test_a_positive_adjustment_is_a_bonus_and_a_negative_one_a_penalty():
    assert rules.adjustment_kind(10) == rules.BONUS
    assert rules.adjustment_kind(-20) == rules.PENALTY
    # Where the lowest total wins, points taken off help: that is the bonus.
    assert rules.adjustment_kind(-10, lowest_wins=True) == rules.BONUS
    assert rules.adjustment_kind(20, lowest_wins=True) == rules.PENALTY


def test_the_scored_hand_names_each_adjustment_and_the_texts_say_it():
    record = with_adjustments(
        SHARED, {"seat": 0, "points": 10, "reason": "bonus"}, {"seat": 1, "points": -20, "reason": "revoke"}
    )
    scored = rules.score(rules.load(record))
    hand = scored["hands"][0]
    assert [p["kind"] for p in hand["penalties"]] == ["bonus", "penalty"]
    assert [sentences.penalty_text(scored["players"], hand, p) for p in hand["penalties"]] == [
        "hand 1: Ann bonus +10",
        "hand 1: Bob revoke -20",
    ]
    assert scored["totals"][:2] == [31, 1]


def test_the_bonus_reason_takes_ten_and_helps_in_either_direction():
    assert rules.penalty_points("bonus") == 10
    assert rules.penalty_points("bonus", lowest_wins=True) == -10


def test_history_and_csv_say_bonus_apart_from_penalty():
    record = with_adjustments(
        SHARED, {"seat": 0, "points": 10, "reason": "bonus"}, {"seat": 1, "points": -20, "reason": "revoke"}
    )
    described = history.describe(
        {"kind": "hand", "payload": {"hand": 0}, "change": {"hands": {"after": [record["hands"][0]]}}},
        record["players"],
    )
    assert "bonus: Ann +10 (bonus)" in described and "penalty: Bob −20 (revoke)" in described
    rows = exports.games_csv([rules.score(rules.load(record))]).splitlines()
    header = rows[0].split(",")
    ann, bob = rows[1].split(","), rows[2].split(",")
    assert dict(zip(header, ann))["bonus"] == "10" and dict(zip(header, ann))["penalty"] == ""
    assert dict(zip(header, bob))["penalty"] == "-20" and dict(zip(header, bob))["bonus"] == ""


def test_the_pdf_marks_a_bonus_with_a_star_and_lists_it_apart(tmp_path):
    record = with_adjustments(SHARED, {"seat": 0, "points": 10, "reason": "bonus"})
    sheet = text(printing.game_sheet_pdf(rules.load(record)), tmp_path)
    assert "★ Bonuses: hand 1: Ann bonus +10" in sheet
    assert "Penalties" not in sheet


def test_the_pdf_row_line_keeps_the_bonus_and_penalty_marks_apart(tmp_path):
    """The filled sheet's players' cells are one text line a row (printing/rowtext.py): each mark stays by its tricks."""
    record = with_adjustments(
        SHARED, {"seat": 0, "points": 10, "reason": "bonus"}, {"seat": 1, "points": -20, "reason": "revoke"}
    )
    sheet = text(printing.game_sheet_pdf(rules.load(record)), tmp_path)
    first = next(line.split() for line in sheet.splitlines() if line.split()[:2] == ["1", "Ann"])
    assert first[3:9] == ["1✓", "1★", "21", "0✓", "0†", "-10"]
    assert "† Penalties: hand 1: Bob revoke -20" in sheet and "★ Bonuses: hand 1: Ann bonus +10" in sheet


def test_a_tie_broken_by_made_bids_names_the_winner_and_the_counts():
    scored = rules.score(rules.load(TIED_SCRATCH))
    assert scored["totals"] == [0, 0, 0, 1]
    assert scored["tie"] == {"players": ["Ann", "Bob", "Cy"], "winner": ["Ann"], "by": "made_bids", "values": [2, 1, 0]}
    assert sentences.tie_text(scored) == "Ann wins on the tie-break: 2 bids made to Bob's 1 and Cy's 0"


def test_a_tie_that_stands_is_shared():
    scored = rules.score(rules.load(SHARED))
    assert scored["totals"] == [21, 21, 10, 20]
    assert scored["tie"] == {"players": ["Ann", "Bob"], "winner": ["Ann", "Bob"]}
    assert sentences.tie_text(scored) == "Ann and Bob share first place"


def test_a_tie_break_that_leaves_two_level_shares_first_place_on_it():
    record = {
        **TIED_SCRATCH,
        "hands": [dict(TIED_SCRATCH["hands"][0], bids=[0, 0, 0, 0], tricks=[0, 0, 0, 1]), TIED_SCRATCH["hands"][1]],
    }
    scored = rules.score(rules.load(record))
    assert sentences.tie_text(scored) == "Ann and Bob share first place on the tie-break: 1 bids made each to Cy's 0"


def test_no_tie_no_words_and_not_before_the_end():
    scored = rules.score(rules.load({**SHARED, "hands": SHARED["hands"][:1]}))
    assert sentences.tie_text(scored) is None  # Ann leads alone
    unfinished = rules.score(rules.load({**TIED_SCRATCH, "hands": TIED_SCRATCH["hands"][:1]}))
    assert "tie" in unfinished and sentences.tie_text(unfinished) is None


def test_the_pdf_says_the_tie_break(tmp_path):
    sheet = text(printing.game_sheet_pdf(rules.load(TIED_SCRATCH)), tmp_path)
    assert "Ann wins on the tie-break: 2 bids made to Bob's 1 and Cy's 0" in sheet


def test_the_command_line_says_the_tie_break_too(tmp_path):
    import json

    path = tmp_path / "tied.json"
    path.write_text(json.dumps(TIED_SCRATCH))
    result = run_cli("score", path)
    assert result.returncode == 0, result.stderr
    assert "Ann wins on the tie-break: 2 bids made to Bob's 1 and Cy's 0" in result.stdout
