"""The director's night, second pass (issue 43), in Debian's Chromium: a Cartier night of 18 registered driven as a
director does it, by selecting, typing and tapping on the director's page. The roll call (who is here, who has
paid) and the draw's warning about who has not checked in, withdrawn after a question; a mistaken withdrawal
taken back; a no-show who paid owed a refund; round 1 played; a locked table asking the director for a correction
from its own phone, the correction typed there, the change said in one sentence and round 2 seated again with the
untouched table keeping its game and card; the whole log.

Screenshots go to test-artifacts/night-*.png.
"""

import json
import random
import re

import pytest
from playwright.sync_api import expect

from tests.browser_helpers import PHONE, axe_violations
from tests.event_helpers import post_table
from tests.event_web_helpers import the_correction
from tests.owner_helpers import OWNER_KEY
from tests.pictures import ARTIFACTS, picture

pytestmark = pytest.mark.browser

WIDE = {"viewport": {"width": 1280, "height": 900}}
HERE = [
    "Ann Ahrens",
    "Bob Brink",
    "Cy Ostrowski",
    "Dirk de Vries",
    "Eva Smit",
    "Finn Peeters",
    "Greta Claes",
    "Hugo Jansen",
    "Ida Quist",
    "Joost Bakker",
    "Karin Meijer",
    "Lotte Roos",
    "Marta Engel",
    "Nico Lammers",
    "Olga Smit",
    "Piet Faber",
]
NO_SHOWS = ["Els Kok", "Nora Noshow"]


def shot(page, name):
    """Keep a screenshot, and hold the page to WCAG 2.1 A and AA (axe-core) as it stands."""
    picture(page, ARTIFACTS / f"night-{name}.png", full_page=True)
    assert axe_violations(page) == [], name


def test_a_directors_night_with_check_in_undo_and_a_correction_that_keeps_the_untouched_table(browser, live_server):
    ARTIFACTS.mkdir(exist_ok=True)
    context = browser.new_context(**WIDE)
    context.set_default_timeout(15_000)
    director = context.new_page()
    director.goto(live_server + "/events/new")
    director.get_by_label("Owner key or password").fill(OWNER_KEY)
    director.get_by_role("button", name="Sign in").click()
    director.wait_for_load_state()
    made = context.request.post(
        live_server + "/api/events",
        headers={"Content-Type": "application/json"},
        data=json.dumps(
            {
                "name": "Club championship",
                "format": "cartier",
                "seed": "night-43",
                "players": HERE + NO_SHOWS,
                "money": {"entry_fee": 10, "split": [50, 30, 20], "currency": "EUR"},
            }
        ),
    )
    assert made.status == 201, made.text()
    event = made.json()
    base = f"{live_server}/events/{event['id']}"
    director.goto(f"{base}/direct/{event['director_key']}")

    # The roll call: tick who is here and who has paid (Els Kok paid ahead and does not come), save once.
    for name in HERE:
        director.get_by_label(f"{name} is here").check()
    for name in HERE[:10] + ["Els Kok"]:
        director.get_by_label(f"{name} has paid").check()
    director.get_by_role("button", name="Save the roll call").click()
    expect(director.locator("#checked-count")).to_have_text("Checked in: 16 of 18.")
    # The draw warns about the two not checked in, and offers to withdraw them: asked first.
    warning = director.locator("#not-checked-in")
    expect(warning).to_contain_text("Not checked in (2): Els Kok, Nora Noshow. The draw seats them all the same.")
    shot(director, "1-check-in-warning")
    warning.get_by_role("button", name="Withdraw the 2 players not checked in").click()
    expect(director.locator("#ask")).to_contain_text(
        "Withdraw them? 2 players not checked in withdraw: Els Kok, Nora Noshow."
    )
    shot(director, "2-asked-first")
    director.locator("#ask").get_by_role("button", name="Withdraw them").click()
    expect(director.locator("#not-checked-in")).to_have_count(0)
    expect(director.locator("#checked-count")).to_have_text("Checked in: 16 of 16.")

    # A mistaken withdrawal: one click asks, the answer withdraws, and one click brings her back.
    director.locator("#more summary").click()
    director.locator("#more").get_by_label("Withdraw").select_option("Greta Claes")
    director.get_by_role("button", name="Withdraw…").click()
    expect(director.locator("#ask")).to_contain_text("Withdraw Greta Claes?")
    director.locator("#ask").get_by_role("button", name="Withdraw Greta Claes").click()
    undo = director.locator("#undo")
    expect(undo.get_by_role("button", name="Bring Greta Claes back")).to_be_visible()
    shot(director, "3-take-back")
    undo.get_by_role("button", name="Bring Greta Claes back").click()
    expect(director.locator(".flash").first).to_contain_text("Greta Claes is back in the event.")
    expect(director.locator("#draw")).to_contain_text("Greta Claes")

    # Round 1: four tables of four. The no-show who paid is owed her fee back.
    director.get_by_role("button", name="Confirm round 1").click()
    expect(director.locator(".event-table")).to_have_count(4)
    director.locator("#more summary").click()
    expect(director.locator("#refunds")).to_contain_text("Els Kok")
    api = context.request.get(f"{live_server}/api/events/{event['id']}").json()
    assert api["money"]["refunds"] == [{"player": "Els Kok", "amount": 10.0}] and api["money"]["entrants"] == 16
    round_one = context.request.get(f"{live_server}/api/events/{event['id']}/export").json()["rounds"][0]["tables"]
    links = director.locator(".event-table a", has_text="scorekeeper link")
    claims = [re.search(r"/games/([^/]+)/claim/([^/]+)", links.nth(i).get_attribute("href")).groups() for i in range(4)]
    rng = random.Random(43)
    for (game_id, key), table in zip(claims, round_one):
        assert context.request.get(f"{live_server}/api/games/{game_id}/export").json()["players"] == table["seats"]
        post_table(context.request, live_server, game_id, key, rng)
    expect(director.locator("#cut")).to_contain_text("Round 1 is finished")
    before = context.request.get(f"{live_server}/api/events/{event['id']}").json()["rounds"][0]["advanced"]
    director.get_by_role("button", name="Confirm round 2").click()
    expect(director.locator(".event-table")).to_have_count(2)
    old_links = [director.locator(f"#table-{n} a", has_text="scorekeeper link").get_attribute("href") for n in (1, 2)]

    # A table of round 1 finds a mistake: its phone says the table is locked and asks the director, at once.
    number, last, seats, bids, tricks = the_correction(context.request, live_server, event["id"], before)
    game_id, key = claims[number - 1]
    phone = browser.new_context(**PHONE).new_page()
    phone.goto(f"{live_server}/games/{game_id}/claim/{key}")
    expect(phone.locator("#locked")).to_contain_text("this table is locked")
    phone.get_by_role("button", name="Ask the director for a correction").click()
    expect(phone.locator("#locked")).to_contain_text("The director has been asked")
    shot(phone, "4-table-asks")
    director.evaluate("window.__notReloaded = true")
    request = director.locator(f"#request-1-{number}")
    expect(request).to_contain_text(f"Table {number} of round 1 asks for a correction", timeout=5000)
    assert director.evaluate("window.__notReloaded") is True  # it came to the page by itself
    shot(director, "5-request-reaches-the-director")
    request.get_by_role("button", name=f"Approve a correction at table {number}").click()
    expect(director.locator(f"#correction-1-{number}")).to_be_visible()

    # The scorekeeper corrects the last hand on the phone, as typed at the table.
    phone.goto(f"{live_server}/games/{game_id}/sheet")
    expect(phone.locator("#open-for-correction")).to_be_visible()
    phone.get_by_label(f"edit hand {last}").click()
    for seat, name in enumerate(seats):
        phone.get_by_label(f"{name} bid", exact=True).fill(str(bids[seat]))
        phone.get_by_label(f"{name} took", exact=True).fill(str(tricks[seat]))
    phone.get_by_role("button", name="Save the correction").click()
    phone.wait_for_load_state()

    # The director reads the change in one sentence, and seats round 2 again: only that seat changes.
    corrected = context.request.get(f"{live_server}/api/events/{event['id']}").json()["rounds"][0]["correction"]
    (coming,), (going,) = set(corrected["advanced"]) - set(before), set(before) - set(corrected["advanced"])
    box = director.locator(f"#correction-1-{number}")
    expect(box).to_contain_text(f"{coming} goes on instead of {going}.", timeout=5000)
    shot(director, "6-correction-in-one-sentence")
    box.get_by_role("button", name="Seat round 2 again").click()
    expect(director.locator(".flash").first).to_contain_text(f"{coming} takes {going}'s seat at table")
    expect(director.locator(".flash").first).to_contain_text("The other tables keep their seats and cards.")
    new_links = [director.locator(f"#table-{n} a", has_text="scorekeeper link").get_attribute("href") for n in (1, 2)]
    seated = context.request.get(f"{live_server}/api/events/{event['id']}/export").json()["rounds"][1]["tables"]
    touched = [n for n, table in enumerate(seated) if coming in table["seats"]]
    assert len(touched) == 1
    for n in range(2):
        assert (new_links[n] == old_links[n]) == (n not in touched)  # the untouched table keeps its card
    shot(director, "7-seated-again")

    # The whole log, every action in order.
    director.locator("#log summary").click()
    director.locator("#log a", has_text="The whole log").click()
    entries = director.locator("#whole-log li")
    expect(entries.first).to_contain_text("event Club championship set up")
    log = director.locator("#whole-log").inner_text()
    for said in (
        "roll call: checked in:",
        "2 players not checked in withdrawn: Els Kok, Nora Noshow",
        "Greta Claes withdraws",
        "Greta Claes brought back",
        "round 1 drawn: 4 tables",
        f"round 1, table {number} asks for a correction",
        f"{coming} goes on instead of {going}",
        "Round 2 seated again",
    ):
        assert said in log, said
    assert entries.count() > 8
    shot(director, "8-whole-log")
    context.close()
