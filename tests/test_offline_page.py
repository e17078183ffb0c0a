"""The scorekeeper's hand pages carry what the offline queue needs (issue 11), as data, never as inline script."""

import json
import re

from scorekeeper import rules
from tests.game_helpers import create
from tests.offline_helpers import table_data


def test_each_hand_page_carries_the_hand(client):
    record = {
        "players": ["Ann", "Bob", "Cy"],
        "rules": {"scoring": "exact", "hook": True, "deals": {"pattern": "up", "max": 2}, "first_dealer": 1},
        "hands": [],
    }
    game_id, key = create(client, record)
    deal = client.get(f"/games/{game_id}/deal").get_data(as_text=True)
    data = table_data(deal)
    assert data["step"] == "deal" and data["next"] == {"number": 1, "cards": 1, "dealer": 1, "trump": None, "out": []}
    assert data["ahead"] == [{"number": 2, "cards": 2, "dealer": 2, "trump": None, "out": []}]
    assert data["players"] == ["Ann", "Bob", "Cy"] and data["hook"] is True and data["key"] == key
    assert data["api"] == f"/api/games/{game_id}/actions" and data["revision"] == 1
    assert not re.search(r"<script(?![^>]*\bsrc=)[^>]*>", deal), "inline script"
    client.post(
        f"/api/games/{game_id}/actions",
        json={"id": "d", "revision": 1, "hand": 1, "action": "deal", "trump": "clubs"},
        headers={"Authorization": f"Bearer {key}"},
    )
    data = table_data(client.get(f"/games/{game_id}/bids").get_data(as_text=True))
    assert data["step"] == "bids" and data["number"] == 1
    assert data["hand"] == {
        "cards": 1,
        "dealer": 1,
        "bids": [None, None, None],
        "out": [],
        "trump": "clubs",
        "blind": [],
    }


def test_followers_never_get_the_key(client, app):
    record = {"players": ["Ann", "Bob", "Cy"], "rules": {"deals": {"pattern": "up", "max": 2}}, "hands": []}
    game_id, key = create(client, record, claim=False)
    follower = app.test_client()
    assert key not in follower.get(f"/games/{game_id}").get_data(as_text=True)
    assert follower.get(f"/games/{game_id}/deal").status_code == 403


def test_the_pages_that_carry_the_queue_keep_a_light_first_load(client):
    """The queue comes after the page is drawn (static/offline.js): the sheet, a hand and a correction stay light."""
    from tests.table_helpers import first_load

    players = ["Ann", "Bob", "Cy", "Di", "Ed", "Flo", "Gus"]
    record = {
        "players": players,
        "rules": {"scoring": "exact", "hook": True, "deals": {"pattern": "up", "max": 7}},
        "hands": [{"cards": 1, "dealer": 0, "trump": "hearts", "bids": [0] * 7, "tricks": [1] + [0] * 6}],
    }
    game_id, _key = create(client, record)
    for url in (f"/games/{game_id}/sheet", f"/games/{game_id}/deal", f"/games/{game_id}/hands/1/edit"):
        page = client.get(url).get_data(as_text=True)
        assert table_data(page)["game"] == game_id and 'data-queue="/static/queue.js' in page, url
        assert first_load(client, url) <= 15_000, url


def offline_parts(page):
    """The <template>s of a hand page that the offline screens are drawn from."""
    parts = re.findall(r'<template id="offline-[^"]*">.*?</template>', page, re.S)
    assert len(parts) >= 8, "the hand page carries no offline screens"
    return parts


def test_the_offline_screens_kept_once_are_the_ones_each_game_would_make(client, app):
    """The offline screens' parts are made once per language, scoring system and largest bid, and kept
    (web/offline_page.py `offline_part`): the parts a page gets are the ones made afresh for its own game, whatever
    other games were shown before it, for every system (each offers its own penalties) and in every language."""
    pages = []
    for number, system in enumerate(rules.SYSTEMS):
        players = ["Ann", "Bob", "Cy", "Di", "Ed", "Flo", "Gus"][: 3 + 4 * (number % 2)]  # the pad: up to 17 or 7
        record = {
            "players": players,
            "rules": {"scoring": system.id, "deals": {"pattern": "up", "max": 2}},
            "hands": [{"cards": 1, "dealer": 0, "trump": "hearts", "bids": [0] * len(players)}],
        }
        response = client.post("/api/games", json=record)
        if response.status_code != 201:  # a system that needs options of its own (a house formula)
            continue
        body = response.get_json()
        client.get(f"/games/{body['id']}/claim/{body['edit_key']}")
        pages.append(f"/games/{body['id']}/tricks")
    assert len(pages) >= 20
    languages = ("en", "nl", "de", "fr", "es")
    kept = {
        (language, page): offline_parts(client.get(page, headers={"Accept-Language": language}).get_data(as_text=True))
        for language in languages
        for page in pages
    }
    reloads, app.jinja_env.auto_reload = app.jinja_env.auto_reload, True  # made afresh on each page from here on
    try:
        for (language, page), parts in kept.items():
            afresh = offline_parts(client.get(page, headers={"Accept-Language": language}).get_data(as_text=True))
            assert parts == afresh, (language, page)
    finally:
        app.jinja_env.auto_reload = reloads  # the module's app, as the next test expects it
    penalties = {json.dumps(parts[-2:]) for (language, _page), parts in kept.items() if language == "en"}
    assert len(penalties) > 1  # the systems' penalty menus differ: what is kept for one is not another's
