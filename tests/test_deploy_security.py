"""Serving a room and the open internet, through the real server: Debian's nginx with a self-signed
certificate in front of `serve --proxy`, the owner key, and the rate limits per client address."""

import http.client
import json
import re
import shutil
import ssl
import subprocess
from pathlib import Path

import pytest

from tests.server_helpers import GAME, free_port, start_serve, stop, wait_for, wait_until_up

NGINX = shutil.which("nginx") or "/usr/sbin/nginx"  # root's PATH has sbin; not every shell's does
UNVERIFIED = ssl._create_unverified_context()  # our own self-signed certificate, made below


class Answer:
    def __init__(self, response):
        self.status = response.status
        self.headers = response.msg
        self.text = response.read().decode()

    def cookies(self):
        return self.headers.get_all("Set-Cookie") or []

    def json(self):
        return json.loads(self.text)


def ask(port, path, method="GET", body=None, headers=None, tls=True, source="127.0.0.1"):
    """Send one request from the address source (any 127.x is this machine) and return the answer."""
    kind = http.client.HTTPSConnection if tls else http.client.HTTPConnection
    options = {"context": UNVERIFIED} if tls else {}
    connection = kind("127.0.0.1", port, timeout=20, source_address=(source, 0), **options)
    try:
        kind = {dict: "application/json", str: "application/x-www-form-urlencoded"}.get(type(body))
        data = (json.dumps(body) if isinstance(body, dict) else body).encode() if body is not None else None
        headers = dict(headers or {}, **({"Content-Type": kind} if kind else {}))
        connection.request(method, path, body=data, headers=headers)
        return Answer(connection.getresponse())
    finally:
        connection.close()


NGINX_CONF = """
daemon off;
user root;
worker_processes 1;
pid {tmp}/nginx.pid;
error_log {tmp}/nginx-error.log;
events {{ worker_connections 64; }}
http {{
  access_log {tmp}/nginx-access.log;
  client_body_temp_path {tmp}/body;
  proxy_temp_path {tmp}/proxy;
  fastcgi_temp_path {tmp}/fastcgi;
  uwsgi_temp_path {tmp}/uwsgi;
  scgi_temp_path {tmp}/scgi;
  server {{
    listen 127.0.0.1:{port} ssl;
    server_name _;
    ssl_certificate {tmp}/cert.pem;
    ssl_certificate_key {tmp}/key.pem;
    location / {{
      proxy_pass http://127.0.0.1:{app_port};
      proxy_set_header Host $host;
      proxy_set_header X-Forwarded-Proto $scheme;
      proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
      proxy_set_header X-Forwarded-Host $host:$server_port;
    }}
  }}
}}
"""


@pytest.fixture
def behind_nginx(tmp_path):
    """The real server behind the real nginx over https; yield (https port, the server's own port)."""
    assert Path(NGINX).exists() and shutil.which("openssl"), "needs Debian's nginx and openssl: make system-deps"
    instance = tmp_path / "instance"
    instance.mkdir()
    (instance / "config.py").write_text('GAME_CREATION_LIMIT = "3 per minute"\n')
    subprocess.run(
        [
            "openssl",
            "req",
            "-x509",
            "-newkey",
            "rsa:2048",
            "-nodes",
            "-days",
            "2",
            "-keyout",
            str(tmp_path / "key.pem"),
            "-out",
            str(tmp_path / "cert.pem"),
            "-subj",
            "/CN=127.0.0.1",
            "-addext",
            "subjectAltName=IP:127.0.0.1",
        ],
        check=True,
        capture_output=True,
    )
    port, app_port = free_port(), free_port()
    (tmp_path / "nginx.conf").write_text(NGINX_CONF.format(tmp=tmp_path, port=port, app_port=app_port))
    server, lines = start_serve(instance, app_port, "--proxy")
    assert "behind the TLS proxy at 127.0.0.1" in lines[0] and "phones cannot open it" not in lines[0]
    proxy = subprocess.Popen(
        [NGINX, "-p", str(tmp_path), "-c", str(tmp_path / "nginx.conf"), "-e", str(tmp_path / "nginx-error.log")],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    try:
        wait_for(f"http://127.0.0.1:{app_port}/")
        wait_until_up(None, port, seconds=20)
        yield port, app_port
    finally:
        proxy.terminate()
        proxy.wait(timeout=10)
        stop(server)


def test_behind_the_tls_proxy_links_are_https_cookies_secure_and_hsts_sent(behind_nginx):
    port, _app_port = behind_nginx
    made = ask(port, "/api/games", "POST", GAME)
    assert made.status == 201
    game_id, key = made.json()["id"], made.json()["edit_key"]
    edit_link = f"https://127.0.0.1:{port}/games/{game_id}/claim/{key}"
    assert made.json()["url"] == edit_link
    claimed = ask(port, f"/games/{game_id}/claim/{key}")
    assert claimed.status == 302 and claimed.headers["Strict-Transport-Security"] == "max-age=31536000"
    edit_cookie = next(c for c in claimed.cookies() if c.startswith(f"edit_{game_id}="))
    assert "Secure" in edit_cookie and "HttpOnly" in edit_cookie
    sheet = ask(port, f"/games/{game_id}/sheet", headers={"Cookie": edit_cookie.split(";")[0]})
    assert sheet.status == 200 and "Strict-Transport-Security" in sheet.headers
    # The Share panel's edit link, and its read-only link (the QR code's text), are https on the proxy's name.
    assert f'value="{edit_link}"' in sheet.text
    assert f'value="https://127.0.0.1:{port}/games/{game_id}"' in sheet.text
    assert "http://127.0.0.1" not in sheet.text


def test_a_forged_host_through_the_proxy_makes_no_link(behind_nginx):
    port, _app_port = behind_nginx
    for path, body in (("/", None), ("/api/games", GAME)):
        refused = ask(port, path, "POST" if body else "GET", body, headers={"Host": "evil.example"})
        assert refused.status == 400 and "--allowed-host" in refused.text
        assert "https://evil.example" not in refused.text and "http://evil.example" not in refused.text


def test_a_direct_request_with_forged_proxy_headers_is_not_trusted(behind_nginx):
    _port, app_port = behind_nginx
    forged = {"X-Forwarded-Proto": "https", "X-Forwarded-Host": "evil.example", "X-Forwarded-For": "192.0.2.9"}
    # From 127.0.0.3: not the trusted proxy's address (127.0.0.1), so waitress drops its X-Forwarded-*.
    made = ask(app_port, "/api/games", "POST", GAME, headers=forged, tls=False, source="127.0.0.3")
    assert made.status == 201
    assert made.json()["url"].startswith(f"http://127.0.0.1:{app_port}/games/")
    game_id, key = made.json()["id"], made.json()["edit_key"]
    claimed = ask(app_port, f"/games/{game_id}/claim/{key}", headers=forged, tls=False, source="127.0.0.3")
    assert claimed.status == 302 and "Strict-Transport-Security" not in claimed.headers
    edit_cookie = next(c for c in claimed.cookies() if c.startswith(f"edit_{game_id}="))
    assert "Secure" not in edit_cookie


def test_game_creation_is_limited_per_client_address_not_the_proxys(behind_nginx):
    port, _app_port = behind_nginx  # instance/config.py: GAME_CREATION_LIMIT = "3 per minute"
    for _ in range(3):
        assert ask(port, "/api/games", "POST", GAME, source="127.0.0.5").status == 201
    refused = ask(port, "/api/games", "POST", GAME, source="127.0.0.5")
    assert refused.status == 429 and 0 < int(refused.headers["Retry-After"]) <= 60
    assert "Nothing was stored. Try again in" in refused.json()["error"]
    # Claiming another address in X-Forwarded-For does not help: nginx adds the real one, which counts.
    forged = ask(port, "/api/games", "POST", GAME, headers={"X-Forwarded-For": "192.0.2.44"}, source="127.0.0.5")
    assert forged.status == 429
    # Another phone behind the same proxy has its own allowance.
    assert ask(port, "/api/games", "POST", GAME, source="127.0.0.6").status == 201


def test_the_setup_form_counts_only_games_made_and_then_says_when_to_try_again(behind_nginx):
    port, _app_port = behind_nginx  # 3 games a minute per address
    token, session = csrf_and_session(port, "/games/new", tls=True, source="127.0.0.7")
    names = f"csrf_token={token}&player_0=Ann&player_1=Bob&player_2=Cy&first_dealer=0"
    post = dict(method="POST", headers={"Cookie": session}, source="127.0.0.7")
    for _ in range(4):  # a form sent back to fix a mistake (two players) costs nothing
        assert ask(port, "/games/new", body=f"csrf_token={token}&player_0=Ann&player_1=Bob", **post).status == 400
    assert [ask(port, "/games/new", body=names, **post).status for _ in range(3)] == [302] * 3
    refused = ask(port, "/games/new", body=names, **post)
    assert refused.status == 429 and int(refused.headers["Retry-After"]) > 0
    assert "Too many at once" in refused.text and "Nothing was stored. Try again in" in refused.text


# ---- the owner key, on the real server ---------------------------------------------------------


@pytest.fixture
def served(tmp_path):
    """The real server without a proxy, on its first start; yield (port, the owner key it printed)."""
    port = free_port()
    server, lines = start_serve(tmp_path / "instance", port)
    try:
        printed = re.search(r"^Owner key \(shown this once.*: (\S+)$", "".join(lines), re.M)
        wait_for(f"http://127.0.0.1:{port}/")
        yield port, printed[1]
    finally:
        stop(server)


def csrf_and_session(port, path, **where):
    page = ask(port, path, **({"tls": False} | where))
    token = re.search(r'name="csrf_token" type="hidden" value="([^"]+)"', page.text)[1]
    return token, next(c for c in page.cookies() if c.startswith("session=")).split(";")[0]


def test_only_the_owner_may_export_every_game_and_import(served):
    port, key = served
    made = ask(port, "/api/games", "POST", GAME, tls=False).json()
    for path in ("/export/games.json", "/export/games.csv", "/import"):
        refused = ask(port, path, tls=False)
        assert refused.status == 403 and "sign in at /owner" in refused.text and 'name="key"' in refused.text
        assert "Ann" not in refused.text
    home = ask(port, "/", tls=False).text
    assert "Export and import" not in home and 'href="/owner"' in home
    # A game's own links keep working without the key.
    assert ask(port, f"/games/{made['id']}/export.csv", tls=False).status == 200
    assert ask(port, f"/api/games/{made['id']}/export", tls=False).status == 200
    assert ask(port, f"/games/{made['id']}/claim/{made['edit_key']}", tls=False).status == 302
    # curl and scripts: the key as a Bearer token.
    exported = ask(port, "/export/games.json", headers={"Authorization": f"Bearer {key}"}, tls=False)
    assert exported.status == 200 and exported.json()["games"][0]["players"][0] == "Ann"
    assert ask(port, "/export/games.json", headers={"Authorization": "Bearer wrong"}, tls=False).status == 403


def test_the_owner_signs_in_once_with_the_key(served):
    port, key = served
    token, session = csrf_and_session(port, "/owner?next=/import")
    form = f"csrf_token={token}&key=wrong&next=/import"
    wrong = ask(port, "/owner", "POST", form, {"Cookie": session}, tls=False)
    assert wrong.status == 403 and "That is not the owner key" in wrong.text
    signed = ask(port, "/owner", "POST", f"csrf_token={token}&key={key}&next=/import", {"Cookie": session}, tls=False)
    assert signed.status == 302 and signed.headers["Location"].endswith("/import")
    owner_cookie = next(c for c in signed.cookies() if c.startswith("session="))
    assert "HttpOnly" in owner_cookie
    owner_session = {"Cookie": owner_cookie.split(";")[0]}
    assert ask(port, "/import", headers=owner_session, tls=False).status == 200
    assert ask(port, "/export/games.json", headers=owner_session, tls=False).status == 200
    assert "Export and import" in ask(port, "/", headers=owner_session, tls=False).text


def test_wrong_owner_keys_are_limited_per_browser_and_never_lock_out_the_right_one(served):
    port, key = served
    token, session = csrf_and_session(port, "/owner")
    answers = [
        ask(port, "/owner", "POST", f"csrf_token={token}&key=guess{n}", {"Cookie": session}, tls=False).status
        for n in range(10)
    ]
    assert answers == [403] * 10
    # Ten wrong keys from this address (a hall's one public address): the right one still signs in.
    assert ask(port, "/owner", "POST", f"csrf_token={token}&key={key}", {"Cookie": session}, tls=False).status == 302
    answers = [
        ask(port, "/owner", "POST", f"csrf_token={token}&key=guess{n}", {"Cookie": session}, tls=False).status
        for n in range(11)
    ]
    assert answers == [403] * 10 + [429]  # twenty wrong keys an hour per browser (OWNER_SIGN_IN_LIMIT)
