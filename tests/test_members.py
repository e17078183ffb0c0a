"""Members and the club's record (issue 41): the hostile tester's money hijack (review F-1) and "anyone writes the
books" (F-2) played as they were read, each refused; a member link makes a phone the member's; a stranger's game
waits in the owner's list until accepted; money rights come from who the device is (web/money_rights.py), never
from a game's cookie. Each test marked "(fails on main)" failed on main before this change."""

import re

from scorekeeper import store
from tests.game_helpers import create
from tests.html_forms import submit
from tests.money_helpers import IBAN, staked

ATTACKER_IBAN = "DE89370400440532013000"


def token_of(client):
    """A CSRF token of this browser's session, from the setup page (every browser may open it)."""
    return re.search(r'name="csrf_token"[^>]*value="([^"]+)"', client.get("/games/new").get_data(as_text=True))[1]


def member_link(client, name):
    """The owner gives `name` a member link; return it (the path)."""
    response = submit(client, "/owner/members", {"name": name})
    assert response.status_code == 302
    page = client.get("/owner/members").get_data(as_text=True)
    links = re.findall(r'value="(http://[^"]*/member/[^"]+)"', page)
    keys = {link.rsplit("/", 1)[1] for link in links}
    with client.application.app_context():
        for key in keys:
            member = store.member_by_link(store.get_db(), key)
            if member and member["name"] == name:
                return f"/member/{key}"
    raise AssertionError(f"no member link for {name}")


def phone_of(app, client, name):
    """A phone that opened `name`'s member link."""
    phone = app.test_client()
    response = phone.get(member_link(client, name))
    assert response.status_code == 302 and response.headers["Location"].endswith("/me")
    return phone


def dis_money(client, app):
    """The club's books as the review found them: Ann owes Di from a recognised game (the owner's), Di's IBAN
    given by Di's own phone, and a real payment Ann made Di."""
    create(client, staked(["Di", "Ann", "Cy"], True))
    di = phone_of(app, client, "Di")
    submit(di, "/money", {"name": "di", "holder": "Di Jansen", "iban": IBAN}, action="/money/ibans")
    submit(
        client,
        "/money",
        {"payer": "ann", "payee": "di", "amount": "0.10", "currency": "EUR", "paid_on": "2026-12-01"},
        action="/money/payments",
    )
    with app.app_context():
        real = store.payment_log(store.get_db())[0]["id"]
    return di, real


def test_the_money_hijack_of_the_reading_is_refused(client, stranger, app):
    # F-1 (fails on main): a stranger starts "Di, Cy, Mallory", claims it, and then reads Di's IBAN, replaces it
    # with his own, records "Ann paid Di €99,999" and undoes a real payment. Each is refused now.
    di, real = dis_money(client, app)
    create(
        stranger,
        {
            "players": ["Di", "Cy", "Mallory"],
            "rules": {"scoring": "exact", "deals": {"pattern": "up", "max": 2}},
            "hands": [],
        },
    )
    assert IBAN not in stranger.get("/money").get_data(as_text=True)
    assert "NL91 ABNA" not in stranger.get("/money").get_data(as_text=True)
    token = token_of(stranger)
    replaced = stranger.post(
        "/money/ibans", data={"csrf_token": token, "name": "Di", "holder": "M", "iban": ATTACKER_IBAN}
    )
    assert replaced.status_code == 403
    fake = stranger.post(
        "/money/payments",
        data={
            "csrf_token": token,
            "payer": "Ann",
            "payee": "Di",
            "amount": "99999",
            "currency": "EUR",
            "paid_on": "2026-12-01",
        },
    )
    assert fake.status_code == 403
    undone = stranger.post(f"/money/payments/{real}/undo", data={"csrf_token": token})
    assert undone.status_code == 403
    with app.app_context():
        db = store.get_db()
        assert store.ibans(db, ["di"])["di"]["iban"] == IBAN
        assert [(p["cents"], p["undone"]) for p in store.payment_log(db)] == [(10, None)]
    # Nor does the settle-up page of the stranger's own game, or of Di's real one, show him Di's IBAN.
    for game in store_games(app):
        assert "NL91 ABNA" not in stranger.get(f"/games/{game}/settle").get_data(as_text=True)
    # Di's own phone still may: a payment and its undo between Di and Ann, and Di's IBAN.
    token = token_of(di)
    assert di.post(f"/money/payments/{real}/undo", data={"csrf_token": token}).status_code == 302


def test_the_money_hijack_as_the_reading_played_it(client, stranger, app):
    # F-1 exactly as the review's script (fails on main): Di's IBAN and a real payment are in the books; a stranger
    # starts "Di, Cy, Mallory", claims its edit link, and tries every money action.
    create(client, staked(["Di", "Ann", "Cy"], True))
    with app.app_context():
        db = store.get_db()
        store.set_iban(db, "Di", IBAN, "Di Jansen")
        real = store.record_payment(db, "Ann", "Di", 10, "EUR", "2026-12-01")
    create(
        stranger,
        {
            "players": ["Di", "Cy", "Mallory"],
            "rules": {"scoring": "exact", "deals": {"pattern": "up", "max": 2}},
            "hands": [],
        },
    )
    assert "NL91 ABNA" not in stranger.get("/money").get_data(as_text=True)
    token = token_of(stranger)
    stranger.post("/money/ibans", data={"csrf_token": token, "name": "Di", "holder": "M", "iban": ATTACKER_IBAN})
    stranger.post(
        "/money/payments",
        data={
            "csrf_token": token,
            "payer": "Ann",
            "payee": "Di",
            "amount": "99999",
            "currency": "EUR",
            "paid_on": "2026-12-01",
        },
    )
    stranger.post(f"/money/payments/{real}/undo", data={"csrf_token": token})
    with app.app_context():
        db = store.get_db()
        assert store.ibans(db, ["di"])["di"]["iban"] == IBAN
        assert [(p["cents"], p["undone"]) for p in store.payment_log(db)] == [(10, None)]


def store_games(app):
    with app.app_context():
        return [game["id"] for game in store.game_list(store.get_db())]


def test_an_iban_is_shown_to_those_who_owe_the_payee_and_the_owner_only(client, app):
    create(client, staked(["Ann", "Bob", "Cy"], True))  # Bob and Cy owe Ann
    ann, bob = phone_of(app, client, "Ann"), phone_of(app, client, "Bob")
    dan = phone_of(app, client, "Dan")  # a member who owes Ann nothing
    submit(ann, "/money", {"name": "ann", "holder": "A. de Vries", "iban": IBAN}, action="/money/ibans")
    assert "NL91 ABNA 0417 1643 00" in bob.get("/money").get_data(as_text=True)
    assert "NL91 ABNA 0417 1643 00" in client.get("/money").get_data(as_text=True)
    assert "NL91 ABNA" not in dan.get("/money").get_data(as_text=True)
    # Bob may not give Ann's IBAN; the owner may, and the log says who changed it, masked.
    token = token_of(bob)
    assert (
        bob.post(
            "/money/ibans", data={"csrf_token": token, "name": "ann", "holder": "B", "iban": ATTACKER_IBAN}
        ).status_code
        == 403
    )
    submit(client, "/money", {"name": "ann", "holder": "A. de Vries", "iban": ATTACKER_IBAN}, action="/money/ibans")
    log = client.get("/owner/members").get_data(as_text=True)
    assert "Ann changed Ann's IBAN from — to NL91 … 4300" in log
    assert "the owner changed Ann's IBAN from NL91 … 4300 to DE89 … 3000" in log
    assert ATTACKER_IBAN not in log and IBAN not in log
    assert "IBAN changed on" in bob.get("/money").get_data(as_text=True)


def test_anyone_writes_the_books_no_more(client, stranger, app):
    # F-2 (fails on main): one anonymous POST /api/games with a stake writes "Ann owes Bob …" onto the public
    # money page, into the ratings and the season. Now it waits in the owner's list, in none of them.
    app.config["STAKE_CEILING"] = 1000
    before_players = client.get("/api/players").get_json()
    response = stranger.post(
        "/api/games",
        json={
            "players": ["Mallory", "Ann", "Bob"],
            "rules": {
                "scoring": "exact",
                "hook": True,
                "deals": {"pattern": "up", "max": 1},
                "settlement": "pairwise",
                "stake": 10,
                "currency": "EUR",
                "first_dealer": 0,
            },
            "hands": [{"cards": 1, "dealer": 0, "trump": "hearts", "bids": [0, 1, 1], "tricks": [0, 0, 1]}],
        },
    )
    assert response.status_code == 201
    game_id = response.get_json()["id"]
    assert "owes" not in stranger.get("/money").get_data(as_text=True)
    assert client.get("/api/players").get_json() == before_players
    assert "Mallory" not in client.get("/players").get_data(as_text=True)
    with app.app_context():
        assert (
            store.season_games(
                store.get_db(), {"starts": "2000-01-01", "ends": "2999-12-31", "evenings": [], "events": []}
            )
            == []
        )
    assert response.get_json()["recognised"] is False
    # Its table's own pages work as always.
    assert stranger.get(f"/games/{game_id}/settle").status_code == 200
    assert "Bob" in stranger.get(f"/games/{game_id}").get_data(as_text=True)
    # The owner sees it waiting, and accepts it: it counts everywhere at once.
    waiting = client.get("/owner/games").get_data(as_text=True)
    assert f'id="game-{game_id}"' in waiting
    assert stranger.get("/owner/games").status_code == 403
    assert stranger.post(f"/owner/games/{game_id}/accept", data={"csrf_token": token_of(stranger)}).status_code == 403
    submit(client, "/owner/games", {}, action=f"/owner/games/{game_id}/accept")
    assert f'id="game-{game_id}"' not in client.get("/owner/games").get_data(as_text=True)
    assert "Ann owes Bob" in client.get("/money").get_data(as_text=True)
    assert "Mallory" in client.get("/players").get_data(as_text=True)
    assert {row["player"] for row in client.get("/api/players").get_json()["players"]} >= {"Mallory", "Ann", "Bob"}


def test_a_game_left_out_stays_its_tables(client, stranger, app):
    game_id, _key = create(stranger, staked(["Ann", "Bob", "Cy"], True))
    submit(client, "/owner/games", {}, action=f"/owner/games/{game_id}/leave-out")
    page = client.get("/owner/games").get_data(as_text=True)
    assert 'id="none-waiting"' in page and f'id="game-{game_id}"' in page  # listed as left out, to accept later
    assert "owes" not in client.get("/money").get_data(as_text=True)
    assert "Ann" not in client.get("/players").get_data(as_text=True)
    assert "Ann" in stranger.get(f"/games/{game_id}/settle").get_data(as_text=True)


def test_members_and_the_owner_start_the_clubs_games(client, stranger, app):
    ann = phone_of(app, client, "Ann")
    mine, _key = create(ann, staked(["Ann", "Bob", "Cy"], True))
    owners, _key = create(client, staked(["Ann", "Bob", "Cy"], True))
    strangers, _key = create(stranger, staked(["Ann", "Bob", "Cy"], True))
    with app.app_context():
        db = store.get_db()
        assert [store.in_club_record(db, game) for game in (mine, owners, strangers)] == [True, True, False]
    # "New game, same table" from the stranger's phone waits too; from the member's it counts.
    assert "/me" in ann.get("/me").request.path
    assert "This phone is Ann" in ann.get("/me").get_data(as_text=True)
    assert "nobody" in stranger.get("/me").get_data(as_text=True)
    assert "owner" in client.get("/me").get_data(as_text=True)


def test_trust_every_device_makes_every_game_the_clubs(client, stranger, app):
    app.config["TRUST_EVERY_DEVICE"] = True
    game_id, _key = create(stranger, staked(["Ann", "Bob", "Cy"], True))
    with app.app_context():
        assert store.in_club_record(store.get_db(), game_id)
    # It gives no money rights: a device is nobody's until it opens a member link.
    token = token_of(stranger)
    assert (
        stranger.post(
            "/money/payments",
            data={
                "csrf_token": token,
                "payer": "Bob",
                "payee": "Ann",
                "amount": "1",
                "currency": "EUR",
                "paid_on": "2026-12-01",
            },
        ).status_code
        == 403
    )


def test_a_new_link_takes_the_old_one_back_and_forgetting_forgets(client, app):
    first = member_link(client, "Ann")
    phone = app.test_client()
    phone.get(first)
    second = member_link(client, "Ann")
    assert first != second
    assert app.test_client().get(first).status_code == 404
    assert "nobody" in phone.get("/me").get_data(as_text=True)  # the old link's phone is nobody's now
    phone.get(second)
    assert "This phone is Ann" in phone.get("/me").get_data(as_text=True)
    submit(phone, "/me", {})
    assert "nobody" in phone.get("/me").get_data(as_text=True)
    assert app.test_client().get("/owner/members").status_code == 403


def test_the_existing_games_count_as_they_did_after_the_upgrade(tmp_path):
    # m101 on a database of the day before: its games are the club's, as they were.
    import sqlite3
    from scorekeeper.store.migrations import migrations

    path = tmp_path / "old.db"
    db = store.connect(path, create=True)
    with db.atomic():
        migrations.ensure_migrations_table(db)
        for migration in migrations._migrations:  # every step before m101
            if migration.name.startswith("m101"):
                break
            migration.fn(db)
            db["_sqlite_migrations"].insert(
                {"migration_set": "scorekeeper", "name": migration.name, "applied_at": "2026-12-01"}
            )
        db.execute(
            "insert into games (id, edit_key, record, revision, status, created, updated) values "
            "('old', 'k', '{}', 1, 'finished', '2026-01-01', '2026-01-01')"
        )
    db.close()
    store.migrate(path)
    assert sqlite3.connect(path).execute("select recognised from games where id = 'old'").fetchone() == (1,)


def test_the_owner_takes_a_member_link_back_and_only_the_owner_may(client, stranger, app):
    ann = phone_of(app, client, "Ann")
    assert stranger.post("/owner/members/ann/remove", data={"csrf_token": token_of(stranger)}).status_code == 403
    assert "This phone is Ann" in ann.get("/me").get_data(as_text=True)
    submit(client, "/owner/members", {}, action="/owner/members/ann/remove")
    assert "nobody" in ann.get("/me").get_data(as_text=True)
    game_id, _key = create(ann, staked(["Ann", "Bob", "Cy"], True))
    with app.app_context():
        assert not store.in_club_record(store.get_db(), game_id)


def test_new_game_same_table_is_the_club_s_when_the_phone_that_starts_it_is(client, stranger, app):
    game_id, key = create(stranger, staked(["Ann", "Bob", "Cy"], True))
    submit(stranger, f"/games/{game_id}/over", {}, action=f"/games/{game_id}/again")
    ann = phone_of(app, client, "Ann")
    ann.get(f"/games/{game_id}/claim/{key}")
    submit(ann, f"/games/{game_id}/over", {}, action=f"/games/{game_id}/again")
    with app.app_context():
        db = store.get_db()
        rows = db.execute(
            "select id, recognised from games where id != ? order by created, rowid", [game_id]
        ).fetchall()
    assert [recognised for _id, recognised in rows] == [store.WAITING, store.RECOGNISED]
    home = client.get("/").get_data(as_text=True)
    assert 'id="games-to-accept"' in home and 'id="games-to-accept"' not in stranger.get("/").get_data(as_text=True)
