"""Fixtures: the real app on a temporary database file, its client, and a live server for the browser."""

import contextlib
import copy
import faulthandler
import gc
import importlib
import os
import shutil
import socket
import threading
import time
from collections import Counter
from pathlib import Path

import pytest
from hypothesis import settings
from flask import Flask
from jinja2 import FileSystemBytecodeCache

from scorekeeper import create_app, store
from tests.browser_helpers import phone_context
from tests.lanes import SLOW
from tests.offline_helpers import keeper  # noqa: F401 (a fixture: the scorekeeper's phone of the offline walks)
from tests.owner_helpers import OWNER_KEY, owner_client
from tests.pictures import ARTIFACTS, picture
from tests.server_helpers import FOLLOW_POLL_MS, waitress_serving

# The profiles decide how many examples every property test tries (tests/examples.py: a test whose every example
# is a request or a walk takes a named share of the count): "quick" by default, so a run at the desk stays short;
# "ci" (HYPOTHESIS_PROFILE=ci) is what `make test`, and so CI, runs; "thorough" (`make test-thorough`) is for a
# night. No deadline: a loaded machine is not a slow property. A failure prints the blob that replays it
# (@reproduce_failure), and the example database (.hypothesis/) replays it at the desk.
settings.register_profile("quick", max_examples=30, deadline=None, print_blob=True)
settings.register_profile("ci", max_examples=100, deadline=None, print_blob=True)
settings.register_profile("thorough", max_examples=1000, deadline=None, print_blob=True)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "quick"))

# Debian's Chromium without a window's machinery: the same engine as `chromium`, for about a third less CPU a
# page (docs/benchmarks.md), which is most of what the browser tests cost.
CHROMIUM = "/usr/bin/chromium-headless-shell"
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]


# A test still running after this long is hung (the longest take about 90 s on a loaded machine): its worker prints
# every thread's stack and exits, so that the run reports it and goes on instead of waiting out CI's time.
HUNG_AFTER = 600


# Which test file a free worker takes next (`make test` runs xdist with --no-loadscope-reorder): xdist's own order,
# the files with the most tests first, left the long one-test walks for last, and one worker ran on alone for
# 10-15 s at the end of each run. These files, the longest, go first; the others keep xdist's order.
LONG_FILES_FIRST = (
    "test_browser_languages_fit.py",
    "test_browser_live.py",
    "test_events_web.py",
    "test_browser_offline.py",
    "test_browser_regulars.py",
    "test_browser_director_night.py",
    "test_browser_championship_night.py",
    "test_export_memory.py",
    "test_openapi_conformance.py",
    "test_stored_results.py",
)


# A test process holds the collected suite (modules, items, fixtures' data) for its whole life, and Python's
# collector walked all of it again and again: frozen once collected, and the young generation let grow to 20,000
# objects before a collection, `make test-fast` took about 12% less CPU here (docs/decisions/0048). The product's
# servers started as processes of their own (`serve`) keep Python's defaults.
YOUNG_OBJECTS, OLDER_COLLECTIONS = 20_000, 50


def pytest_collection(session):
    """In a fresh clone every worker rewrote the asserts of every test module (about 9 s of CPU each) before
    writing them to __pycache__: here each worker imports the modules from its own place in the list on, so it
    finds most of them already written by the others. Collecting then imports nothing new (sys.modules)."""
    worker, workers = os.environ.get("PYTEST_XDIST_WORKER"), os.environ.get("PYTEST_XDIST_WORKER_COUNT")
    here = Path(__file__).parent
    if not worker or [Path(arg).resolve() for arg in session.config.args] != [here]:
        return
    modules = sorted(path.stem for path in here.glob("test_*.py"))
    start = len(modules) * int(worker.removeprefix("gw")) // int(workers)
    for name in modules[start:] + modules[:start]:
        try:
            importlib.import_module(name)
        except (Exception, pytest.skip.Exception):
            pass  # collecting imports it again and reports what it says


def pytest_collection_finish(session):
    gc.collect()
    gc.freeze()
    gc.set_threshold(YOUNG_OBJECTS, OLDER_COLLECTIONS, OLDER_COLLECTIONS)


def pytest_collection_modifyitems(items):
    for item in items:
        if item.path.name in SLOW or f"{item.path.name}::{item.originalname}" in SLOW:
            item.add_marker(pytest.mark.slow)
    per_file = Counter(item.path.name for item in items)
    first = {name: place for place, name in enumerate(LONG_FILES_FIRST)}
    items.sort(key=lambda item: (first.get(item.path.name, len(first)), -per_file[item.path.name]))


@pytest.hookimpl(wrapper=True)
def pytest_runtest_protocol(item):
    faulthandler.dump_traceback_later(HUNG_AFTER, exit=True)
    try:
        return (yield)
    finally:
        faulthandler.cancel_dump_traceback_later()


@pytest.fixture(scope="session")
def migrated_database(tmp_path_factory):
    """A database with every migration applied, made once per run; each test gets a copy."""
    path = tmp_path_factory.mktemp("migrated") / "migrated.db"
    store.migrate(path)
    return path


@pytest.fixture(scope="session", autouse=True)
def compiled_templates(tmp_path_factory):
    """Templates compiled once for the whole run, for every app the tests make (the shared ones and those a test
    makes itself) in every worker: each would otherwise compile every template it renders again, some 500
    compiles a run. On disk in the run's folder, which xdist's workers share; Jinja checks each entry against its
    template's source and writes it whole (a rename), so an edited template is compiled afresh and a worker never
    reads half an entry. Flask.jinja_options is Flask's own setting for its apps' Jinja environments."""
    run = tmp_path_factory.getbasetemp()
    folder = (run.parent if os.environ.get("PYTEST_XDIST_WORKER") else run) / "compiled-templates"
    folder.mkdir(exist_ok=True)
    Flask.jinja_options = {**Flask.jinja_options, "bytecode_cache": FileSystemBytecodeCache(str(folder))}


@contextlib.contextmanager
def app_on_copy(database, migrated_database, follow_poll_ms=FOLLOW_POLL_MS):
    """An app on a fresh copy of the migrated database, with the tests' settings; its connections closed after.
    Rate limits are off here (tests make many games a minute); tests/test_deploy_security.py checks them on the
    real server."""
    shutil.copyfile(migrated_database, database)
    app = create_app(
        {
            "TESTING": True,
            "DATABASE": str(database),
            "SECRET_KEY": "test secret",
            "SERVER_NAME": None,
            "OWNER_KEY": OWNER_KEY,
            "FOLLOW_POLL_MS": follow_poll_ms,
            "RATELIMIT_ENABLED": False,
        }
    )
    try:
        yield app
    finally:
        store.close(app)


@pytest.fixture(scope="session")
def shared_apps(tmp_path_factory, migrated_database):
    """The run's apps, made once each: one for every follow-poll period a module asks for (FOLLOW_POLL_MS).
    Making an app costs about a tenth of a second (Werkzeug compiles its 113 URL rules), and a worker runs some
    100 test modules. Each test points the app at a database of its own (the `app` fixture)."""
    made = {}
    with contextlib.ExitStack() as stack:

        def polling(follow_poll_ms):
            if follow_poll_ms not in made:
                folder = tmp_path_factory.mktemp("app")
                made[follow_poll_ms] = stack.enter_context(
                    app_on_copy(folder / "shared.db", migrated_database, follow_poll_ms)
                )
            return made[follow_poll_ms]

        yield polling


@pytest.fixture(scope="module")
def module_app(shared_apps, request):
    """The app of the module's follow-poll period, shared with every module of the same."""
    return shared_apps(getattr(request.module, "FOLLOW_POLL_MS", FOLLOW_POLL_MS))


@pytest.fixture
def own_app(tmp_path, migrated_database, request):
    """An app of the test's own, for a test that adds to the app itself (a route): Flask refuses that on an app
    that has answered a request."""
    with app_on_copy(
        tmp_path / "own.db", migrated_database, getattr(request.module, "FOLLOW_POLL_MS", FOLLOW_POLL_MS)
    ) as app:
        yield app


@pytest.fixture
def app(module_app, tmp_path, migrated_database):
    """The shared app on a fresh copy of the migrated database, its settings, attributes and write budgets as
    made: what a test changes of them (a setting, its static folder, a wrapped wsgi_app) is put back after it.
    Everything the app keeps of a database is keyed by its path, so nothing of another test's is found."""
    database = tmp_path / "test.db"
    shutil.copyfile(migrated_database, database)
    # A setting that is a list or a dict is copied: a test that appends to one (TRUSTED_HOSTS) changes it in place.
    settings = {name: copy.copy(value) for name, value in module_app.config.items()}
    attributes = dict(vars(module_app))
    store.close(module_app)  # the connections open on the last test's database
    module_app.config["DATABASE"] = str(database)
    module_app.extensions["scorekeeper.connections"].path = str(database)
    limiter = module_app.extensions["scorekeeper.limiter"]
    if limiter.enabled:
        limiter.reset()
    yield module_app
    store.close(module_app)
    module_app.config.clear()
    module_app.config.update(settings)
    for name in set(vars(module_app)) - set(attributes):
        delattr(module_app, name)
    vars(module_app).update(attributes)


@pytest.fixture
def client(app):
    """The owner's browser (as on the machine that runs the scorekeeper): it may export and import too."""
    return owner_client(app)


@pytest.fixture
def stranger(app):
    """Anyone else's browser on the network: a game's own links, but not the owner's pages."""
    return app.test_client()


@pytest.fixture
def runner(app):
    return app.test_cli_runner()


@pytest.fixture
def live_server(app):
    """Serve the app with waitress on 127.0.0.1 and a free port; yield its base URL."""
    with waitress_serving(app) as url:
        yield url


class CuttableLink:
    """A TCP relay in front of the live server whose connection can be cut, as a table's Wi-Fi is.

    Chromium's offline emulation does not reach a service worker's own requests, so a page it controls
    could still get through; a cut link refuses everyone, as the real thing does.
    """

    def __init__(self, target_port):
        self.target_port = target_port
        self.listener = socket.create_server(("127.0.0.1", 0))
        self.url = f"http://127.0.0.1:{self.listener.getsockname()[1]}"
        self.is_cut = False
        self.delay = 0.0  # seconds each chunk from the phone waits: a weak signal
        self.open = set()
        self.lock = threading.Lock()
        threading.Thread(target=self._accept, daemon=True).start()

    def cut(self):
        with self.lock:
            self.is_cut = True
            for sock in self.open:
                _close(sock)
            self.open.clear()

    def restore(self, delay=0.0):
        """The connection returns, slow by `delay` seconds a request if the signal is weak."""
        self.delay = delay
        self.is_cut = False

    def close(self):
        self.cut()
        _close(self.listener)

    def _accept(self):
        while True:
            try:
                incoming, _address = self.listener.accept()
            except OSError:
                return
            with self.lock:
                if self.is_cut:
                    _close(incoming)
                    continue
                outgoing = socket.create_connection(("127.0.0.1", self.target_port))
                self.open |= {incoming, outgoing}
            for source, sink, slow in ((incoming, outgoing, True), (outgoing, incoming, False)):
                threading.Thread(target=self._pump, args=(source, sink, slow), daemon=True).start()

    def _pump(self, source, sink, slow):
        try:
            while data := source.recv(65536):
                if slow and self.delay:
                    time.sleep(self.delay)
                sink.sendall(data)
        except OSError:
            pass
        _close(source)
        _close(sink)


def _close(sock):
    try:
        sock.shutdown(socket.SHUT_RDWR)
    except OSError:
        pass
    sock.close()


@pytest.fixture
def link(live_server):
    """The live server through a link that a test can cut (`link.cut()`) and restore."""
    relay = CuttableLink(int(live_server.rsplit(":", 1)[1]))
    yield relay
    relay.close()


@pytest.fixture(scope="session")
def playwright():
    sync_api = pytest.importorskip("playwright.sync_api")
    with sync_api.sync_playwright() as driver:
        # Two test workers share two cores: a page may take seconds to come while the other renders a PDF.
        sync_api.expect.set_options(timeout=15_000)
        yield driver


def launched(playwright, executable):
    if not os.path.exists(executable):
        pytest.skip(f"Debian's {os.path.basename(executable)} is not installed (make system-deps)")
    return playwright.chromium.launch(executable_path=executable, args=CHROMIUM_ARGS)


@pytest.fixture(scope="session")
def chromium(playwright):
    browser = launched(playwright, CHROMIUM)
    yield browser
    browser.close()


class Phones:
    """The session's Chromium, whose new contexts (phones) keep a service worker only in a test module that sets
    SERVICE_WORKER = "allow": those about the kept shell, being offline, following live and a phone's round trips.
    Elsewhere a phone is a browser that keeps none, as an in-app browser may, which the app serves as well. The
    worker installing in the background cost some 0.2 s of CPU a phone (docs/decisions/0032)."""

    def __init__(self, browser, service_workers):
        self._browser, self._service_workers = browser, service_workers

    def new_context(self, **options):
        return self._browser.new_context(**{"service_workers": self._service_workers, **options})

    def __getattr__(self, name):
        return getattr(self._browser, name)


@pytest.fixture(scope="module")
def browser(chromium, request):
    return Phones(chromium, getattr(request.module, "SERVICE_WORKER", "block"))


@pytest.fixture(scope="session")
def whole_browser(playwright):
    """Debian's whole Chromium, for what its headless shell lacks: a granted Screen Wake Lock."""
    browser = launched(playwright, "/usr/bin/chromium")
    yield browser
    browser.close()


@pytest.fixture
def page(browser):
    """A phone-sized page (360 x 640) with touch."""
    context = phone_context(browser)
    page = context.new_page()
    yield page
    context.close()


@pytest.fixture
def shots():
    """Return a function that saves a screenshot of the page under test-artifacts/ when SHOTS=1 (tests/pictures.py);
    without it the function does nothing, and a run takes no picture nobody looks at."""

    def shoot(page, name):
        picture(page, ARTIFACTS / f"{name}.png")

    return shoot
