"""Every evening, a page at a time (issue 17): the home page shows the last 5 and a link to all of them."""

import re

from tests.game_helpers import create, record


def evening_links(html):
    return re.findall(r'<a href="/evenings/([^"/]+)">', html)


def test_the_home_page_links_every_evening_and_the_list_is_paged(client):
    for _ in range(23):
        create(client, record(hands=[]), claim=False)  # each game starts an evening of its own
    home = client.get("/").get_data(as_text=True)
    assert len(evening_links(home)) == 5 and 'href="/evenings"' in home
    first = client.get("/evenings").get_data(as_text=True)
    assert len(evening_links(first)) == 20 and 'href="/evenings?page=2"' in first and "Newer" not in first
    assert evening_links(first)[:5] == evening_links(home)  # most recently played first
    second = client.get("/evenings?page=2").get_data(as_text=True)
    assert len(evening_links(second)) == 3 and "Older" not in second and 'href="/evenings?page=1"' in second
    assert not set(evening_links(first)) & set(evening_links(second))
    assert "0 games" not in first + second and "1 game ·" in first


def test_a_page_past_the_end_is_empty_not_an_error(client):
    assert "None yet." in client.get("/evenings?page=99").get_data(as_text=True)
    assert client.get("/evenings?page=-3").status_code == 200
