"""Write budgets and the free-space floor (issue 41, review F-6), through the real server: a browser, and an
address, write so many bytes an hour and no more; below the floor no new game is started while the games being
played go on."""

import io
import json
import shutil

import pytest
import requests
from werkzeug.datastructures import FileStorage

from scorekeeper import create_app, store
from scorekeeper.web import write_budgets
from tests.game_helpers import record
from tests.html_forms import form_data
from tests.owner_helpers import OWNER_KEY, owner_client
from tests.server_helpers import free_port, start_serve, stop, wait_for, waitress_serving

SETUP = {"player_0": "Ann", "player_1": "Bob", "player_2": "Cy", "player_3": "Di", "first_dealer": "0"}


@pytest.fixture
def budgets(tmp_path, migrated_database):
    """The real app, rate limits on, with budgets small enough to spend in a test: 20 kB a browser, 60 kB an
    address, an hour."""
    database = tmp_path / "budgets.db"
    shutil.copyfile(migrated_database, database)
    app = create_app(
        {
            "DATABASE": str(database),
            "SECRET_KEY": "budget secret",
            "OWNER_KEY": OWNER_KEY,
            "BROWSER_WRITE_BUDGET": "20 kB per hour",
            "ADDRESS_WRITE_BUDGET": "60 kB per hour",
        }
    )
    with waitress_serving(app) as url:
        yield app, url
    store.close(app)


class Phone:
    """A phone at the table: its own cookies, the hall's one address (127.0.0.1), a game it scores."""

    def __init__(self, base):
        self.base, self.http, self.taps = base, requests.Session(), 0

    def start_game(self):
        page = self.http.get(f"{self.base}/games/new", timeout=30)
        _action, fields = form_data(page.text)
        started = self.http.post(f"{self.base}/games/new", data=dict(fields) | SETUP, allow_redirects=False, timeout=30)
        assert started.status_code == 302, started.text
        self.game_id = started.headers["Location"].split("/games/")[1].split("/")[0]
        self.key = self.http.cookies[f"edit_{self.game_id}"]
        return self

    def revision(self):
        return self.http.get(f"{self.base}/games/{self.game_id}/revision", timeout=30).json()["revision"]

    def tap(self, action, **fields):
        """One tap on the actions API (deal, then undo it, and again): its answer."""
        self.taps += 1
        body = {"id": f"tap-{self.taps}", "revision": self.revision(), "action": action, "hand": 1, **fields}
        return self.http.post(
            f"{self.base}/api/games/{self.game_id}/actions",
            json=body,
            timeout=30,
            headers={"Authorization": f"Bearer {self.key}"},
        )

    def deal_and_undo(self):
        """Deal hand 1 and take it back: two writes; the answers' statuses."""
        dealt = self.tap("deal", trump="hearts")
        return [dealt.status_code] + ([self.tap("undo").status_code] if dealt.status_code == 200 else [])


def test_a_browser_writes_its_budget_and_no_more_while_the_next_phone_plays_on(budgets):
    _app, base = budgets
    hog = Phone(base).start_game()
    answers = []
    while 429 not in answers:
        answers += hog.deal_and_undo()
        assert len(answers) < 200, "the browser's budget never ran out"
    refused = hog.tap("deal", trump="hearts")
    assert refused.status_code == 429 and int(refused.headers["Retry-After"]) > 0
    assert "This phone has written 20 kB in 1 hour, the most one phone may" in refused.json()["error"]
    before = hog.revision()
    assert hog.tap("deal", trump="hearts").status_code == 429 and hog.revision() == before  # nothing stored
    # The phone at the next table, same address, has a budget of its own.
    table = Phone(base).start_game()
    assert table.deal_and_undo() == [200, 200]
    # A page is still read by the phone that spent its budget.
    assert hog.http.get(f"{base}/games/{hog.game_id}", timeout=30).status_code == 200


def test_fresh_browsers_meet_the_addresss_ceiling_and_the_owner_is_never_held_back(budgets):
    app, base = budgets
    written = []
    for _phone in range(100):
        phone = Phone(base)
        page = phone.http.get(f"{base}/games/new", timeout=30)
        _action, fields = form_data(page.text)
        made = phone.http.post(f"{base}/games/new", data=dict(fields) | SETUP, allow_redirects=False, timeout=30)
        written.append(made.status_code)
        if made.status_code == 429:
            break
    assert written[-1] == 429 and 3 < len(written) < 100
    assert "The phones at this address have written 60 kB in 1 hour" in made.text
    # The owner (a Bearer key on the API) spends no budget: the club's own scripts never meet it.
    for _game in range(3):
        owned = requests.post(
            f"{base}/api/games", json=record(hands=[]), timeout=30, headers={"Authorization": f"Bearer {OWNER_KEY}"}
        )
        assert owned.status_code == 201


@pytest.fixture
def high_floor_instance(tmp_path):
    """An instance whose settings put the free-space floor far above what any disk here has free."""
    instance = tmp_path / "instance"
    instance.mkdir()
    return instance


def test_below_the_free_space_floor_no_new_game_starts_and_the_games_in_play_go_on(high_floor_instance):
    port = free_port()
    base = f"http://127.0.0.1:{port}"
    server, _lines = start_serve(high_floor_instance, port)
    try:
        wait_for(base + "/")
        phone = Phone(base).start_game()
        assert phone.tap("deal", trump="hearts").status_code == 200
    finally:
        stop(server)
    (high_floor_instance / "config.py").write_text('FREE_SPACE_FLOOR = "1000000 GB"\n')
    server, _lines = start_serve(high_floor_instance, port)
    try:
        wait_for(base + "/")
        refused = requests.post(f"{base}/api/games", json=record(hands=[]), timeout=30)
        assert refused.status_code == 507
        assert "less than 1,000,000,000 MB free, so no new game can be started" in refused.json()["error"]
        page = phone.http.get(f"{base}/games/new", timeout=30)
        _action, fields = form_data(page.text)
        form = phone.http.post(f"{base}/games/new", data=dict(fields) | SETUP, allow_redirects=False, timeout=30)
        assert form.status_code == 507 and "the games being played go on" in form.text
        assert "FREE_SPACE_FLOOR" in form.text
        # The game being played takes its taps.
        assert phone.tap("bid", seat=1, bid=0).status_code == 200
        listed = json.dumps(phone.http.get(f"{base}/api/games/{phone.game_id}", timeout=30).json())
        assert '"bids": [null, 0, null, null]' in listed
    finally:
        stop(server)


def test_below_the_floor_the_owners_import_is_refused_too(app):
    with app.app_context():
        app.config["FREE_SPACE_FLOOR"] = write_budgets.free_space() + 10**12
    owner = owner_client(app)
    _action, fields = form_data(owner.get("/import").get_data(as_text=True))
    document = {"format": "scorekeeper-games", "version": 1, "games": [record()]}
    upload = FileStorage(io.BytesIO(json.dumps(document).encode()), "games.json")
    refused = owner.post("/import", data=dict(fields) | {"file": upload})
    assert refused.status_code == 507 and "Nothing was stored" in refused.get_data(as_text=True)
    with app.app_context():
        assert store.list_games(store.get_db()) == []


@pytest.mark.parametrize(
    "setting, value",
    [("BROWSER_WRITE_BUDGET", "25 MB"), ("ADDRESS_WRITE_BUDGET", "lots"), ("FREE_SPACE_FLOOR", "200 furlongs")],
)
def test_a_setting_that_cannot_be_read_stops_the_start_saying_how_to_write_it(tmp_path, setting, value):
    with pytest.raises(write_budgets.BadSetting, match=f"{setting} in instance/config.py: .* write it as"):
        create_app({"DATABASE": str(tmp_path / "x.db"), "SECRET_KEY": "s", setting: value})
