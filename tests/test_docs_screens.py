"""docs/screens.md stays true: every URL of the app has its row, naming the module and view that serve it,
templates that exist, and first a test file named after the blueprint (the rule that keeps screens one hop away)."""

import re
from pathlib import Path

from scorekeeper import create_app

ROOT = Path(__file__).resolve().parent.parent
ROW = re.compile(r"^\| `(?:[A-Z, ]+) ([^`]+)` \| (.+?) \| (.+?) \| (.+?) \| (.+?) \|$")


def same_url(path):
    """A URL with its variables blanked: `/games/<id>/edit` and `/games/<game_id>/edit` read alike."""
    return re.sub(r"<[^>]*>", "<>", path)


def documented():
    rows = {}
    for line in (ROOT / "docs" / "screens.md").read_text(encoding="utf-8").splitlines():
        found = ROW.match(line)
        if found:
            url, module, view, templates, tests = found.groups()
            assert same_url(url) not in rows, f"{url} is listed twice"
            rows[same_url(url)] = {
                "module": re.findall(r"`([^`]+)`", module)[0],
                "view": re.findall(r"`([^`]+)`", view)[0],
                "templates": re.findall(r"`([^`]+)`", templates),
                "tests": re.findall(r"`([^`]+)`", tests),
            }
    return rows


def test_every_url_has_its_row_with_module_view_template_and_test(tmp_path):
    app = create_app({"TESTING": True, "DATABASE": str(tmp_path / "screens.db"), "SECRET_KEY": "screens"})
    rows = documented()
    urls = [rule for rule in app.url_map.iter_rules() if rule.endpoint != "static"]
    assert {same_url(rule.rule) for rule in urls} == set(rows)
    for rule in urls:
        row, view = rows[same_url(rule.rule)], app.view_functions[rule.endpoint]
        blueprint = rule.endpoint.split(".")[0]
        assert row["module"] == view.__module__.rsplit(".", 1)[1] + ".py", rule.rule
        assert row["view"] == view.__name__, rule.rule
        for name in row["templates"]:
            places = (ROOT / "templates" / name, ROOT / name, ROOT / "scorekeeper" / name)
            assert any(place.is_file() for place in places), f"{rule.rule}: no template {name}"
        assert row["tests"] and row["tests"][0].startswith(f"test_{blueprint}"), rule.rule
        for name in row["tests"]:
            assert (ROOT / "tests" / name).is_file(), f"{rule.rule}: no test file {name}"
