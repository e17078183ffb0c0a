"""A club evening that follows the night (issue 42), on Dutch phones at 360 x 640 in Chromium.

Six regulars play a game; the scorekeeper goes on from the game-over screen with another system, then sets up
another table from the evening page, four picked from the evening's people and someone new, while a second
scorekeeper at the hall's other table joins the same evening with its link. It stays one evening, named by its
day and note, between the evenings before and after it, linked to its season, the money and each player's page;
its ledger's amounts never run together, in any of the five languages. The hands themselves are sent through the
API (the tables' screens have their own tests): this walk is about the evening.

Screenshots at 360 px: test-artifacts/screenshots/evenings/.
"""

import re

import pytest
from playwright.sync_api import expect

from scorekeeper import store
from scorekeeper.web.i18n import LANGUAGES
from tests.evening_helpers import evening_of, nothing_runs_together, play_hands, set_up
from tests.game_helpers import create, record
from tests.language_helpers import phone
from tests.pictures import ARTIFACTS, picture

pytestmark = pytest.mark.browser

DUTCH = "nl-NL,nl;q=0.9"
SIX = ["Ann", "Bob", "José", "Daan", "Eva", "Femke"]
SHOTS = ARTIFACTS / "screenshots" / "evenings"


def shot(page, name):
    SHOTS.mkdir(parents=True, exist_ok=True)
    picture(page, SHOTS / f"{name}.png", full_page=True)


def seated(page):
    return [
        value
        for value in page.locator('.players input[name^="player_"]').evaluate_all("inputs => inputs.map(i => i.value)")
        if value
    ]


def test_a_dutch_club_evening_continues_with_another_system_and_another_table(browser, live_server, app, client):
    with app.app_context():
        db = store.get_db()
        season = store.create_season(db, "Najaar 2026", "2026-10-01", "2026-12-31")
    neighbours = {}
    for day in ("2026-11-30", "2026-12-14"):  # the club's evenings before and after
        old, _key = create(client, record(players=SIX[:4], hands=[]), claim=False)
        with app.app_context():
            neighbours[day] = store.evening_of(store.get_db(), old)
            store.set_evening_about(store.get_db(), neighbours[day], day, None)
    context = phone(browser, DUTCH)
    page = context.new_page()

    # Game 1: the six at one table.
    page.goto(live_server + "/games/new")
    expect(page.locator("#evening-choice")).to_have_count(0)  # this phone has no evening tonight yet
    first = set_up(page, SIX)
    play_hands(app, first)
    page.goto(f"{live_server}/games/{first}/over")
    shot(page, "01-game-over")

    # Game 2: the same table goes on with another system, from the game-over screen.
    page.get_by_role("link", name="Volgend spel: andere regels of spelers…").click()
    assert seated(page) == SIX
    expect(page.locator("#evening-choice")).to_contain_text("Hoort bij de avond")
    expect(page.locator("#in_evening")).to_be_checked()
    shot(page, "02-setup-other-system")
    second = set_up(page, [], scoring="exact")
    assert evening_of(app, second) == evening_of(app, first)
    play_hands(app, second, winner=2)
    evening = evening_of(app, first)

    # The evening page: dated and named by its scorekeeper.
    page.goto(f"{live_server}/games/{second}/over")
    page.get_by_role("link", name="Avond", exact=True).click()
    page.wait_for_url(re.compile(rf"/evenings/{evening}$"))
    page.locator("summary", has_text="Datum en notitie…").click()
    page.locator("#about-date").fill("2026-12-07")
    page.locator("#about-note").fill("Clubavond")
    page.get_by_role("button", name="Datum en notitie opslaan").click()
    expect(page.locator("#evening-name")).to_have_text("ma 7 dec 2026 · Clubavond")
    expect(page).to_have_title("ma 7 dec 2026 · Clubavond · Boerenbridge")
    games = page.locator(".evening-games > li a.game")
    expect(games).to_have_count(2)
    assert "Exact" in games.nth(1).inner_text() and "Exact" not in games.nth(0).inner_text()
    assert nothing_runs_together(page) == []
    shot(page, "03-evening-six")

    # Game 3: another table of four, picked from the evening's people, with someone new.
    page.get_by_role("link", name="Nieuw spel op deze avond").click()
    expect(page.locator("#evening-people .pick")).to_have_count(6)
    assert seated(page) == []
    for name in ["José", "Eva", "Femke", "Eva", "Daan"]:  # Eva tapped twice: seated, then unseated
        page.locator("#evening-people .pick", has_text=name).click()
    assert seated(page) == ["José", "Femke", "Daan"]
    expect(page.locator('#evening-people .pick[aria-pressed="true"]')).to_have_text(["José", "Daan", "Femke"])
    page.locator("input[name=player_3]").fill("Gijs")
    shot(page, "04-setup-another-table")
    third = set_up(page, [])
    assert evening_of(app, third) == evening

    # Game 4, at the same time: the hall's other table, its own scorekeeper joining with the evening's link.
    page.goto(f"{live_server}/evenings/{evening}")
    page.locator("summary", has_text="Telefoon van een andere tafel…").click()
    link = page.locator("#table-link").input_value()
    shot(page, "05-link-for-another-table")
    other = context.browser.new_context(
        viewport={"width": 360, "height": 640},
        has_touch=True,
        is_mobile=True,
        locale="nl-NL",
        extra_http_headers={"Accept-Language": DUTCH},
        service_workers="block",
    )
    second_phone = other.new_page()
    second_phone.goto(link)
    expect(second_phone.locator("#evening-choice")).to_contain_text("ma 7 dec 2026 · Clubavond")
    for name in ["Ann", "Bob"]:
        second_phone.locator("#evening-people .pick", has_text=name).click()
    second_phone.locator("input[name=player_2]").fill("Hanna")
    second_phone.locator("input[name=player_3]").fill("Ilse")
    fourth = set_up(second_phone, [])
    assert evening_of(app, fourth) == evening
    play_hands(app, third, winner=1)
    play_hands(app, fourth, winner=3)

    # One evening of four games and nine people; its neighbours, its season, the money, each player's page. The
    # second scorekeeper's phone follows its game to the end (the phone moves itself), then opens the evening.
    expect(second_phone.locator(".bar")).to_contain_text("Spel afgelopen", timeout=15000)
    second_phone.get_by_role("link", name="Avond", exact=True).click()
    expect(second_phone).to_have_url(f"{live_server}/evenings/{evening}")
    expect(second_phone.locator("summary", has_text="Datum en notitie…")).to_be_visible()  # now a scorekeeper too
    other.close()
    page.goto(f"{live_server}/evenings/{evening}")
    expect(page.locator("#about")).to_have_text("4 spellen · 9 spelers")
    expect(page.locator("table.ledger tbody tr")).to_have_count(9)
    assert nothing_runs_together(page) == []
    expect(page.locator("#previous-evening")).to_have_text("← ma 30 nov 2026")
    expect(page.locator("#next-evening")).to_have_text("ma 14 dec 2026 →")
    shot(page, "06-evening-two-tables")
    page.locator("#previous-evening").click()
    page.wait_for_url(re.compile(rf"/evenings/{neighbours['2026-11-30']}$"))
    expect(page.locator("#next-evening")).to_have_text("ma 7 dec 2026 · Clubavond →")
    page.locator("#next-evening").click()
    page.locator("a.season", has_text="Seizoen: Najaar 2026").click()
    page.wait_for_url(re.compile(rf"/seasons/{season}$"))
    page.locator("#season-evenings summary").click()
    expect(page.locator("#season-evenings a")).to_have_text(
        ["ma 30 nov 2026", "ma 7 dec 2026 · Clubavond", "ma 14 dec 2026"]
    )
    shot(page, "07-season-evenings")
    page.goto(f"{live_server}/evenings/{evening}")
    page.locator("table.ledger a", has_text="José").click()
    page.wait_for_url(re.compile(r"/players/Jos%C3%A9$"))
    expect(page.locator(".recent-evenings a")).to_have_text(
        ["ma 14 dec 2026", "ma 7 dec 2026 · Clubavond", "ma 30 nov 2026"]
    )
    shot(page, "08-player-evenings")
    page.goto(f"{live_server}/evenings/{evening}")
    page.locator("#money-link").click()
    page.wait_for_url(re.compile(r"/money$"))

    # Home: the evening by its name, and the players, the seasons and the money a tap away.
    page.goto(live_server + "/")
    expect(page.locator("ul.games a", has_text="ma 7 dec 2026 · Clubavond")).to_be_visible()
    for word, path in (("Spelers", "/players"), ("Seizoenen", "/seasons"), ("Geld", "/money")):
        expect(page.locator("p.extras a", has_text=word)).to_have_attribute("href", path)
    shot(page, "09-home")
    context.close()


@pytest.mark.parametrize("language", sorted(LANGUAGES))
def test_six_players_ledger_and_payments_fit_360_px(browser, live_server, app, client, language):
    # The review's evening: six players for euros, pairwise, whose Dutch ledger read "€ +8,20€ +8,20".
    hands = [
        {"cards": 1, "dealer": 0, "trump": "hearts", "bids": [0, 0, 0, 0, 0, 0], "tricks": [1, 0, 0, 0, 0, 0]},
        {"cards": 2, "dealer": 1, "trump": "spades", "bids": [0, 2, 1, 0, 0, 0], "tricks": [0, 2, 0, 0, 0, 0]},
    ]
    game_id, _key = create(
        client,
        record(
            players=["José", "Annabel", "Bartholomew", "Karin", "Femke", "Dorothea"],
            hands=hands,
            stake=0.2,
            currency="EUR",
        ),
        claim=False,
    )
    context = phone(browser, f"{language},{language};q=0.9")
    page = context.new_page()
    page.goto(f"{live_server}/evenings/{evening_of(app, game_id)}")
    expect(page.locator("table.ledger tbody tr")).to_have_count(6)
    assert nothing_runs_together(page) == []
    shot(page, f"10-six-players-{language}")
    context.close()
