"""The addresses a phone on the same network can open."""

import socket
import struct

SIOCGIFADDR = 0x8915  # Linux: an interface's IPv4 address


def _interface_address(name):
    """Return the IPv4 address of one network interface, or None (Linux ioctl)."""
    try:
        import fcntl  # not on Windows, where the routed address has to do
    except ImportError:
        return None
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as sock:
        try:
            packed = fcntl.ioctl(sock.fileno(), SIOCGIFADDR, struct.pack("256s", name.encode()[:15]))
        except OSError:
            return None
    return socket.inet_ntoa(packed[20:24])


def _routed_address():
    """Return the address the machine would send from to reach the LAN (no packet is sent), or None."""
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as sock:
        try:
            sock.connect(("10.255.255.255", 1))
            return sock.getsockname()[0]
        except OSError:
            return None


def phone_addresses():
    """Return every non-loopback IPv4 address of this machine, the one it routes from first."""
    found = [_routed_address()]
    try:
        found += [_interface_address(name) for _index, name in socket.if_nameindex()]
    except OSError:
        pass
    try:
        found += [info[4][0] for info in socket.getaddrinfo(socket.gethostname(), None, socket.AF_INET)]
    except OSError:
        pass
    addresses = []
    for address in found:
        if address and not address.startswith(("127.", "0.")) and address not in addresses:
            addresses.append(address)
    return addresses


EVERY_INTERFACE = ("0.0.0.0", "", "::")
LOOPBACK_NAMES = ("localhost", "127.0.0.1")


def is_loopback(host):
    """True when an address (or `localhost`) is reachable from this machine only."""
    return host in ("localhost", "::1") or host.startswith("127.")


def serving_addresses(host):
    """Return the addresses a browser can open for a server listening on host: only those it listens on."""
    if host in EVERY_INTERFACE:
        return phone_addresses()
    return [host]


def machine_names():
    """Return the names this machine answers to: localhost, its host name (and .local), its own addresses."""
    names = list(LOOPBACK_NAMES)
    hostname = socket.gethostname()
    if hostname:
        names += [hostname, f"{hostname}.local"]
    return names + phone_addresses()


def serving_message(host, port, addresses):
    """Say where the server can be opened, and how to let phones in when they cannot reach it."""
    if is_loopback(host):
        shown = f"[{host}]" if ":" in host else host
        return (
            f"Scorekeeper is running at http://{shown}:{port}/ on this machine only: phones cannot open it. "
            "To let phones on the same network in, start it with --host 0.0.0.0."
        )
    if addresses:
        where = " or ".join(f"http://{address}:{port}/" for address in addresses)
        return f"Scorekeeper is running. On a phone on the same network open: {where}"
    return (
        f"Scorekeeper is running at http://127.0.0.1:{port}/ — this machine has no network address "
        "a phone could reach; connect it to the Wi-Fi and start again."
    )
