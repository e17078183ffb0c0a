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
