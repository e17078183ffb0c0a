"""The top bar at 320 px in the languages with long words: the brand gives way first, the screen's name stays
whole on the hand screens, and nothing reaches past the screen's edge (style.css, "Short of room")."""

import pytest

from tests.game_helpers import create, record
from tests.language_helpers import phone, seed_event
from tests.owner_helpers import owner_client

pytestmark = pytest.mark.browser

# Each screen's game: (hands, more rules).
SCREENS = {
    "bids": ([{"cards": 1, "dealer": 0, "trump": "hearts", "bids": [None, 1, None, None]}], {}),
    "trump": ([{"cards": 1, "dealer": 0, "bids": [1, 0, 0, 1]}], {"trump": "highest_bidder"}),
    "tricks": ([{"cards": 1, "dealer": 0, "trump": "hearts", "bids": [1, 1, 0, 0]}], {}),
    "seats": ([], {}),
}
HAND_SCREENS = ("bids", "trump", "tricks")

BAR = """() => {
  const bar = document.querySelector('.bar'), where = bar.querySelector('.where'), text = document.createRange();
  text.selectNodeContents(where);
  return {page: document.documentElement.scrollWidth, bar: bar.scrollWidth, right: bar.getBoundingClientRect().right,
          where: where.textContent, brand: bar.querySelector('.home').getBoundingClientRect().width,
          whole: text.getBoundingClientRect().width <= where.getBoundingClientRect().width + 0.01};
}"""


@pytest.fixture
def screens(app):
    client = owner_client(app)
    keys, urls = [], {}
    for screen, (hands, rules) in SCREENS.items():
        game_id, key = create(client, record(hands=hands, **rules), claim=False)
        keys.append(f"/games/{game_id}/claim/{key}")
        urls[screen] = f"/games/{game_id}/{screen}"
    event = seed_event(client)
    keys.append(f"/events/{event['id']}/direct/{event['director_key']}")
    urls["director"] = f"/events/{event['id']}"
    return keys, urls


@pytest.mark.parametrize("language", ["nl", "de"])
def test_the_bar_fits_320_px_and_keeps_the_screens_name(browser, live_server, screens, shots, language):
    keys, urls = screens
    context = phone(browser, f"{language},{language};q=0.9", width=320)
    page = context.new_page()
    for key in keys:
        page.goto(live_server + key)
    for screen, url in urls.items():
        page.goto(live_server + url)
        assert page.url.endswith(url), (screen, page.url)
        shots(page, f"bar-{language}-{screen}")
        bar = page.evaluate(BAR)
        assert bar["page"] <= 320 and bar["bar"] <= 320 and bar["right"] <= 320, (screen, bar)
        if screen in HAND_SCREENS:
            assert bar["whole"], (screen, bar)
        elif not bar["whole"]:  # the screen's name gives way only after the brand has: "B…"
            assert bar["brand"] < 30, (screen, bar)
    context.close()
