"""The club's roster (issue 42): one display name per player, the spellings merged into them, and renames.

A player is a key: rules.game.names.name_key of their display name. The display name is the member's name as the owner
added or renamed them, else the first spelling ever entered (`players`); never "whatever was typed last".
`player_aliases` maps the key of a spelling merged into a player ("jose" into "José") to that player's key. It is
read wherever a name's key is written into the club's record (the results and habits rows, the ratings, the money
rows, the payments, the payees and the list of names), so every page that reads by key reads one player, and a
game typed "jose" tomorrow counts for José too. Merging, splitting and renaming are store/merging.py's
(docs/decisions/0040-one-roster-and-merged-spellings.md)."""

from ..rules.game.names import name_key


def _marks(values):
    return ", ".join("?" * len(values))


def aliases_of(db, keys):
    """Return {key: the player's key} for those of the keys that are merged spellings."""
    keys = sorted({key for key in keys if key})
    if not keys:
        return {}
    return dict(db.execute(f"select alias, key from player_aliases where alias in ({_marks(keys)})", keys).fetchall())


def keyer(db):
    """Return a function: a name (any spelling) -> the key of the player it is (all the aliases read once)."""
    aliases = dict(db.execute("select alias, key from player_aliases").fetchall())

    def key_of(name):
        key = name_key(name)
        return aliases.get(key, key)

    return key_of


def player_key(db, name):
    """The key of the player a name (any spelling, a merged one too) is."""
    key = name_key(name)
    return aliases_of(db, [key]).get(key, key)


def display_names(db, keys=None):
    """Return {key: display name}: the member's name, else the first spelling entered; of `keys` only, when given."""
    where, params = "", []
    if keys is not None:
        keys = sorted(set(keys))
        if not keys:
            return {}
        where, params = f" where key in ({_marks(keys)})", keys
    shown = dict(db.execute(f"select key, name from players{where}", params).fetchall())
    shown.update(db.execute(f"select key, name from members{where}", params).fetchall())
    return shown


def display_name(db, name):
    """The display name of the player a name (any spelling, a merged one too) is; the name itself, tidied, when
    nobody of that key is known."""
    key = player_key(db, name)
    return display_names(db, [key]).get(key) or " ".join(str(name).split())


def roster(db):
    """Return the roster to pick names from: the members by name, then everyone else who has played here, by
    name: [{"key", "name", "member"}]. A merged spelling is not listed: its player is."""
    members = display_names(db, [key for (key,) in db.execute("select key from members").fetchall()])
    others = {key: name for key, name in db.execute("select key, name from players").fetchall() if key not in members}
    listed = [{"key": key, "name": name, "member": True} for key, name in members.items()]
    listed.sort(key=lambda row: (row["name"].casefold(), row["key"]))
    rest = [{"key": key, "name": name, "member": False} for key, name in others.items()]
    return listed + sorted(rest, key=lambda row: (row["name"].casefold(), row["key"]))


def spellings(db):
    """Return {player's key: [merged spellings' keys]}: what the owner's roster lists under each player."""
    merged = {}
    for alias, key in db.execute("select alias, key from player_aliases order by alias").fetchall():
        merged.setdefault(key, []).append(alias)
    return merged


def changes(db, limit=50):
    """Return the roster's merges and renames, newest first: kind ("merge", "rename"), old, new, created."""
    return list(db.query("select kind, old, new, created from roster_changes order by number desc limit ?", [limit]))


def revision(db):
    """What changes when a display name may have: the roster's last merge or rename, and the members (one added
    under another spelling than first typed shows by it). Pages that show names follow it."""
    return list(
        db.execute(
            "select (select coalesce(max(number), 0) from roster_changes), (select count(*) from "
            "members), (select coalesce(max(created), '') from members)"
        ).fetchone()
    )
