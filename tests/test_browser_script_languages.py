"""The browser's scripts in a Dutch phone's Chromium: the offline hand screens speak Dutch (offline_hand.js,
queue.js through /words/nl.js), and the spoken announcement is said in the page's language."""

import re

import pytest
from playwright.sync_api import expect

pytestmark = pytest.mark.browser

PLAYERS = ["Ann", "Bob", "Cy", "Di"]
# What the phone would say, caught: speechSynthesis.speak records the utterance's language and words.
CATCH_SPEECH = """
localStorage.setItem("speak", "on");
window.spoken = [];
Object.defineProperty(window, "speechSynthesis", {configurable: true, value: {
  speak: function (utterance) { window.spoken.push({lang: utterance.lang, text: utterance.text}); }, cancel: function () {}}});
"""


@pytest.fixture
def dutch_phone(browser):
    context = browser.new_context(
        viewport={"width": 360, "height": 640},
        has_touch=True,
        is_mobile=True,
        locale="nl-NL",
        extra_http_headers={"Accept-Language": "nl"},
    )
    context.set_default_timeout(15_000)
    yield context, context.new_page()
    context.close()


def new_game(page, base, hands=(), through=None):
    record = {
        "players": PLAYERS,
        "rules": {"scoring": "exact", "hook": True, "deals": {"pattern": "up", "max": 3}, "first_dealer": 0},
        "hands": list(hands),
    }
    body = page.request.post(base + "/api/games", data=record).json()
    page.goto(body["url"].replace(base, through or base))
    return body["id"]


def test_the_offline_hand_screens_speak_dutch(live_server, link, dutch_phone, shots):
    context, page = dutch_phone
    new_game(page, live_server, through=link.url)
    page.wait_for_url(re.compile(r"/deal$"))
    expect(page.locator("html")).to_have_attribute("lang", "nl")
    link.cut()
    context.set_offline(True)
    page.locator('button[name="trump"][value="hearts"]').click()  # the server's deal page: the tap waits here
    expect(page.locator("#queue-count")).to_have_text("1 invoer wacht op deze telefoon")
    expect(page.locator("#offline-hand .handline")).to_have_text(re.compile(r"^Ronde 1 · 1 kaart · Ann deelt"))
    expect(page.locator("#offline-hand .who")).to_have_text("Bob biedt:")
    for bid in (1, 0, 0):  # Bob, Cy, Di
        page.locator("#offline-hand .pad").get_by_role("button", name=str(bid), exact=True).click()
    expect(page.locator("#queue-count")).to_have_text("4 invoeren wachten op deze telefoon")
    page.locator("#offline-hand .pad").get_by_role("button", name="1", exact=True).click()  # Ann
    expect(page.locator("#offline-hand .announce")).to_have_text(
        "1 TE VEEL"
    )  # issue 25: "1 OVER" read as "1 left over"
    expect(page.get_by_role("button", name="Slagen opslaan")).to_be_visible()
    expect(page.locator("#offline-hand")).not_to_contain_text("Save")
    shots(page, "languages-offline-tricks-nl")
    page.get_by_role("button", name="Slagen opslaan").click()
    expect(page.locator("#offline-recorded")).to_have_text("Ronde 1 staat op deze telefoon.")


def test_the_announcement_is_spoken_in_the_pages_language(live_server, dutch_phone):
    context, page = dutch_phone
    context.add_init_script(CATCH_SPEECH)
    new_game(page, live_server, hands=[{"cards": 1, "dealer": 0, "trump": "hearts", "bids": [1, 1, 0, 0]}])
    page.wait_for_url(re.compile(r"/(tricks|play)$"))
    said = page.locator("[data-speak]").first.inner_text()
    page.wait_for_function("() => window.spoken.length > 0")
    spoken = page.evaluate("window.spoken")
    assert spoken == [{"lang": "nl", "text": said.strip().lower()}]
