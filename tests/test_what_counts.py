"""What counts, once (issue 40, RULES.md "Ratings, seasons and the money between regulars"): generated club
histories (abandoned, cooperative, players who left before the first hand and late arrivals, dates typed later
and late-night games in the instance's time zone, names with case, accents and zero-width spaces, stakes) go in
through the site's own import, and every view (the players' list and API, a player's page, the season table, the
money page's balances) agrees with ONE independent computation written here from RULES.md, before and after the
site's export is imported into a fresh instance. The readable examples below them check each bullet of the issue
as a club organiser would."""

import io
import json
import re
import shutil
import tempfile
import unicodedata
from contextlib import contextmanager
from datetime import datetime
from fractions import Fraction
from pathlib import Path
from zoneinfo import ZoneInfo

from hypothesis import HealthCheck, given, settings, strategies as st
from openskill.models import PlackettLuce

from scorekeeper import create_app, rules, store
from tests.cli_helpers import run_cli
from tests.examples import WALKS
from tests.money_helpers import said
from tests.owner_helpers import owner_client

ZONE = "Europe/Amsterdam"
PEOPLE = {
    "Ann": ["Ann", "ANN", "Ann\u200b", " ann "],
    "Bob": ["Bob", "bob"],
    "Zoë": ["Zoë", "Zoe\u0308"],
    "Cy": ["Cy"],
    "Di": ["Di", "DI"],
}
MODEL = PlackettLuce()


# ---- the independent computation (RULES.md read afresh; nothing here calls rules/club/counting.py) ----------------


def key(name):
    """RULES.md's name comparison: NFC, invisible (format) characters dropped, casefolded, spaces collapsed."""
    text = unicodedata.normalize("NFC", name)
    text = "".join(char for char in text if unicodedata.category(char) != "Cf")
    return " ".join(unicodedata.normalize("NFC", text.casefold()).split())


def day_of(entry):
    """The day the game counts on: played_on, else its evening's date, else the day it finished in the zone."""
    if entry.get("played_on"):
        return entry["played_on"]
    if entry.get("evening_date"):
        return entry["evening_date"]
    return datetime.fromisoformat(entry["date"]).astimezone(ZoneInfo(ZONE)).date().isoformat()


def what_counts(entry):
    """(ranked, {seat: (hands dealt into, bids made)}, places by seat of those who played, cents by key)."""
    record = {k: v for k, v in entry.items() if k not in ("date", "abandoned")}
    scored = rules.score(rules.load(record))  # the totals only: scoring is not what is checked here
    hands = entry["hands"]
    seats = [seat for seat in range(len(entry["players"])) if any(seat not in hand.get("out", []) for hand in hands)]
    dealt = {
        seat: (
            sum(1 for hand in hands if seat not in hand.get("out", []) and hand["tricks"] is not None),
            sum(
                1
                for hand in hands
                if seat not in hand.get("out", [])
                and hand["tricks"] is not None
                and hand["bids"][seat] == hand["tricks"][seat]
            ),
        )
        for seat in seats
    }
    finished = scored["finished"]
    ranked = finished and not entry.get("abandoned") and entry["rules"].get("bidding") != "cooperative"
    totals, low = scored["totals"], scored["lowest_wins"]
    better = (lambda a, b: a < b) if low else (lambda a, b: a > b)
    places = {seat: 1 + sum(better(totals[other], totals[seat]) for other in seats) for seat in seats}
    money = {}
    stake = Fraction(str(entry["rules"].get("stake", 0))) * 100
    if ranked and stake:
        for i in seats:
            for j in seats:
                if i < j:
                    cents = stake * (totals[i] - totals[j]) * (-1 if low else 1)  # j pays i
                    money[key(entry["players"][i])] = money.get(key(entry["players"][i]), 0) + cents
                    money[key(entry["players"][j])] = money.get(key(entry["players"][j]), 0) - cents
                    pair = (key(entry["players"][j]), key(entry["players"][i]))  # (payer, payee)
                    money[pair] = money.get(pair, 0) + cents
    return ranked, dealt, places, money


def expected(entries, season=None):
    """Every view's numbers: players {key: games, wins, hands, made}, ratings {key: (mu, sigma, games)}, the
    season's rows {key: (games, wins, points, hands, made)}, and balances {key: cents}."""
    players, table, season_rows, balances, listed, pairs = {}, {}, {}, {}, set(), {}
    ordered = sorted(entries, key=lambda entry: (day_of(entry), entry["date"]))
    for entry in ordered:
        ranked, dealt, places, money = what_counts(entry)
        names = entry["players"]
        if not ranked:
            if (
                not entry.get("abandoned")
                and rules.next_hand(rules.load({k: v for k, v in entry.items() if k not in ("date", "abandoned")}))
                is not None
            ):
                listed |= {key(names[seat]) for seat in dealt}  # in play: on the players' list
            continue
        for name, cents in money.items():
            if isinstance(name, tuple):  # a pair: what the first pays the second, netted one way
                payer, payee = name
                if payer != payee:
                    owes = pairs.pop((payer, payee), 0) - pairs.pop((payee, payer), 0) + cents
                    if owes > 0:
                        pairs[(payer, payee)] = owes
                    elif owes < 0:
                        pairs[(payee, payer)] = -owes
                continue
            balances[name] = balances.get(name, 0) + cents
        k = len(places)
        seats = sorted(places)
        teams = [
            [MODEL.rating(*table.get(key(names[seat]), (None, None, 0))[:2])]
            if key(names[seat]) in table
            else [MODEL.rating()]
            for seat in seats
        ]
        after = MODEL.rate(teams, ranks=[places[seat] for seat in seats])
        for seat, team in zip(seats, after):
            name = key(names[seat])
            table[name] = (team[0].mu, team[0].sigma, table.get(name, (0, 0, 0))[2] + 1)
            made, hands = dealt[seat][1], dealt[seat][0]
            row = players.setdefault(name, [0, 0, 0, 0])
            row[0] += 1
            row[1] += places[seat] == 1
            row[2] += hands
            row[3] += made
            if season is None or season[0] <= day_of(entry) <= season[1]:
                firsts = sum(1 for other in seats if places[other] == 1)
                ties = sum(1 for other in seats if places[other] == places[seat])
                line = season_rows.setdefault(name, [0, Fraction(0), Fraction(0), 0, 0])
                line[0] += 1
                line[1] += Fraction(1, firsts) if places[seat] == 1 else 0
                line[2] += k - places[seat] - Fraction(ties - 1, 2)
                line[3] += hands
                line[4] += made
    return (
        players,
        table,
        season_rows,
        {name: cents for name, cents in balances.items() if cents},
        listed | set(players),
        pairs,
    )


# ---- generated histories ----------------------------------------------------------------------------------


@st.composite
def games(draw, minute, evenings):
    people = draw(st.lists(st.sampled_from(sorted(PEOPLE)), min_size=3, max_size=4, unique=True))
    names = [draw(st.sampled_from(PEOPLE[person])) for person in people]
    n = len(names)
    shape = draw(st.sampled_from(["all", "all", "left", "late"]))
    away = n - 1
    cooperative = draw(st.integers(0, 9)) == 0
    finished = draw(st.integers(0, 9)) > 0
    hands = []
    for index, cards in enumerate([1, 2] if finished else [1, 2][:1]):
        out = [away] if shape == "left" or (shape == "late" and index == 0) else []
        dealt = [seat for seat in range(n) if seat not in out]
        tricks = [None if seat in out else 0 for seat in range(n)]
        for _trick in range(cards):
            tricks[draw(st.sampled_from(dealt))] += 1
        bids = (
            list(tricks) if cooperative else [None if seat in out else draw(st.integers(0, cards)) for seat in range(n)]
        )
        hands.append(
            {
                "cards": cards,
                "dealer": dealt[index % len(dealt)],
                "trump": "hearts",
                "bids": bids,
                "tricks": tricks,
                **({"out": out} if out else {}),
            }
        )
    stake = draw(st.sampled_from([0, 0, 0.05, 0.1]))
    entry = {
        "players": names,
        "hands": hands,
        "rules": {
            "scoring": draw(st.sampled_from(["exact", "exact", "negative"])),
            "hook": False,
            "deals": {"pattern": "custom", "sizes": [1, 2]},
            "bidding": "cooperative" if cooperative else "sequential",
            "settlement": "pairwise" if stake else "none",
            "stake": stake,
            "currency": "EUR",
        },
        # Late at night in UTC is the next day in Amsterdam: the zone decides the day.
        "date": f"2026-10-{5 + minute // 60:02d}T{draw(st.sampled_from(['19', '22', '23']))}:"
        f"{minute % 60:02d}:00+00:00",
    }
    evening = draw(st.sampled_from([None, "night1", "night2"]))
    if evening:  # an evening of the club's, its date set by the organiser or not
        entry["evening"] = evening
        if evenings[evening]:
            entry["evening_date"] = evenings[evening]
    if draw(st.integers(0, 9)) == 0:
        entry["abandoned"] = True
    if draw(st.integers(0, 5)) == 0:  # a sheet typed in later, dated by the organiser
        entry["played_on"] = f"2026-10-{draw(st.integers(1, 12)):02d}"
    return entry


@st.composite
def histories(draw):
    count = draw(st.integers(1, 7))
    evenings = {name: draw(st.sampled_from([None, "2026-10-03", "2026-10-07"])) for name in ("night1", "night2")}
    minutes = draw(st.lists(st.integers(0, 400), min_size=count, max_size=count, unique=True))
    return [draw(games(minute, evenings)) for minute in minutes]


# ---- reading the views ---------------------------------------------------------------------------------------


@contextmanager
def instance(migrated_database):
    """A fresh instance on a real SQLite file, in the club's time zone."""
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "club.db"
        shutil.copyfile(migrated_database, path)
        app = create_app(
            {
                "TESTING": True,
                "DATABASE": str(path),
                "SECRET_KEY": "test secret",
                "SERVER_NAME": None,
                "OWNER_KEY": "owner key for what counts",
                "RATELIMIT_ENABLED": False,
                "TIME_ZONE": ZONE,
            }
        )
        try:
            yield app, owner_client(app)
        finally:
            store.close(app)


def upload(client, data):
    token = re.search(r'name="csrf_token" type="hidden" value="([^"]+)"', client.get("/import").get_data(as_text=True))[
        1
    ]
    return client.post(
        "/import",
        data={"csrf_token": token, "file": (io.BytesIO(data), "games.json")},
        content_type="multipart/form-data",
    )


def views(app, client, season):
    """What the pages say: players' API rows, ratings, a player's API page, the season table and the balances."""
    players = {key(row["player"]): row for row in client.get("/api/players").get_json()["players"]}
    with app.app_context():  # an instance the club moved to has its season from the export (decision 0039)
        db = store.get_db()
        moved = [
            row["id"]
            for row in store.list_seasons(db)
            if (row["name"], row["starts"], row["ends"]) == ("Autumn", *season)
        ]
        season_id = moved[0] if moved else store.create_season(db, "Autumn", *season)
    table = {key(row["player"]): row for row in client.get(f"/api/seasons/{season_id}").get_json()["table"]}
    balances, owed, page = {}, {}, client.get("/money").get_data(as_text=True)
    for line in said(page, "owed"):
        found = re.fullmatch(r"(.+) owes (.+) €([\d,]+\.\d\d)", line)
        owed[(key(found[1]), key(found[2]))] = round(Fraction(found[3].replace(",", "")) * 100)
    for line in said(page, "balances"):
        found = re.fullmatch(r"(.+) (is owed|owes) €([\d,]+\.\d\d)", line)
        if found:
            cents = round(Fraction(found[3].replace(",", "")) * 100)
            balances[key(found[1])] = cents if found[2] == "is owed" else -cents
    pages = {name: client.get(f"/api/players/{row['player']}").get_json() for name, row in players.items()}
    return players, table, balances, pages, owed


def check(app, client, entries, season):
    players, ratings, season_rows, balances, listed, pairs = expected(entries, season)
    shown, table, money, pages, owed = views(app, client, season)
    assert owed == {pair: round(cents) for pair, cents in pairs.items() if round(cents)}
    assert set(shown) == listed
    for name, row in shown.items():
        games_, wins, hands, made = players.get(name, [0, 0, 0, 0])
        assert (row["games"], row["wins"], row["hands"], row["bids_made"]) == (games_, wins, hands, made), name
        assert pages[name]["games"] == games_ and pages[name]["wins"] == wins, name
        if name in ratings:
            mu, sigma, count = ratings[name]
            assert abs(row["rating"]["mu"] - mu) < 1e-9 and abs(row["rating"]["sigma"] - sigma) < 1e-9, name
            assert row["rating"]["games"] == count and sum(pages[name]["places"].values()) == count, name
        else:
            assert row["rating"] is None, name
    assert set(table) == set(season_rows)
    for name, (count, wins, points, hands, made) in season_rows.items():
        row = table[name]
        assert row["games"] == count and row["hands"] == hands, name
        assert abs(row["wins"] - float(wins)) < 0.006 and abs(row["points"] - float(points)) < 0.006, name
        assert row["bids_made"] == (round(made / hands, 3) if hands else None), name
    assert money == {name: round(cents) for name, cents in balances.items()}


@settings(
    max_examples=WALKS, suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow], deadline=None
)
@given(entries=histories(), season=st.sampled_from([("2026-10-01", "2026-12-31"), ("2026-10-06", "2026-10-08")]))
def test_every_view_agrees_with_one_reading_of_the_rules_before_and_after_a_move(migrated_database, entries, season):
    document = json.dumps({"format": "scorekeeper-games", "version": 1, "games": entries}).encode()
    with instance(migrated_database) as (app, client):
        assert upload(client, document).status_code == 302
        check(app, client, entries, season)
        exported = client.get("/export/games.json").get_data()
    with tempfile.TemporaryDirectory() as folder:  # the command line rates the site's own export the same way
        path = Path(folder) / "export.json"
        path.write_bytes(exported)
        done = run_cli("ratings", path, "--json", check=True)  # in-process: the process is not what is checked
    _players, ratings, *_rest = expected(entries)
    printed = {key(row["player"]): (row["mu"], row["sigma"], row["games"]) for row in json.loads(done.stdout)}
    assert set(printed) == set(ratings)
    for name, (mu, sigma, count) in ratings.items():
        assert abs(printed[name][0] - mu) < 1e-9 and abs(printed[name][1] - sigma) < 1e-9, name
        assert printed[name][2] == count, name
    with instance(migrated_database) as (app, client):
        assert upload(client, exported).status_code == 302
        check(app, client, entries, season)
        again = client.get("/export/games.json").get_data()
    assert json.loads(again) == json.loads(exported)  # abandoned, dates, histories, ids: nothing lost


# ---- each bullet of the issue, as a club organiser checks it --------------------------------------------------


def staked(players, totals_by_seat, stake=0.5, **extra):
    """A finished one-hand game in which the first seat makes its bid of 1 and everyone else bids 0 and makes it."""
    n = len(players)
    return {
        "players": players,
        "rules": {
            "scoring": "exact",
            "hook": False,
            "deals": {"pattern": "custom", "sizes": [1]},
            "settlement": "pairwise",
            "stake": stake,
            "currency": "EUR",
        },
        "hands": [
            {
                "cards": 1,
                "dealer": n - 1,
                "trump": "hearts",
                "bids": [1] + [0] * (n - 1),
                "tricks": [1] + [0] * (n - 1),
                "penalties": [
                    {"seat": seat, "points": points, "reason": "bonus"}
                    for seat, points in enumerate(totals_by_seat)
                    if points
                ],
            }
        ],
        **extra,
    }


def test_an_imported_abandoned_game_stays_abandoned_and_moves_no_money(migrated_database):
    week6 = staked(["José", "Eva", "Daan"], [0, 0, 20], date="2026-11-09T20:00:00+00:00", abandoned=True)
    with instance(migrated_database) as (app, client):
        assert upload(client, json.dumps({"games": [week6]}).encode()).status_code == 302
        page = client.get("/money").get_data(as_text=True)
        assert not [line for line in said(page, "owed") if "Eva owes Daan" in line]
        assert not [line for line in said(page, "balances") if "Eva" in line or "Daan" in line]
        assert client.get("/api/players").get_json()["players"] == []  # nobody's record holds it
        exported = json.loads(client.get("/export/games.json").get_data())
        assert exported["games"][0]["abandoned"] is True
    with instance(migrated_database) as (app, client):  # and the export moves it, still abandoned
        assert upload(client, json.dumps(exported).encode()).status_code == 302
        assert json.loads(client.get("/export/games.json").get_data())["games"][0]["abandoned"] is True


def test_a_player_who_left_before_the_first_hand_is_not_placed_rated_or_charged(migrated_database):
    game = staked(["Ann", "Bob", "Eva"], [0, 5, 0], stake=1)
    game["hands"][0].update(out=[2], bids=[1, 0, None], tricks=[1, 0, None], dealer=1)
    with instance(migrated_database) as (app, client):
        assert upload(client, json.dumps({"games": [game]}).encode()).status_code == 302
        players = {row["player"]: row for row in client.get("/api/players").get_json()["players"]}
        assert set(players) == {"Ann", "Bob"}  # Eva never played a hand here
        assert said(client.get("/money").get_data(as_text=True), "balances") == ["Bob is owed €4.00", "Ann owes €4.00"]


def test_bids_made_divides_by_the_hands_the_player_was_dealt_into(migrated_database):
    game = {
        "players": ["Ann", "Bob", "Eva"],
        "rules": {"scoring": "exact", "hook": False, "deals": {"pattern": "custom", "sizes": [1, 1]}},
        "hands": [
            {"cards": 1, "dealer": 0, "bids": [1, 0, None], "tricks": [1, 0, None], "out": [2]},
            {"cards": 1, "dealer": 1, "bids": [0, 0, 1], "tricks": [0, 0, 1]},
        ],
    }
    with instance(migrated_database) as (app, client):
        assert upload(client, json.dumps({"games": [game]}).encode()).status_code == 302
        eva = next(row for row in client.get("/api/players").get_json()["players"] if row["player"] == "Eva")
        assert (eva["bids_made"], eva["hands"]) == (1, 1)  # 100 %, not 1 of 2


def test_a_cooperative_game_with_a_stake_has_no_winner_and_moves_no_money(migrated_database):
    game = staked(["Ann", "Lotte", "Joost"], [0, 3, 0], stake=0.1)
    game["rules"]["bidding"] = "cooperative"
    game["hands"][0]["bids"] = [1, 0, 0]
    with instance(migrated_database) as (app, client):
        assert upload(client, json.dumps({"games": [game]}).encode()).status_code == 302
        assert said(client.get("/money").get_data(as_text=True), "balances") in ([], ["Everyone is square."])
        assert client.get("/api/players").get_json()["players"] == []
        with app.app_context():
            season = store.create_season(store.get_db(), "All", "2000-01-01", "2999-12-31")
        assert client.get(f"/api/seasons/{season}").get_json()["table"] == []


def test_an_abandoned_game_shows_as_abandoned_on_a_players_page(migrated_database):
    half = staked(["Karin", "Bob", "Ann"], [0, 0, 0], stake=0)
    half["rules"]["deals"]["sizes"] = [1, 1]  # one hand of two played, then abandoned
    half["abandoned"] = True
    with instance(migrated_database) as (app, client):
        assert upload(client, json.dumps({"games": [half]}).encode()).status_code == 302
        page = client.get("/players/Karin").get_data(as_text=True)
        assert "abandoned" in page and "playing" not in page and "still on the table" not in page


def test_the_date_the_organiser_sets_decides_the_season_and_the_rating_order(migrated_database):
    later = staked(["Ann", "Bob"], [0, 0], stake=0, date="2026-12-06T20:00:00+00:00", played_on="2026-10-19")
    week4 = staked(["Bob", "Ann"], [0, 0], stake=0, date="2026-10-26T20:00:00+00:00")
    with instance(migrated_database) as (app, client):
        assert upload(client, json.dumps({"games": [week4, later]}).encode()).status_code == 302
        with app.app_context():
            db = store.get_db()
            season = store.create_season(db, "Autumn", "2026-10-05", "2026-11-29")
            order = [row["game_id"] for row in db.query("select game_id from rated_games order by day, finished")]
            dated = dict(db.execute("select game_id, day from game_results").fetchall())
        assert [dated[game] for game in order] == ["2026-10-19", "2026-10-26"]  # the sheet typed in later first
        table = client.get(f"/api/seasons/{season}").get_json()["table"]
        assert {row["player"]: row["games"] for row in table} == {"Ann": 2, "Bob": 2}


def test_the_day_follows_the_instance_time_zone(migrated_database):
    late = staked(["Ann", "Bob"], [0, 0], stake=0, date="2026-10-31T23:30:00+00:00")  # 00:30 on 1 Nov in Amsterdam
    with instance(migrated_database) as (app, client):
        assert upload(client, json.dumps({"games": [late]}).encode()).status_code == 302
        with app.app_context():
            assert store.get_db().execute("select day from game_results").fetchone()[0] == "2026-11-01"


def test_a_name_with_a_zero_width_space_is_the_same_player_everywhere(migrated_database):
    games_ = [
        staked(["Ann", "Bob"], [0, 0], stake=0.1, date="2026-10-05T20:00:00+00:00"),
        staked(["Ann\u200b", "Bob"], [0, 0], stake=0.1, date="2026-10-06T20:00:00+00:00"),
    ]
    with instance(migrated_database) as (app, client):
        assert upload(client, json.dumps({"games": games_}).encode()).status_code == 302
        rows = client.get("/api/players").get_json()["players"]
        ann = [row for row in rows if key(row["player"]) == "ann"]
        assert len(ann) == 1 and ann[0]["games"] == 2 and ann[0]["rating"]["games"] == 2
        assert said(client.get("/money").get_data(as_text=True), "balances") == ["Ann is owed €0.20", "Bob owes €0.20"]


def test_a_name_with_a_control_character_is_refused_saying_what_to_fix():
    for bad in ("Ann\u0085", "Ann\x00", "Ann\x07"):
        try:
            rules.player_name(bad)
        except rules.RecordError as error:
            assert "control character" in str(error.message)
        else:
            raise AssertionError(repr(bad))
    assert rules.name_key("  Ann \u200b  Smith ") == rules.name_key("ann smith")


def test_an_evenings_totals_leave_out_the_abandoned_game_and_the_player_never_dealt_in(migrated_database):
    played = staked(["Ann", "Bob", "Eva"], [0, 5, 0], stake=1, evening="club1", date="2026-11-09T20:00:00+00:00")
    played["hands"][0].update(out=[2], bids=[1, 0, None], tricks=[1, 0, None], dealer=1)  # Eva left before it
    gone = staked(["Ann", "Bob"], [0, 50], stake=1, evening="club1", date="2026-11-09T21:00:00+00:00", abandoned=True)
    with instance(migrated_database) as (app, client):
        assert upload(client, json.dumps({"games": [played, gone]}).encode()).status_code == 302
        with app.app_context():
            evening = store.evening_of(store.get_db(), store.list_games(store.get_db())[0]["id"])
        page = client.get(f"/evenings/{evening}").get_data(as_text=True)
        text = re.search(r"Oh Hell evening.*?</textarea>", page, re.S)[0]
        assert "Bob +€4.00" in text and "Ann -€4.00" in text and "Eva -" not in text  # not +€54, not Eva's €…


def test_setting_an_evenings_date_moves_its_games_into_their_season_and_rating_order(migrated_database):
    first = staked(["Ann", "Bob"], [0, 0], stake=0, date="2026-12-01T20:00:00+00:00", evening="late1")
    other = staked(["Bob", "Ann"], [0, 0], stake=0, date="2026-11-10T20:00:00+00:00")
    with instance(migrated_database) as (app, client):
        assert upload(client, json.dumps({"games": [other, first]}).encode()).status_code == 302
        with app.app_context():
            db = store.get_db()
            season = store.create_season(db, "October", "2026-10-01", "2026-10-31")
            assert client.get(f"/api/seasons/{season}").get_json()["table"] == []
            before = [row[0] for row in db.execute("select game_id from rated_games order by day, finished")]
            evening = store.evening_of(db, before[1])
            store.set_evening_about(db, evening, "2026-10-19", "Paper sheet")
            after = [row[0] for row in db.execute("select game_id from rated_games order by day, finished")]
            steps = [
                row[0]
                for row in db.execute(
                    "select game_id from rating_steps s where key = 'ann' order by "
                    "(select day from rated_games g where g.game_id = s.game_id)"
                )
            ]
        assert after == before[::-1] and steps == after  # rated again in the new order
        assert {row["player"]: row["games"] for row in client.get(f"/api/seasons/{season}").get_json()["table"]} == {
            "Ann": 1,
            "Bob": 1,
        }
        exported = json.loads(client.get("/export/games.json").get_data())
        assert [game.get("evening_date") for game in exported["games"]] == ["2026-10-19", None]
