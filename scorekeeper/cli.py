"""The command line: `python -m scorekeeper score|event|systems|sheet|which|serve`."""

import argparse
import json
import re
import sqlite3
import sys

from scorekeeper import rules
from scorekeeper.rules import RecordError, numbers
from scorekeeper.rules.presets import PRESETS


class UsageError(Exception):
    """Bad input from the user: one line on stderr, exit status 2."""


def _read_text(path):
    try:
        with open(path, encoding="utf-8") as file:
            return file.read()
    except OSError as error:
        raise UsageError(f"cannot read {path}: {error.strerror}") from None
    except UnicodeDecodeError:
        raise UsageError(f"{path}: not UTF-8 text") from None


def _read_game(path):
    text = _read_text(path)
    try:
        return rules.load(text)
    except RecordError as error:
        raise UsageError(f"{path}: {error}") from None


def _number(value):
    return "" if value is None else f"{value:g}" if isinstance(value, float) else str(value)


def _cell(hand, seat):
    """One player's cell of a hand: bid/took, the score and the running total; * marks a miss."""
    bid = hand["bids"][seat]
    if hand["scores"] is None:
        return "-" if bid is None else f"{bid}/-"
    mark = "" if hand["made"][seat] else "*"
    return f"{bid}/{hand['tricks'][seat]}{mark} {_number(hand['scores'][seat])} = {_number(hand['totals'][seat])}"


def _columns(rows):
    widths = [max(len(row[i]) for row in rows) for i in range(len(rows[0]))]
    return ["  ".join(cell.rjust(w) if i != 2 else cell.ljust(w) for i, (cell, w) in enumerate(zip(row, widths)))
            for row in rows]


def format_table(scored):
    """Return the scored game as a table for the terminal."""
    names = scored["players"]
    rows = [["#", "cards", "dealer", "trump", *names]]
    for hand in scored["hands"]:
        rows.append([str(hand["number"]), str(hand["cards"]), names[hand["dealer"]], hand["trump"] or "?",
                     *(_cell(hand, seat) for seat in range(len(names)))])
    rows.append(["", "", "total", "", *(_number(t) for t in scored["totals"])])
    table = _columns(rows)
    rule = "-" * len(table[0])
    lowest = ", lowest total wins" if scored["lowest_wins"] else ""
    lines = [f"{rules.SYSTEMS.find(scored['system']).title(scored['options'])} ({scored['system']}){lowest}", table[0], rule, *table[1:-1], rule, table[-1],
             "", "cell: bid/took score = running total; * marks a missed bid"]
    lines.append(rules.standing_text(scored))
    if rules.tie_text(scored):
        lines.append(rules.tie_text(scored))
    if rules.loser_text(scored):
        lines.append(rules.loser_text(scored))
    settlement = scored["settlement"]
    if rules.SETTLEMENTS.find(settlement["method"]).moves_money:
        lines.append(f"Settlement ({settlement['method']}, stake {settlement['stake']:g}):")
        lines += [f"  {rules.payment_text(payment)}" for payment in settlement["payments"]]
        if not settlement["payments"]:
            lines.append("  nobody owes anything")
        if rules.pot_text(settlement):
            lines.append(f"  {rules.pot_text(settlement)}")
    return "\n".join(lines)


def format_compare(game):
    """Return the totals of the game under every system, side by side."""
    names = game.players
    width = max(8, *(len(name) for name in names))
    lines = [f"{'system':<26}" + "".join(f" {n:>{width}}" for n in names) + "  winner"]
    for system in rules.SYSTEMS:
        scored = rules.score(game, system=system)
        marker = " (low)" if system.lowest_wins else ""
        lines.append(f"{system.id:<26}" + "".join(f" {_number(t):>{width}}" for t in scored["totals"])
                     + f"  {', '.join(scored['winner'])}{marker}")
    return "\n".join(lines)


def _options(pairs):
    """Return {'made': '10 + bid'} from ['made=10 + bid']; values stay text, the system coerces them."""
    options = {}
    for pair in pairs:
        name, equals, value = pair.partition("=")
        if not equals or not name.strip():
            raise UsageError(f"--option {pair!r}: write NAME=VALUE, e.g. --option 'made=10 + 2*tricks'")
        options[name.strip()] = value.strip()
    return options


def cmd_score(args):
    game = _read_game(args.game)
    if args.compare:
        print(format_compare(game))
        return 0
    scored = rules.score(game, system=args.system, options=_options(args.option) if args.option else None)
    print(json.dumps(scored, indent=2, ensure_ascii=False) if args.json else format_table(scored))
    return 0


def cmd_event(args):
    """Score an event file whose tables carry their games inline; print it as a table or JSON."""
    from scorekeeper.event_text import format_event
    from scorekeeper.rules import events

    text = _read_text(args.event)
    try:
        scored = events.score_event(text)
    except RecordError as error:
        raise UsageError(f"{args.event}: {error}") from None
    print(json.dumps(scored, indent=2, ensure_ascii=False) if args.json else format_event(scored))
    return 0


REGISTRY_SECTIONS = [("Scoring systems", rules.SYSTEMS), ("Deal patterns", rules.PATTERNS),
                ("Modifiers", rules.MODIFIERS), ("Penalties", rules.PENALTIES),
                ("Bidding", rules.BIDDING_STYLES), ("Trump", rules.TRUMP_METHODS),
                ("Settlement", rules.SETTLEMENTS), ("House-rule presets", PRESETS),
                ("Tournament formats", rules.FORMATS)]


def systems_markdown():
    """Return every registry as Markdown: the source of docs/rules.md."""
    lines = ["# Systems, patterns and modifiers", "",
             "Generated by `python -m scorekeeper systems --markdown`; a test keeps it current.", ""]
    for title, registry in REGISTRY_SECTIONS:
        lines += [f"## {title}", "", "| id | name | aliases | source | description |", "| --- | --- | --- | --- | --- |"]
        for entry in registry:
            low = " Lowest total wins." if getattr(entry, "lowest_wins", False) else ""
            options = "".join(f" Option `{o.id}` (default {o.default!r}): {o.description}." for o in entry.options)
            aliases = [*entry.aliases, *(name for name, _ in entry.option_aliases)]
            lines.append(f"| `{entry.id}` | {entry.name} | {', '.join(aliases)} | {entry.source} | "
                         f"{entry.description}{low}{options} |")
        lines.append("")
    return "\n".join(lines)


def cmd_systems(args):
    if args.markdown:
        print(systems_markdown())
        return 0
    for title, registry in REGISTRY_SECTIONS:
        print(title)
        for entry in registry:
            low = " [lowest wins]" if getattr(entry, "lowest_wins", False) else ""
            print(f"  {entry.id:<26} {entry.name}{low}: {entry.description}")
        print()
    return 0


def cmd_sheet(args):
    """Write a blank score sheet, or the filled sheet of a game, as a PDF file."""
    from scorekeeper import printing

    if not args.output:
        raise UsageError("say where to write the PDF: -o FILE.pdf")
    if args.game:
        game = _read_game(args.game)
        try:
            data = printing.game_sheet_pdf(game, paper=args.paper, landscape=args.landscape or None)
        except printing.SheetError as error:
            raise UsageError(str(error)) from None
    else:
        try:
            data = printing.blank_sheet_pdf(
                players=args.players, names=args.names, pattern=args.pattern, max_cards=args.max,
                sizes=args.sizes, decks=args.decks, paper=args.paper, landscape=args.landscape,
                hook_helper=args.hook_helper, copies=args.copies, system=args.system)
        except printing.SheetError as error:
            raise UsageError(str(error)) from None
    try:
        with open(args.output, "wb") as file:
            file.write(data)
    except OSError as error:
        raise UsageError(f"cannot write {args.output}: {error.strerror}") from None
    return 0


def _option_words(options):
    return " ".join(f"{key}={value}" if not isinstance(value, bool) else key if value else f"{key}=false"
                    for key, value in options.items())


def cmd_which(args):
    """List every system (with options) and preset that gives the remembered points; guess a formula if none does."""
    from scorekeeper.rules import which

    cards = _positive(args.cards, "--cards") if args.cards else None
    players = _positive(args.players, "--players") if args.players else which.DEFAULT_PLAYERS
    try:
        examples = [which.parse_example(text, cards) for text in args.examples]
    except ValueError as error:
        raise UsageError(str(error)) from None
    matches = which.which(examples, players)
    guessed = None if matches else which.guess(examples)
    if args.json:
        found = [match.as_json() for match in matches]
        if guessed:
            found.append({"system": "formula", "options": guessed, "name": "House formula (a guess)", "guess": True})
        print(json.dumps(found, indent=2, ensure_ascii=False))
        return 0
    shown = ", ".join(str(example) for example in examples)
    if matches:
        print(f"Systems that score {shown} ({players} players), most common first:")
        for match in matches:
            print(f"  {match.name:<36} --system {match.system}"
                  + "".join(f" --option '{key}={value}'" for key, value in match.options.items()))
    elif guessed:
        print(f"No system scores {shown}. A guess, the simplest house formula that fits every example:")
        print(f"  {rules.formula.as_text(guessed)}")
        print("  --system formula" + "".join(f" --option '{key}={value}'" for key, value in guessed.items()))
    else:
        print(f"No system scores {shown}, and no simple formula does: check the examples.")
    return 0


def _positive(text, flag):
    try:
        return numbers.parse_whole(str(text), 1)
    except numbers.NumberError:  # '³' passes str.isdigit, not int: one parser for every number typed
        raise UsageError(f"{flag} must be a whole number of at least 1, not {str(text)[:40]!r}") from None


PROXY_HEADERS = {"x-forwarded-for", "x-forwarded-proto", "x-forwarded-host"}
HOST_NAME = re.compile(r"\.?[A-Za-z0-9]([A-Za-z0-9.-]{0,252})(:\d{1,5})?")


def cmd_serve(args):
    from waitress import serve

    from scorekeeper import create_app, store
    from scorekeeper.network import serving_addresses, serving_message

    for name in args.allowed_host or ():
        if not HOST_NAME.fullmatch(name):
            raise UsageError(f"--allowed-host takes a name such as scores.example.org (or .example.org for "
                             f"every subdomain), not {name!r}")
    proxy = args.proxy or args.trusted_proxy is not None
    try:
        app = create_app(proxy=proxy, extra_hosts=args.allowed_host or ())
    except (store.StorageError, sqlite3.DatabaseError) as error:
        raise UsageError(f"cannot serve: {error}") from None
    options = {}
    if proxy:
        # waitress applies the proxy's headers only on connections from its address, and drops them
        # from everyone else: a client cannot claim https, another address or another host.
        options = {"trusted_proxy": args.trusted_proxy or "127.0.0.1", "trusted_proxy_count": 1,
                   "trusted_proxy_headers": PROXY_HEADERS, "clear_untrusted_proxy_headers": True}
        print(f"Scorekeeper is running on {args.host}:{args.port} behind the TLS proxy at "
              f"{options['trusted_proxy']}: links are https, cookies Secure. Names it may be opened by: "
              f"{', '.join(app.config['TRUSTED_HOSTS'])} (add the proxy's public name with --allowed-host NAME).",
              flush=True)
    else:
        print(serving_message(args.host, args.port, serving_addresses(args.host)), flush=True)
    print(owner_lines(app), flush=True)
    serve(app, host=args.host, port=args.port, threads=8, **options)
    return 0


def owner_lines(app):
    """Say how to act as the instance's owner: the key itself only on the start that made it."""
    if app.config.get("OWNER_KEY_NEW"):
        return (f"Owner key (shown this once; kept in {app.instance_path}/owner_key): {app.config['OWNER_KEY']}\n"
                "Export every game and import only with it: sign in at /owner, or send the header "
                "'Authorization: Bearer <owner key>'.")
    return f"Owner sign-in at /owner with the key in {app.instance_path}/owner_key (or OWNER_PASSWORD)."


def _database_path():
    """The database the server uses: SCOREKEEPER_DB, else the instance folder's."""
    import os

    from scorekeeper import PROJECT_ROOT

    instance = os.environ.get("SCOREKEEPER_INSTANCE", str(PROJECT_ROOT / "instance"))
    return os.environ.get("SCOREKEEPER_DB", os.path.join(instance, "scorekeeper.db"))


def cmd_backup(args):
    """Copy the database to FILE with SQLite's online backup: safe while the server runs."""
    from scorekeeper import store

    try:
        store.backup(_database_path(), args.file)
    except (store.StorageError, sqlite3.Error, OSError) as error:
        raise UsageError(f"cannot back up: {error}") from None
    print(f"Backed up {_database_path()} to {args.file}")
    return 0


def cmd_restore(args):
    """Replace the database's games with a backup's; a bad backup is refused and nothing changes."""
    from scorekeeper import store

    try:
        store.restore(_database_path(), args.file)
    except (store.StorageError, sqlite3.Error, OSError) as error:
        raise UsageError(f"cannot restore: {error}") from None
    print(f"Restored {_database_path()} from {args.file}")
    return 0


def cmd_export(args):
    """Write every game (ids, evenings, whole history; edit keys with --with-keys) as the JSON export."""
    from scorekeeper import exports, store

    path = _database_path()
    try:
        store.check_storage(path)
        db = store.connect(path, create=False)
        try:
            damaged = []
            text = exports.games_json(exports.export_entries(db, with_keys=args.with_keys, damaged=damaged),
                                      damaged)
        finally:
            db.close()
        for game_id, problem in damaged:
            print(f"left out game {game_id}: {problem}", file=sys.stderr)
        with open(args.file, "w", encoding="utf-8") as file:
            file.write(text)
    except (store.StorageError, sqlite3.Error, OSError) as error:
        raise UsageError(f"cannot export: {error}") from None
    return 0


def build_parser():
    parser = argparse.ArgumentParser(prog="python -m scorekeeper", description="The Oh Hell scorekeeper.")
    commands = parser.add_subparsers(dest="command", required=True)

    score = commands.add_parser("score", help="score a game record and print the sheet")
    score.add_argument("game", help="the game record, a JSON file")
    score.add_argument("--json", action="store_true", help="print the scored game as JSON")
    score.add_argument("--system", help="rescore under another system (an id or an alias)")
    score.add_argument("--option", action="append", metavar="NAME=VALUE",
                       help="an option of the system, e.g. --option 'made=10 + 2*tricks' (repeatable)")
    score.add_argument("--compare", action="store_true", help="the totals under every system, side by side")
    score.set_defaults(run=cmd_score)

    event = commands.add_parser("event", help="score a tournament: its rounds, who goes on, standings, the next draw")
    event.add_argument("event", help="the event record, a JSON file with its games inline")
    event.add_argument("--json", action="store_true", help="print the scored event as JSON")
    event.set_defaults(run=cmd_event)

    systems = commands.add_parser("systems", help="list every system, pattern and modifier")
    systems.add_argument("--markdown", action="store_true", help="print the list as Markdown (docs/rules.md)")
    systems.set_defaults(run=cmd_systems)

    sheet = commands.add_parser("sheet", help="write a printable score sheet (PDF): blank, or of a game")
    sheet.add_argument("--game", help="the game record (JSON) to print filled in")
    sheet.add_argument("--players", help="how many players (2-10)")
    sheet.add_argument("--names", help="the players' names, comma-separated, in seat order")
    sheet.add_argument("--pattern", default="down-up", help="the deal pattern id (see `systems`)")
    sheet.add_argument("--max", help="N, the largest hand (default: what the decks allow)")
    sheet.add_argument("--sizes", help="the hand sizes of a custom pattern, comma-separated")
    sheet.add_argument("--decks", help="decks in play (default: 2 from 8 players on)")
    sheet.add_argument("--system", help="the scoring system to name in the rules line")
    sheet.add_argument("--paper", default="a4", help="a4 (default) or letter")
    sheet.add_argument("--landscape", action="store_true")
    sheet.add_argument("--hook-helper", action="store_true", help="a column to note the bids so far (hook)")
    sheet.add_argument("--copies", default=1, help="copies of the sheet in the PDF")
    sheet.add_argument("-o", "--output", help="the PDF file to write")
    sheet.set_defaults(run=cmd_sheet)

    which_parser = commands.add_parser("which", help="which system gives these points? BID/TRICKS=POINTS ...")
    which_parser.add_argument("examples", nargs="+", metavar="EXAMPLE",
                              help="one player's hand: BID/TRICKS=POINTS or BID/TRICKS@CARDS=POINTS, e.g. 2/2=12")
    which_parser.add_argument("--cards", help="the hand size of examples without @CARDS (default 10)")
    which_parser.add_argument("--players", help="players at the table (default 4)")
    which_parser.add_argument("--json", action="store_true", help='print a list of {"system", "options", "name"}')
    which_parser.set_defaults(run=cmd_which)

    serve = commands.add_parser("serve", help="serve the web app")
    serve.add_argument("--host", default="0.0.0.0")
    serve.add_argument("--port", type=int, default=5000)
    serve.add_argument("--proxy", action="store_true",
                       help="behind a TLS proxy: trust its X-Forwarded-* headers, https links, Secure cookies")
    serve.add_argument("--trusted-proxy", metavar="ADDR",
                       help="the proxy's address, whose X-Forwarded-* headers are trusted (default 127.0.0.1; "
                            "implies --proxy)")
    serve.add_argument("--allowed-host", action="append", metavar="NAME",
                       help="a name the server may be opened by, besides this machine's own: the proxy's "
                            "public name (repeatable; ALLOWED_HOSTS in instance/config.py too)")
    serve.set_defaults(run=cmd_serve)

    backup = commands.add_parser("backup", help="copy the database to FILE (safe while the server runs)")
    backup.add_argument("file", help="the backup file to write")
    backup.set_defaults(run=cmd_backup)

    restore = commands.add_parser("restore", help="replace the database's games with a backup's")
    restore.add_argument("file", help="a backup made by `backup`")
    restore.set_defaults(run=cmd_restore)

    export = commands.add_parser("export", help="write every game as JSON (what /import takes back)")
    export.add_argument("file", help="the JSON file to write")
    export.add_argument("--with-keys", action="store_true", help="include the edit keys: the file then grants "
                        "editing to whoever holds it")
    export.set_defaults(run=cmd_export)
    return parser


def main(argv=None):
    parser = build_parser()
    args = parser.parse_args(argv)
    try:
        return args.run(args)
    except (UsageError, ValueError) as error:
        print(f"error: {error}", file=sys.stderr)
        return 2
    except BrokenPipeError:
        # The reader (head, less) went away: not an error worth a traceback.
        sys.stderr.close()
        return 0
