"""The shell in the reader's language: the error pages, the offline page, the manifest's name, the gear menu;
the answers under /api/ stay English whatever the phone speaks (their contract)."""

GERMAN = {"Accept-Language": "de"}


def test_an_unknown_page_says_so_in_german(client):
    response = client.get("/no-such-page", headers=GERMAN)
    page = response.get_data(as_text=True)
    assert response.status_code == 404
    assert "<h1>Nicht gefunden</h1>" in page and "Zurück zu den Partien" in page and "Not Found" not in page
    assert '<html lang="de">' in page


def test_the_api_answers_in_english_whatever_the_phone_speaks(client):
    english = client.get("/api/no-such-thing").get_json()
    german = client.get("/api/no-such-thing", headers=GERMAN).get_json()
    assert german == english and "Nicht" not in str(german)


def test_the_offline_page_and_the_gear_menu_in_dutch(client):
    page = client.get("/offline", headers={"Accept-Language": "nl"}).get_data(as_text=True)
    assert "<h1>Geen verbinding</h1>" in page
    assert '<a href="/">open de spellen</a>' in page  # the link inside the translated sentence stays a link
    assert "Weergave-instellingen" in page and "zoals de telefoon" in page


def test_the_manifest_names_the_app_in_the_readers_language(client):
    response = client.get("/manifest.webmanifest", headers={"Accept-Language": "fr"})
    body = response.get_json(force=True)
    assert (
        body["name"] == "Feuille de marque de l’Ascenseur"
        and body["short_name"] == "L’Ascenseur"
        and body["lang"] == "fr"
    )
    assert "Accept-Language" in response.headers["Vary"]
    assert client.get("/manifest.webmanifest").get_json(force=True)["name"] == "Oh Hell scorekeeper"


def test_english_pages_read_as_before(client):
    page = client.get("/no-such-page").get_data(as_text=True)
    assert "<h1>Not Found</h1>" in page and "The requested URL was not found on the server." in page
    assert "Back to the games" in page
