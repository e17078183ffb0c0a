"""Issue 8 in Debian's Chromium at phone size: what a newcomer does at the table."""

import re

import pytest
from playwright.sync_api import expect

from tests.browser_helpers import bid, seat_late_arrival
from tests.setup_form import set_up

pytestmark = pytest.mark.browser


def test_one_tap_deals_when_the_highest_bidder_names_trump(page, live_server, shots):
    """Deal on the sheet, four bids, the trump, save: 7 taps (8 before the sheet dealt)."""
    set_up(page, live_server, hook=False, trump="highest_bidder")
    page.get_by_role("link", name="Sheet").click()
    shots(page, "80-sheet-deal-button")
    box = page.locator("#next-deal button").first.bounding_box()
    assert box["y"] + box["height"] <= 640  # in sight without scrolling
    clicks = 0
    page.locator("#next-deal").get_by_role("button", name=re.compile("^Deal")).click()
    clicks += 1
    page.wait_for_url(re.compile(r"/bids$"))
    for number in (1, 0, 0, 0):  # Bob, Cy, Di, Ann
        bid(page, number)
        clicks += 1
    page.wait_for_url(re.compile(r"/trump$"))
    page.get_by_role("button", name="hearts").click()
    clicks += 1
    page.get_by_role("button", name="Save tricks").click()
    clicks += 1
    page.wait_for_url(re.compile(r"/sheet$"))
    assert clicks == 7
    expect(page.locator("tfoot td")).to_have_text(["10", "11", "10", "10"])
    expect(page.locator("#next-deal")).to_contain_text("Next hand: Bob deals 2")


def test_cooperative_counts_deals_and_planned_hands_apart(page, live_server, shots):
    set_up(page, live_server, bidding="cooperative", max_cards="2")
    page.get_by_role("button", name="spades").click()
    page.get_by_role("button", name="Bob bids one more").click()
    page.get_by_role("button", name="Save the bids").click()
    page.wait_for_url(re.compile(r"/tricks$"))
    page.get_by_role("button", name="Bob one fewer").click()
    page.get_by_role("button", name="Cy one more").click()
    page.get_by_role("button", name="Save tricks").click()
    page.wait_for_url(re.compile(r"/sheet$"))
    expect(page.locator("main")).to_contain_text("hand 0 of 2, deal 1", use_inner_text=True)
    page.locator("#next-deal").get_by_role("button", name="hearts").click()  # dealt again
    page.wait_for_url(re.compile(r"/bids$"))
    expect(page.locator(".handline")).to_contain_text("Hand 1 · deal 2", use_inner_text=True)
    page.get_by_role("button", name="Cy bids one more").click()
    page.get_by_role("button", name="Save the bids").click()
    page.get_by_role("button", name="Save tricks").click()
    page.wait_for_url(re.compile(r"/sheet$"))
    expect(page.locator("main")).to_contain_text("hand 1 of 2, deal 2", use_inner_text=True)
    page.locator("#next-deal").get_by_role("button", name="clubs").click()
    expect(page.locator(".handline")).to_contain_text("Hand 2 · deal 3", use_inner_text=True)


def top(page, locator):
    return page.locator(locator).first.bounding_box()["y"]


def test_hand_screens_keep_the_pad_and_save_in_thumb_reach(page, live_server, shots):
    set_up(page, live_server, hook=False)
    page.get_by_role("button", name="hearts").click()
    page.wait_for_url(re.compile(r"/bids$"))
    assert top(page, "form.bidpad .pad button") >= 320  # the lower half of a 640 px screen
    bid(page, 1)  # Bob
    expect(page.locator("#chip-hint")).to_contain_text("Tap a name to change that bid", use_inner_text=True)
    shots(page, "81-bids-lower-half")
    for number in (0, 0, 0):
        bid(page, number)
    page.wait_for_url(re.compile(r"/tricks$"))
    penalty = page.get_by_text("Penalty or bonus…")
    save = page.get_by_role("button", name="Save tricks")
    assert save.bounding_box()["y"] >= 320
    assert penalty.bounding_box()["y"] < save.bounding_box()["y"]
    assert not page.get_by_label("penalty or bonus for").is_visible()
    penalty.click()
    expect(page.get_by_label("penalty or bonus for")).to_be_visible()
    shots(page, "82-tricks-penalty-open")


def test_a_refused_correction_keeps_what_was_typed_in_bidding_order(page, live_server, shots):
    set_up(page, live_server, hook=False)
    page.get_by_role("button", name="hearts").click()
    for number in (1, 0, 0, 0):  # Bob, Cy, Di, Ann
        bid(page, number)
    page.get_by_role("button", name="Save tricks").click()
    page.wait_for_url(re.compile(r"/sheet$"))
    page.get_by_label("edit hand 1").click()
    page.locator("form.edit table.took").wait_for()
    names = page.locator("form.edit table.took tbody th").all_inner_texts()
    assert [name.replace("(D)", "").strip() for name in names if name.strip()] == ["Bob", "Cy", "Di", "Ann"]
    page.get_by_label("Cy took").fill("1")  # Bob's trick too: 2 tricks of 1 card
    page.get_by_role("button", name="Save the correction").click()
    assert "tricks" in page.inner_text("#problem") and "add up to 2" in page.inner_text("#problem")
    assert page.get_by_label("Cy took").input_value() == "1"
    assert page.get_by_label("Bob took").input_value() == "1"
    shots(page, "83-correction-refused")
    page.get_by_label("Bob took").fill("0")
    page.get_by_role("button", name="Save the correction").click()
    page.wait_for_url(re.compile(r"/sheet$"))
    expect(page.locator("tfoot td")).to_have_text(["10", "0", "0", "10"])  # Cy bid 0 and took 1


def test_a_penalty_is_marked_on_the_sheet_and_in_the_csv(page, live_server, shots):
    set_up(page, live_server, hook=False)
    page.get_by_role("button", name="hearts").click()
    for number in (1, 0, 0, 0):  # Bob, Cy, Di, Ann
        bid(page, number)
    page.get_by_text("Penalty or bonus…").click()
    page.get_by_label("penalty or bonus for").select_option(label="Bob")
    page.get_by_role("button", name="Save tricks").click()
    page.wait_for_url(re.compile(r"/sheet$"))
    bob = page.locator("tbody tr").first.locator("td").nth(1)
    mark = bob.get_by_label("penalty")
    assert mark.inner_text() == "†"
    assert not bob.get_by_text("Revoke -20").is_visible()
    mark.click()
    expect(bob.get_by_text("Revoke -20")).to_be_visible()
    shots(page, "84-sheet-penalty")
    csv = page.request.get(page.url.replace("/sheet", "/export.csv")).text()
    bob_row = next(line for line in csv.splitlines() if ",Bob," in line)
    assert bob_row.endswith(",-20,revoke,,,")


def test_a_late_arrival_starts_with_their_total_and_the_next_is_offered_the_last_place(page, live_server, shots):
    set_up(page, live_server, hook=False, pattern="custom", max_cards="", sizes="1 1 1")
    page.get_by_role("button", name="hearts").click()
    for number in (1, 0, 0, 0):  # Bob, Cy, Di, Ann: all made
        bid(page, number)
    page.get_by_role("button", name="Save tricks").click()
    page.wait_for_url(re.compile(r"/sheet$"))
    seat_late_arrival(page, "Ed", 4)
    # The next arrival is offered the last place among the table: Ed's 4, not a 0 (the panel stays open).
    expect(page.get_by_label("the last place's total (4)")).to_be_visible()
    page.get_by_role("link", name="Sheet").click()
    page.wait_for_url(re.compile(r"/sheet$"))
    ed = page.locator("tbody tr").first.locator("td").nth(4)
    assert ed.inner_text().split() == ["out", "starts", "with", "4"]
    expect(page.locator("tfoot td")).to_have_text(["10", "11", "10", "10", "4"])
    shots(page, "85-sheet-late-arrival")


def test_a_refused_arrival_keeps_what_was_typed(page, live_server, shots):
    set_up(page, live_server, hook=False)
    page.get_by_role("link", name="Table").click()
    page.locator("summary", has_text="Someone arrives late").click()
    page.get_by_label("Name").fill("ann")  # Ann is already at the table
    page.get_by_label("a number").check()
    page.get_by_label("starting total").fill("5")
    page.get_by_role("button", name="Seat the newcomer").click()
    problem = page.locator("#arrive #problem")
    expect(problem).to_be_visible()
    assert "ann" in problem.inner_text().lower()
    assert page.get_by_label("Name").input_value() == "ann"
    assert page.get_by_label("a number").is_checked()
    assert page.get_by_label("starting total").input_value() == "5"
    shots(page, "86-arrival-refused")
