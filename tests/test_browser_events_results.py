"""Issue 43 in Debian's Chromium, as a director and the players use it: the event made on the form with a charity
share and a round's time limit, the countdown ticking on the director's page, the big screen and a table's phone;
a player finding herself on a 360 px phone by her first name, and another choosing himself among the Jansens; at
the end the results page, the big screen, the PDF and the event command in the same order; a Cartier table's
4-player sheet across a 360 px phone.

Screenshots go to test-artifacts/events-results-*.png.
"""

import json
import random
import re

import pytest
from playwright.sync_api import expect

from tests.browser_helpers import PHONE, tables_of, ticks
from tests.event_helpers import play_table, post_table
from tests.owner_helpers import OWNER_KEY, owner_client
from tests.pdf_reading import text as pdf_text
from tests.pictures import ARTIFACTS, picture

pytestmark = pytest.mark.browser

PLAYERS = [
    "Ann Adams",
    "Bob Brink",
    "Cy Claes",
    "Dirk de Vries",
    "Els Kok",
    "Finn Peeters",
    "Zoë Peeters",
    "Hugo Jansen",
    "Mieke Jansen",
]
SHORT = {"scoring": "exact", "deals": {"pattern": "custom", "sizes": [2, 1]}}
WIDE = {"viewport": {"width": 1920, "height": 1080}}


def shot(page, name, full=True):
    ARTIFACTS.mkdir(exist_ok=True)
    picture(page, ARTIFACTS / f"events-results-{name}.png", full_page=full)


def test_a_night_with_a_time_limit_players_finding_themselves_and_results_that_agree(
    browser, live_server, app, tmp_path
):
    rng = random.Random(43)
    context = browser.new_context(**WIDE)
    context.set_default_timeout(15000)
    director = context.new_page()
    director.goto(live_server + "/owner")
    director.get_by_label("Owner key or password").fill(OWNER_KEY)
    director.get_by_role("button", name="Sign in").click()
    director.goto(live_server + "/events/new")
    director.get_by_label("Name", exact=True).fill("Club night")
    director.locator("input[name=format][value=rounds]").check()
    director.get_by_label("qualifying rounds", exact=True).fill("2")
    director.get_by_label("seats a table", exact=True).fill("3")
    director.get_by_label("players in the final", exact=True).fill("3")
    director.get_by_label("Players, one per line").fill("\n".join(PLAYERS))
    director.get_by_label("Draw code (the same code draws the same tables)").fill("browser-43")
    director.locator("details summary", has_text="Table rules, money").click()
    director.get_by_label("Table rules that override the format's (JSON)").fill(json.dumps(SHORT))
    director.locator("#entry_fee").fill("3.33")
    director.locator("#currency").fill("EUR")
    director.locator("#split").fill("50 30 20")
    assert director.locator("#charity").get_attribute("inputmode") == "decimal"
    director.get_by_label("To charity, % of the pot").fill("5")
    director.locator("#cause").fill("Lifeboats")
    director.get_by_label("Time for a round, in minutes").fill("90")
    director.get_by_role("button", name="Create the event").click()
    expect(director.locator("main")).to_contain_text("9 players", use_inner_text=True)
    event_url = director.url
    expect(director.locator("#time-limit-panel summary")).to_contain_text("90 minutes", use_inner_text=True)
    director.get_by_role("button", name="Confirm round 1").click()

    # The round's clock and its countdown on the director's page, ticking.
    expect(director.locator("#director-countdown")).to_contain_text(
        re.compile(r"1:(29:\d\d|30:00) left"), use_inner_text=True
    )
    ticks(director, "#director-countdown .left")
    shot(director, "director-1920")
    screen = context.new_page()
    screen.goto(event_url + "/screen")
    expect(screen.locator("#screen-countdown")).to_contain_text("left", use_inner_text=True)
    ticks(screen, "#screen-countdown .left")
    shot(screen, "screen-countdown-1920", full=False)
    game, key = tables_of(director)[0]
    table_phone = browser.new_context(**PHONE)
    table_phone.set_default_timeout(15000)
    scorekeeper = table_phone.new_page()
    scorekeeper.goto(f"{live_server}/games/{game}/claim/{key}")
    countdown = scorekeeper.locator(".table-countdown").first
    expect(countdown).to_contain_text(re.compile(r"Round 1: 1:(29:\d\d|30:00) left"), use_inner_text=True)
    ticks(scorekeeper, ".table-countdown .left")
    shot(scorekeeper, "table-countdown-360", full=False)
    table_phone.close()

    # Players on their phones: a first name, without the accent.
    players = browser.new_context(**PHONE)
    players.set_default_timeout(15000)
    zoe = players.new_page()
    zoe.goto(event_url + "/standings")
    zoe.get_by_label("Your name").fill("zoe")
    zoe.get_by_role("button", name="Find my table").click()
    you = zoe.locator("#you")
    expect(you).to_contain_text(re.compile(r"Zoë Peeters: round 1, table \d"), use_inner_text=True)
    expect(you.locator("#your-seat")).to_contain_text(re.compile(r"Seat \d of 3, clockwise"), use_inner_text=True)
    expect(you.locator("#first-dealer")).to_contain_text("deal", use_inner_text=True)
    assert zoe.evaluate("document.scrollingElement.scrollWidth <= window.innerWidth")
    shot(zoe, "zoe-finds-her-table-360")
    # A surname two players share: he chooses himself.
    zoe.get_by_label("Your name").fill("jansen")
    zoe.get_by_role("button", name="Find my table").click()
    expect(zoe.locator("#you")).to_contain_text("Which one are you?", use_inner_text=True)
    shot(zoe, "which-jansen-360")
    zoe.get_by_role("link", name="Mieke Jansen").click()
    expect(zoe.locator("#you")).to_contain_text(re.compile(r"Mieke Jansen: round 1, table \d"), use_inner_text=True)

    # The rounds played; Els withdraws after round 1; the final.
    for game, key in tables_of(director):
        post_table(director.request, live_server, game, key, rng)
    director.reload()
    director.locator("details#more summary").click()
    form = director.locator("form:has(input[name=do][value=withdraw])")
    form.locator("select[name=player]").select_option("Els Kok")
    form.get_by_role("button", name="Withdraw…").click()
    director.locator("#ask").get_by_role("button", name="Withdraw Els Kok").click()
    expect(director.locator(".flash").first).to_contain_text("Els Kok", use_inner_text=True)
    director.get_by_role("button", name="Confirm round 2").click()
    # The director's page ranks each table's players once they play.
    for game, key in tables_of(director):
        post_table(director.request, live_server, game, key, rng)
    director.reload()
    places = director.locator("#table-1 td.place").all_inner_texts()
    assert places == sorted(places, key=lambda place: float(place.rstrip(".")))
    director.get_by_role("button", name="Confirm round 3").click()
    for game, key in tables_of(director):
        post_table(director.request, live_server, game, key, rng)
    director.locator("a.button.primary", has_text="is the champion").click()

    # The results page, the big screen, the PDF and the command agree.
    expect(director.locator("#final-results tbody tr")).to_have_count(9)
    page_rows = [
        (int(row.locator("td").first.inner_text()), row.locator("th").inner_text())
        for row in director.locator("#final-results tbody tr").all()
    ]
    assert len(page_rows) == 9 and page_rows[-1] == (9, "Els Kok")
    expect(director.locator("#final-results tr.withdrawn")).to_contain_text(
        "withdrew after round 1", use_inner_text=True
    )
    expect(director.locator("#charity")).to_contain_text("To Lifeboats: €1.50 (5% of the pot)", use_inner_text=True)
    shot(director, "results-1920")
    screen.reload()
    slide = screen.locator("#screen-results-1")
    expect(slide).to_have_count(1)
    screen.add_style_tag(
        content="main .slide { display: none !important; } #screen-results-1 { display: block !important; }"
    )
    assert slide.locator(".who").all_inner_texts() == [name for _place, name in page_rows]
    shot(screen, "screen-results-1920", full=False)
    client = owner_client(app)
    scored = client.get(f"/api/events/{event_url.rstrip('/').rsplit('/', 1)[-1]}").get_json()
    assert [(row["place"], row["player"]) for row in scored["results"]] == page_rows
    pdf = director.request.get(event_url + "/results.pdf").body()
    text = pdf_text(pdf, tmp_path)
    part = text[text.index("Final results") : text.index("Prizes")]
    printed = re.findall(r"^ *(\d+) +(.+?) {2,}(?:Final|Round \d)", part, re.M)
    assert [(int(place), name) for place, name in printed] == page_rows
    # Zoë's own result, on her phone.
    zoe.get_by_label("Your name").fill("Zoe Peeters")
    zoe.get_by_role("button", name="Find my table").click()
    place = next(place for place, name in page_rows if name == "Zoë Peeters")
    expect(zoe.locator(".your-result")).to_contain_text(
        re.compile(rf"Zoë Peeters: {place}(st|nd|rd|th), "), use_inner_text=True
    )
    shot(zoe, "zoe-result-360")
    players.close()
    context.close()


NAMES = [
    "Greta Claessens",
    "Mieke Jansen",
    "Hanna Vermeulen",
    "Wim de Wit",
    "Cy Ostrowski",
    "Karin Meijer",
    "Zoë Peeters",
    "Dirk de Vries",
]


def test_a_cartier_tables_four_player_sheet_fits_a_360_px_phone(browser, live_server, app):
    """The review's p_t3_after_h12: the fourth column was cut off and needed scrolling sideways."""
    client = owner_client(app)
    created = client.post(
        "/api/events", json={"name": "Cartier", "format": "cartier", "seed": "sheet", "players": NAMES}
    ).get_json()
    table = client.post(
        f"/api/events/{created['id']}/actions",
        json={"action": "start"},
        headers={"Authorization": "Bearer " + created["director_key"]},
    ).get_json()["tables"][0]
    start = client.get(f"/api/games/{table['game']}/export").get_json()
    record = play_table(start["players"], None, random.Random(3), start=start)
    for hand in record["hands"][:12]:
        answer = client.post(
            f"/api/games/{table['game']}/hands", json=hand, headers={"Authorization": "Bearer " + table["edit_key"]}
        )
        assert answer.status_code == 201
    phone = browser.new_context(**PHONE)
    page = phone.new_page()
    for path in ("/sheet", ""):
        page.goto(f"{live_server}/games/{table['game']}{path}")
        wrap = page.locator(".sheetwrap").first
        assert wrap.evaluate("e => e.scrollWidth <= e.clientWidth"), path
        assert page.evaluate("document.scrollingElement.scrollWidth <= window.innerWidth"), path
        heads = page.locator("table.sheet thead th")
        assert heads.count() == 5
        right = heads.nth(4).evaluate("e => e.getBoundingClientRect().right")
        assert right <= 360
        # Every player's column shows its totals whole.
        totals = page.locator("table.sheet tfoot td")
        for seat in range(4):
            cell = totals.nth(seat)
            assert cell.evaluate("e => e.scrollWidth <= e.clientWidth && e.getBoundingClientRect().right <= 360")
    page.goto(f"{live_server}/games/{table['game']}/sheet")
    shot(page, "cartier-sheet-360")
    phone.close()
