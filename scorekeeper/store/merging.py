"""Merging a spelling into a player, splitting it off again, and renaming a player (issue 42, the owner's roster):
the aliases written (store/roster.py reads them), the club's record keyed again from the names as typed its rows
keep, the summaries summed again, the ratings rated again from the player's first game, and the money's book told
(docs/decisions/0040-one-roster-and-merged-spellings.md)."""

from ..rules.game.checks import RecordError
from ..rules.game.names import name_key
from ..rules.said import said
from .db import now
from .ratings import replay_from, start_of
from .results import sum_summaries
from .roster import display_name, display_names, keyer, player_key


class RosterError(RecordError):
    """A merge or a rename the roster refuses; the message says why."""

    def __init__(self, message):
        super().__init__("name", message)


def _marks(values):
    return ", ".join("?" * len(values))


def _known(db, key):
    """True when someone of that key played here, is a member or is named in the money."""
    return any(
        db.execute(sql, [key]).fetchone()
        for sql in (
            "select 1 from players where key = ?",
            "select 1 from members where key = ?",
            "select 1 from player_results where key = ? limit 1",
            "select 1 from payees where key = ?",
            "select 1 from money_payments where payer = ?1 or payee = ?1 limit 1",
        )
    )


# ---- merging and renaming ---------------------------------------------------------------------------------


def merge(db, spelling, into):
    """Merge the player named `spelling` (any of their spellings) into the player named `into`: every game, rating,
    season line, payment and IBAN of the one counts for the other from now on, and a game typed with the spelling
    later counts for them too. Return (the merged key, the player's display name). Raise RosterError when both are
    one player already, when either is unknown, or when they sat at one table (two people, not two spellings)."""
    with db.atomic():
        source, target = player_key(db, spelling), player_key(db, into)
        shown = display_name(db, into)
        if source == target:
            raise RosterError(said("%(one)s and %(other)s are one player already.", one=spelling, other=shown))
        for name, key in ((spelling, source), (into, target)):
            if not _known(db, key):
                raise RosterError(said("Nobody called '%(name)s' has played here yet.", name=name))
        together = db.execute(
            "select count(*) from player_results a join player_results b on b.game_id = a.game_id "
            "where a.key = ? and b.key = ?",
            [source, target],
        ).fetchone()[0]
        if together:
            raise RosterError(
                said(
                    "%(one)s and %(other)s sat at the same table (%(games)d games): they are two people, "
                    "not two spellings of one.",
                    one=spelling,
                    other=shown,
                    games=together,
                )
            )
        old = display_name(db, spelling)
        _point(db, source, target)
        member = db.execute("select 1 from members where key = ?", [target]).fetchone()
        if member:  # the player's own link stays; the merged spelling's, if any, stops working
            db.execute("delete from members where key = ?", [source])
        else:
            db.execute("update members set key = ?, name = ? where key = ?", [target, shown, source])
        db.execute("delete from players where key = ?", [source])
        _move_payee(db, source, target, shown)
        rekey(db, [source], [target])
        _log(db, "merge", old, shown)
    return source, shown


def rename(db, name, new):
    """Give the player named `name` (any spelling) the display name `new` (checked by the caller); the player's key
    follows the new name and the old one becomes one of their spellings. Return the player's key now. Raise
    RosterError when `new` is another player's name (merge them instead)."""
    with db.atomic():
        key, target = player_key(db, name), name_key(new)
        old = display_name(db, name)
        if not _known(db, key):
            raise RosterError(said("Nobody called '%(name)s' has played here yet.", name=name))
        owner_of_new = player_key(db, new)  # a spelling merged into this player may become their name
        if owner_of_new != key and (owner_of_new != target or _known(db, target)):
            raise RosterError(
                said("%(name)s is another player's name: merge the two players instead.", name=display_name(db, new))
            )
        if target != key:
            db.execute("delete from player_aliases where alias = ?", [target])  # the player's own spelling again
            _point(db, key, target)
            for table in ("players", "members", "payees", "iban_changes"):
                db.execute(f"update {table} set key = ? where key = ?", [target, key])
        db.execute("update players set name = ? where key = ?", [new, target])
        db.execute("update members set name = ? where key = ?", [new, target])
        db.execute("update payees set name = ? where key = ?", [new, target])
        if target != key:
            rekey(db, [key], [target])
        _log(db, "rename", old, new)
    return target


def split(db, spelling):
    """Undo a merge: the spelling (a key merged into a player) is a player of their own again, with the games,
    rating, season lines and payments typed under it (the rows keep the names as typed). A member link or an IBAN
    the merge gave the player stays theirs. Return (the player's display name, the spelling's display name). Raise
    RosterError when the spelling is merged into nobody."""
    with db.atomic():
        key = name_key(spelling)
        row = db.execute("select key from player_aliases where alias = ?", [key]).fetchone()
        if row is None:
            raise RosterError(said("%(name)s is merged into nobody.", name=spelling))
        player = row[0]
        shown = display_names(db, [player]).get(player, player)
        db.execute("delete from player_aliases where alias = ?", [key])
        first = db.execute(
            "select p.name from player_results p join game_results r on r.game_id = p.game_id "
            "where p.key = ? order by r.created, p.game_id",
            [player],
        ).fetchall()
        typed = next((name for (name,) in first if name_key(name) == key), spelling)
        db.execute("insert or ignore into players (key, name, created) values (?, ?, ?)", [key, typed, now()])
        rekey(db, [player], [player, key])
        _log(db, "split", shown, typed)
    return shown, typed


def _point(db, source, target):
    """From now on the key `source`, and every spelling merged into it, is the player `target`."""
    db.execute("update player_aliases set key = ? where key = ?", [target, source])
    db.execute("insert or replace into player_aliases (alias, key, created) values (?, ?, ?)", [source, target, now()])


def _move_payee(db, source, target, shown):
    """The merged spelling's IBAN becomes the player's when they gave none; the IBAN log follows."""
    if db.execute("select 1 from payees where key = ?", [target]).fetchone():
        db.execute("delete from payees where key = ?", [source])
    else:
        db.execute("update payees set key = ?, name = ? where key = ?", [target, shown, source])
    db.execute("update iban_changes set key = ? where key = ?", [target, source])


def _log(db, kind, old, new):
    db.execute("insert into roster_changes (kind, old, new, created) values (?, ?, ?, ?)", [kind, old, new, now()])


def rekey(db, gone, kept):
    """Key again the club's record of the keys `gone` from the names as typed that its rows keep (the aliases
    just written say whose they are): results, habits, money rows, payments; the players' summaries of those keys
    summed again; the ratings from the first game of the players `kept` on rated again; the money's book told."""
    key_of = keyer(db)
    db.conn.create_function("roster_key", 1, lambda name: key_of(name or ""), deterministic=True)
    marks, keys = _marks(gone), list(gone)
    db.execute(f"update player_results set key = roster_key(name) where key in ({marks})", keys)
    db.execute(
        "update player_habits set key = coalesce((select p.key from player_results p where p.game_id = "
        f"player_habits.game_id and p.seat = player_habits.seat), key) where key in ({marks})",
        keys,
    )
    for table in ("game_money", "money_payments"):
        for side in ("payer", "payee"):
            db.execute(f"update {table} set {side} = roster_key({side}_name) where {side} in ({marks})", keys)
    sum_summaries(db, [*gone, *kept])
    start = start_of(db, kept)
    if start is not None:
        replay_from(db, start, set(gone) | set(kept))
    else:  # none of them is in a rated game
        db.execute(f"delete from ratings where key in ({marks})", keys)
    # The money's book is worked out from the start again (a change at '' lies before all it holds).
    db.execute("update money_revision set number = number + 1")
    db.execute("insert into money_changes (number, at) select number, '' from money_revision")
