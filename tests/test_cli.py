"""The command line: `python -m scorekeeper ...`, its argparse entry point run in-process (tests/cli_helpers.py);
the first test runs it as a user does, a new process."""

import json
from pathlib import Path

import pytest

from scorekeeper import rules
from tests.cli_helpers import run_cli, run_process
from scorekeeper.rules.said import json_default

ROOT = Path(__file__).resolve().parent.parent
GAME = ROOT / "tests" / "games" / "okenuff.json"


def run(*args, cwd=ROOT):
    return run_cli(*args, cwd=cwd)


def test_score_prints_the_sheet_winner_and_payments():
    result = run_process("score", GAME)  # the smoke test: `python -m scorekeeper` starts as a process
    assert result.returncode == 0, result.stderr
    expected = rules.score(rules.load(GAME.read_text()))
    lines = result.stdout.splitlines()
    assert lines[0] == "Al Okenuff's (okenuff)"
    header = lines[1].split()
    assert header[:4] == ["#", "cards", "dealer", "trump"] and header[4:] == ["Ann", "Bob", "Cy", "Di"]
    total_line = next(line for line in lines if line.split()[:1] == ["total"])
    assert total_line.split()[1:] == [str(t) for t in expected["totals"]]
    assert f"Winner: {', '.join(expected['winner'])}" in result.stdout
    for payment in expected["settlement"]["payments"]:
        assert f"{payment['from']} pays {payment['to']} {payment['amount']:.2f}" in result.stdout
    # The hand-size column reads 4, 5 ... 13, 13, 13, 13 down the sheet.
    rows = [line.split() for line in lines[3:16]]
    assert [int(row[1]) for row in rows] == rules.hand_sizes("okenuff", 4)


def test_score_json_is_the_engines_scored_game():
    result = run("score", GAME, "--json")
    assert result.returncode == 0
    printed = json.loads(result.stdout)
    assert printed == json.loads(json.dumps(rules.score(rules.load(GAME.read_text())), default=json_default))
    assert sum(printed["settlement"]["net"]) == pytest.approx(0)


def test_score_system_rescores_by_alias():
    printed = json.loads(run("score", GAME, "--json", "--system", "Squared").stdout)
    assert printed["system"] == "get_fred" and printed["options"] == {"squared": True}
    first = printed["hands"][0]
    # Hand 1: Ann made 0 (10), Bob made 1 (11), Cy bid 0 took 1 (-1), Di made 2 (14).
    assert first["scores"] == [
        10 + b * b if ok else -abs(b - t) for b, t, ok in zip(first["bids"], first["tricks"], first["made"])
    ]


def test_compare_lists_every_system():
    out = run("score", GAME, "--compare").stdout.splitlines()
    assert out[0].split() == ["system", "Ann", "Bob", "Cy", "Di", "winner"]
    assert [line.split()[0] for line in out[1:]] == rules.SYSTEMS.ids()
    game = rules.load(GAME.read_text())
    negative = next(line for line in out if line.startswith("negative "))
    assert negative.split()[1:5] == [str(t) for t in rules.score(game, system="negative")["totals"]]


@pytest.mark.parametrize(
    "args, message",
    [
        (["score", "missing.json"], "error: cannot read missing.json: No such file or directory"),
        (["score", "{bad}"], "error: cannot read {bad}"),
        (["score", GAME, "--system", "bridge"], "error: unknown scoring system 'bridge'"),
    ],
)
def test_bad_input_gets_one_line_and_exit_2(args, message):
    result = run(*args)
    assert result.returncode == 2
    assert result.stderr.startswith(message)
    assert len(result.stderr.strip().splitlines()) == 1
    assert "Traceback" not in result.stderr


def test_bad_json_and_a_broken_record(tmp_path):
    bad_json = tmp_path / "bad.json"
    bad_json.write_text('{"players": [')
    result = run("score", bad_json)
    assert result.returncode == 2 and "not valid JSON" in result.stderr
    record = json.loads(GAME.read_text())
    hand = record["hands"][3]
    others = sum(b for seat, b in enumerate(hand["bids"]) if seat != hand["dealer"])
    hand["bids"][hand["dealer"]] = hand["cards"] - others
    broken = tmp_path / "broken.json"
    broken.write_text(json.dumps(record))
    result = run("score", broken)
    assert result.returncode == 2
    assert result.stderr.strip() == (
        f"error: {broken}: hands[3].bids[{hand['dealer']}]: "
        + str(rules.hook_reason(hand["cards"], hand["cards"] - others))
    )
