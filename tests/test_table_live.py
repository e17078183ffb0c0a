"""Following live, through the Flask test client: ETags and 304s, what followers see, the bytes a page costs,
hashed static URLs, the QR code; the sheet and the shell carry no inline script."""

import gzip
import json
import os
import re
from pathlib import Path

from flask import url_for

from tests.game_helpers import create
from tests.html_forms import form_data, submit
from tests.table_helpers import GZIP, deal, first_load, new_game, record_tricks, text

SEVEN_BY_25 = json.loads((Path(__file__).parent / "games" / "seven_players_25_hands.json").read_text())


def bid_as_scorekeeper(client, game_id, bid):
    """Enter the bid of whoever's turn it is."""
    html = client.get(f"/games/{game_id}/bids").get_data(as_text=True)
    seat = int(dict(form_data(html)[1])["seat"])
    assert submit(client, f"/games/{game_id}/bids", {"bid": bid}).status_code == 302
    return seat


def test_the_poll_answers_304_while_nothing_changed(client, app):
    game_id = new_game(client)
    follower = app.test_client()
    first = follower.get(f"/games/{game_id}/revision")
    assert first.status_code == 200 and first.headers["ETag"] == '"1"'
    same = follower.get(f"/games/{game_id}/revision", headers={"If-None-Match": first.headers["ETag"]})
    assert same.status_code == 304 and same.get_data() == b"" and same.headers["ETag"] == '"1"'
    deal(client, game_id)
    moved = follower.get(f"/games/{game_id}/revision", headers={"If-None-Match": '"1"'})
    assert moved.status_code == 200 and moved.get_json()["revision"] == 2 and moved.headers["ETag"] == '"2"'


def test_the_api_game_has_an_etag_and_answers_304(client, app):
    game_id, key = create(client, SEVEN_BY_25, claim=False)
    first = client.get(f"/api/games/{game_id}", headers=GZIP)
    assert first.status_code == 200 and first.headers["Content-Encoding"] == "gzip"
    assert json.loads(gzip.decompress(first.get_data()))["players"][0] == "Ann"
    assert first.headers["ETag"] == 'W/"1"'  # weak: the gzipped bytes are not the plain ones
    again = client.get(f"/api/games/{game_id}", headers=GZIP | {"If-None-Match": first.headers["ETag"]})
    assert again.status_code == 304 and again.get_data() == b""
    plain = client.get(f"/api/games/{game_id}", headers={"If-None-Match": '"1"'})
    assert plain.status_code == 304
    assert client.get("/api/games/nope", headers={"If-None-Match": '"1"'}).status_code == 404


def test_followers_see_the_hand_the_turn_the_bids_and_the_announcement(client, app):
    game_id = new_game(client, max_cards="3", pattern="down")
    follower = app.test_client()
    assert "Next: Ann deals 3" in text(follower.get(f"/games/{game_id}").get_data(as_text=True))
    deal(client, game_id)
    live = text(follower.get(f"/games/{game_id}").get_data(as_text=True))
    assert "Hand 1 · 3 cards · Ann deals · ♥" in live and "Bid 0 of 3 · under by 3 · Bob to bid" in live
    for bid in (1, 0, 1):
        bid_as_scorekeeper(client, game_id, bid)
    html = follower.get(f"/games/{game_id}").get_data(as_text=True)
    # Ann deals and bids last: the hook forbids her 1, and the followers are told so.
    assert "Bid 2 of 3 · under by 1 · Ann to bid" in text(html)
    assert re.search(r'<p class="hook" data-speak>Ann may not bid 1\.</p>', html)
    bid_as_scorekeeper(client, game_id, 2)
    html = follower.get(f"/games/{game_id}").get_data(as_text=True)
    assert re.search(r'<p class="announce over" id="live-announce" data-speak>OVER by 1</p>', html)
    assert "playing the tricks" in text(html)
    record_tricks(client, game_id)
    html = follower.get(f"/games/{game_id}").get_data(as_text=True)
    assert 'id="live-announce"' not in html and "Next: Bob deals 2" in text(html)


def test_pages_are_gzipped_for_clients_that_accept_it(client, app):
    game_id, _key = create(client, SEVEN_BY_25)
    page = client.get(f"/games/{game_id}/sheet", headers=GZIP)
    assert page.headers["Content-Encoding"] == "gzip" and "Accept-Encoding" in page.headers["Vary"]
    html = gzip.decompress(page.get_data()).decode()
    assert html.count("<tr") == 27 and len(page.get_data()) < len(html) / 5
    plain = client.get(f"/games/{game_id}/sheet")
    assert "Content-Encoding" not in plain.headers and plain.get_data(as_text=True).count("<tr") == 27
    # The followers' page is gzipped once and the same bytes go to each of them.
    followers = [app.test_client() for _ in range(2)]
    bodies = [f.get(f"/games/{game_id}", headers=GZIP).get_data() for f in followers]
    assert bodies[0] == bodies[1] and gzip.decompress(bodies[0]).decode().count("<tr") == 27
    assert 'data-revision="1"' in gzip.decompress(bodies[0]).decode()
    # A tiny answer is not worth compressing.
    assert "Content-Encoding" not in client.get(f"/games/{game_id}/revision", headers=GZIP).headers


def test_static_files_have_hashed_urls_and_a_years_cache(client, app):
    html = client.get("/").get_data(as_text=True)
    css = re.search(r'href="(/static/style\.css\?v=([0-9a-f]{12}))"', html)
    assert css, "the stylesheet's URL carries a hash of its content"
    response = client.get(css[1], headers=GZIP)
    assert response.status_code == 200
    assert response.headers["Cache-Control"] == "public, max-age=31536000, immutable"
    assert response.headers["Content-Encoding"] == "gzip"
    assert b".bar" in gzip.decompress(response.get_data())
    # An old or missing hash is never cached for long: the next visit asks again.
    for stale in ("/static/style.css?v=000000000000", "/static/style.css"):
        with client.get(stale) as response:
            assert response.headers["Cache-Control"] == "no-cache"


def test_a_changed_static_file_gets_a_new_url(app, tmp_path):
    app.static_folder = str(tmp_path)
    (tmp_path / "x.css").write_text("a { color: red }")
    with app.test_request_context():
        first = url_for("static", filename="x.css")
        (tmp_path / "x.css").write_text("a { color: blue }")
        os.utime(tmp_path / "x.css", ns=(1, 10**18))  # a new modification time, as an edit gives
        assert url_for("static", filename="x.css") != first


def test_a_static_file_is_squeezed_once_and_afresh_when_it_changes(app, tmp_path):
    """Each script is gzipped once per version (a room's opening asks for it once per phone), and an edited file is
    never answered with the bytes of the version before it, nor a file of another folder with this one's."""
    app.static_folder = str(tmp_path)
    script = tmp_path / "x.js"
    script.write_text("// for us\n" + "var red = 'red';\n" * 40)
    client = app.test_client()
    first, again = (client.get("/static/x.js", headers=GZIP) for _ in range(2))
    assert first.headers["Content-Encoding"] == "gzip" and first.get_data() == again.get_data()
    assert gzip.decompress(first.get_data()) == b"var red = 'red';\n" * 40
    script.write_text("// for us\n" + "var blue = 'blue';\n" * 40)
    os.utime(script, ns=(1, 10**18))  # a new modification time, as an edit gives
    assert gzip.decompress(client.get("/static/x.js", headers=GZIP).get_data()) == b"var blue = 'blue';\n" * 40
    with client.get("/static/x.js") as plain:  # no gzip asked: the file as it is
        assert plain.get_data().startswith(b"// for us")
    other = tmp_path / "other"
    other.mkdir()
    (other / "x.js").write_text("var green = 'green';\n" * 40)
    app.static_folder = str(other)
    assert gzip.decompress(client.get("/static/x.js", headers=GZIP).get_data()) == b"var green = 'green';\n" * 40


def test_a_first_load_costs_at_most_15_kb_even_the_7_by_25_sheet(client, app):
    game_id, key = create(client, SEVEN_BY_25)  # this client is the scorekeeper: the sheet with every button
    follower = app.test_client()
    playing = new_game(client)
    pages = {
        follower: [f"/games/{game_id}", f"/games/{game_id}/over", f"/games/{game_id}/history"],
        client: [
            f"/games/{game_id}/sheet",
            f"/games/{game_id}/over",
            f"/games/{game_id}/settle",
            f"/games/{game_id}/compare",
            f"/games/{game_id}/hands/25/edit",
            "/",
            "/games/new",
            "/players",
            "/players/Ann",
            "/sheets/",
            f"/games/{playing}/deal",
            f"/games/{playing}/table",
        ],
    }
    for visitor, urls in pages.items():
        for url in urls:
            assert first_load(visitor, url) <= 15_000, url


def test_the_share_panel_has_a_qr_code_of_the_follow_link(client):
    game_id = new_game(client)
    html = client.get(f"/games/{game_id}/sheet").get_data(as_text=True)
    share = re.search(r'<details class="share">.*?</details>', html, re.S)[0]
    assert f'value="http://localhost/games/{game_id}"' in share
    svg = re.search(r"<svg [^>]*>.*?</svg>", share, re.S)[0]
    assert 'role="img" aria-label="QR code of the read-only link"' in svg and 'stroke="#000"' in svg
    assert "<script" not in share and " on" not in re.sub(r'"[^"]*"', '""', share)  # no inline script or handler


def test_the_sheet_and_the_shell_carry_no_inline_script(client, app):
    game_id, _key = create(client, SEVEN_BY_25)
    follower = app.test_client()
    for visitor, url in ((client, f"/games/{game_id}/sheet"), (follower, f"/games/{game_id}"), (client, "/offline")):
        html = visitor.get(url).get_data(as_text=True)
        assert all(re.search(r'\bsrc="', tag) for tag in re.findall(r"<script[^>]*>", html)), url
        assert not re.search(r"<[^>]+\son[a-z]+=", html), url


def test_a_stylesheet_is_served_without_its_comment_lines_and_with_every_rule(client):
    """Lines that hold only a /* comment */ are for us: dropped on the way out, as a script's // lines are."""
    import scorekeeper
    from scorekeeper.responses import delivery

    source = (Path(scorekeeper.__file__).parent / "static" / "style.css").read_bytes()
    served = client.get("/static/style.css", headers=GZIP).get_data()
    served = gzip.decompress(served) if served[:2] == b"\x1f\x8b" else served
    assert b"/* a penalty on the sheet" in source and b"/* a penalty on the sheet" not in served
    assert [line for line in source.split(b"\n") if b"{" in line] == [
        line for line in served.split(b"\n") if b"{" in line
    ]
    assert (
        delivery.without_css_comment_lines(b"/* a */ .x { } /* b */\n/* c */\n.y { }")
        == b"/* a */ .x { } /* b */\n.y { }"
    )


def test_a_page_fetched_in_the_background_leaves_the_flash_to_the_page_the_form_opens(client):
    """A flash answers this tab's form. Another tab of the same browser refreshing its live page, or keeping the
    sheet for offline use, fetches a page: it must not take the message, or the page the form's redirect opens
    says nothing and the other tab (the director's projector) says it instead. Chromium says a fetch by
    Sec-Fetch-Mode (over HTTPS and on 127.0.0.1), and static/follow.js and queue_pages.js by X-Background (plain
    HTTP on a home network, where no Sec-Fetch-Mode is sent)."""
    game_id = new_game(client)
    said = "This game changed on another phone"
    for fetch in ({"Sec-Fetch-Mode": "cors", "Sec-Fetch-Dest": "empty"}, {"X-Background": "1"}):
        answer = submit(client, f"/games/{game_id}/table", {"revision": "0", "action": "sit_out"})  # a stale page's
        assert answer.status_code == 302
        for page in ("sheet", "deal", "sheet"):
            fetched = client.get(f"/games/{game_id}/{page}", headers=fetch)
            assert fetched.status_code == 200 and said not in fetched.get_data(as_text=True)
        opened = client.get(answer.headers["Location"], headers={"Sec-Fetch-Mode": "navigate"})
        assert said in opened.get_data(as_text=True)
        again = client.get(answer.headers["Location"], headers={"Sec-Fetch-Mode": "navigate"})
        assert said not in again.get_data(as_text=True)  # said once, on the page it answers
