"""`python -m scorekeeper sheet`: a PDF on success; one line on stderr, exit 2 and no file on bad input. The first
test runs it as a new process; the others call its entry point in-process (tests/cli_helpers.py)."""

import json

import pytest

from scorekeeper import rules
from tests.cli_helpers import run_cli, run_process
from tests.pdf_reading import hand_column, info, text

GAME = {
    "players": ["Ann", "Bob", "Cy"],
    "rules": {"scoring": "exact", "deals": {"pattern": "down", "max": 3}, "stake": 0.5, "settlement": "pairwise"},
    "hands": [
        {"cards": 3, "dealer": 0, "trump": "clubs", "bids": [1, 1, 0], "tricks": [1, 2, 0]},
        {"cards": 2, "dealer": 1, "trump": "hearts", "bids": [0, 1, 0], "tricks": [0, 1, 1]},
        {"cards": 1, "dealer": 2, "trump": "none", "bids": [0, 0, 0], "tricks": [0, 0, 1]},
    ],
}


def run(*args, cwd):
    """The sheet command in-process (tests/cli_helpers.py): the PDF is the same, without a new Python and
    WeasyPrint's fonts loaded again for each sheet."""
    return run_cli("sheet", *args, cwd=cwd)


def test_blank_sheet_with_every_option(tmp_path):
    out = tmp_path / "blank.pdf"
    # As a user runs it, a new process: the smoke test that the sheet command starts with its fonts.
    done = run_process(
        "sheet",
        "--players",
        "3",
        "--pattern",
        "down-up",
        "--max",
        "6",
        "--names",
        "Ann,Bob,Cy",
        "--paper",
        "letter",
        "--landscape",
        "--hook-helper",
        "--copies",
        "2",
        "-o",
        str(out),
        cwd=tmp_path,
    )
    assert done.returncode == 0, done.stderr
    assert done.stderr == ""
    data = out.read_bytes()
    found = info(data, tmp_path)
    assert found["pages"] == 2
    assert found["page_w"] == pytest.approx(792, abs=0.5) and found["page_h"] == pytest.approx(612, abs=0.5)
    pages = text(data, tmp_path).split("\f")
    assert hand_column(pages[0]) == [6, 5, 4, 3, 2, 1, 2, 3, 4, 5, 6]
    assert "Ann" in pages[1] and "Bids so far" in pages[1]


def test_a_blank_sheet_from_a_preset_names_it(tmp_path):
    """Issue 25: as on the web's blank-sheet page, a preset gives the deal, the hook and its own name."""
    out = tmp_path / "boerenbridge.pdf"
    done = run("--preset", "boerenbridge", "--players", "5", "--language", "nl", "-o", str(out), cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    sheet = " ".join(text(out.read_bytes(), tmp_path).split())
    assert "Puntentelling: Boerenbridge" in sheet and "Eigen formule" not in sheet
    assert hand_column(text(out.read_bytes(), tmp_path).split("\f")[0])[:3] == [1, 2, 3]  # up to 10 and down
    assert "4 kaarten" in sheet  # the hook from 4 cards
    done = run("--preset", "boerenbridge", "--players", "5", "--system", "exact", "-o", str(out), cwd=tmp_path)
    assert done.returncode == 0 and "Scoring: Exact" in text(out.read_bytes(), tmp_path)  # what is given wins
    refused = run("--preset", "nosuch", "--players", "5", "-o", str(out), cwd=tmp_path)
    assert refused.returncode == 2 and "nosuch" in refused.stderr


def test_two_decks(tmp_path):
    out = tmp_path / "big.pdf"
    done = run("--players", "8", "--pattern", "down", "--decks", "2", "-o", str(out), cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    assert hand_column(text(out.read_bytes(), tmp_path)) == list(range(12, 0, -1))


def test_filled_sheet_of_a_game(tmp_path):
    record = tmp_path / "game.json"
    record.write_text(json.dumps(GAME))
    out = tmp_path / "game.pdf"
    done = run("--game", str(record), "-o", str(out), cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    sheet = text(out.read_bytes(), tmp_path)
    assert hand_column(sheet) == [3, 2, 1]
    totals = next(line for line in sheet.splitlines() if line.strip().startswith("Total"))
    assert totals.split() == ["Total", "31", "21", "10"]
    assert "Winner: Ann" in sheet
    assert "Cy pays Ann 15.50" in sheet and "Cy pays Bob 0.50" in sheet


@pytest.mark.parametrize(
    "args, message",
    [
        (["--players", "1"], "error: players must be between 2 and 10, not 1"),
        (["--players", "4", "--pattern", "nope"], "error: unknown deal pattern 'nope'"),
        (["--players", "4", "--max", "20"], "error: 20 cards for 4 players needs more than 1 deck "),
        (["--players", "4", "--paper", "a3"], "error: paper must be a4 or letter"),
        (["--players", "four"], "error: players must be a whole number"),
        (["--game", "missing.json"], "error: cannot read missing.json"),
    ],
)
def test_bad_input_is_one_line_exit_2_and_no_file(tmp_path, args, message):
    out = tmp_path / "sheet.pdf"
    done = run(*args, "-o", str(out), cwd=tmp_path)
    assert done.returncode == 2
    assert done.stderr.count("\n") == 1 and done.stderr.startswith(message)
    assert not out.exists()


def test_a_record_that_breaks_its_rules_names_the_field(tmp_path):
    bad = json.loads(json.dumps(GAME))
    bad["hands"][0]["bids"] = [1, 1, 1]  # the dealer (Ann) may not make the bids add up to 3
    record = tmp_path / "bad.json"
    record.write_text(json.dumps(bad))
    out = tmp_path / "sheet.pdf"
    done = run("--game", str(record), "-o", str(out), cwd=tmp_path)
    assert done.returncode == 2
    assert done.stderr.strip().endswith("hands[0].bids[0]: " + str(rules.hook_reason(3, 1)))
    assert done.stderr.count("\n") == 1
    assert not out.exists()


def test_no_output_file_given(tmp_path):
    done = run("--players", "4", cwd=tmp_path)
    assert done.returncode == 2
    assert done.stderr == "error: say where to write the PDF: -o FILE.pdf\n"
    assert list(tmp_path.iterdir()) == []


def test_filled_sheet_on_letter_landscape(tmp_path):
    record = tmp_path / "game.json"
    record.write_text(json.dumps(GAME))
    out = tmp_path / "game.pdf"
    done = run("--game", str(record), "--paper", "letter", "--landscape", "-o", str(out), cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    found = info(out.read_bytes(), tmp_path)
    assert (found["page_w"], found["page_h"]) == (pytest.approx(792, abs=0.5), pytest.approx(612, abs=0.5))
