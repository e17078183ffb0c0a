"""Rendered sheet pages shared by the processes of `serve --workers N`, so that one of them renders each.

After a tap every follower of the game asks for its page; with several processes each would render it
(a 7 x 25 sheet takes milliseconds). The page a follower sees is the same for all (its slots filled per
request), so the first process to render it leaves it in a folder of the server's own (made at start,
readable by its user only, removed at exit), and the others read it from there. Only a game's newest
page is kept. With one process (no folder configured) nothing is written.
"""

import contextlib
import glob
import os
import re
import shutil
import tempfile

from flask import current_app

CONFIG = "SHARED_PAGES"
_SAFE_ID = re.compile(r"[A-Za-z0-9_-]{1,64}", re.ASCII)


def make_folder():
    """A new folder for the server's shared pages (mode 0700)."""
    return tempfile.mkdtemp(prefix="scorekeeper-pages-")


def remove_folder(folder):
    shutil.rmtree(folder, ignore_errors=True)


def _folder(game_id):
    folder = current_app.config.get(CONFIG)
    return folder if folder and _SAFE_ID.fullmatch(game_id) else None


def _name(game_id, revision, language):
    return f"{game_id}.{revision}~{language}.html" if language else f"{game_id}.{revision}.html"


def get(game_id, revision, language=""):
    """The page of the game at revision (in language) as another process rendered it, or None."""
    folder = _folder(game_id)
    if folder is None or not _SAFE_ID.fullmatch(language or "x"):
        return None
    try:
        with open(os.path.join(folder, _name(game_id, revision, language)), encoding="utf-8") as file:
            return file.read()
    except FileNotFoundError:
        return None


def put(game_id, revision, page, language=""):
    """Leave the page of the game at revision (in language) for the other processes; drop the game's older pages
    (the same revision in other languages stays)."""
    folder = _folder(game_id)
    if folder is None or not _SAFE_ID.fullmatch(language or "x"):
        return
    path = os.path.join(folder, _name(game_id, revision, language))
    current = (os.path.join(folder, _name(game_id, revision, "")), os.path.join(folder, f"{game_id}.{revision}~"))
    temporary = f"{path}.{os.getpid()}.tmp"
    try:
        with open(temporary, "w", encoding="utf-8") as file:
            file.write(page)
        os.replace(temporary, path)  # whole or not at all: a reader never sees half a page
    except OSError:  # a full disk, a folder gone: the page is still kept in this process, only not shared
        with contextlib.suppress(OSError):
            os.remove(temporary)
        return
    for older in glob.glob(os.path.join(glob.escape(folder), f"{game_id}.*.html")):
        if older != current[0] and not older.startswith(current[1]):
            with contextlib.suppress(FileNotFoundError):
                os.remove(older)
