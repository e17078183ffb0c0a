"""The club's export round trip (issue 40, decision 0039): a generated club history exported, imported into a fresh
instance and exported again gives the same file, byte for byte, the owner's full backup and the ordinary export
alike; only the full backup holds an IBAN or a key; a file with a bad season or payment is refused whole, naming
the field."""

import datetime
import json

import pytest

from scorekeeper import create_app, store
from tests.cli_helpers import run_cli
from tests.club_history import IBAN, build_club, ticking
from tests.game_helpers import record
from tests.owner_helpers import owner_client
from tests.transfer_helpers import upload

# What the club's pages are made of, as stored: the same after the move (the ratings to the last digit, the day each
# game counts on, the money), whatever the file does not say outright.
STORED = {
    "games": "select id, status, created, updated, recognised, next_game, revision from games",
    "game_results": "select game_id, day, finished, players from game_results",
    "rated_games": "select game_id, finished, day, players, places from rated_games",
    "ratings": "select key, name, mu, sigma, games, rating, last_game from ratings",
    "evenings": "select id, created, updated, date, note from evenings",
    "evening_games": "select game_id, evening_id, position from evening_games",
    "tournaments": "select id, name, record, created, updated from tournaments",
    "tournament_games": "select game_id, tournament_id, round, table_index from tournament_games",
    "tournament_log": "select tournament_id, seq, kind, payload, at from tournament_log",
    "seasons": "select * from seasons",
    "money_payments": "select * from money_payments",
    "game_money": "select * from game_money",
    "members": "select key, name, created from members",
    "players": "select * from players",
}
SECRETS = ('"edit_key"', '"link_key"', '"director_key"', '"payees"', '"iban_changes"', IBAN)


@pytest.fixture
def instances(tmp_path):
    made = []

    def instance(name):
        app = create_app(
            {
                "TESTING": True,
                "DATABASE": str(tmp_path / f"{name}.db"),
                "SECRET_KEY": "k",
                "OWNER_KEY": "owner",
                "RATELIMIT_ENABLED": False,
                "SERVER_NAME": None,
            }
        )
        made.append(app)
        return app

    yield instance
    for app in made:
        store.close(app)
        app.extensions["scorekeeper.keeper"].close()


def exported(app, tmp_path, name, with_keys):
    """The file `python -m scorekeeper export` writes of the app's database (the owner's full backup with keys)."""
    path = tmp_path / f"{name}.json"
    run_cli(
        "export",
        path,
        *(["--with-keys"] if with_keys else []),
        env={"SCOREKEEPER_DB": app.config["DATABASE"]},
        check=True,
    )
    return path.read_bytes()


@pytest.mark.parametrize("seed", [1, 2])
def test_an_export_imported_into_a_fresh_instance_exports_the_same_file(instances, tmp_path, monkeypatch, seed):
    source = instances("source")
    # 97 minutes a reading of the clock: the games finish on one day and are corrected on another.
    with ticking(monkeypatch, datetime.datetime(2026, 10, 5, 18, 0, tzinfo=datetime.UTC), 97) as later:
        made = build_club(source, seed, later)
    backup = exported(source, tmp_path, "backup", with_keys=True)
    ordinary = owner_client(source).get("/export/games.json").data
    assert ordinary == exported(source, tmp_path, "ordinary", with_keys=False)  # the web's and the CLI's agree
    for secret in SECRETS:
        assert secret.encode() in backup
        assert secret.encode() not in ordinary, secret
    document = json.loads(backup)
    assert document["version"] == 2
    assert {"abandoned", "recognised", "finished", "next_game"} <= {key for game in document["games"] for key in game}
    assert [payment["undone"] is not None for payment in document["payments"]] == [False, True, False]
    assert any(table["game"] for event in document["events"] for table in event["tables"])
    seasons = {season["name"]: season for season in document["seasons"]}
    assert seasons.keys() == {"Autumn", "Evening and event"} and seasons["Autumn"]["best"] == 3
    assert seasons["Evening and event"]["events"] == [made["event"]]

    for name, file, with_keys in (("full", backup, True), ("plain", ordinary, False)):
        fresh = instances(name)
        assert upload(owner_client(fresh), file).status_code == 302
        again = exported(fresh, tmp_path, f"{name}-again", with_keys)
        assert again == file, _first_difference(file, again)
        assert _stored(fresh) == _stored(source)
        for page in ("/api/players", "/api/money", *(f"/api/seasons/{season['id']}" for season in seasons.values())):
            assert owner_client(fresh).get(page).get_json() == owner_client(source).get(page).get_json(), page
        # Imported again into the same instance, the file is already there: nothing doubles.
        assert upload(owner_client(fresh), file).status_code == 302
        assert exported(fresh, tmp_path, f"{name}-twice", with_keys) == file


def _stored(app):
    with app.app_context():
        db = store.get_db()
        return {table: sorted(map(tuple, db.execute(sql).fetchall())) for table, sql in STORED.items()}


def _first_difference(before, after):
    lines = zip(before.decode().splitlines(), after.decode().splitlines())
    for number, (old, new) in enumerate(lines, start=1):
        if old != new:
            return f"line {number}: {old!r} became {new!r}"
    return f"{len(before)} bytes became {len(after)}"


@pytest.fixture(scope="module")
def small_club(tmp_path_factory):
    """A full backup of a small club: two games, a season, payments in euros and yen, a member with an IBAN."""
    folder = tmp_path_factory.mktemp("small")
    app = create_app({"TESTING": True, "DATABASE": str(folder / "small.db"), "SECRET_KEY": "k", "OWNER_KEY": "owner"})
    try:
        with app.app_context():
            db = store.get_db()
            for players in (["Ann", "Bob", "Cy", "Di"], ["Ann", "Bob", "Zoë", "Ed"]):
                store.create_game(db, {**record(players=players), "played_on": "2026-10-05"})
            store.create_season(db, "Autumn", "2026-09-01", "2026-12-31", best=2)
            store.record_payment(db, "Bob", "Ann", 500, "EUR", "2026-10-06")
            store.record_payment(db, "Di", "Cy", 700, "JPY", "2026-10-08")
            store.add_member(db, "Ann")
            store.set_iban(db, "Ann", IBAN, "A. Example", by="")
        return json.loads(exported(app, folder, "small", with_keys=True))
    finally:
        store.close(app)
        app.extensions["scorekeeper.keeper"].close()


@pytest.mark.parametrize(
    "section, index, field, value",
    [
        ("seasons", 0, "ends", "2026-08-31"),  # before it starts
        ("seasons", 0, "starts", "2026-13-01"),
        ("seasons", 0, "best", 0),
        ("seasons", 0, "name", " "),
        ("seasons", 0, "evenings", "all"),
        ("payments", 0, "cents", 12.5),
        ("payments", 0, "cents", 0),
        ("payments", 0, "currency", "XYZ"),
        ("payments", 0, "from", "Zorro"),  # never played here
        ("payments", 0, "to", "bob"),  # to the payer
        ("payments", 1, "cents", 750),  # 7.50 yen: the yen has no decimals
        ("payments", 0, "paid_on", "06/10/2026"),
        ("payments", 0, "undone", 5),
        ("evenings", 0, "date", "tomorrow"),
        ("members", 0, "name", "Ann\u0085"),
        ("payees", 0, "iban", "SA0380000000608010167519"),  # outside SEPA
        ("games", 0, "finished", "yesterday"),
    ],
)
def test_a_bad_season_or_payment_is_refused_naming_the_field_and_nothing_is_imported(
    client, app, small_club, section, index, field, value
):
    document = json.loads(json.dumps(small_club))
    document[section][index][field] = value
    response = upload(client, json.dumps(document).encode())
    assert response.status_code == 400
    said = response.get_data(as_text=True)
    assert f"{section}[{index}].{field}: " in said and "Nothing was imported" in said, said
    with app.app_context():
        db = store.get_db()
        for table in ("games", "seasons", "money_payments", "members", "payees", "evenings"):
            assert db.execute(f"select count(*) from {table}").fetchone()[0] == 0, table
    document[section][index] = small_club[section][index]
    assert upload(client, json.dumps(document).encode()).status_code == 302  # the file as exported imports


def test_a_season_or_payment_under_an_id_taken_here_by_another_comes_in_beside_it(client, app, small_club):
    assert upload(client, json.dumps(small_club).encode()).status_code == 302
    document = json.loads(json.dumps(small_club))
    document["seasons"][0]["name"] = "Winter"  # the same id, another season
    document["payments"][0]["cents"] = 600  # the same id, another payment; the yen payment is the same one
    assert upload(client, json.dumps(document).encode()).status_code == 302
    with app.app_context():
        db = store.get_db()
        seasons = dict(db.execute("select name, id from seasons").fetchall())
        assert set(seasons) == {"Autumn", "Winter"} and seasons["Autumn"] == small_club["seasons"][0]["id"]
        assert sorted(row[0] for row in db.execute("select cents from money_payments")) == [500, 600, 700]
        assert db.execute("select count(*) from games").fetchone()[0] == 2  # the games were here already
