"""The command line: `python -m scorekeeper score|systems|sheet|serve`."""

import argparse
import json
import sys

from scorekeeper import rules
from scorekeeper.rules import RecordError


class UsageError(Exception):
    """Bad input from the user: one line on stderr, exit status 2."""


def _read_game(path):
    try:
        with open(path, encoding="utf-8") as file:
            text = file.read()
    except OSError as error:
        raise UsageError(f"cannot read {path}: {error.strerror}") from None
    try:
        return rules.load(text)
    except RecordError as error:
        raise UsageError(f"{path}: {error}") from None


def _number(value):
    return "" if value is None else f"{value:g}" if isinstance(value, float) else str(value)


def format_table(scored):
    """Return the scored game as a table for the terminal."""
    names = scored["players"]
    width = max(9, *(len(name) for name in names))
    lines = [f"{scored['system_name']} ({scored['system']})" + (", lowest wins" if scored["lowest_wins"] else "")]
    header = f"{'#':>3} {'cards':>5} {'dealer':<{width}} {'trump':<8}" + "".join(f" | {n:^{width}}" for n in names)
    lines += [header, "-" * len(header)]
    for hand in scored["hands"]:
        cells = []
        for seat in range(len(names)):
            if hand["scores"] is None:
                bid = hand["bids"][seat]
                cells.append(f"{_number(bid)}/-" if bid is not None else "-")
            else:
                mark = "" if hand["made"][seat] else "*"
                cells.append(f"{hand['bids'][seat]}/{hand['tricks'][seat]}{mark} {_number(hand['scores'][seat])}"
                             f" = {_number(hand['totals'][seat])}")
        lines.append(f"{hand['number']:>3} {hand['cards']:>5} {names[hand['dealer']]:<{width}} "
                     f"{hand['trump'] or '?':<8}" + "".join(f" | {c:>{width}}" for c in cells))
    lines.append("-" * len(header))
    lines.append(f"{'':>3} {'':>5} {'total':<{width}} {'':<8}"
                 + "".join(f" | {_number(t):>{width}}" for t in scored["totals"]))
    lines.append("")
    lines.append("cell: bid/took score = running total; * marks a missed bid")
    state = "Winner" if scored["finished"] else f"Leading after {sum(h['scores'] is not None for h in scored['hands'])}" \
        f" of {scored['planned_hands']} hands"
    lines.append(f"{state}: {', '.join(scored['winner'])}")
    if "ultimate_loser" in scored:
        lines.append(f"Ultimate Loser: {', '.join(scored['ultimate_loser'])}")
    settlement = scored["settlement"]
    if settlement["method"] != "none":
        lines.append(f"Settlement ({settlement['method']}, stake {settlement['stake']:g}):")
        for payment in settlement["payments"]:
            lines.append(f"  {payment['from']} pays {payment['to']} {payment['amount']:.2f}")
        if not settlement["payments"]:
            lines.append("  nobody owes anything")
        if "pot" in settlement:
            lines.append(f"  left in the pot: {settlement['pot']:.2f}")
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


def cmd_score(args):
    game = _read_game(args.game)
    if args.compare:
        print(format_compare(game))
        return 0
    try:
        scored = rules.score(game, system=args.system)
    except ValueError as error:
        raise UsageError(str(error)) from None
    print(json.dumps(scored, indent=2, ensure_ascii=False) if args.json else format_table(scored))
    return 0


def cmd_systems(args):
    sections = [("Scoring systems", rules.SYSTEMS), ("Deal patterns", rules.PATTERNS),
                ("Modifiers", rules.MODIFIERS), ("Penalties", rules.PENALTIES),
                ("Bidding", rules.BIDDING_STYLES), ("Trump", rules.TRUMP_METHODS),
                ("Settlement", rules.SETTLEMENTS)]
    for title, registry in sections:
        print(title)
        for entry in registry:
            low = " [lowest wins]" if getattr(entry, "lowest_wins", False) else ""
            print(f"  {entry.id:<26} {entry.name}{low}: {entry.description}")
        print()
    return 0


def cmd_sheet(args):
    """Write a blank score sheet, or the filled sheet of a game, as a PDF file."""
    from scorekeeper import pdf

    if not args.output:
        raise UsageError("say where to write the PDF: -o FILE.pdf")
    if args.game:
        game = _read_game(args.game)
        try:
            data = pdf.game_sheet_pdf(game, paper=args.paper, landscape=args.landscape or None)
        except pdf.SheetError as error:
            raise UsageError(str(error)) from None
    else:
        try:
            data = pdf.blank_sheet_pdf(
                players=args.players, names=args.names, pattern=args.pattern, max_cards=args.max,
                sizes=args.sizes, decks=args.decks, paper=args.paper, landscape=args.landscape,
                hook_helper=args.hook_helper, copies=args.copies, system=args.system)
        except pdf.SheetError as error:
            raise UsageError(str(error)) from None
    try:
        with open(args.output, "wb") as file:
            file.write(data)
    except OSError as error:
        raise UsageError(f"cannot write {args.output}: {error.strerror}") from None
    return 0


def cmd_serve(args):
    from waitress import serve

    from scorekeeper import create_app
    from scorekeeper.network import phone_address

    app = create_app()
    print(f"Scorekeeper is running. On a phone on the same network open: http://{phone_address()}:{args.port}/",
          flush=True)
    serve(app, host=args.host, port=args.port, threads=8)
    return 0


def build_parser():
    parser = argparse.ArgumentParser(prog="python -m scorekeeper", description="The Oh Hell scorekeeper.")
    commands = parser.add_subparsers(dest="command", required=True)

    score = commands.add_parser("score", help="score a game record and print the sheet")
    score.add_argument("game", help="the game record, a JSON file")
    score.add_argument("--json", action="store_true", help="print the scored game as JSON")
    score.add_argument("--system", help="rescore under another system (an id or an alias)")
    score.add_argument("--compare", action="store_true", help="the totals under every system, side by side")
    score.set_defaults(run=cmd_score)

    systems = commands.add_parser("systems", help="list every system, pattern and modifier")
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

    serve = commands.add_parser("serve", help="serve the web app")
    serve.add_argument("--host", default="0.0.0.0")
    serve.add_argument("--port", type=int, default=5000)
    serve.set_defaults(run=cmd_serve)
    return parser


class _Parser(argparse.ArgumentParser):
    pass


def main(argv=None):
    parser = build_parser()
    try:
        args = parser.parse_args(argv)
        return args.run(args)
    except UsageError as error:
        print(f"error: {error}", file=sys.stderr)
        return 2
