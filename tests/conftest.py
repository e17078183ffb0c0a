"""Fixtures: the real app on a temporary database file, its client, and a live server for the browser."""

import os
import socket
import threading
from pathlib import Path

import pytest

from scorekeeper import create_app

ARTIFACTS = Path(__file__).resolve().parent.parent / "test-artifacts"
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                 "--disable-background-networking", "--disable-component-update", "--disable-sync"]


@pytest.fixture
def app(tmp_path):
    app = create_app({"TESTING": True, "DATABASE": str(tmp_path / "test.db"), "SECRET_KEY": "test secret",
                      "SERVER_NAME": None})
    yield app
    app.extensions["scorekeeper.keeper"].close()


@pytest.fixture
def client(app):
    return app.test_client()


@pytest.fixture
def runner(app):
    return app.test_cli_runner()


def _free_port():
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


@pytest.fixture
def live_server(app):
    """Serve the app with waitress on 127.0.0.1 and a free port; yield its base URL."""
    from waitress.server import create_server

    server = create_server(app, host="127.0.0.1", port=_free_port(), threads=4)
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{server.effective_port}"
    server.close()
    thread.join(timeout=5)


@pytest.fixture(scope="session")
def browser():
    sync_api = pytest.importorskip("playwright.sync_api")
    if not os.path.exists("/usr/bin/chromium"):
        pytest.skip("Debian's Chromium is not installed (make system-deps)")
    with sync_api.sync_playwright() as p:
        browser = p.chromium.launch(executable_path="/usr/bin/chromium", args=CHROMIUM_ARGS)
        yield browser
        browser.close()


@pytest.fixture
def page(browser):
    """A phone-sized page (360 x 640) with touch."""
    context = browser.new_context(viewport={"width": 360, "height": 640}, has_touch=True, is_mobile=True,
                                  device_scale_factor=2)
    context.set_default_timeout(5000)
    page = context.new_page()
    yield page
    context.close()


@pytest.fixture
def shots():
    """Return a function that saves a screenshot of the page under test-artifacts/."""
    ARTIFACTS.mkdir(exist_ok=True)

    def shoot(page, name):
        page.screenshot(path=str(ARTIFACTS / f"{name}.png"))
    return shoot
