"""The one cache: everything the app keeps of a game, bounded in bytes, keyed by what it is true of.

A follower's answer passes through layers that each keep what they made: the store's loaded game, the sheet
page with its slots, its gzipped bytes, the whole answer the shortcut before Flask gives again
(responses/follow_poll.py). They all keep it here, under a `Key` that names everything the value depends on:

- the database and its generation (store/generation.py): a restore, an import, a delete or a migration starts a
  new one, so nothing kept from before is found again, in this process or any other;
- the game (or event) and its follow tag, which carries the status and the move to a next game;
- the language code the request resolved to (never the raw Accept-Language header: fifty spellings of
  "German" are one page), the kind of viewer (a follower, a scorekeeper with the seat links shown), what is
  kept (a loaded game, a page, its gzipped bytes, a whole answer) and what else that kind depends on (the
  address a page links back to).

A value is put under the key of what it was made from (the head the renderer read), never the key the
asker guessed before: a page rendered after a change lands under the new tag. The whole is one least
recently used store of MAX_BYTES, so many variants of a page cost memory once, within the bound.

With `serve --workers N` a follower's page is also left in a folder the processes share (`share`, `shared`),
named by the same key, so one process renders it for all.
"""

import contextlib
import glob
import os
import re
import shutil
import sys
import tempfile
import threading
from collections import OrderedDict
from typing import NamedTuple

MAX_BYTES = 128 * 1024 * 1024  # the room's pages in a language or two, its loaded games, the PDFs asked for
SHARED_FOLDER = "SHARED_PAGES"  # the app's config naming the folder `serve --workers N` shares
_SAFE = re.compile(r"[A-Za-z0-9_+.-]{1,80}\Z")


class Key(NamedTuple):
    """What a kept value is true of; two requests that agree on every field get the same bytes."""

    database: str  # the database file's path (a test process serves many)
    generation: int  # the database's generation the value was read in
    subject: str  # the game's id; "event/<id>" for an event's pages; a record's digest for its PDF
    tag: str  # the follow tag (revision, status, next game); an event's revision
    language: str = ""  # the resolved language code, "" when the value says no words
    viewer: object = ""  # "follower", ("editor", seat links), "" when every viewer gets the same
    kind: str = ""  # what is kept: "loaded", "sheet", "gzip", "answer", "pdf"...
    detail: tuple = ()  # what else this kind depends on (the address a page links back to, a paper size)


class Kept:
    """Values by Key, least recently used dropped first beyond max_bytes in all (each value's cost: its length,
    or the cost given)."""

    def __init__(self, max_bytes):
        self.max_bytes = max_bytes
        self.size = 0
        self._items = OrderedDict()  # key -> (value, cost)
        self._lock = threading.Lock()

    def get(self, key):
        with self._lock:
            found = self._items.get(key)
            if found is None:
                return None
            self._items.move_to_end(key)
            return found[0]

    def put(self, key, value, cost=None):
        """Keep value under key; return value."""
        cost = len(value) if cost is None else cost
        if cost > self.max_bytes:
            return value  # one huge value would evict everything for nothing
        with self._lock:
            old = self._items.pop(key, None)
            if old is not None:
                self.size -= old[1]
            self._items[key] = (value, cost)
            self.size += cost
            while self.size > self.max_bytes:
                _key, (_value, dropped) = self._items.popitem(last=False)
                self.size -= dropped
        return value

    def keys(self):
        with self._lock:
            return list(self._items)

    def clear(self):
        with self._lock:
            self._items.clear()
            self.size = 0

    def __len__(self):
        return len(self._items)


KEPT = Kept(MAX_BYTES)
get = KEPT.get
put = KEPT.put


def copies(subject, kind):
    """How many values of one kind are kept for a subject (the tests count the copies of a page)."""
    return sum(1 for key in KEPT.keys() if key.subject == subject and key.kind == kind)


# ---- the folder the processes of `serve --workers N` share ------------------------------------------------


def make_folder():
    """A new folder for the server's shared pages (mode 0700)."""
    return tempfile.mkdtemp(prefix="scorekeeper-pages-")


def remove_folder(folder):
    shutil.rmtree(folder, ignore_errors=True)


def _file_name(key):
    """The key's page as a file name: the game first (its older pages are found by it), then every field that
    names a follower's page; None when a field could not be a file name (the page is then not shared)."""
    parts = (key.subject, f"g{key.generation}", key.tag, key.language or "-")
    if key.viewer != "follower" or key.detail or not all(_SAFE.match(str(part)) for part in parts):
        return None
    return "~".join(parts) + ".html"


def shared(folder, key):
    """The page under key as another process left it, or None."""
    name = folder and _file_name(key)
    if not name:
        return None
    try:
        with open(os.path.join(folder, name), encoding="utf-8") as file:
            return file.read()
    except FileNotFoundError:
        return None


def share(folder, key, page):
    """Leave the page under key for the other processes; drop the game's pages of other generations and tags
    (its pages in other languages stay)."""
    name = folder and _file_name(key)
    if not name:
        return
    path = os.path.join(folder, name)
    temporary = f"{path}.{os.getpid()}.tmp"
    try:
        with open(temporary, "w", encoding="utf-8") as file:
            file.write(page)
        os.replace(temporary, path)  # whole or not at all: a reader never sees half a page
    except OSError:  # a full disk, a folder gone: the page is still kept in this process, only not shared
        with contextlib.suppress(OSError):
            os.remove(temporary)
        return
    current = os.path.join(folder, "~".join((key.subject, f"g{key.generation}", key.tag, "")))
    for older in glob.glob(os.path.join(glob.escape(folder), glob.escape(key.subject) + "~*.html")):
        if not older.startswith(current):
            with contextlib.suppress(FileNotFoundError):
                os.remove(older)


def cost_of_loaded(loaded):
    """What a loaded game holds, roughly: its record's text several times over, as Python objects."""
    text = vars(loaded).get("text")  # as load keeps it; never worked out here
    return 8 * len(text) if text else 64 * 1024 + sys.getsizeof(loaded)
