"""The one reader of `Authorization: Bearer <key>`: the API's edit and seat keys, the director key, the owner key."""

from flask import request


def bearer_token():
    """Return the key a request carries as `Authorization: Bearer <key>`, or None.

    The scheme is read in any case ("bearer", "BEARER": RFC 7235 makes it case-insensitive); the key is trimmed,
    and an empty one is no key."""
    scheme, _space, token = request.headers.get("Authorization", "").partition(" ")
    token = token.strip()
    return token if scheme.lower() == "bearer" and token else None
