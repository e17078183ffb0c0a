"""The SVG charts: well formed, one line per player, names escaped, and legible in a real browser."""

import os
import random
import xml.etree.ElementTree as ET

import pytest

from scorekeeper import rules
from scorekeeper.text.charts import COLOURS, bid_accuracy_svg, running_totals_svg, style
from scorekeeper.rules.club.stats import bid_accuracy
from tests.pictures import screenshot

SVG = "{http://www.w3.org/2000/svg}"


def play(players, scoring="okenuff", pattern="okenuff", hands=None, seed=1, **rule_options):
    """Return a record of a game played with legal random bids and tricks (the hook obeyed)."""
    chance = random.Random(seed)
    record = {
        "players": list(players),
        "rules": {"scoring": scoring, "deals": {"pattern": pattern}, **rule_options},
        "hands": [],
    }
    if hands is not None:
        record["rules"]["deals"]["hands"] = hands
    while (upcoming := rules.next_hand(rules.load(record))) is not None:
        cards, dealer = upcoming["cards"], upcoming["dealer"]
        bids = [None] * len(players)
        for seat in rules.bidding_order(dealer, len(players)):
            bids[seat] = chance.choice(rules.allowed_bids(cards, seat, dealer, bids))
        tricks = [0] * len(players)
        for _ in range(cards):
            tricks[chance.randrange(len(players))] += 1
        record["hands"].append(
            {"cards": cards, "dealer": dealer, "trump": chance.choice(rules.SUITS), "bids": bids, "tricks": tricks}
        )
    return record


def parse(svg):
    root = ET.fromstring(svg)
    assert root.tag == SVG + "svg"
    return root


def polylines(root):
    return root.findall(f".//{SVG}polyline")


def test_one_line_per_player_with_a_point_per_hand_and_the_start():
    scored = rules.score(rules.load(play(["Ann", "Bob", "Cy", "Di"])))
    root = parse(running_totals_svg(scored))
    lines = polylines(root)
    assert len(lines) == 4
    assert all(len(line.get("points").split()) == 13 + 1 for line in lines)
    assert root.get("viewBox").startswith("0 0 480 ")
    assert root.get("width") == "100%" and root.get("height") is None


def test_a_game_in_progress_draws_the_hands_recorded_so_far():
    record = play(["Ann", "Bob", "Cy"], scoring="exact", pattern="down-up", seed=3)
    record["hands"] = record["hands"][:5] + [
        {"cards": record["hands"][5]["cards"], "dealer": record["hands"][5]["dealer"], "bids": [1, None, None]}
    ]
    root = parse(running_totals_svg(rules.score(rules.load(record))))
    assert [len(line.get("points").split()) for line in polylines(root)] == [6, 6, 6]


def test_a_game_with_no_hands_yet_is_still_a_chart():
    scored = rules.score(rules.load({"players": ["Ann", "Bob"], "hands": []}))
    root = parse(running_totals_svg(scored))
    assert [len(line.get("points").split()) for line in polylines(root)] == [1, 1]


def test_the_lines_follow_the_totals():
    scored = rules.score(rules.load(play(["Ann", "Bob", "Cy", "Di"], seed=5)))
    root = parse(running_totals_svg(scored))
    zero = root.find(f".//{SVG}line[@class='zero']")
    zero_y = float(zero.get("y1"))
    for seat, line in enumerate(polylines(root)):
        ys = [float(point.split(",")[1]) for point in line.get("points").split()]
        assert ys[0] == zero_y  # everyone starts at 0
        totals = [0] + [hand["totals"][seat] for hand in scored["hands"]]
        # A higher total is drawn higher up (smaller y), whatever the scale.
        for (a, b), (ya, yb) in zip(zip(totals, totals[1:]), zip(ys, ys[1:])):
            assert (b > a) == (yb < ya) and (b == a) == (yb == ya)


def test_legend_names_every_player_with_the_final_total():
    scored = rules.score(rules.load(play(["Ann", "Bob", "Cy", "Di"])))
    root = parse(running_totals_svg(scored))
    labels = [t.text for t in root.findall(f".//{SVG}g[@class='legend-entry']/{SVG}text")]
    assert labels == [f"{name}: {total}" for name, total in zip(scored["players"], scored["totals"])]


def test_lowest_wins_is_noted():
    scored = rules.score(rules.load(play(["Ann", "Bob", "Cy"], scoring="negative", pattern="down-up")))
    root = parse(running_totals_svg(scored))
    notes = [t.text for t in root.findall(f".//{SVG}text[@class='note']")]
    assert notes == ["Lowest total wins"]
    assert "Negative (golf)" in root.find(f"{SVG}title").text


def test_every_player_differs_in_colour_and_dash_and_marker_up_to_eight():
    seen = [style(seat) for seat in range(len(COLOURS))]
    for part in range(3):
        assert len({s[part] for s in seen}) == len(COLOURS)
    assert len({style(seat) for seat in range(64)}) == 64


def test_names_are_escaped():
    evil = '<b>&"'
    scored = rules.score(rules.load(play([evil, "Bob", "Cy'"], scoring="exact", pattern="down-up")))
    scored["players"][1] = "Bob\x07"  # a bell character cannot be a player's name (issue 23), nor break the chart
    svg = running_totals_svg(scored)
    assert "&lt;b&gt;&amp;&quot;" in svg
    assert evil not in svg
    root = parse(svg)  # well formed, even with a bell character in a name
    titles = [g.find(f"{SVG}title").text for g in root.findall(f".//{SVG}g[@class='player']")]
    assert titles == [evil, "Bob\ufffd", "Cy'"]
    bars = parse(bid_accuracy_svg(bid_accuracy([scored])))
    assert [t.text for t in bars.findall(f".//{SVG}g[@class='bar-row']/{SVG}text")][0] == evil


def test_bid_accuracy_bars_are_as_long_as_the_percentage():
    root = parse(bid_accuracy_svg({"Ann": 50.0, "Bob": 100.0, "Cy": 0.0, "Di": None}))
    rows = root.findall(f".//{SVG}g[@class='bar-row']")
    assert len(rows) == 4
    track = float(rows[0].findall(f"{SVG}rect")[0].get("width"))
    widths = [float(row.find(f"{SVG}rect[@class='bar']").get("width")) for row in rows[:3]]
    assert widths == [track / 2, track, 0]
    assert rows[3].find(f"{SVG}rect[@class='bar']") is None
    texts = [[t.text for t in row.findall(f"{SVG}text")] for row in rows]
    assert texts == [["Ann", "50%"], ["Bob", "100%"], ["Cy", "0%"], ["Di", "no hands yet"]]


def test_bid_accuracy_with_nobody():
    root = parse(bid_accuracy_svg({}))
    assert "No bids recorded yet." in [t.text for t in root.iter(f"{SVG}text")]


@pytest.mark.browser
@pytest.mark.browser
def test_charts_look_right_in_a_phone_sized_browser(browser, tmp_path):
    four = rules.score(rules.load(play(["Ann", "Bob", "Cy", "Di"], seed=7)))
    seven = rules.score(
        rules.load(
            play(
                ["Ann", "Bartholomew-Longname", '<b>&"', "Di", "Ed", "Flo", "Gus"],
                scoring="get_fred",
                pattern="down-up",
                seed=2,
            )
        )
    )
    golf = rules.score(rules.load(play(["Ann", "Bob", "Cy"], scoring="negative", pattern="down-up", seed=4)))
    page_html = (
        "<!doctype html><meta charset=utf-8><meta name=viewport content='width=device-width'>"
        "<body style='margin:8px;font-family:sans-serif'>"
        + "".join(
            f"<figure style='margin:0 0 16px'>{svg}</figure>"
            for svg in [
                running_totals_svg(four),
                running_totals_svg(seven),
                running_totals_svg(golf),
                bid_accuracy_svg(bid_accuracy([four, seven, golf])),
            ]
        )
        + "</body>"
    )
    page_file = tmp_path / "charts.html"
    page_file.write_text(page_html, encoding="utf-8")
    page = browser.new_page(viewport={"width": 390, "height": 844})
    page.goto(page_file.as_uri())
    boxes = page.eval_on_selector_all("svg", "els => els.map(e => e.getBoundingClientRect().toJSON())")
    # Every chart fits the phone's width and has a real height: nothing to scroll sideways.
    assert len(boxes) == 4
    assert all(box["width"] <= 390 - 16 + 0.5 and box["height"] > 100 for box in boxes)
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    # The names a player looks for are on the page as text, the hostile one shown, not run.
    shown = page.eval_on_selector_all("svg text", "els => els.map(e => e.textContent)")
    assert '<b>&"' in shown and "Bartholomew-Longn\u2026" in shown
    assert page.eval_on_selector_all("b", "els => els.length") == 0
    shot = tmp_path / "charts.png"
    screenshot(page, path=str(shot), full_page=True)
    page.close()
    assert shot.stat().st_size > 10_000
    keep = os.environ.get("CHART_SCREENSHOT")
    if keep:
        shot.replace(keep)
