"""The commands about the instance: serve, backup, restore, export."""

import re
import sqlite3
import sys

from scorekeeper.serving import server

from .usage import UsageError, positive


PROXY_HEADERS = {"x-forwarded-for", "x-forwarded-proto", "x-forwarded-host"}
HOST_NAME = re.compile(r"\.?[A-Za-z0-9]([A-Za-z0-9.-]{0,252})(:\d{1,5})?")


def cmd_serve(args):
    from scorekeeper import create_app, store
    from scorekeeper.serving.network import serving_addresses, serving_message

    for name in args.allowed_host or ():
        if not HOST_NAME.fullmatch(name):
            raise UsageError(
                f"--allowed-host takes a name such as scores.example.org (or .example.org for "
                f"every subdomain), not {name!r}"
            )
    proxy = args.proxy or args.trusted_proxy is not None
    try:
        app = create_app(proxy=proxy, extra_hosts=args.allowed_host or ())
    except (store.StorageError, sqlite3.DatabaseError) as error:
        raise UsageError(f"cannot serve: {error}") from None
    options = {}
    if proxy:
        # waitress applies the proxy's headers only on connections from its address, and drops them
        # from everyone else: a client cannot claim https, another address or another host.
        options = {
            "trusted_proxy": args.trusted_proxy or "127.0.0.1",
            "trusted_proxy_count": 1,
            "trusted_proxy_headers": PROXY_HEADERS,
            "clear_untrusted_proxy_headers": True,
        }
        print(
            f"Scorekeeper is running on {args.host}:{args.port} behind the TLS proxy at "
            f"{options['trusted_proxy']}: links are https, cookies Secure. Names it may be opened by: "
            f"{', '.join(app.config['TRUSTED_HOSTS'])} (add the proxy's public name with --allowed-host NAME).",
            flush=True,
        )
    else:
        print(serving_message(args.host, args.port, serving_addresses(args.host)), flush=True)
    print(owner_lines(app), flush=True)
    threads = positive(args.threads, "--threads")
    connections = positive(args.connections, "--connections")
    workers = positive(args.workers, "--workers")
    print(server.limits(threads, connections, workers), flush=True)
    server.run(app, args.host, args.port, threads, connections, workers, options)
    return 0


def owner_lines(app):
    """Say how to act as the instance's owner: the key itself only on the start that made it."""
    if app.config.get("OWNER_KEY_NEW"):
        return (
            f"Owner key (shown this once; kept in {app.instance_path}/owner_key): {app.config['OWNER_KEY']}\n"
            "Export every game and import only with it: sign in at /owner, or send the header "
            "'Authorization: Bearer <owner key>'."
        )
    return f"Owner sign-in at /owner with the key in {app.instance_path}/owner_key (or OWNER_PASSWORD)."


def _database_path():
    """The database the server uses: SCOREKEEPER_DB, else the instance folder's."""
    import os

    from scorekeeper import PROJECT_ROOT

    instance = os.environ.get("SCOREKEEPER_INSTANCE", str(PROJECT_ROOT / "instance"))
    return os.environ.get("SCOREKEEPER_DB", os.path.join(instance, "scorekeeper.db"))


def _copy_database(copy, failing, done, file):
    """Run store.backup or store.restore on the database and FILE, then say `done`; a failure is one line."""
    from scorekeeper import store

    try:
        copy(_database_path(), file)
    except (store.StorageError, sqlite3.Error, OSError) as error:
        raise UsageError(f"cannot {failing}: {error}") from None
    print(done.format(database=_database_path(), file=file))
    return 0


def cmd_backup(args):
    """Copy the database to FILE with SQLite's online backup: safe while the server runs."""
    from scorekeeper import store

    return _copy_database(store.backup, "back up", "Backed up {database} to {file}", args.file)


def cmd_restore(args):
    """Replace the database's games with a backup's; a bad backup is refused and nothing changes."""
    from scorekeeper import store

    return _copy_database(store.restore, "restore", "Restored {database} from {file}", args.file)


def cmd_export(args):
    """Write every game (ids, evenings, whole history) and the club's record (evenings, events, seasons, payments,
    members) as the JSON export; with --with-keys, the owner's full backup, also the edit, director and member
    keys and the payees' IBANs."""
    from scorekeeper.store import exports
    from scorekeeper import store

    path = _database_path()
    try:
        store.check_storage(path)
        db = store.connect(path, create=False)
        try:
            damaged = []
            text = "".join(exports.export_document(db, with_keys=args.with_keys, damaged=damaged))
        finally:
            db.close()
        for game_id, problem in damaged:
            print(f"left out game {game_id}: {problem}", file=sys.stderr)
        with open(args.file, "w", encoding="utf-8") as file:
            file.write(text)
    except (store.StorageError, sqlite3.Error, OSError) as error:
        raise UsageError(f"cannot export: {error}") from None
    return 0
