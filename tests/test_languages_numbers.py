"""Numbers, dates and files the locale's way (issue 25): Dutch negative money, one percent spacing per locale, the PDF
sheet's date, and downloaded files named in the table's words."""

import datetime
import re

import pytest
from babel.dates import format_date

from scorekeeper.text.charts import outcome_text
from scorekeeper.web.i18n import speaking
from scorekeeper.text import words
from scorekeeper.text.money_text import net
from tests.pdf_reading import text as pdf_text
from tests.game_helpers import create, record
from tests.html_forms import submit


@pytest.mark.parametrize(
    "code, owed, owing",
    [("nl", "€\xa0-1,00", "€\xa0+2,50"), ("de", "-1,00\xa0€", "+2,50\xa0€"), ("en", "-€1.00", "+€2.50")],
)
def test_a_net_amount_carries_its_sign_where_the_locale_puts_it(app, code, owed, owing):
    with app.test_request_context(), speaking(code):
        assert net(-1, "EUR") == owed and net(2.5, "EUR") == owing and net(0, "EUR") == words.money(0, "EUR")


def test_the_dutch_settle_up_writes_a_debt_as_babel_does(client):
    game_id, _key = create(client, record(currency="EUR") | {"language": "nl"})
    client.post("/language", data={"lang": "nl", "next": "/"})
    page = client.get(f"/games/{game_id}/settle").get_data(as_text=True)
    assert "€\xa0-" in page or "€ -" in page
    assert "-€" not in page


@pytest.mark.parametrize("code", ["de", "es", "fr", "nl", "en"])
def test_every_percentage_has_the_locales_one_spacing(app, code):
    with app.test_request_context(), speaking(code):
        shown = [words.percent(0), words.percent(62.5), outcome_text(40, "made").split(" ")[0]]
    spaced = ["\xa0%" in text for text in shown]
    assert len(set(spaced)) == 1, shown  # "0%" beside "62,5 %" was two spacings
    assert spaced[0] == (code in ("de", "es", "fr")), shown


def test_the_pdf_sheet_prints_its_date_the_locales_way(client, tmp_path):
    game_id, _key = create(client, record() | {"language": "de"})
    text = pdf_text(client.get(f"/games/{game_id}/sheet.pdf").data, tmp_path)
    today = datetime.date.today()
    assert format_date(today, "medium", locale="de") in text
    assert today.isoformat() not in text


@pytest.mark.parametrize(
    "code, name", [("nl", "boerenbridge"), ("de", "stiche-raten"), ("es", "la-pocha"), ("en", "oh-hell")]
)
def test_downloaded_files_are_named_in_the_tables_words(client, code, name):
    game_id, _key = create(client, record() | {"language": code})
    disposition = client.get(f"/games/{game_id}/sheet.pdf").headers["Content-Disposition"]
    assert f'filename="{name}-{datetime.date.today().isoformat()}.pdf"' in disposition
    blank = client.get("/sheets/blank.pdf", query_string={"players": 4, "pattern": "up", "max": 3, "language": code})
    assert re.search(rf'filename="{name}-[a-z-]+-4\.pdf"', blank.headers["Content-Disposition"])


def test_the_dutch_money_page_says_who_pays_whom_and_its_numbers_the_dutch_way(client):
    """The payee is "Betaald aan" (issue 40's "Paid to": never a season's "Tot en met", which a bare "To" shared), and
    a refused amount is said in the catalogue's words with Dutch numbers: "€ 999.999.999,99", never Python's
    "999999999.99"."""
    create(client, record(currency="EUR"))
    client.post("/language", data={"lang": "nl", "next": "/"})
    page = client.get("/money").get_data(as_text=True)
    assert '<label for="payer">Betaald door</label>' in page and '<label for="payee">Betaald aan</label>' in page
    assert "Tot en met" in client.get("/seasons").get_data(as_text=True)
    payer, payee = record()["players"][:2]
    refused = submit(
        client,
        "/money",
        {"payer": payer, "payee": payee, "amount": "1000000000", "currency": "EUR", "paid_on": "2026-11-27"},
        action="/money/payments",
    )
    said = client.get(refused.location).get_data(as_text=True)
    assert "Bedrag: moet € 999.999.999,99 of minder zijn" in said.replace("\xa0", " "), re.findall(
        r'class="flash[^"]*">([^<]*)', said
    )
    assert "999999999.99" not in said
