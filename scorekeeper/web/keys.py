"""The keys a browser keeps in cookies, in one place: a game's edit key, a seat link's key, an event's director key,
a member link's key. Each cookie is HttpOnly and SameSite=Lax (and Secure on https: web/security_headers.py), named
for what it opens; what a key lets the browser do is its owner's (edit_keys.py, views/seats.py, web/event_room.py,
members.py). A key sent as `Authorization: Bearer` is web/bearer.py's."""

from typing import NamedTuple

from flask import request

DAY = 60 * 60 * 24
KEYS_LOOKED_AT = 200  # a browser's key cookies of one kind read at most: a hostile request may send thousands


class KeyCookie(NamedTuple):
    """One kind of key cookie: `prefix` its name (followed by the game's or event's id when `per_item`)."""

    prefix: str
    max_age: int
    per_item: bool = True

    def name(self, item_id=None):
        return f"{self.prefix}_{item_id}" if self.per_item else self.prefix

    def give(self, response, key, item_id=None):
        """Let this browser hold the key from now on; returns the response."""
        response.set_cookie(self.name(item_id), key, max_age=self.max_age, httponly=True, samesite="Lax")
        return response

    def held(self, item_id=None):
        """The key this browser holds, or None."""
        return request.cookies.get(self.name(item_id))

    def forget(self, response, item_id=None):
        response.delete_cookie(self.name(item_id))
        return response

    def held_ids(self):
        """The ids of the games (or events) this browser holds a key of this kind for (at most KEYS_LOOKED_AT)."""
        start = f"{self.prefix}_"
        return [name[len(start) :] for name in list(request.cookies)[:KEYS_LOOKED_AT] if name.startswith(start)]


EDIT = KeyCookie("edit", DAY * 365)  # the phone that made the game keeps its score
SEAT = KeyCookie("seat", DAY)  # an evening: a seat link is handed round for one game
DIRECTOR = KeyCookie("direct", DAY * 365)
MEMBER = KeyCookie("member", DAY * 365 * 2, per_item=False)  # a regular's phone stays theirs
