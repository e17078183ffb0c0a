"""The money between regulars as JSON and CSV, and /money's kept book (issue 42): balances, the plan, the pairs and
the payments paged, a payment recorded and undone through the API by the owner key (and refused without it), the
ledger's CSV; every fact the same on the page, in the API and in the CSV; the kept book follows every change (a
game, a payment, an undo, a row changed behind the app's back) and equals a replay of every flow one at a time."""

import csv
import io
import random

import pytest

from scorekeeper import store
from scorekeeper.rules.money import ledger
from tests.money_helpers import paid_buttons, said, totals_game
from tests.owner_helpers import OWNER_KEY

OWNER = {"Authorization": f"Bearer {OWNER_KEY}"}


def imported(app, record, created):
    with app.app_context():
        db = store.get_db()
        with db.atomic():
            return store.import_game(db, record, created=created, rate=False)


@pytest.fixture
def club(app):
    """Pairwise at €0.50 a point: Bob owes Ann €5, Cy owes Ann €10 and Bob €5; then Di owes Cy €2 (€1 a
    point)."""
    imported(app, totals_game(["Ann", "Bob", "Cy"], [30, 20, 10], 0.5), "2026-10-05T20:00:00")
    imported(app, totals_game(["Cy", "Di"], [12, 10], 1), "2026-10-12T20:00:00")
    return app


def replayed(db):
    """The books as the money page made them before issue 42: every flow one at a time, in order."""
    books = {}
    for flow in store.money_flows(db):
        book = books.setdefault(flow.currency, ledger.Book())
        if flow.payment is None:
            book.game(flow.payer, flow.payee, flow.cents, flow.day)
        else:
            book.payment(flow.payer, flow.payee, flow.cents)
    return {currency: (book.balances(), book.pairs(), book.plan()) for currency, book in books.items()}


def kept(app):
    with app.app_context():
        db = store.get_db()
        return {
            currency: (book["balances"], book["pairs"], book["plan"])
            for currency, book in store.money_books(db).items()
        }, replayed(db)


def test_reading_the_money_takes_the_owner_key(club, stranger):
    for url in (
        "/api/money",
        "/api/money/balances",
        "/api/money/plan",
        "/api/money/pairs",
        "/api/money/payments",
        "/money/ledger.csv",
    ):
        assert stranger.get(url).status_code == 403, url
        assert stranger.get(url, headers=OWNER).status_code == 200, url
    answer = stranger.post(
        "/api/money/payments",
        json={"from": "Bob", "to": "Ann", "amount": "5", "currency": "EUR", "paid_on": "2026-10-06"},
    )
    assert answer.status_code == 403 and "owner key" in answer.json["error"]


def test_balances_plan_and_pairs_agree_on_the_page_the_api_and_the_csv(club, client):
    (book,) = client.get("/api/money", headers=OWNER).json["books"]
    assert book["currency"] == "EUR" and book["since"] == "2026-10-05" and book["until"] == "2026-10-12"
    assert [(line["player"], line["cents"]) for line in book["balances"]] == [
        ("Ann", 1500),
        ("Cy", -1300),
        ("Di", -200),
    ]  # Bob is square: owed by Cy what he owes Ann
    plan = client.get("/api/money/plan", headers=OWNER).json["books"][0]["plan"]
    assert sorted((line["from"], line["to"], line["amount"]) for line in plan) == [
        ("Cy", "Ann", "13.00"),
        ("Di", "Ann", "2.00"),
    ]
    pairs = client.get("/api/money/pairs", headers=OWNER).json["books"][0]
    assert pairs["total"] == 4 and {(p["from"], p["to"], p["cents"]) for p in pairs["pairs"]} == {
        ("Bob", "Ann", 500),
        ("Cy", "Ann", 1000),
        ("Cy", "Bob", 500),
        ("Di", "Cy", 200),
    }
    html = client.get("/money").get_data(as_text=True)
    assert said(html, "balances") == ["Ann is owed €15.00", "Cy owes €13.00", "Di owes €2.00"]
    assert set(said(html, "owed")) == {
        "Bob owes Ann €5.00",
        "Cy owes Ann €10.00",
        "Cy owes Bob €5.00",
        "Di owes Cy €2.00",
    }
    assert set(said(html, "settle-all")) == {"Cy pays Ann €13.00", "Di pays Ann €2.00"}
    assert len(paid_buttons(html)) == len(plan)
    assert 'href="/players/Ann"' in html  # each balance leads to the person's page
    rows = list(csv.DictReader(io.StringIO(client.get("/money/ledger.csv").get_data(as_text=True))))
    net = {}
    for row in rows:
        cents = round(float(row["amount"]) * 100)
        net[row["to"]] = net.get(row["to"], 0) + cents
        net[row["from"]] = net.get(row["from"], 0) - cents
    assert {name: cents for name, cents in net.items() if cents} == {
        line["player"]: line["cents"] for line in book["balances"]
    }
    assert {row["day"] for row in rows} == {"2026-10-05", "2026-10-12"} and {row["kind"] for row in rows} == {"game"}


def test_a_payment_through_the_api_moves_the_balances_everywhere_and_its_undo_moves_them_back(club, client, stranger):
    answer = stranger.post(
        "/api/money/payments",
        headers=OWNER,
        json={"from": "cy", "to": "ANN", "amount": "8.00", "currency": "EUR", "paid_on": "2026-10-13"},
    )
    assert answer.status_code == 201, answer.json
    payment = answer.json["payment"]
    assert (payment["from"], payment["to"], payment["cents"], payment["undone"]) == ("Cy", "Ann", 800, None)
    balances = {
        line["player"]: line["cents"] for line in stranger.get("/api/money", headers=OWNER).json["books"][0]["balances"]
    }
    assert balances == {"Ann": 700, "Cy": -500, "Di": -200}
    assert "Cy owes €5.00" in said(client.get("/money").get_data(as_text=True), "balances")
    ledger_csv = client.get("/money/ledger.csv").get_data(as_text=True)
    assert "2026-10-13,payment," in ledger_csv and ",Cy,Ann,8.00,EUR," in ledger_csv
    log = stranger.get("/api/money/payments", headers=OWNER).json
    assert log["total"] == 1 and log["payments"][0]["id"] == payment["id"]

    undo = f"/api/money/payments/{payment['id']}/undo"
    assert stranger.post(undo).status_code == 403
    assert stranger.post(undo, headers=OWNER).json["payment"]["undone"]
    assert stranger.post(undo, headers=OWNER).status_code == 409
    balances = {
        line["player"]: line["cents"] for line in stranger.get("/api/money", headers=OWNER).json["books"][0]["balances"]
    }
    assert balances == {"Ann": 1500, "Cy": -1300, "Di": -200}
    assert "Cy owes €13.00" in said(client.get("/money").get_data(as_text=True), "balances")


@pytest.mark.parametrize(
    "body, field",
    [
        ({"from": "Zorro", "to": "Ann", "amount": "1", "currency": "EUR", "paid_on": "2026-10-13"}, "from"),
        ({"from": "Ann", "to": "ann", "amount": "1", "currency": "EUR", "paid_on": "2026-10-13"}, "to"),
        ({"from": "Bob", "to": "Ann", "amount": "1.239", "currency": "EUR", "paid_on": "2026-10-13"}, "amount"),
        ({"from": "Bob", "to": "Ann", "amount": "1e3", "currency": "EUR", "paid_on": "2026-10-13"}, "amount"),
        ({"from": "Bob", "to": "Ann", "amount": True, "currency": "EUR", "paid_on": "2026-10-13"}, "amount"),
        ({"from": "Bob", "to": "Ann", "amount": "-5", "currency": "EUR", "paid_on": "2026-10-13"}, "amount"),
        ({"from": "Bob", "to": "Ann", "amount": "1", "currency": "XYZ", "paid_on": "2026-10-13"}, "currency"),
        ({"from": "Bob", "to": "Ann", "amount": "1", "currency": "EUR", "paid_on": "13-10-2026"}, "paid_on"),
    ],
)
def test_a_payment_the_api_refuses_names_its_field(club, stranger, body, field):
    answer = stranger.post("/api/money/payments", headers=OWNER, json=body)
    assert answer.status_code == 422 and answer.json["field"] == field, answer.json
    assert stranger.get("/api/money/payments", headers=OWNER).json["total"] == 0


def test_pairs_and_payments_come_a_page_at_a_time(app, client):
    players = [f"P{number:02d}" for number in range(12)]
    rng = random.Random(7)
    for number in range(30):
        table = rng.sample(players, 4)
        imported(app, totals_game(table, [rng.randint(0, 40) for _ in table], 0.1), f"2026-11-{1 + number % 28:02d}T2")
    with app.app_context():
        for number in range(30):
            store.record_payment(store.get_db(), "P00", "P01", 10 + number, "EUR", "2026-11-30")
    first = client.get("/api/money/pairs?per_page=10", headers=OWNER).json
    total = first["books"][0]["total"]
    assert total > 25 and first["books"][0]["pages"] == -(-total // 10)
    seen = [
        tuple(p.values())
        for page in range(1, first["books"][0]["pages"] + 1)
        for p in client.get(f"/api/money/pairs?per_page=10&page={page}", headers=OWNER).json["books"][0]["pairs"]
    ]
    assert len(seen) == total == len(set(seen))
    assert client.get("/api/money/pairs?page=0", headers=OWNER).status_code == 400
    payments = client.get("/api/money/payments?per_page=20&page=2", headers=OWNER).json
    assert (payments["total"], payments["pages"], len(payments["payments"])) == (30, 2, 10)
    html = client.get("/money").get_data(as_text=True)
    assert len(said(html, "owed")) == 25 and 'href="/money?page=2"' in html
    assert len(said(client.get("/money?page=2").get_data(as_text=True), "owed")) == min(25, total - 25)
    assert len(said(html, "payment-log")) == 25 and 'href="/money?payments=2#payments"' in html
    assert len(said(client.get("/money?payments=2").get_data(as_text=True), "payment-log")) == 5


def test_the_kept_book_follows_every_change_and_equals_a_replay_flow_by_flow(app, client):
    """Games set up in between payments, payments undone, a game finishing late, a row changed by hand."""
    rng = random.Random(42)
    players = ["Ann", "Bob", "Cy", "Di", "Ed", "Flo"]
    for number in range(40):
        table = rng.sample(players, rng.randint(2, 4))
        imported(
            app,
            totals_game(table, [rng.randint(0, 30) for _ in table], rng.choice([0.1, 0.25, 1])),
            f"2026-10-{1 + number // 2:02d}T2{number % 2}:00:00",
        )
        with app.app_context():
            db = store.get_db()
            if number % 3 == 2:
                payer, payee = rng.sample(players, 2)
                store.record_payment(db, payer, payee, rng.randint(1, 900), "EUR", "2026-10-20")
            if number % 7 == 6:
                payment = store.payment_log(db, 1)[0]["id"]
                store.undo_payment(db, payment)
        books, expected = kept(app)
        assert books == expected, number
    # A game set up before the latest payments finishes now: it goes in before them.
    imported(app, totals_game(["Ann", "Bob"], [40, 0], 1), "2026-10-01T19:00:00")
    books, expected = kept(app)
    assert books == expected and books["EUR"][0]
    # A money row changed behind the app's back (a restore of one table, a repair): the trigger counts it too.
    with app.app_context():
        db = store.get_db()
        with db.atomic():
            db.execute("delete from game_money where rowid = (select max(rowid) from game_money)")
        assert store.money_revision(db) > 0
    books, expected = kept(app)
    assert books == expected
    # The page says what the kept book says.
    html = client.get("/money").get_data(as_text=True)
    assert len(said(html, "balances")) == len(books["EUR"][0])


def test_the_evening_says_it_is_in_the_balances(client):
    from tests.game_helpers import create

    game_id, _key = create(client, totals_game(["Ann", "Bob"], [30, 20], 0.5))
    with client.application.app_context():
        evening = store.evening_of(store.get_db(), game_id)
    html = client.get(f"/evenings/{evening}").get_data(as_text=True)
    assert 'id="evening-and-balances"' in html and 'href="/money"' in html


def test_a_players_page_says_their_balance_and_leads_to_the_money(club, client):
    html = client.get("/players/cy").get_data(as_text=True)
    assert 'id="player-money"' in html and "Cy owes €13.00" in html and 'href="/money"' in html
    assert 'id="player-money"' not in client.get("/players/Bob").get_data(as_text=True)  # Bob is square
