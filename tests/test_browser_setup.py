"""Setting up a game in Debian's Chromium at phone size: presets fill in every rule, N follows the table."""

import re

import pytest
from playwright.sync_api import expect

from scorekeeper import rules, store
from scorekeeper.rules.scoring.presets import PRESETS, preset_rules
from tests.html_forms import submit
from tests.setup_form import start

pytestmark = pytest.mark.browser

DEFAULTS = {
    "scoring": "exact",
    "modifiers": [],
    "hook": True,
    "bidding": "sequential",
    "trump": "turned",
    "stake": 0,
    "settlement": "none",
}
# What the newcomer expected for 4 players, beyond the preset's own rules.
PLANS = {
    "okenuff": [4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 13, 13, 13],
    "waterfalls": [7, 6, 5, 4, 3, 2, 1, 2, 3, 4, 5, 6, 7],
    "big-d": list(range(1, 14)),
    "kachuful": list(range(12, 0, -1)) + list(range(2, 13)),
    "prospect": list(range(10, 0, -1)) + list(range(2, 11)),
    "pagat": list(range(10, 0, -1)) + list(range(2, 11)),
}


def stored_game(app, url):
    game_id = re.search(r"/games/([^/]+)/", url).group(1)
    with app.app_context():
        return rules.load(store.get_game(store.get_db(), game_id)["record"]), store.get_game(store.get_db(), game_id)[
            "record"
        ]


def fill_names(page, names):
    for seat, name in enumerate(names):
        page.get_by_label(f"player {seat + 1}", exact=True).fill(name)


@pytest.mark.parametrize("preset_id", PRESETS.ids())
def test_picking_a_preset_sets_every_rule_it_defines(page, live_server, app, preset_id):
    page.goto(live_server + "/games/new")
    fill_names(page, ["Ann", "Bob", "Cy", "Di"])
    # Some other preset first, so every field has to change back.
    page.get_by_label("House rules").select_option("okenuff" if preset_id != "okenuff" else "waterfalls")
    page.get_by_label("House rules").select_option(preset_id)
    start(page)
    loaded, record = stored_game(app, page.url)
    expected = DEFAULTS | preset_rules(preset_id, 4)
    chosen = record["rules"]
    for key, value in expected.items():
        if key == "deals":
            for deal_key, deal_value in value.items():
                assert chosen["deals"][deal_key] == deal_value, (preset_id, deal_key)
            assert set(chosen["deals"]) <= set(value) | {"decks"}, (preset_id, chosen["deals"])
        elif key == "stake":
            assert chosen["stake"] == pytest.approx(value), preset_id
        elif key == "options":  # the form states every option, defaults included
            system = rules.SYSTEMS.find(expected["scoring"])
            assert system.resolve_options(chosen[key]) == system.resolve_options(value), preset_id
        else:
            assert chosen[key] == value, (preset_id, key)
    if preset_id in PLANS:
        assert loaded.plan() == PLANS[preset_id]


def test_a_field_changed_after_the_preset_keeps_its_value(page, live_server, app):
    page.goto(live_server + "/games/new")
    fill_names(page, ["Ann", "Bob", "Cy", "Di"])
    page.get_by_label("House rules").select_option("prospect")
    page.locator("details summary", has_text="Rules").click()
    page.get_by_label("Stake per point").fill("0.25")
    page.get_by_label("N (largest hand").fill("5")
    start(page)
    loaded, record = stored_game(app, page.url)
    assert record["rules"]["stake"] == 0.25 and record["rules"]["settlement"] == "prospect"
    assert loaded.plan()[0] == 5 and "blind" in record["rules"]["modifiers"]


def test_six_players_start_with_the_defaults(page, live_server, app, shots):
    page.goto(live_server + "/games/new")
    fill_names(page, ["Ann", "Bob", "Cy", "Di", "Ed", "Flo"])
    start(page)
    loaded, _record = stored_game(app, page.url)
    assert loaded.plan()[0] == 8  # pagat: 6 players, N = 8


def test_an_n_that_became_impossible_is_lowered_with_a_note(page, live_server, app, shots):
    page.goto(live_server + "/games/new")
    page.get_by_label("House rules").select_option("prospect")  # N = 10 whatever the players
    fill_names(page, ["Ann", "Bob", "Cy", "Di", "Ed", "Flo"])
    note = page.locator("#n-note")
    expect(note).to_be_visible()
    expect(note).to_contain_text("N (largest hand) is now 8, not 10: 6 players", use_inner_text=True)
    shots(page, "setup-n-note")
    start(page)
    loaded, _record = stored_game(app, page.url)
    assert loaded.plan()[0] == 8


def test_a_typed_n_stays_while_it_fits(page, live_server, app):
    page.goto(live_server + "/games/new")
    page.locator("details summary", has_text="Rules").click()
    page.get_by_label("N (largest hand").fill("5")
    fill_names(page, ["Ann", "Bob", "Cy", "Di", "Ed", "Flo"])
    start(page)
    loaded, _record = stored_game(app, page.url)
    assert loaded.plan()[0] == 5


def test_without_javascript_use_sets_the_preset_over_the_posted_numbers(client):
    html = submit(
        client, "/games/new", {"preset": "okenuff", "apply_preset": "1", "stake": "0.00", "max_cards": "10"}
    ).get_data(as_text=True)
    assert re.search(r'id="stake"[^>]*value="0.10?"', html)
    assert not re.search(r'id="max_cards"[^>]*value="10"|value="10"[^>]*id="max_cards"', html)
    html = submit(
        client,
        "/games/new",
        {
            "player_0": "A",
            "player_1": "B",
            "player_2": "C",
            "player_3": "D",
            "player_4": "E",
            "player_5": "F",
            "preset": "kachuful",
            "apply_preset": "1",
            "max_cards": "10",
        },
    ).get_data(as_text=True)
    assert re.search(r'id="max_cards"[^>]*value=""|id="max_cards"(?![^>]*value)', html)


def test_a_typed_n_the_deck_cannot_deal_is_lowered_as_the_note_says_with_the_choice(page, live_server, app, shots):
    # Issue 17, item 4: the default preset, 4 players, N = 30 typed: the page said "N is now 12" and the
    # game was created 10 ... 1 ... 10.
    page.goto(live_server + "/games/new")
    page.locator("details summary", has_text="Rules").click()
    page.get_by_label("N (largest hand").fill("30")
    page.get_by_label("N (largest hand").press("Tab")
    fill_names(page, ["Ann", "Bob", "Cy", "Di"])
    note = page.locator("#n-note")
    expect(note).to_have_text(
        "N (largest hand) is now 12, not 30: 4 players get at most 12 cards each from 1 deck. "
        "Or choose 2 in Decks for hands of up to 25.",
        use_inner_text=True,
    )
    assert page.get_by_label("N (largest hand").input_value() == "12"
    shots(page, "setup-typed-n")
    page.emulate_media(color_scheme="dark")
    shots(page, "setup-typed-n-dark")
    page.emulate_media(color_scheme="light")
    start(page)
    loaded, _record = stored_game(app, page.url)
    assert loaded.plan() == list(range(12, 0, -1)) + list(range(2, 13))  # 23 hands, as the note said


def test_a_typed_n_lowered_for_one_deck_comes_back_with_two(page, live_server, app):
    page.goto(live_server + "/games/new")
    fill_names(page, ["Ann", "Bob", "Cy", "Di"])
    page.locator("details summary", has_text="Rules").click()
    page.get_by_label("N (largest hand").fill("20")
    page.get_by_label("N (largest hand").press("Tab")
    expect(page.get_by_label("N (largest hand")).to_have_value("12")
    page.locator("#decks").select_option("2")
    expect(page.get_by_label("N (largest hand")).to_have_value("20")
    expect(page.locator("#n-note")).to_be_hidden()
    start(page)
    loaded, _record = stored_game(app, page.url)
    assert loaded.plan()[0] == 20 and loaded.rules.decks == 2


def test_the_favourites_line_arriving_late_moves_nothing_the_thumb_is_about_to_tap(page, live_server, app):
    """The line is asked for after the names are typed; on a slow connection it comes as Start is tapped. It once
    pushed Start down as it came, and the tap meant for Start landed beside it: no game was started."""
    held, released = [], []

    def answer_later(route):  # held until released: the answer is on its way
        route.continue_() if released else held.append(route)

    page.route("**/regulars/favourites?*", answer_later)
    page.goto(live_server + "/games/new")
    with page.expect_request("**/regulars/favourites?*"):
        fill_names(page, ["Ann", "Bob", "Cy", "Di"])
    start_button = page.get_by_role("button", name="Start the game").first
    before = start_button.bounding_box()
    released.append(True)
    for route in held:
        route.continue_()
    expect(page.locator("#favourites")).to_have_text("Everyone is level: nobody is the favourite.")
    assert start_button.bounding_box() == before
    start(page)
    loaded, _record = stored_game(app, page.url)
    assert loaded.players == ["Ann", "Bob", "Cy", "Di"]
