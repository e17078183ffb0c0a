"""A generated club's history for the export round trip (issue 40): games finished, abandoned, cooperative, waiting
in the owner's list, corrected by an undo, dated later (played_on), moved on to the next game at the table; evenings
with a date and a note; an event whose tables are played; seasons over evenings and events; payments, one undone;
a member and a payee's IBAN; a spelling merged into its player, renamed. Written through the app's own API and the store's functions, as the pages do."""

import contextlib
import copy
import datetime
import random

from scorekeeper import store
from tests.event_web_helpers import play_short_round, short_event
from tests.game_helpers import HANDS, create, post_hand, record
from tests.regular_helpers import random_game, spelled

REGULARS = ["Ann", "Bob", "Cy", "Di", "Zoë", "Ed"]
IBAN = "NL91ABNA0417164300"


@contextlib.contextmanager
def ticking(monkeypatch, start, minutes):
    """The store's clock (store/db.py now) from `start`, `minutes` on at every reading: a club's weeks in a test,
    whose games finish on one day and are corrected on the next."""
    moment = [start]

    class Clock(datetime.datetime):
        @classmethod
        def now(cls, tz=None):
            moment[0] += datetime.timedelta(minutes=minutes)
            return moment[0].astimezone(tz)

    def later(**delta):
        moment[0] += datetime.timedelta(**delta)

    with monkeypatch.context() as patch:
        patch.setattr("scorekeeper.store.db.datetime", Clock)
        yield later


def _about(db, game_id, date=None, note=None):
    """Type the game's date (and note) after it was played, as the About step does."""
    game = store.get_game(db, game_id)
    changed = copy.deepcopy(game["record"])
    changed.update({key: value for key, value in (("played_on", date), ("note", note)) if value})
    store.append_entry(db, game_id, "about", {"date": date, "note": note}, changed, game["revision"])


def build_club(app, seed, later=lambda **delta: None):
    """Fill the app's database with a club's history drawn from `seed`; return the ids worth asserting on.
    later(days=...): moves the store's clock on (club_history.ticking)."""
    rng = random.Random(seed)
    client = app.test_client()
    owner = __import__("owner_helpers").owner_client(app)
    made = {}
    # An evening at one table: a game with a stake, a hand undone and typed again, then the next game at the table.
    first, key = create(client, record(hands=HANDS[:1], stake=1))
    post_hand(client, first, key, dict(HANDS[1], tricks=[0, 1, 0, 1]))
    with app.app_context():
        db = store.get_db()
        store.undo(db, first, store.get_game(db, first)["revision"])
        post_hand(client, first, key, HANDS[1])
        evening = store.evening_of(db, first)
        second, _key = store.create_next_game(db, first, record(players=["Ann", "Bob", "Cy", "Zoë"]), evening)
        store.set_evening_about(db, evening, "2026-10-05", "Week 1 at Ann's")
        made["evening"] = evening
        # Games of other evenings: finished (some lowest wins), cooperative, unfinished, abandoned; one waiting for
        # the owner; one whose date was typed later.
        for number in range(rng.randint(10, 12)):
            names = [spelled(rng, name) for name in rng.sample(REGULARS, rng.randint(3, 5))]
            kind = number % 5
            game = (
                random_game(rng, names, bidding="cooperative")
                if kind == 1
                else random_game(
                    rng,
                    names,
                    finished=kind != 2,
                    scoring=rng.choice(["exact", "negative"]),
                    stake=rng.choice([0, 0.5, 1]),
                )
            )
            game_id, _key = store.create_game(db, game, recognised=number != 3)
            if kind == 4:
                store.abandon_game(db, game_id)
            if number == 0:
                _about(db, game_id, "2026-10-19", "Typed in from the paper sheet")
                made["dated_later"] = game_id
            if number == 5:
                store.set_evening_about(db, store.evening_of(db, game_id), "2026-11-02", None)
            if number == 8:  # a note added the next day: the game still counts on the day it finished
                later(days=1)
                _about(db, game_id, None, "Checked the next day")
    # An event of two tables, played through the events API.
    director = short_event(owner)
    play_short_round(owner, director.act("start")["tables"], seed=seed)
    made["event"] = director.id
    with app.app_context():
        db = store.get_db()
        store.create_season(db, "Autumn", "2026-09-01", "2026-12-31", best=3)
        store.create_season(
            db, "Evening and event", "2026-01-01", "2027-12-31", evenings=[made["evening"]], events=[director.id]
        )
        store.record_payment(db, "Bob", "Ann", 500, "EUR", "2026-10-06")
        undone = store.record_payment(db, "Cy", "Di", 1250, "EUR", "2026-10-07")
        store.record_payment(db, "Di", "Cy", 700, "JPY", "2026-10-08")
        store.undo_payment(db, undone)
        store.add_member(db, "Ann")
        store.set_iban(db, "Ann", IBAN, "A. Example", by="")
        # The owner's roster: a spelling typed at another table merged into its player, who is then renamed.
        store.create_game(db, random_game(rng, ["Ann", "Bob", "Hugo"], stake=1))
        store.create_game(db, random_game(rng, ["Cy", "Di", "Huug"], stake=1))
        store.merge_players(db, "Huug", "Hugo")
        store.rename_player(db, "huug", "Hugo B.")
    return made
