"""`python -m scorekeeper event EVENT.json [--json]`, run as a director runs it: the JSON contract of RULES.md,
the table for people, and bad or hostile event files answered with one line naming the field, never a traceback."""

import contextlib
import copy
import io
import json
import os
import tempfile
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from scorekeeper import cli
from scorekeeper.rules import events
from scorekeeper.text.words import worded
from tests.cli_helpers import run_cli
from tests.event_helpers import play_event
from tests.examples import REQUESTS

ROOT = Path(__file__).resolve().parent.parent
SHORT = {"scoring": "exact", "deals": {"pattern": "custom", "sizes": [2, 1]}}


def run(*args):
    return run_cli(*args, cwd=ROOT)


@pytest.fixture(scope="module")
def finished_event():
    """An 8-player Cartier event played to its champion: 2 tables, then 4 players at the final."""
    return play_event("cartier", [f"Player {n}" for n in range(1, 9)], "cli", lambda i, t: {})


@pytest.fixture(scope="module")
def midway_event():
    """Nine players in qualifying rounds of 3: round 1 played, round 2 not yet drawn."""
    record = events.new_event(
        "Club", "rounds", [f"P{n}" for n in range(1, 10)], "mid", SHORT, {"rounds": 2, "table": 3, "final": 3}
    ).record
    record = events.start_round(record).record
    for j, table in enumerate(record["rounds"][0]["tables"]):
        game = {
            "players": table["seats"],
            "rules": SHORT,
            "hands": [
                {"cards": 2, "dealer": 0, "trump": "hearts", "bids": [1, 0, 0], "tricks": [1, 0, 1]},
                {"cards": 1, "dealer": 1, "trump": "clubs", "bids": [0, 1, 1], "tricks": [0, 1, 0]},
            ],
        }
        record = events.set_table_record(record, 0, j, game).record
    return record


def write(tmp_path, record, name="event.json"):
    path = tmp_path / name
    path.write_text(record if isinstance(record, str) else json.dumps(record), encoding="utf-8")
    return path


def test_event_json_has_every_key_of_the_contract(tmp_path, finished_event):
    result = run("event", write(tmp_path, finished_event), "--json")
    assert result.returncode == 0, result.stderr
    printed = json.loads(result.stdout)
    assert {"format", "players", "rounds", "standings", "next", "champion"} <= set(printed)
    assert printed["format"] == "cartier" and printed["players"] == finished_event["players"]
    for rnd in printed["rounds"]:
        assert {"tables", "advanced", "eliminated", "ties"} <= set(rnd)
        for table in rnd["tables"]:
            assert {"seats", "totals", "places", "points", "finished"} <= set(table)
            assert len(table["totals"]) == len(table["places"]) == len(table["points"]) == len(table["seats"])
        for tie in rnd["ties"]:
            assert set(tie) >= {"players", "broken_by"}
    for row in printed["standings"]:
        assert set(row) >= {"player", "points", "total", "bids_made"}
    assert printed["next"] is None
    final = printed["rounds"][-1]["tables"][0]
    firsts = [seat for seat, place in zip(final["seats"], final["places"]) if place == 1]
    assert printed["champion"] in firsts  # the final's winner; a shared first place goes to its tie-break
    if len(firsts) > 1:
        assert any(set(firsts) <= set(tie["players"]) for tie in printed["rounds"][-1]["ties"]), printed["rounds"][-1]
    assert printed == json.loads(json.dumps(worded(events.score_event(finished_event))))


def test_event_prints_the_rounds_the_standings_and_the_champion(tmp_path, finished_event):
    result = run("event", write(tmp_path, finished_event))
    assert result.returncode == 0, result.stderr
    scored = events.score_event(finished_event)
    out = result.stdout
    assert out.splitlines()[0] == "cartier test: Cartier tournament (cartier), 8 players, seed cli"
    assert "Round 1 (2 tables)" in out and "Round 2 (final)" in out
    assert f"Go on: {', '.join(scored['rounds'][0]['advanced'])}" in out
    assert out.rstrip().endswith(f"Champion: {scored['champion']}")
    standings = out[out.index("Standings") :].splitlines()[2 : 2 + len(scored["standings"])]
    assert [line.split()[1:3] for line in standings][:1] == [["Player", scored["standings"][0]["player"].split()[1]]]


def test_midway_the_next_round_is_shown_as_drawn_from_the_seed(tmp_path, midway_event):
    printed = json.loads(run("event", write(tmp_path, midway_event), "--json").stdout)
    assert printed["champion"] is None
    assert printed["next"]["number"] == 2 and len(printed["next"]["tables"]) == 3
    assert printed["next"] == events.score_event(midway_event)["next"]
    out = run("event", write(tmp_path, midway_event)).stdout
    assert "Next: round 2 (3 tables), drawn from the seed" in out
    for number, table in enumerate(printed["next"]["tables"], start=1):
        assert f"Table {number}: {', '.join(table['seats'])}" in out


@pytest.mark.parametrize(
    "change, field",
    [
        (lambda r: r.update(format="bridge"), "format: unknown tournament format 'bridge'"),
        (
            lambda r: r["rounds"][0]["tables"][1]["seats"].__setitem__(0, r["rounds"][0]["tables"][0]["seats"][0]),
            "rounds[0].tables[1].seats[0]: ",
        ),
        (
            lambda r: r["rounds"][0]["tables"][0]["record"].update(players=["P1", "P2", "Stranger"]),
            "rounds[0].tables[0].record.players",
        ),
        (
            lambda r: r["rounds"][0]["tables"][0]["record"]["hands"][0].update(tricks=[5, 0, 0]),
            "rounds[0].tables[0].record.hands[0].tricks",
        ),
    ],
)
def test_bad_events_get_one_line_naming_the_field_and_exit_2(tmp_path, midway_event, change, field):
    record = copy.deepcopy(midway_event)
    change(record)
    result = run("event", write(tmp_path, record), "--json")
    assert result.returncode == 2 and result.stdout == ""
    assert len(result.stderr.splitlines()) == 1 and field in result.stderr, result.stderr


@pytest.mark.parametrize("text", ["", "{", "[]", '{"format": "cartier"}', "\udcff".encode("utf-8", "surrogatepass")])
def test_files_that_are_not_events_get_one_line(tmp_path, text):
    path = tmp_path / "event.json"
    path.write_bytes(text if isinstance(text, bytes) else text.encode())
    result = run("event", path)
    assert result.returncode == 2 and len(result.stderr.splitlines()) == 1 and "Traceback" not in result.stderr


def main_in_process(record):
    """Run the CLI's main on the record as a file; return (exit status, stdout, stderr)."""
    out, err = io.StringIO(), io.StringIO()
    with tempfile.TemporaryDirectory() as folder:
        path = os.path.join(folder, "event.json")
        with open(path, "w", encoding="utf-8") as file:
            file.write(record if isinstance(record, str) else json.dumps(record))
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            status = cli.main(["event", path, "--json"])
    return status, out.getvalue(), err.getvalue()


def paths(value, prefix=()):
    """Every place in a JSON value, as key paths."""
    yield prefix
    if isinstance(value, dict):
        for key, item in value.items():
            yield from paths(item, prefix + (key,))
    elif isinstance(value, list):
        for index, item in enumerate(value):
            yield from paths(item, prefix + (index,))


JSON = st.recursive(
    st.none() | st.booleans() | st.integers(-(10**30), 10**30) | st.floats(allow_nan=True) | st.text(max_size=30),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4),
    max_leaves=12,
)
HOSTILE = settings(
    max_examples=REQUESTS,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture],
)


def check_answer(status, out, err):
    assert status in (0, 2)
    if status == 2:
        assert out == "" and len(err.splitlines()) == 1 and err.startswith("error: "), err
    else:
        assert {"format", "rounds", "standings", "next", "champion"} <= set(json.loads(out))


@HOSTILE
@given(data=st.data())
def test_a_hostile_change_anywhere_in_an_event_never_gives_a_traceback(midway_event, data):
    record = copy.deepcopy(midway_event)
    where = data.draw(st.sampled_from([p for p in paths(record) if p]))
    parent = record
    for key in where[:-1]:
        parent = parent[key]
    if data.draw(st.booleans()) and isinstance(parent, dict):
        del parent[where[-1]]
    else:
        parent[where[-1]] = data.draw(JSON)
    check_answer(*main_in_process(record))


@HOSTILE
@given(JSON)
def test_any_json_at_all_never_gives_a_traceback(value):
    check_answer(*main_in_process(value))


@HOSTILE
@given(
    st.dictionaries(
        st.sampled_from(["name", "format", "seed", "players", "rules", "options", "rounds", "withdrawn"]),
        JSON,
        max_size=8,
    )
)
def test_an_event_of_wrong_shapes_never_gives_a_traceback(record):
    record.setdefault("format", "rounds")
    check_answer(*main_in_process(record))


def test_event_json_ranks_the_final_results_by_the_round_reached(tmp_path, finished_event, midway_event):
    """RULES.md: once there is a champion, `results` lists every entrant {player, round_reached, place}."""
    printed = json.loads(run("event", write(tmp_path, finished_event), "--json").stdout)
    results = printed["results"]
    assert [set(row) for row in results] == [{"player", "round_reached", "place"}] * 8
    assert results[0]["player"] == printed["champion"]
    finalists = printed["rounds"][-1]["tables"][0]["seats"]
    assert {row["player"] for row in results[:4]} == set(finalists)
    assert [row["round_reached"] for row in results] == [2] * 4 + [1] * 4
    assert [row["place"] for row in results] == list(range(1, 9))
    assert "Final results (by the round reached)" in run("event", write(tmp_path, finished_event)).stdout
    assert json.loads(run("event", write(tmp_path, midway_event), "--json").stdout)["results"] is None


def test_event_refuses_a_cartier_table_of_5_saying_why(tmp_path, finished_event):
    record = json.loads(json.dumps(finished_event))
    record["rounds"] = record["rounds"][:1]
    tables = record["rounds"][0]["tables"]
    for table in tables:
        table.pop("record")
    tables[0]["seats"].append(tables[1]["seats"].pop())
    result = run("event", write(tmp_path, record), "--json")
    assert result.returncode == 2 and len(result.stderr.splitlines()) == 1
    assert "rounds[0].tables[0].seats: a Cartier tournament table seats at most 4" in result.stderr
