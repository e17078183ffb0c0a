"""The address a phone on the same network should open."""

import socket


def phone_address():
    """Return this machine's LAN address as its own name resolves, or 127.0.0.1 when it has none."""
    try:
        infos = socket.getaddrinfo(socket.gethostname(), None, socket.AF_INET)
    except OSError:
        return "127.0.0.1"
    addresses = [info[4][0] for info in infos if not info[4][0].startswith("127.")]
    return addresses[0] if addresses else "127.0.0.1"
