"""Player names: what a name may hold, the form it is kept in, and when two names are the same player.

A name is kept NFC-normalised and trimmed. It may not hold control characters (U+0000 would be written raw into
a page), and must show something: a name made only of spaces, zero-width and other invisible characters names
nobody. Two names are the same player when they are equal after NFC, removing the invisible characters and
casefolding: "é" and "e" + a combining accent, "Ann" and "ANN", "A" and "A" + a zero-width space.
Every way a name comes in (the setup form, the API, imports, events, a late arrival) goes through here.
"""

import functools
import unicodedata

from .checks import RecordError
from ..said import said

# Characters drawn as nothing that are not format characters (Cf): the Hangul fillers and the blank Braille cell.
BLANKS = frozenset("\u115f\u1160\u3164\uffa0\u2800\u034f")
# Unicode categories that draw nothing on their own: spaces, format characters, combining marks, unassigned.
UNSEEN = frozenset({"Zs", "Zl", "Zp", "Cf", "Mn", "Me", "Cn"})
# Categories a name may never hold: control characters, lone surrogates, line and paragraph separators.
FORBIDDEN = frozenset({"Cc", "Cs", "Zl", "Zp"})
# What a form or a pasted name may leave around it, trimmed before the check.
TRIMMED = " \t\r\n\u00a0\u3000"


def _invisible(char):
    return char in BLANKS or unicodedata.category(char) == "Cf"


@functools.lru_cache(maxsize=4096)  # a room's names come back at every tap and every import's game
def name_key(name):
    """Return what two names of the same player share: NFC, invisible characters removed, casefolded, the
    spaces between words collapsed to one. The one key every page, the ratings, seasons and money compare by."""
    text = unicodedata.normalize("NFC", str(name))
    text = "".join(char for char in text if not _invisible(char))
    return " ".join(unicodedata.normalize("NFC", text.casefold()).split())


def problem(name):
    """Return why `name` (text) cannot be a player's name, or None. Only the spaces, tabs and line ends a form may
    leave around a name are trimmed first: a C1 control such as U+0085, which Python's strip() would take for a
    space, is refused wherever it stands."""
    text = unicodedata.normalize("NFC", name).strip(TRIMMED)
    if any(unicodedata.category(char) in FORBIDDEN for char in text) or "\ufffe" in text or "\uffff" in text:
        return said("holds a control character (a line break, a tab or an unprintable code); type the name again")
    if not any(char not in BLANKS and unicodedata.category(char) not in UNSEEN for char in text):
        return said("shows nothing: a name needs at least one visible letter, digit or sign")
    return None


def without_controls(name):
    """Return the name without the characters problem() refuses, to show it back beside the refusal."""
    return "".join(
        char for char in str(name) if unicodedata.category(char) not in FORBIDDEN and char not in "\ufffe\uffff"
    )


def player_name(name, path="name"):
    """Return the name NFC-normalised and trimmed, or raise RecordError(path) saying what to fix."""
    if not isinstance(name, str) or not name.strip():
        raise RecordError(path, said("must be a name"))
    why = problem(name)
    if why:
        raise RecordError(path, why)
    return unicodedata.normalize("NFC", name).strip()


def player_names(names, path="players", key_of=None):
    """Return each name as player_name keeps it; refuse two names of the same player (name_key, or `key_of`: the
    store's, which knows the spellings the owner merged into one player)."""
    kept, seen = [], {}
    for index, name in enumerate(names):
        kept.append(player_name(name, f"{path}[{index}]"))
        key = (key_of or name_key)(kept[-1])
        if key in seen:
            raise RecordError(f"{path}[{index}]", said("%(name)s is listed twice", name=repr(kept[-1])))
        seen[key] = index
    return kept


def is_same_player(first, second):
    """True when the two names are the same player's."""
    return name_key(first) == name_key(second)


def _plain_words(text):
    """A name's words as a phone's typing matches them: accents dropped (ë, é: e), case ignored, any spacing."""
    text = unicodedata.normalize("NFKD", name_key(text))
    return "".join(char for char in text if not unicodedata.combining(char)).split()


def matching(typed, names):
    """The names a player typed on a phone may mean: the one name equal to it (case, accents and spacing ignored),
    else every name whose words the typed words begin, in any order: "hugo", "Jansen", "jansen hugo" and "hugo jan"
    find "Hugo Jansen", "zoe peeters" finds "Zoë Peeters", "de vries" finds "Dirk de Vries". In the names' order."""
    words = _plain_words(typed)
    if not words:
        return []
    plain = [(name, _plain_words(name)) for name in names]
    same = [name for name, own in plain if own == words]
    if same:
        return same

    def begins(own):
        left = list(own)
        for word in sorted(words, key=len, reverse=True):  # the longest first: "jan" must not take "jansen"
            found = next((other for other in left if other.startswith(word)), None)
            if found is None:
                return False
            left.remove(found)
        return True

    return [name for name, own in plain if begins(own)]
