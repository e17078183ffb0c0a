"""Who this device is (issue 41): the owner, a member (a regular the owner gave a member link: it keeps the
link's key in a cookie, as a game's edit key is kept), or nobody. `identity()` is the one answer every money
path and every new game asks; `trusted_device()` says whether a game started here is the club's at once.

TRUST_EVERY_DEVICE (instance/config.py, off by default) trusts every device to start the club's games, for a
club's own network; it gives no device a member's name, so no money rights (web/money_rights.py)."""

from typing import NamedTuple

from flask import current_app, g

from scorekeeper import store
from .keys import MEMBER
from .owner import is_owner


class Identity(NamedTuple):
    """`kind`: "owner", "member" or "nobody"; a member's player key and name."""

    kind: str
    key: str | None = None
    name: str | None = None


NOBODY = Identity("nobody")


def identity():
    """Return who this device is: the owner (signed in, or the owner key as Bearer), else the member whose link
    this browser holds, else nobody. Worked out once per request."""
    if "identity" not in g:
        if is_owner():
            g.identity = Identity("owner")
        else:
            member = store.member_by_link(store.get_db(), MEMBER.held())
            g.identity = Identity("member", member["key"], member["name"]) if member else NOBODY
    return g.identity


def trusted_device():
    """True when a game started from this device is in the club's record at once: the owner's, a member's, or
    any device on an instance that trusts every device."""
    return bool(current_app.config.get("TRUST_EVERY_DEVICE")) or identity().kind != "nobody"


def give_member_key(response, link_key):
    """Make this browser the member's: the link's key in a cookie (HttpOnly, as the edit keys)."""
    return MEMBER.give(response, link_key)


def forget_member_key(response):
    return MEMBER.forget(response)


def init_app(app):
    """Offer identity() to the templates; TRUST_EVERY_DEVICE is off unless the instance says so."""
    app.config.setdefault("TRUST_EVERY_DEVICE", False)
    app.add_template_global(identity, "device_identity")
