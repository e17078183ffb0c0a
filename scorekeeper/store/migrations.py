"""The schema steps: each works on the schema of its own day, with its own code.

Policy. A schema step (`migrations`, names m001...) changes tables and converts the rows it must
convert, using only SQL and the small frozen helpers below it (m003 keeps its own copy of the
change format it wrote, m002 its own ids and roster rule): it never calls today's engine, writers
or stats, which expect today's schema, and this module imports nothing of the store. Data that only
today's code can compute is left to a backfill (`store/backfills.py`, names b...), applied after
every schema step, on today's schema, with today's code; `backfills.migrate` applies both
([0003](../../docs/decisions/0003-migrations-frozen-backfills-today.md)).

The set is recorded in `_sqlite_migrations` (set "scorekeeper"; the backfills' is "scorekeeper-backfill"):
never rename a recorded name.
"""

import json
import secrets

from sqlite_utils.migrations import Migrations

migrations = Migrations("scorekeeper")


# ---- schema steps: each frozen at its own day -------------------------------------------------------

@migrations()
def m001_games_and_events(db):
    """Create the games and their history (each entry a full copy of the record, until m003)."""
    db["games"].create({"id": str, "edit_key": str, "record": str, "revision": int, "status": str,
                        "created": str, "updated": str}, pk="id")
    db["events"].create({"id": int, "game_id": str, "seq": int, "revision": int, "kind": str,
                         "payload": str, "record": str, "undone": int, "created": str},
                        pk="id", foreign_keys=[("game_id", "games", "id")],
                        defaults={"undone": 0}, not_null={"game_id", "seq", "kind", "record"})
    db["events"].create_index(["game_id", "seq"], unique=True)
    db["games"].create_index(["updated"])


@migrations()
def m002_evenings_and_players(db):
    """Create evenings (games by the same table, in order) and the roster of players; fill them in."""
    db["evenings"].create({"id": str, "created": str}, pk="id")
    db["evening_games"].create({"game_id": str, "evening_id": str, "position": int}, pk="game_id",
                               foreign_keys=[("game_id", "games", "id"), ("evening_id", "evenings", "id")],
                               not_null={"evening_id", "position"})
    db["evening_games"].create_index(["evening_id", "position"], unique=True)
    db["players"].create({"key": str, "name": str, "created": str}, pk="key", not_null={"name"})
    # Games stored before evenings existed each make an evening of their own.
    for game_id, text, created in db.execute("select id, record, created from games order by created").fetchall():
        evening_id = _m002_new_id()
        db.execute("insert into evenings (id, created) values (?, ?)", [evening_id, created])
        db.execute("insert into evening_games (game_id, evening_id, position) values (?, ?, 1)",
                   [game_id, evening_id])
        try:
            record = json.loads(text)
        except ValueError:
            continue  # a damaged record keeps its evening; its names are not known
        names = record.get("players") if isinstance(record, dict) else None
        # The roster's rule then: a name matched trimmed, case ignored, the first spelling kept.
        db.conn.executemany("insert or ignore into players (key, name, created) values (?, ?, ?)",
                            [(str(name).strip().casefold(), str(name).strip(), created)
                             for name in names or [] if str(name).strip()])


def _m002_new_id():
    """An evening id as m002 made them: URL-safe, starting with a letter or digit."""
    while True:
        token = secrets.token_urlsafe(9)
        if token[0].isalnum():
            return token


@migrations()
def m003_actions_and_results(db):
    """Keep each event's change instead of a copy of the record; create the tables of stored results.

    Each event's change is worked out from its record and the one before it, so nothing in the
    log is lost. The results themselves (and every game's status) are written by backfill b003.
    """
    db.execute("alter table events add column change text")
    previous = {}
    rows = db.execute("select id, game_id, record from events order by game_id, seq").fetchall()
    for event_id, game_id, text in rows:
        record = json.loads(text)
        change = _m003_diff(previous.get(game_id, {}), record)
        db.execute("update events set change = ? where id = ?",
                   [json.dumps(change, ensure_ascii=False, separators=(",", ":")), event_id])
        previous[game_id] = record
    db.execute("alter table events drop column record")
    db["game_results"].create({"game_id": str, "created": str, "system": str, "label": str, "lowest_wins": int,
                               "finished": int, "players": str, "hands": int}, pk="game_id",
                              foreign_keys=[("game_id", "games", "id")])
    db["game_results"].create_index(["created"])
    db["player_results"].create({"game_id": str, "seat": int, "key": str, "name": str, "total": float,
                                 "place": int, "won": int, "made": int, "hands": int}, pk=("game_id", "seat"),
                                foreign_keys=[("game_id", "games", "id")])
    db["player_results"].create_index(["key"])
    db["player_summary"].create({"key": str, "name": str, "name_created": str, "played": int, "games": int,
                                 "wins": int, "hands": int, "made": int}, pk="key",
                                defaults={"played": 0, "games": 0, "wins": 0, "hands": 0, "made": 0})
    db.execute("alter table evenings add column updated text")
    db.execute("update evenings set updated = (select max(g.updated) from evening_games e "
               "join games g on g.id = e.game_id where e.evening_id = evenings.id)")
    db["evenings"].create_index(["updated"])
    db["games"].create_index(["status", "updated"])


def _m003_diff(before, after):
    """The change format m003 wrote: the top-level keys that differ, and the one run of hands that does."""
    missing = object()
    change = {}
    old, new = before.get("hands", missing), after.get("hands", missing)
    spliced = isinstance(old, list) and isinstance(new, list)
    keys = [key for key in dict.fromkeys([*before, *after])
            if (key != "hands" or not spliced) and before.get(key, missing) != after.get(key, missing)]
    if keys:
        change.update(keys=keys, before={k: before[k] for k in keys if k in before},
                      after={k: after[k] for k in keys if k in after})
    if spliced and old != new:
        start = 0
        while start < min(len(old), len(new)) and old[start] == new[start]:
            start += 1
        end = 0
        while end < min(len(old), len(new)) - start and old[-1 - end] == new[-1 - end]:
            end += 1
        change["hands"] = {"at": start, "before": old[start:len(old) - end], "after": new[start:len(new) - end]}
    return change


@migrations()
def m010_limits(db):
    """Create the `repairs` notes; the records beyond the limits of issue 10 are repaired by backfill b010."""
    db["repairs"].create({"id": int, "game_id": str, "problem": str, "repaired": int, "created": str}, pk="id")


@migrations()
def m020_action_ids(db):
    """Remember applied action ids, seat keys, and bids sealed until the reveal."""
    db["applied_actions"].create({"game_id": str, "action_id": str, "revision": int, "created": str},
                                 pk=("game_id", "action_id"), foreign_keys=[("game_id", "games", "id")])
    db["seat_keys"].create({"game_id": str, "seat": int, "key": str, "created": str}, pk=("game_id", "seat"),
                           foreign_keys=[("game_id", "games", "id")], not_null={"key"})
    db["sealed_bids"].create({"game_id": str, "hand": int, "seat": int, "bid": int, "blind": int, "created": str},
                             pk=("game_id", "hand", "seat"), foreign_keys=[("game_id", "games", "id")])


@migrations()
def m030_tournaments(db):
    """Create the tournaments (events of several tables), their director's log and which game plays which table.

    Named `tournaments`: the table `events` is every game's log since m001."""
    db["tournaments"].create({"id": str, "name": str, "record": str, "revision": int, "director_key": str,
                              "created": str, "updated": str}, pk="id", not_null={"record", "director_key"})
    db["tournament_log"].create({"tournament_id": str, "seq": int, "kind": str, "payload": str, "at": str},
                                pk=("tournament_id", "seq"), foreign_keys=[("tournament_id", "tournaments", "id")])
    db["tournament_games"].create({"game_id": str, "tournament_id": str, "round": int, "table_index": int},
                                  pk="game_id", foreign_keys=[("game_id", "games", "id"),
                                                              ("tournament_id", "tournaments", "id")])
    db["tournament_games"].create_index(["tournament_id"])


@migrations()
def m041_next_game(db):
    """Remember the game that followed a finished one at the same table, for its followers to move on."""
    db.execute("alter table games add column next_game text")


@migrations()
def m042_evening_date_and_note(db):
    """Give each evening a date of its own (else the day it began) and a short note."""
    db.execute("alter table evenings add column date text")
    db.execute("alter table evenings add column note text")


@migrations()
def m043_player_habits(db):
    """Create each game's bidding habits by seat and hand size (filled by backfill b043 and every write)."""
    db["player_habits"].create({"game_id": str, "seat": int, "cards": int, "key": str, "hands": int, "made": int,
                                "over": int, "under": int, "zero_bids": int, "zero_made": int, "hooked": int,
                                "hook_missed": int, "hook_cost": int}, pk=("game_id", "seat", "cards"),
                               foreign_keys=[("game_id", "games", "id")])
    db["player_habits"].create_index(["key"])


@migrations()
def m051_applied_action_digest(db):
    """Remember what each applied action id said (a digest of its body): the same id with another body is refused."""
    db.execute("alter table applied_actions add column digest text")


@migrations()
def m052_generation(db):
    """Create the database's generation (store/generation.py): one row, bumped when games may go back in time."""
    db.execute("create table generation (id integer primary key check (id = 1), number integer not null)")
    db.execute("insert into generation (id, number) values (1, 0)")


@migrations()
def m053_pending_imports(db):
    """Name the games of an import not finished yet: hidden from the lists, taken out if it fails or its
    process dies (store/imports.py)."""
    db["pending_imports"].create({"game_id": str, "import_id": str, "pid": int, "created": str}, pk="game_id",
                                 not_null={"import_id"})
    db["pending_imports"].create_index(["import_id"])


@migrations()
def m080_regulars(db):
    """Create the regulars' tables (issue 27): the players' ratings (the games that count in the order they
    finished, each player's rating after each of them, each player's rating now: filled by backfill b080 and
    every write), the seasons, and the money between regulars (payments, payees' IBANs)."""
    db["rated_games"].create({"game_id": str, "finished": str, "players": str, "places": str}, pk="game_id",
                             foreign_keys=[("game_id", "games", "id")], not_null={"finished", "players", "places"})
    db["rated_games"].create_index(["finished", "game_id"])
    db["rating_steps"].create({"game_id": str, "key": str, "name": str, "mu": float, "sigma": float, "games": int},
                              pk=("game_id", "key"), foreign_keys=[("game_id", "games", "id")])
    db["rating_steps"].create_index(["key"])
    db["ratings"].create({"key": str, "name": str, "mu": float, "sigma": float, "games": int, "rating": float,
                          "last_game": str}, pk="key")
    db["ratings"].create_index(["rating"])
    db["seasons"].create({"id": str, "name": str, "starts": str, "ends": str, "best": int, "evenings": str,
                          "events": str, "created": str}, pk="id", not_null={"name", "starts", "ends"})
    db["game_money"].create({"game_id": str, "seq": int, "payer": str, "payee": str, "payer_name": str,
                             "payee_name": str, "cents": int, "currency": str}, pk=("game_id", "seq"),
                            foreign_keys=[("game_id", "games", "id")])
    db["money_payments"].create({"id": int, "payer": str, "payee": str, "payer_name": str, "payee_name": str,
                                 "cents": int, "currency": str, "paid_on": str, "created": str, "undone": str},
                                pk="id", not_null={"payer", "payee", "cents"})
    db["payees"].create({"key": str, "name": str, "iban": str, "updated": str}, pk="key", not_null={"iban"})


@migrations()
def m090_payee_holder_and_bic(db):
    """Keep with a payee's IBAN the account holder's name as the bank knows it (for the payee-name check) and the
    BIC where the SEPA scheme asks for one (outside the EEA) (issue 40); both empty for an IBAN kept before."""
    db.execute("alter table payees add column holder text")
    db.execute("alter table payees add column bic text")


@migrations()
def m091_evenings_by_day(db):
    """Index the evenings by their day (the date set, else the day they began) and when they began (issue 42): an
    evening's number on its day, and the evenings before and after it, are found without reading every evening.
    The expression is store/evenings.py's DAY, written the same way so that SQLite uses the index for it."""
    db.execute("create index evenings_by_day on evenings (coalesce(date, substr(created, 1, 10)), created)")


@migrations()
def m101_members_and_recognised(db):
    """Members and the games the club recognises (issue 41): a member is a regular the owner gave a member link
    (`members`: the player's key and name, the link's key and its digest to find it by); a game is in the club's
    record when `games.recognised` is 1 (the owner's, a member's, or accepted), 0 while it waits in the owner's
    "to accept" list, -1 once the owner left it out. Every game stored before counts as recognised, as it did.
    `iban_changes` logs who gave which IBAN when (masked), for the owner."""
    db.execute("alter table games add column recognised integer not null default 0")
    db.execute("update games set recognised = 1")
    db.execute("create index games_not_recognised on games (recognised) where recognised != 1")
    db["members"].create({"key": str, "name": str, "link_key": str, "link_digest": str, "created": str},
                         pk="key", not_null={"name", "link_key", "link_digest", "created"})
    db["members"].create_index(["link_digest"], unique=True)
    db["iban_changes"].create({"id": int, "key": str, "name": str, "by": str, "old": str, "new": str,
                               "created": str}, pk="id", not_null={"key", "by", "created"})


@migrations()
def m111_money_revision(db):
    """Count every change to the money between regulars (issue 42): a game's money rows written or taken away, a
    payment recorded or undone, each change logged with the moment it happened at in the book's order (the game's
    setting up, the payment's recording; '' when the game is gone). /money's book is kept per the count
    (store/money_book.py) and carried forward when every change since lies after all it holds, so a club of thousands
    of games is not replayed on every view nor after every payment. The log keeps the last thousand changes. The
    payments are indexed by when they were recorded and the games by when they were set up: the book's order."""
    db.execute("create table money_revision (id integer primary key check (id = 1), number integer not null)")
    db.execute("insert into money_revision (id, number) values (1, 0)")
    db.execute("create table money_changes (number integer primary key, at text not null)")
    moments = {("game_money", "insert"): "coalesce((select created from games where id = new.game_id), '')",
               ("game_money", "delete"): "coalesce((select created from games where id = old.game_id), '')",
               ("money_payments", "insert"): "coalesce(new.created, '')",
               ("money_payments", "update"): "coalesce(min(old.created, new.created), '')"}
    for (table, event), moment in moments.items():
        db.execute(f"create trigger money_revision_{table}_{event} after {event} on {table} begin "
                   "update money_revision set number = number + 1; "
                   f"insert into money_changes (number, at) select number, {moment} from money_revision; "
                   "delete from money_changes where number <= (select number from money_revision) - 1000; end")
    # A game with money that the owner accepts into the club's record, or leaves out, changes the book too.
    db.execute("create trigger money_revision_games_recognised after update of recognised on games "
               "when old.recognised != new.recognised and exists (select 1 from game_money where game_id = new.id) "
               "begin update money_revision set number = number + 1; "
               "insert into money_changes (number, at) select number, coalesce(new.created, '') from money_revision; "
               "delete from money_changes where number <= (select number from money_revision) - 1000; end")
    db.execute("create index money_payments_by_created on money_payments (created, id)")
    db.execute("create index games_by_created on games (created)")


@migrations()
def m121_the_day_a_game_counts_on(db):
    """Keep the day each game counts on (issue 40, RULES.md: its own `played_on`, else its evening's date, else
    the day it finished, in the instance's time zone) with its results and its rating row: seasons select by it
    and the ratings follow it, then the time the game finished. Filled by backfill b093 and every write."""
    db.execute("alter table game_results add column day text")
    db.execute("create index game_results_by_day on game_results (day, created)")
    db.execute("alter table rated_games add column day text")
    db.execute("create index rated_games_by_day on rated_games (day, finished, game_id)")


@migrations()
def m141_roster_aliases(db):
    """The club's roster (issue 42): `player_aliases` says which player a merged spelling's key is now (the owner
    merged "jose" into "José", or renamed a player to a spelling of another key), read wherever a name's key is
    written into the club's record; `roster_changes` logs each merge and rename for the owner, and its last
    number tells the pages that follow the results that the names changed."""
    db.execute("create table player_aliases (alias text primary key, key text not null, created text not null)")
    db.execute("create index player_aliases_by_key on player_aliases (key)")
    db.execute("create table roster_changes (number integer primary key, kind text not null, old text not null, "
               "new text not null, created text not null)")


@migrations()
def m151_results_number(db):
    """One number that every change of what a player's page says moves (issue 42, speed): a game's results row
    written or taken out (a hand finished or corrected, a game finished, abandoned, re-dated, a name in it changed),
    a game rated or a rating replayed, a game accepted into the club's record or left out, an import's games coming
    to count, a game joining an evening, an evening's date or note set. A player's page is kept under it (views/player_page.py), so reading it costs one row, not a scan."""
    db.execute("create table results_number (id integer primary key check (id = 1), number integer not null)")
    db.execute("insert into results_number (id, number) values (1, 0)")
    bump = "begin update results_number set number = number + 1; end"
    for table in ("game_results", "rated_games"):
        for event in ("insert", "update", "delete"):
            db.execute(f"create trigger results_number_{table}_{event} after {event} on {table} {bump}")
    # A seat's rows change with the game's row but for a correction: store_results moves the number itself then
    # (a trigger a row cost an import of 5,000 games a tenth of its time). A name or key changed in place fires.
    db.execute("create trigger results_number_player_results_named after update of key, name on player_results "
               + bump)
    db.execute("create trigger results_number_pending_imports after delete on pending_imports " + bump)
    # A player's rating steps by how many games made them (each step's `games` is its place in the player's rating
    # order): the chart's every n-th step and a shown game's step before it, without ordering them all.
    db.execute("create index rating_steps_by_key_games on rating_steps (key, games)")
    db.execute("create trigger results_number_games_recognised after update of recognised on games "
               f"when old.recognised != new.recognised {bump}")
    # The player's evenings and their names (a game joining one, an evening's date or note set), but not each
    # tap's `updated` on the evening.
    for event in ("insert", "update", "delete"):
        db.execute(f"create trigger results_number_evening_games_{event} after {event} on evening_games {bump}")
    for event, of in (("insert", "insert"), ("update", "update of date, note"), ("delete", "delete")):
        db.execute(f"create trigger results_number_evenings_{event} after {of} on evenings {bump}")
    # A player's name on the roster (a rename, merge or split: m141's log) shows on their page.
    db.execute("create trigger results_number_roster_changes after insert on roster_changes " + bump)
