"""Issue 43 done: a Dutch club's championship night in Debian's Chromium, every action of the issue in one evening,
as the director, the big screen, the tables' phones and a player see it (all in Dutch, the club's language).

The director creates a Cartier of 17 on the form as typed (EUR 10, 7,5 % to the KNRM with a decimal comma, 90
minutes a round), ticks the roll call, is warned by the draw about the one not checked in and withdraws him after
a question; the countdown ticks on the director's page, the big screen and a table's phone; Zoë finds her table by
typing "zoe" on a 360 px phone; after round 1 the director withdraws the name above the right one in the menu,
takes it back with one click, and withdraws the right one; a locked table of round 1 asks for a correction that
changes who goes on, and round 2 is seated again with the untouched table keeping its game and card; then the
final and the champion. At the end the results page, the big screen's last slides, the results PDF (pdftotext),
the results CSV and `event --json` on the event's export agree on the final order, the withdrawn mark and the
money. The hands go in through the games' API (typing 161 hands would add nothing the other browser tests do
not); the correction is typed on the table's phone.

Screenshots go to test-artifacts/championship-*.png.
"""

import csv
import io
import json
import random
import re

import pytest
from playwright.sync_api import expect

from tests.browser_helpers import PHONE as PHONE_SIZE, tables_of, ticks
from tests.event_helpers import post_table
from tests.event_web_helpers import rows_of, run_cli, the_correction
from tests.owner_helpers import OWNER_KEY
from tests.pdf_reading import text as pdf_text
from tests.pictures import ARTIFACTS, picture

pytestmark = pytest.mark.browser

DUTCH = {"locale": "nl-NL"}
LAPTOP = {**DUTCH, "viewport": {"width": 1280, "height": 900}}
SCREEN = {**DUTCH, "viewport": {"width": 1920, "height": 1080}}
PHONE = {**DUTCH, **PHONE_SIZE}
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
    "Zoë Peeters",
]
NO_SHOW = "Quinn Meijer"
# 16 entrants at EUR 10: a pot of 160.00, 7.5 % (12.00) to the KNRM, and 148.00 split 50 30 20.
MONEY = {"pot": 160.0, "charity": 12.0, "prizes": [74.0, 44.4, 29.6]}


def shot(page, name, full=True):
    picture(page, ARTIFACTS / f"championship-{name}.png", full_page=full)


def euros(text):
    """The amounts of money in a Dutch text ("€ 74,00", "€ 1.234,50"), as numbers."""
    return [
        float(amount.replace(".", "").replace(",", "."))
        for amount in re.findall(r"€\s?(\d[\d.]*,\d\d)", text.replace("\xa0", " "))
    ]


def new_page(browser, options):
    context = browser.new_context(**options)
    context.set_default_timeout(15_000)
    return context.new_page()


def test_a_dutch_championship_night_from_the_roll_call_to_results_that_agree(browser, live_server, tmp_path):
    ARTIFACTS.mkdir(exist_ok=True)
    rng = random.Random(43)
    director = new_page(browser, LAPTOP)
    director.goto(live_server + "/owner")
    director.locator("#key").fill(OWNER_KEY)
    director.locator("button.primary").click()

    # The event as the director types it: the money and the round's time too, the charity with a decimal comma.
    director.goto(live_server + "/events/new")
    director.locator("#name").fill("Clubkampioenschap")
    director.locator("#players").fill("\n".join(HERE[:14] + [NO_SHOW] + HERE[14:]))
    director.locator("#seed").fill("kampioen-43")
    director.get_by_text("Tafelregels, geld, tijd per speelronde").click()
    director.locator("#entry_fee").fill("10")
    director.locator("#currency").fill("EUR")
    director.locator("#split").fill("50 30 20")
    director.locator("#charity").fill("7,5")
    director.locator("#cause").fill("KNRM")
    director.locator("#minutes").fill("90")
    director.get_by_role("button", name="Toernooi aanmaken").click()
    expect(director.locator("main")).to_contain_text("17 spelers", use_inner_text=True)
    event_url = director.url
    event_id = event_url.rstrip("/").rsplit("/", 1)[-1]
    api = director.context.request
    money = api.get(f"{live_server}/api/events/{event_id}").json()["money"]
    assert (money["charity"]["percent"], money["charity"]["cause"], money["entry_fee"]) == (7.5, "KNRM", 10.0)

    # The roll call in one go: who is here, who has paid. The draw warns about the one not here, and asks first.
    for name in HERE:
        director.locator(f"#roll-call input[name=here][value='{name}']").check()
    for name in HERE[:13]:
        director.locator(f"#roll-call input[name=paid][value='{name}']").check()
    director.locator("#roll-call button").click()
    expect(director.locator("#checked-count")).to_have_text("Aanwezig: 16 van 17.")
    warning = director.locator("#not-checked-in")
    expect(warning).to_contain_text(f"Niet aanwezig (1): {NO_SHOW}.", use_inner_text=True)
    shot(director, "1-check-in-warning")
    warning.locator("button").click()
    expect(director.locator("#ask")).to_contain_text(
        f"Terugtrekken? 1 niet-aanwezige speler trekt zich terug: {NO_SHOW}.", use_inner_text=True
    )
    director.locator("#ask button.primary").click()
    expect(director.locator("#not-checked-in")).to_have_count(0)
    expect(director.locator("main")).to_contain_text("16 spelers", use_inner_text=True)

    # Round 1, four tables of four, and 90 minutes counting down: the director, the big screen, a table's phone.
    director.locator("#draw button.primary").click()
    expect(director.locator(".event-table")).to_have_count(4)
    expect(director.locator("#director-countdown")).to_contain_text(
        re.compile(r"nog 1:(2\d:\d\d|30:00)"), use_inner_text=True
    )
    ticks(director, "#director-countdown .left")
    screen = new_page(browser, SCREEN)
    screen.goto(event_url + "/screen")
    ticks(screen, "#screen-countdown .left")
    shot(screen, "2-screen-countdown", full=False)
    first_round = tables_of(director)
    table_phone = new_page(browser, PHONE)
    table_phone.goto(f"{live_server}/games/{first_round[0][0]}/claim/{first_round[0][1]}")
    expect(table_phone.locator(".table-countdown")).to_contain_text(
        re.compile(r"Speelronde 1: nog 1:(2\d:\d\d|30:00)"), use_inner_text=True
    )
    ticks(table_phone, ".table-countdown .left")
    shot(table_phone, "3-table-countdown", full=False)

    # Zoë types her first name, without the diaeresis, on her phone.
    zoe = new_page(browser, PHONE)
    zoe.goto(event_url + "/standings")
    zoe.locator("#me").fill("zoe")
    zoe.locator(".find-me button").click()
    expect(zoe.locator("#you")).to_contain_text(re.compile(r"Zoë Peeters: speelronde 1, tafel \d"), use_inner_text=True)
    expect(zoe.locator("#your-seat")).to_contain_text("met de klok mee", use_inner_text=True)
    assert zoe.evaluate("document.scrollingElement.scrollWidth <= window.innerWidth")
    shot(zoe, "4-zoe-finds-her-table")

    for game, key in first_round:
        post_table(api, live_server, game, key, rng)
    director.reload()
    expect(director.locator("#cut")).to_be_visible()

    # One of the round's runners-up goes home. The director picks the name above hers in the menu, takes that
    # back with one click, and withdraws the right one: the next at her table goes on in her place.
    scored = api.get(f"{live_server}/api/events/{event_id}").json()
    menu = director.locator("#more form:has(input[name=do][value=withdraw])")
    options = menu.locator("select[name=player] option").all_text_contents()  # "(choose a player)" first
    leaving = next(
        name
        for table in scored["rounds"][0]["tables"]
        for name, place in zip(table["seats"], table["places"])
        if place == 2 and options.index(name) > 1
    )
    mistaken = options[options.index(leaving) - 1]

    def withdraw(name):
        director.locator("#more summary").click()
        menu.locator("select[name=player]").select_option(name)
        menu.locator("button").click()
        expect(director.locator("#ask")).to_contain_text(f"{name} terugtrekken?", use_inner_text=True)
        director.locator("#ask button.primary").click()

    withdraw(mistaken)
    back = director.locator("#undo").get_by_role("button", name=f"{mistaken} terughalen")
    expect(back).to_be_visible()
    shot(director, "5-take-it-back")
    back.click()
    expect(director.locator(".flash").first).to_contain_text(
        f"{mistaken} doet weer mee aan het toernooi.", use_inner_text=True
    )
    withdraw(leaving)
    expect(director.locator("#result-notes")).to_contain_text(
        f"{leaving} trok zich terug na speelronde 1: de gespeelde speelrondes tellen, en wie er doorgaan is "
        "onder de anderen bepaald.",
        use_inner_text=True,
    )
    advanced = api.get(f"{live_server}/api/events/{event_id}").json()["rounds"][0]["advanced"]
    assert leaving not in advanced and mistaken in advanced and len(advanced) == 8

    # Round 2: two tables. Then a table of round 1 finds a mistake; its phone asks the director, who approves.
    director.locator("#draw button.primary").click()
    expect(director.locator(".event-table")).to_have_count(2)
    cards = tables_of(director)
    number, last, seats, bids, tricks = the_correction(api, live_server, event_id, advanced)
    game_id, key = first_round[number - 1]
    table_phone.goto(f"{live_server}/games/{game_id}/claim/{key}")
    expect(table_phone.locator("#locked")).to_contain_text("deze tafel ligt vast", use_inner_text=True)
    table_phone.locator("#locked button").click()
    request = director.locator(f"#request-1-{number}")
    expect(request).to_be_visible()  # it reaches the director's page by itself
    request.locator("button").click()
    table_phone.goto(f"{live_server}/games/{game_id}/hands/{last}/edit")
    for seat, name in enumerate(seats):
        table_phone.get_by_label(f"bod van {name}", exact=True).fill(str(bids[seat]))
        table_phone.get_by_label(f"slagen van {name}", exact=True).fill(str(tricks[seat]))
    shot(table_phone, "6-correction-typed")
    table_phone.get_by_role("button", name="Correctie opslaan").click()
    table_phone.wait_for_url(re.compile(rf"/games/{game_id}/sheet$"))

    # What it changes, in one sentence; round 2 seated again, only the changed seat.
    now = api.get(f"{live_server}/api/events/{event_id}").json()["rounds"][0]["correction"]["advanced"]
    (coming,), (going,) = set(now) - set(advanced), set(advanced) - set(now)
    box = director.locator(f"#correction-1-{number}")
    expect(box.locator(".cut-change")).to_have_text(f"{coming} gaat door in plaats van {going}.", timeout=5000)
    shot(director, "7-correction-in-one-sentence")
    box.locator("button[value=redraw]").click()
    seated = api.get(f"{live_server}/api/events/{event_id}/export").json()["rounds"][1]["tables"]
    moved = next(n for n, table in enumerate(seated) if coming in table["seats"])
    kept = 1 - moved
    said = director.locator(".flash").first
    expect(said).to_contain_text(f"{coming} neemt aan tafel {moved + 1} de plaats van {going} in.", use_inner_text=True)
    expect(said).to_contain_text(
        f"De andere tafels houden hun plaatsen en kaarten. Print de kaart van tafel "
        f"{moved + 1} opnieuw: de oude is ongeldig.",
        use_inner_text=True,
    )
    again = tables_of(director)
    assert again[kept] == cards[kept] and again[moved] != cards[moved]  # the untouched table keeps its card
    shot(director, "8-seated-again")
    table_phone.goto(f"{live_server}/games/{cards[moved][0]}/claim/{cards[moved][1]}")
    expect(table_phone.locator("main")).to_contain_text("Deze kaart is ongeldig", use_inner_text=True)
    table_phone.context.close()

    # Round 2 and the final, to the champion.
    for game, key in again:
        post_table(api, live_server, game, key, rng)
    director.reload()
    director.locator("#draw button.primary").click()
    expect(director.locator(".event-table")).to_have_count(1)
    for game, key in tables_of(director):
        post_table(api, live_server, game, key, rng)

    # What everyone reads at the end agrees with the engine's one set of final results and its money.
    scored = api.get(f"{live_server}/api/events/{event_id}").json()
    expected = rows_of(scored)
    assert len(expected) == 16 and [row for row in expected if row[3]] == [
        next(row for row in expected if row[1] == leaving)
    ]
    prizes = [(prize["place"], prize["player"], prize["amount"]) for prize in scored["money"]["prizes"]]
    assert ([amount for *_who, amount in prizes], scored["money"]["pot"], scored["money"]["charity"]["amount"]) == (
        MONEY["prizes"],
        MONEY["pot"],
        MONEY["charity"],
    )
    assert [who for _place, who, _amount in prizes] == [row[1] for row in expected[:3]]
    assert (len(scored["money"]["paid"]), scored["money"]["entrants"]) == (13, 16)
    reached = {"Finale": None, **{f"Speelronde {n}": n for n in (1, 2)}}
    final_round = len(scored["rounds"])

    def round_of(words):
        return reached[words] or final_round

    # The results page.
    director.goto(event_url + "/results")
    rows = director.locator("#final-results tbody tr").evaluate_all(
        "rows => rows.map(r => [r.cells[0].innerText, r.cells[1].innerText, r.cells[2].innerText, r.className])"
    )
    assert [(int(place), name, round_of(words), "withdrawn" in mark) for place, name, words, mark in rows] == expected
    expect(director.locator("#final-results tr.withdrawn")).to_contain_text(
        "teruggetrokken na speelronde 1", use_inner_text=True
    )
    expect(director.locator("#result-notes")).to_contain_text(
        f"{leaving} trok zich terug na speelronde 1", use_inner_text=True
    )
    assert euros(director.locator("#charity").inner_text()) == [MONEY["charity"]]
    payouts = director.locator("#payouts li").all_inner_texts()
    assert [(name in line, euros(line)) for line, (_place, name, _amount) in zip(payouts, prizes)] == [
        (True, [amount]) for amount in MONEY["prizes"]
    ]
    expect(director.locator("#paid")).to_contain_text("Inschrijfgeld betaald: 13 van 16.", use_inner_text=True)
    shot(director, "9-results")

    # The big screen's last slides: the prizes, and the final results with the withdrawn mark.
    screen.reload()
    screen.add_style_tag(
        content="main .slide { display: none !important; } "
        "#screen-prizes, #screen-results-1 { display: block !important; }"
    )
    slide = screen.locator("#screen-results-1")
    assert slide.locator(".who").all_inner_texts() == [row[1] for row in expected]
    marks = slide.locator(".tot").all_inner_texts()
    assert [("teruggetrokken" in mark) for mark in marks] == [row[3] for row in expected]
    assert euros(screen.locator("#screen-prizes").inner_text()) == MONEY["prizes"] + [MONEY["charity"]]
    charity_size = screen.locator("#screen-charity").evaluate("e => parseFloat(getComputedStyle(e).fontSize)")
    assert charity_size >= 36  # read from across the room, as the prizes are
    shot(screen, "10-screen-end", full=True)

    # The results PDF, in the event's language, read back.
    text = pdf_text(api.get(event_url + "/results.pdf").body(), tmp_path)
    part = text[text.index("Eindklassement") : text.index("Prijzen")]
    printed = re.findall(r"^ *(\d+) +(.+?) {2,}(Finale|Speelronde \d) *(.*)$", part, re.M)
    assert [
        (int(place), name, round_of(words), "teruggetrokken" in how) for place, name, words, how in printed
    ] == expected
    flat = " ".join(text.split())
    assert f"{leaving} trok zich terug na speelronde 1" in flat and "Inschrijfgeld betaald: 13 van 16." in flat
    assert euros(flat[flat.index("Prijzen") : flat.index("Speelrondes")]) == [
        MONEY["pot"],
        10.0,
        MONEY["charity"],
        *MONEY["prizes"],
    ]

    # The results CSV.
    table = list(csv.reader(io.StringIO(api.get(event_url + "/results.csv").text())))
    assert [(int(r[0]), r[1], int(r[2]), r[3] == "yes") for r in table[1:]] == expected

    # The command line on the event's export: the same rows, mark and money.
    export = api.get(f"{live_server}/api/events/{event_id}/export").json()
    told = json.loads(run_cli(tmp_path, export, "--json"))
    assert rows_of(told) == expected
    assert (
        [prize["amount"] for prize in told["money"]["prizes"]],
        told["money"]["pot"],
        told["money"]["charity"]["amount"],
    ) == (MONEY["prizes"], MONEY["pot"], MONEY["charity"])

    # Zoë's own result on her phone.
    zoe.locator("#me").fill("Zoe")
    zoe.locator(".find-me button").click()
    place = next(place for place, name, *_rest in expected if name == "Zoë Peeters")
    expect(zoe.locator(".your-result")).to_contain_text(f"Zoë Peeters: {place}e, ", use_inner_text=True)
    shot(zoe, "11-zoe-result")
    assert zoe.evaluate("document.scrollingElement.scrollWidth <= window.innerWidth")  # four columns fit
