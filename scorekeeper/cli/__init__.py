"""The command line: `python -m scorekeeper score|event|ratings|systems|sheet|which|serve|backup|restore|export`.

The commands about games (games.py) and about the instance (instance.py); what they share (usage.py).

May import: every layer below it (it is the top, with views); nothing imports it but `python -m scorekeeper`."""

import argparse
import sys

from scorekeeper.serving import server
from scorekeeper.web.i18n import LANGUAGES

from .games import cmd_event, cmd_ratings, cmd_score, cmd_sheet, cmd_systems, cmd_which, systems_markdown
from .instance import cmd_backup, cmd_export, cmd_restore, cmd_serve, owner_lines
from .usage import UsageError
from scorekeeper.text.words import word

__all__ = ["build_parser", "main", "owner_lines", "systems_markdown"]


def build_parser():
    parser = argparse.ArgumentParser(prog="python -m scorekeeper", description="The Oh Hell scorekeeper.")
    commands = parser.add_subparsers(dest="command", required=True)

    score = commands.add_parser("score", help="score a game record and print the sheet")
    score.add_argument("game", help="the game record, a JSON file")
    score.add_argument("--json", action="store_true", help="print the scored game as JSON")
    score.add_argument("--system", help="rescore under another system (an id or an alias)")
    score.add_argument(
        "--option",
        action="append",
        metavar="NAME=VALUE",
        help="an option of the system, e.g. --option 'made=10 + 2*tricks' (repeatable)",
    )
    score.add_argument("--compare", action="store_true", help="the totals under every system, side by side")
    score.set_defaults(run=cmd_score)

    event = commands.add_parser("event", help="score a tournament: its rounds, who goes on, standings, the next draw")
    event.add_argument("event", help="the event record, a JSON file with its games inline")
    event.add_argument("--json", action="store_true", help="print the scored event as JSON")
    event.set_defaults(run=cmd_event)

    rated = commands.add_parser("ratings", help="every player's rating from an all-games export, best first")
    rated.add_argument("export", help="an all-games export (JSON), the games in the order they finished")
    rated.add_argument("--json", action="store_true", help='print [{"player", "mu", "sigma", "rating", "games"}]')
    rated.set_defaults(run=cmd_ratings)

    systems = commands.add_parser("systems", help="list every system, pattern and modifier")
    systems.add_argument("--markdown", action="store_true", help="print the list as Markdown (docs/rules.md)")
    systems.set_defaults(run=cmd_systems)

    sheet = commands.add_parser("sheet", help="write a printable score sheet (PDF): blank, or of a game")
    sheet.add_argument("--game", help="the game record (JSON) to print filled in")
    sheet.add_argument("--players", help="how many players (2-10)")
    sheet.add_argument("--names", help="the players' names, comma-separated, in seat order")
    sheet.add_argument(
        "--preset", help="start from a preset's deal, scoring and hook (see `systems`); the options given beside it win"
    )
    sheet.add_argument("--pattern", help="the deal pattern id (see `systems`; default down-up)")
    sheet.add_argument("--max", help="N, the largest hand (default: what the decks allow)")
    sheet.add_argument("--sizes", help="the hand sizes of a custom pattern, comma-separated")
    sheet.add_argument("--decks", help="decks in play (default: 2 from 8 players on)")
    sheet.add_argument("--system", help="the scoring system to name in the rules line")
    sheet.add_argument("--paper", default="a4", help="a4 (default) or letter")
    sheet.add_argument("--landscape", action="store_true")
    sheet.add_argument("--hook-helper", action="store_true", help="a column to note the bids so far (hook)")
    sheet.add_argument("--copies", default=1, help="copies of the sheet in the PDF")
    sheet.add_argument(
        "--language",
        choices=sorted(LANGUAGES),
        help="the sheet's language (default: English; a game's sheet: the game's own)",
    )
    sheet.add_argument("-o", "--output", help="the PDF file to write")
    sheet.set_defaults(run=cmd_sheet)

    which_parser = commands.add_parser("which", help="which system gives these points? BID/TRICKS=POINTS ...")
    which_parser.add_argument(
        "examples",
        nargs="+",
        metavar="EXAMPLE",
        help="one player's hand: BID/TRICKS=POINTS or BID/TRICKS@CARDS=POINTS, e.g. 2/2=12",
    )
    which_parser.add_argument("--cards", help="the hand size of examples without @CARDS (default 10)")
    which_parser.add_argument("--players", help="players at the table (default 4)")
    which_parser.add_argument("--json", action="store_true", help='print a list of {"system", "options", "name"}')
    which_parser.set_defaults(run=cmd_which)

    serve = commands.add_parser("serve", help="serve the web app")
    serve.add_argument("--host", default="0.0.0.0")
    serve.add_argument("--port", type=int, default=5000)
    serve.add_argument(
        "--proxy",
        action="store_true",
        help="behind a TLS proxy: trust its X-Forwarded-* headers, https links, Secure cookies",
    )
    serve.add_argument(
        "--threads",
        default=str(server.THREADS),
        help=f"requests answered at once, per process (default {server.THREADS})",
    )
    serve.add_argument(
        "--connections",
        default=str(server.CONNECTIONS),
        help=f"open connections at most, per process: each following phone keeps one (default {server.CONNECTIONS})",
    )
    serve.add_argument(
        "--workers", default="1", help="processes serving the one database (default 1: waitress; more: gunicorn)"
    )
    serve.add_argument(
        "--trusted-proxy",
        metavar="ADDR",
        help="the proxy's address, whose X-Forwarded-* headers are trusted (default 127.0.0.1; implies --proxy)",
    )
    serve.add_argument(
        "--allowed-host",
        action="append",
        metavar="NAME",
        help="a name the server may be opened by, besides this machine's own: the proxy's "
        "public name (repeatable; ALLOWED_HOSTS in instance/config.py too)",
    )
    serve.set_defaults(run=cmd_serve)

    backup = commands.add_parser("backup", help="copy the database to FILE (safe while the server runs)")
    backup.add_argument("file", help="the backup file to write")
    backup.set_defaults(run=cmd_backup)

    restore = commands.add_parser("restore", help="replace the database's games with a backup's")
    restore.add_argument("file", help="a backup made by `backup`")
    restore.set_defaults(run=cmd_restore)

    export = commands.add_parser(
        "export",
        help="write every game and the club's record (evenings, events, seasons, "
        "payments, members) as JSON (what /import takes back)",
    )
    export.add_argument("file", help="the JSON file to write")
    export.add_argument(
        "--with-keys",
        action="store_true",
        help="the owner's full backup: include the edit, "
        "director and member keys and the payees' IBANs; the file then grants editing to whoever "
        "holds it",
    )
    export.set_defaults(run=cmd_export)
    return parser


def main(argv=None):
    parser = build_parser()
    args = parser.parse_args(argv)
    try:
        return args.run(args)
    except (UsageError, ValueError) as error:
        # One line, whatever the input's names hold (a carriage return in a name).
        print("error: " + " ".join(word(error).splitlines()), file=sys.stderr)
        return 2
    except BrokenPipeError:
        # The reader (head, less) went away: not an error worth a traceback.
        sys.stderr.close()
        return 0
