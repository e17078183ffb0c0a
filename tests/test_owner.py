"""The owner key and password in the app: who signs in, what a stranger sees, and hostile keys and hosts.

The real server's side (the key printed once, the guards over http) is in test_serve.py and
test_deploy_security.py.
"""

import re

from hypothesis import HealthCheck, given, settings, strategies as st

from scorekeeper import create_app, store
from tests.examples import REQUESTS
from tests.owner_helpers import OWNER_KEY


def sign_in(client, key, next_page="/import"):
    token = re.search(r'name="csrf_token" type="hidden" value="([^"]+)"', client.get("/owner").get_data(as_text=True))[
        1
    ]
    return client.post("/owner", data={"csrf_token": token, "key": key, "next": next_page})


def test_a_stranger_sees_no_owner_links_and_a_403_that_says_how(stranger):
    home = stranger.get("/").get_data(as_text=True)
    assert "Export and import" not in home and "Owner sign-in" in home
    refused = stranger.get("/export/games.csv")
    text = refused.get_data(as_text=True)
    assert refused.status_code == 403 and "instance/owner_key" in text and 'value="/export/games.csv"' in text


def test_the_owner_password_signs_in_and_changing_it_signs_everyone_out(app, stranger):
    app.config["OWNER_PASSWORD"] = "hall of fame"
    signed = sign_in(stranger, "hall of fame", "//evil.example/")
    assert signed.status_code == 302 and signed.headers["Location"] == "/"  # never a redirect elsewhere
    assert stranger.get("/import").status_code == 200
    app.config["OWNER_PASSWORD"] = "another"
    assert stranger.get("/import").status_code == 403


def test_signing_out_forgets_the_owner(stranger):
    assert sign_in(stranger, OWNER_KEY).status_code == 302
    token = re.search(
        r'name="csrf_token" type="hidden" value="([^"]+)"', stranger.get("/owner").get_data(as_text=True)
    )[1]
    stranger.post("/owner/sign-out", data={"csrf_token": token})
    assert stranger.get("/export/games.json").status_code == 403


@settings(max_examples=REQUESTS, deadline=None, suppress_health_check=list(HealthCheck))
@given(st.text(max_size=300))
def test_no_other_text_is_the_owner_key(stranger, guess):
    answer = sign_in(stranger, guess)
    assert answer.status_code == (302 if guess.strip() == OWNER_KEY else 403 if guess.strip() else 400)
    bearer = guess.encode("latin-1", "replace").decode("latin-1").replace("\r", "").replace("\n", "")
    exported = stranger.get("/export/games.json", headers={"Authorization": f"Bearer {bearer}"})
    assert exported.status_code in (200, 403)


@settings(max_examples=REQUESTS, deadline=None, suppress_health_check=list(HealthCheck))
@given(st.text(st.characters(min_codepoint=33, max_codepoint=255), min_size=1, max_size=80))
def test_no_page_is_drawn_for_a_host_this_server_does_not_answer_to(client, host):
    answer = client.get("/", headers={"Host": host})
    if answer.status_code == 200:
        assert (
            host.split(":")[0].lower() in ("localhost", "127.0.0.1")
            or host.split(":")[0] in client.application.config["TRUSTED_HOSTS"]
        )
    else:
        assert answer.status_code == 400 and "--allowed-host" in answer.get_data(as_text=True)


def test_allowed_hosts_from_the_config_and_serve(tmp_path):
    app = create_app(
        {
            "TESTING": True,
            "DATABASE": str(tmp_path / "h.db"),
            "SECRET_KEY": "h",
            "OWNER_KEY": "k",
            "ALLOWED_HOSTS": "scores.example.org",
        },
        extra_hosts=["hall.example:8443"],
    )
    try:
        client = app.test_client()
        for host in ("scores.example.org", "hall.example:8443", "localhost:5000"):
            assert client.get("/", headers={"Host": host}).status_code == 200, host
        assert client.get("/", headers={"Host": "example.org"}).status_code == 400
    finally:
        store.close(app)


@settings(max_examples=REQUESTS, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.text(max_size=40).filter(lambda name: not re.fullmatch(r"\.?[A-Za-z0-9][A-Za-z0-9.-]*(:\d{1,5})?", name)))
def test_serve_refuses_an_allowed_host_that_is_not_a_name(capsys, name):
    from scorekeeper import cli

    assert cli.main(["serve", f"--allowed-host={name}"]) == 2  # "=": a name may begin with "-"
    assert "--allowed-host takes a name such as scores.example.org" in capsys.readouterr().err
