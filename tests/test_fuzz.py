"""Hostile requests at every route of the URL map, the API and /import: never a 5xx, and a refused
request changes no stored game (issue 10). Exceptions propagate in testing, so any crash fails too."""

import io
import json
import re
from urllib.parse import urlencode

from hypothesis import HealthCheck, given, settings, strategies as st

from scorekeeper import create_app, store
from tests.game_helpers import HANDS, create, record
from tests.owner_helpers import owner_client

HOSTILE_TEXT = st.sampled_from(
    [
        "",
        "0",
        "-1",
        "1e999",
        "NaN",
        "Infinity",
        "-Infinity",
        "sNaN",
        "9" * 5000,
        "1" * 30,
        "0x10",
        "١",
        "½",
        "<script>alert(1)</script>",
        "\u202eevil",
        "\ud800",
        "a\x00b",
        "../../etc/passwd",
        "file:///etc/passwd",
        "custom",
        "prospect",
        "auction",
        "highest_bidder",
        "arrive",
        "insert",
        "cut",
        "leave",
        "hearts",
        "true",
        "x" * 300,
        "1,2,3",
        " ",
        "%00",
        "null",
        "[]",
        "{}",
    ]
) | st.text(max_size=30)
NUMBERS = st.sampled_from([0, -1, 1, 2, 3, 52, 10**400, float("nan"), float("inf"), 1e308, 2**63, True, None])


def json_values():
    leaves = NUMBERS | HOSTILE_TEXT | st.booleans() | st.floats()
    return st.recursive(
        leaves,
        lambda inner: (
            st.lists(inner, max_size=4)
            | st.dictionaries(
                st.sampled_from(
                    [
                        "players",
                        "rules",
                        "hands",
                        "table",
                        "bids",
                        "tricks",
                        "penalties",
                        "stake",
                        "payouts",
                        "deals",
                        "evening",
                        "games",
                        "format",
                        "version",
                        "cards",
                        "dealer",
                        "x",
                    ]
                ),
                inner,
                max_size=4,
            )
        ),
        max_leaves=20,
    )


def hostile_records():
    """Game records with one hostile part: what the API and /import are sent."""
    good = record()
    return st.one_of(
        json_values(),
        st.builds(
            lambda key, value: {**good, key: value},
            st.sampled_from(["players", "rules", "hands", "table", "evening", "date", "history", "id"]),
            json_values(),
        ),
        st.builds(
            lambda key, value: {**good, "rules": {**good["rules"], key: value}},
            st.sampled_from(["stake", "payouts", "options", "modifiers", "deals", "settlement", "scoring"]),
            json_values(),
        ),
        st.builds(
            lambda key, value: {**good, "hands": [{**HANDS[0], key: value}]},
            st.sampled_from(["penalties", "joins", "out", "blind", "bids", "tricks", "cards", "trump"]),
            json_values(),
        ),
    )


FIELDS = [
    "seat",
    "bid",
    "blind",
    "trump",
    "cards",
    "took_0",
    "took_1",
    "took_2",
    "took_3",
    "penalty_seat",
    "penalty_points",
    "penalty_reason",
    "action",
    "name",
    "start",
    "total",
    "position",
    "stake",
    "settlement",
    "payouts",
    "player_0",
    "player_1",
    "player_2",
    "move",
    "preset",
    "apply_preset",
    "pattern",
    "max_cards",
    "sizes",
    "hands",
    "decks",
    "scoring",
    "modifiers",
    "bid_0",
    "bid_1",
    "drop_penalty_0",
    "first_dealer",
    "players",
    "names",
    "max",
    "copies",
    "system",
    "paper",
    "landscape",
    "hook",
    "open",
    # the regulars (issue 27): seasons, payments, IBANs, the favourite line
    "starts",
    "ends",
    "best",
    "evenings",
    "events",
    "payer",
    "payee",
    "amount",
    "currency",
    "paid_on",
    "iban",
    "screen",
]


# Built once: a strategy made afresh inside each draw is validated afresh, which took most of the test's time.
FORM_FIELDS = st.dictionaries(st.sampled_from(FIELDS), HOSTILE_TEXT, max_size=6)
BODIES = hostile_records()


def snapshot(app):
    with app.app_context():
        return store.get_db().execute("select id, revision, record from games order by id").fetchall()


def test_hostile_requests_at_every_route(tmp_path):
    app = create_app({"TESTING": True, "DATABASE": str(tmp_path / "fuzz.db"), "SECRET_KEY": "fuzz"})
    try:
        client = owner_client(app)  # the owner's pages (export, import) are fuzzed too
        game_id, key = create(client, record(deals={"pattern": "up", "max": 4}))
        token = re.search(
            r'name="csrf_token" type="hidden" value="([^"]+)"', client.get("/games/new").get_data(as_text=True)
        )[1]
        event_id = client.post(
            "/api/events", json={"format": "rounds", "seed": 1, "players": ["Ann", "Bob", "Cy"]}
        ).get_json()["id"]
        with app.app_context():
            season_id = store.create_season(store.get_db(), "Fuzz", "2000-01-01", "2999-12-31")
        rules = [rule for rule in app.url_map.iter_rules() if rule.endpoint != "static"]
        arguments = {
            "game_id": st.one_of(
                st.just(game_id), st.just(game_id), st.sampled_from(["nope", "x" * 200]), HOSTILE_TEXT
            ),
            "key": st.sampled_from([key, "wrong"]) | HOSTILE_TEXT,
            "number": st.integers(-5, 10**6),
            "evening_id": HOSTILE_TEXT,
            "event_id": st.sampled_from([event_id, event_id, "nope"]) | HOSTILE_TEXT,
            "name": st.sampled_from(["Ann", "ann", "\u202eAnn"]) | HOSTILE_TEXT,
            "code": st.sampled_from(["nl", "de", "fr", "es", "en", "xx"]) | HOSTILE_TEXT,
            "season_id": st.sampled_from([season_id, "nope"]) | HOSTILE_TEXT,
            "payment_id": st.integers(-5, 10**6),
            "choice": st.sampled_from(["accept", "leave-out", "nope"]) | HOSTILE_TEXT,
        }

        @st.composite
        def requests(draw):
            rule = draw(st.sampled_from(rules))
            values = {name: draw(arguments[name]) for name in rule.arguments}
            method = draw(st.sampled_from(sorted(rule.methods - {"HEAD", "OPTIONS"})))
            fields = draw(FORM_FIELDS)
            if draw(st.booleans()):
                fields["csrf_token"] = token
            revision = draw(st.sampled_from(["current", "current", "1", "0", "-1", "99999", None]))
            body = draw(BODIES)
            return rule, values, method, fields, revision, body, draw(st.booleans())

        @settings(
            suppress_health_check=list(HealthCheck), database=None
        )  # as many examples as the profile asks (tests/conftest.py)
        @given(requests())
        def attempt(request):
            rule, values, method, fields, revision, body, as_json = request
            try:
                url = app.url_map.bind("localhost").build(rule.endpoint, {k: str(v) for k, v in values.items()})
            except Exception:  # a value the route cannot hold (a number out of the converter's range)
                return
            before = snapshot(app)
            if revision is not None:  # most writes name the revision the page was drawn at
                fields = dict(fields, revision=str(before[0][1]) if revision == "current" else revision)
            # What a phone sends is bytes: a lone surrogate arrives as its UTF-8 bytes, percent-encoded.
            encoded = urlencode(fields, encoding="utf-8", errors="surrogatepass")
            if method == "GET":
                response = client.get(url, query_string=encoded)
            elif rule.rule.startswith("/api/"):
                text = json.dumps(body) if as_json else "[" * 50_000 + "]" * 50_000
                response = client.post(
                    url, data=text, content_type="application/json", headers={"Authorization": f"Bearer {key}"}
                )
            elif rule.endpoint == "transfer.import_page":
                upload = (
                    json.dumps({"format": "scorekeeper-games", "version": 1, "games": [body]}).encode(
                        "utf-8", "surrogatepass"
                    )
                    if as_json
                    else b"[" * 100_000
                )
                response = client.post(
                    url + "?" + encoded,
                    data={"file": (io.BytesIO(upload), "games.json"), "csrf_token": fields.get("csrf_token", "")},
                    content_type="multipart/form-data",
                )
            else:
                response = client.post(url, data=encoded, content_type="application/x-www-form-urlencoded")
            assert response.status_code < 500, (method, url, fields, response.get_data(as_text=True)[:300])
            if response.status_code >= 400:
                assert snapshot(app) == before, (method, url, fields)

        attempt()
    finally:
        app.extensions["scorekeeper.keeper"].close()
