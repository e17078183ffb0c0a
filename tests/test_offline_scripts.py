"""Issue 26: every script the offline screens need kept by the service worker (a page reloaded without a connection
loads them all). Each script's length and the DOM helper written once are ESLint's rules (tests/lint/eslint.config.mjs)."""

import json
import re

from scorekeeper.web.offline_page import QUEUE_PARTS
from tests.game_helpers import create, record
from tests.offline_helpers import table_data


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
