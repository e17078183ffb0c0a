"""A small ordered registry of declared entries, found by id or alias.

An entry's name and description are Saids (rules/said.py), worded in the reader's language where they are
shown; ids, aliases and local names are not translated: what a user types is matched against them and the English
name.
"""

import re
from dataclasses import dataclass, field
from functools import lru_cache

from .said import N_, Local, Said, Separated, said


@dataclass(frozen=True)
class Option:
    """A typed option of a system or pattern, with its default.

    label is its short name on a page ("zero bid ±5"), choice_labels each choice's ({"exact": "exact"}): both
    Saids, worded in the reader's language; the id and the choices are what a record and a user's text hold."""

    id: str
    type: type
    default: object
    description: str
    choices: tuple = ()
    label: str = ""
    choice_labels: dict = field(default_factory=dict, hash=False, compare=False)

    def __post_init__(self):
        if not self.label:
            object.__setattr__(self, "label", self.id)

    def choice_label(self, choice):
        """Return a choice as the reader reads it: its label, else the choice itself."""
        return self.choice_labels.get(choice, choice)

    def coerce(self, value):
        """Return value as this option's type, or raise ValueError saying why."""
        if self.type is bool:
            if isinstance(value, bool):
                return value
            if isinstance(value, str) and value.lower() in ("true", "false", "1", "0", "on", "off"):
                return value.lower() in ("true", "1", "on")
            raise ValueError(said("option '%(option)s' must be true or false", option=self.label))
        if self.type is int:
            if isinstance(value, bool) or not isinstance(value, (int, str)):
                raise ValueError(said("option '%(option)s' must be a whole number", option=self.label))
            try:
                number = int(value)
            except ValueError:
                raise ValueError(said("option '%(option)s' must be a whole number", option=self.label)) from None
            return number
        value = str(value)
        if self.choices and value not in self.choices:
            raise ValueError(
                said(
                    "option '%(option)s' must be one of %(choices)s",
                    option=self.label,
                    choices=Separated(tuple(self.choice_label(c) for c in self.choices), ", "),
                )
            )
        return value


def LocalName(name, local_names=()):
    """An entry's name as its reader says it: the local name in a language that has one (Boerenbridge in
    Dutch), else the name translated."""
    name = name if isinstance(name, (Said, Local)) else said(name)
    return Local(
        getattr(name, "said", name),
        tuple((code, local_names_of(names)[0]) for code, names in dict(local_names).items()),
    )


def local_names_of(names):
    """Return a language's local names of an entry as a tuple: one name ("Boerenbridge") or several, the first shown."""
    return (names,) if isinstance(names, str) else tuple(names)


@dataclass(frozen=True)
class Entry:
    """What every registry entry declares: an id, a display name and where it comes from."""

    id: str
    name: str
    description: str
    source: str
    aliases: tuple = ()
    options: tuple = field(default=())
    # Names that mean this entry with some options set, e.g. ("Squared", {"squared": True}).
    option_aliases: tuple = ()
    # What a language's players call this entry, where they have a name of their own: {"nl": "Boerenbridge"}, or
    # several names, the first shown. The name reads so in that language; each is found as an alias (docs/languages.md).
    local_names: dict = field(default_factory=dict, hash=False, compare=False)

    def __post_init__(self):
        if self.local_names:
            object.__setattr__(self, "name", LocalName(self.name, self.local_names))

    @property
    def citation(self):
        """The source as a page cites it: the seed files' numbers ("003, 001"), without the source's own English
        names for the variant (docs/languages.md "Sources"); docs/rules.md and the API keep the whole source."""
        cited = re.sub(r"\s*\([^()]*\)", "", self.source).strip()
        parts = re.split(rf"\b({HOUSE_RULES})\b", cited)
        return (
            Separated(tuple(said(part) if part == HOUSE_RULES else part for part in parts if part), "")
            if HOUSE_RULES in cited
            else cited
        )

    def resolve_options(self, given):
        """Return every option of this entry, the given ones coerced, the rest at their defaults."""
        given = dict(given or {})
        resolved = {}
        for option in self.options:
            resolved[option.id] = option.coerce(given.pop(option.id)) if option.id in given else option.default
        if given:
            raise ValueError(said("%(entry)s has no option %(option)s", entry=self.id, option=repr(sorted(given)[0])))
        return resolved

    def title(self, options=None):
        """Return the name with every option not at its default and the names that go with them:
        'Get Fred, squared (Oy Vey)'."""
        resolved, defaults = self.resolve_options(options), self.resolve_options({})
        options = [o for o in self.options if resolved[o.id] != defaults[o.id]]
        if not options:
            return self.name
        changed = [
            o.label if resolved[o.id] is True else Separated((o.label, o.choice_label(resolved[o.id])), " ")
            for o in options
        ]
        repeated = {_key(o.label) for o in options if resolved[o.id] is True}  # an alias that only repeats it
        also = [
            name
            for name, wanted in self.option_aliases
            if all(resolved.get(k) == v for k, v in wanted.items()) and _key(name) not in repeated
        ]
        parts = (self.name, ", ", Separated(tuple(changed), ", "))
        if also:
            parts += (" (", Separated(tuple(said(name) for name in also), ", "), ")")
        return Separated(parts, "")


def _key(text):
    text = str(getattr(text, "message", text))  # a name is matched in English, whatever the reader's language
    return _short_key(text) if len(text) <= 40 else _folded(text)


def _folded(text):
    return "".join(ch for ch in text.lower() if ch.isalnum())


# The same few ids are looked up for every hand of every game scored (a million times in a run of the tests);
# only short names are kept, so what a stranger types cannot fill the memory.
_short_key = lru_cache(maxsize=1024)(_folded)


# A source that is no seed file but the house rules RULES.md gathers: the one phrase a citation translates.
HOUSE_RULES = N_("house rules")
# A registry declared with its kind as plain text (rules/bids/bidding.py) is said through the catalogue all the same.
PLAIN_KINDS = (N_("bidding style"),)


class Registry:
    """Entries in declaration order, found by id, name or alias (case and punctuation ignored)."""

    def __init__(self, kind, entries):
        # said("scoring system"): worded in the reader's language in its messages
        self.kind = kind if isinstance(kind, Said) else said(kind)
        self.entries = tuple(entries)
        self._by_key = {}
        self._presets = {}
        for entry in self.entries:
            local = [name for names in entry.local_names.values() for name in local_names_of(names)]
            keys = {entry.id, entry.name, *entry.aliases, *local}
            names = [(key, {}) for key in keys] + list(entry.option_aliases)
            for key, options in names:
                normal = _key(key)
                owner = self._by_key.get(normal)
                if owner is not None and owner is not entry:
                    raise ValueError(f"{kind} {key!r} is declared twice ({owner.id}, {entry.id})")
                self._by_key[normal] = entry
                if options:
                    self._presets[normal] = dict(options)

    def __iter__(self):
        return iter(self.entries)

    def __len__(self):
        return len(self.entries)

    @property
    def default(self):
        """The entry a record gets when it names none: the first declared (the one place its default is said)."""
        return self.entries[0]

    def ids(self):
        return [entry.id for entry in self.entries]

    def find(self, name):
        """Return the entry for an id or alias, or raise ValueError naming the known ids."""
        entry = self._by_key.get(_key(name))
        if entry is None:
            raise ValueError(
                said(
                    "unknown %(kind)s %(name)s (known: %(known)s)",
                    kind=self.kind,
                    name=repr(name),
                    known=", ".join(self.ids()),
                )
            )
        return entry

    def lookup(self, name):
        """Return (entry, options) for a name; an option alias such as "Squared" sets options."""
        entry = self.find(name)
        return entry, dict(self._presets.get(_key(name), {}))

    def __contains__(self, name):
        return _key(name) in self._by_key
