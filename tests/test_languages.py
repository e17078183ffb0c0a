"""The languages: which one a page speaks, the gear menu's switch, the browser's words (docs/languages.md)."""

import re

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

LANGUAGE = re.compile(r'<html lang="([^"]+)"')


def lang_of(response):
    return LANGUAGE.search(response.get_data(as_text=True)).group(1)


def test_the_page_speaks_the_phones_language(client):
    assert lang_of(client.get("/")) == "en"
    assert lang_of(client.get("/", headers={"Accept-Language": "nl-BE,nl;q=0.9,en;q=0.5"})) == "nl"
    assert lang_of(client.get("/", headers={"Accept-Language": "de-AT"})) == "de"
    assert lang_of(client.get("/", headers={"Accept-Language": "ja, zh;q=0.8"})) == "en"  # none we speak


def test_the_switch_is_remembered_over_the_phones_language_and_forgotten_again(client):
    response = client.post("/language", data={"lang": "fr", "next": "/games/new"})
    assert response.status_code == 303 and response.headers["Location"] == "/games/new"
    assert "Max-Age=31536000" in response.headers["Set-Cookie"]
    assert lang_of(client.get("/", headers={"Accept-Language": "es"})) == "fr"
    client.post("/language", data={"lang": "", "next": "/"})  # "as the phone"
    assert lang_of(client.get("/", headers={"Accept-Language": "es"})) == "es"


@settings(suppress_health_check=[HealthCheck.function_scoped_fixture])  # the switch keeps nothing on the server
@given(st.text(max_size=40), st.text(max_size=10))
def test_the_switch_goes_back_only_to_a_page_of_this_site(client, back, code):
    response = client.post("/language", data={"lang": code, "next": back})
    assert response.status_code == 303
    location = response.headers["Location"]
    assert location.startswith("/") and not location.startswith(("//", "/\\"))


def test_every_page_offers_the_switch_and_the_words_of_its_language(client):
    page = client.get("/", headers={"Accept-Language": "de"}).get_data(as_text=True)
    assert 'form="language"' in page and 'action="/language"' in page
    words = re.search(r'src="(/words/de\.js\?v=\w+)"', page).group(1)
    script = client.get(words)
    assert script.status_code == 200 and "function ngettext" in script.get_data(as_text=True)
    assert client.get("/words/xx.js").status_code == 404
