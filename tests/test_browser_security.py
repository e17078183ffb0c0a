"""In Chromium: the pages run under the Content-Security-Policy without a violation, and a hostile
name is shown as text, never run (issue 10)."""

import pytest

from tests.game_helpers import create, record

pytestmark = pytest.mark.browser

HOSTILE = '<img src=x onerror="document.title=1">'


def test_pages_keep_the_content_security_policy_and_show_hostile_names_as_text(client, live_server, page, shots):
    game_id, key = create(client, record(players=["Ann", HOSTILE, "Cy", "\u202eDi"]))
    violations = []
    page.on(
        "console",
        lambda message: violations.append(message.text) if "Content Security Policy" in message.text else None,
    )
    page.goto(f"{live_server}/games/{game_id}/claim/{key}")
    for path in (
        "/games/new",
        "/sheets/",
        f"/games/{game_id}/sheet",
        f"/games/{game_id}/settle",
        f"/games/{game_id}/over",
        "/players",
    ):
        page.goto(live_server + path)
        page.wait_for_load_state("load")
        assert page.title() != "1", path
    page.goto(f"{live_server}/games/{game_id}/sheet")
    assert page.get_by_text(HOSTILE).count() >= 1  # the name, as typed, in plain text
    shots(page, "security-hostile-names")
    assert violations == []
