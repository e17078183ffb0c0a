"""`python -m scorekeeper serve` (what `make run` runs): a real server, its database, the phone address."""

import stat
from pathlib import Path

from scorekeeper.serving import network
from tests.server_helpers import free_port, start_serve, stop, wait_for


def local_addresses():
    """Return this machine's own non-loopback IPv4 addresses, as the kernel's routing table lists them."""
    lines = Path("/proc/net/fib_trie").read_text().splitlines()
    return {
        lines[i - 1].split()[-1]
        for i, line in enumerate(lines)
        if "/32 host LOCAL" in line and not lines[i - 1].split()[-1].startswith("127.")
    }


def test_serve_creates_the_instance_and_the_database_and_prints_only_where_it_listens(tmp_path):
    instance = tmp_path / "instance"
    port = free_port()
    server, lines = start_serve(instance, port)
    try:
        # Listening on 127.0.0.1 only: no LAN address a phone could not open, and how to let phones in.
        assert lines[0].startswith(f"Scorekeeper is running at http://127.0.0.1:{port}/ on this machine only")
        assert "--host 0.0.0.0" in lines[0]
        for address in local_addresses():
            assert address not in "".join(lines)
        assert "New game" in wait_for(f"http://127.0.0.1:{port}/")
        assert (instance / "scorekeeper.db").exists()
        assert (instance / "secret_key").read_text().strip()
    finally:
        stop(server)


def test_on_every_interface_serve_names_each_address_a_phone_can_open():
    addresses = sorted(local_addresses())
    message = network.serving_message("0.0.0.0", 5000, network.serving_addresses("0.0.0.0"))
    if addresses:
        assert "On a phone on the same network open: http://" in message and "127.0.0.1" not in message
        for address in addresses:
            assert f"http://{address}:5000/" in message
    else:
        assert "no network address a phone could reach" in message
    assert network.serving_message("192.0.2.7", 80, network.serving_addresses("192.0.2.7")) == (
        "Scorekeeper is running. On a phone on the same network open: http://192.0.2.7:80/"
    )


def test_serve_prints_the_owner_key_once_and_keeps_it_private(tmp_path):
    instance = tmp_path / "instance"
    server, lines = start_serve(instance, free_port())
    stop(server)
    key = (instance / "owner_key").read_text().strip()
    assert stat.S_IMODE((instance / "owner_key").stat().st_mode) == 0o600
    assert any(line.startswith("Owner key (shown this once") and line.rstrip().endswith(key) for line in lines)
    server, lines = start_serve(instance, free_port())
    stop(server)
    assert key not in "".join(lines) and "Owner sign-in at /owner" in lines[-1]
    assert (instance / "owner_key").read_text().strip() == key
