"""Issue 26: the offline queue split by job, each script under 250 lines, the DOM helper written once, and every
script the offline screens need kept by the service worker (a page reloaded without a connection loads them all)."""

import json
import re
from pathlib import Path

from scorekeeper.web.offline_page import QUEUE_PARTS
from tests.game_helpers import create, record
from tests.offline_helpers import table_data

STATIC = Path(__file__).parents[1] / "scorekeeper" / "static"


def test_the_queue_is_split_by_job_each_part_short():
    for name in QUEUE_PARTS + ("queue.js", "offline.js", "offline_sheet.js"):
        lines = (STATIC / name).read_text().count("\n")
        assert lines <= 250, f"{name} has {lines} lines"


def test_the_dom_helper_lives_once():
    defined = [path.name for path in STATIC.glob("*.js") if re.search(r"function el\(", path.read_text())]
    assert defined == ["dom.js"]


def test_the_service_worker_keeps_every_script_of_the_offline_screens(client):
    game_id, _key = create(client, record(hands=[], deals={"pattern": "up", "max": 3}))
    page = client.get(f"/games/{game_id}/deal").get_data(as_text=True)
    holder = re.search(r'<div id="offline"[^>]*>', page).group(0)
    parts = re.search(r'data-parts="([^"]*)"', holder).group(1).split()
    queue = re.search(r'data-queue="([^"]*)"', holder).group(1)
    loader = re.findall(r'<script src="(/static/offline\.js[^"]*)"', page)
    needed = parts + [queue] + loader + table_data(page)["engine"]
    assert [re.sub(r"\?v=.*", "", url).rsplit("/", 1)[-1] for url in parts] == list(QUEUE_PARTS)
    worker = client.get("/sw.js").get_data(as_text=True)
    kept = json.loads(re.search(r"var FILES = (\[.*?\]);", worker).group(1))
    assert len(needed) == len(QUEUE_PARTS) + 8  # queue.js, offline.js and the six scripts of the engine
    assert set(needed) <= set(kept)
