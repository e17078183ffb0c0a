"""Export games as CSV and JSON, and import the JSON back, refusing a bad file whole.

CSV has one row per hand and player (the "long" layout): a spreadsheet's filter and pivot
table work on it directly, and a file of many games with different tables keeps one header.
Numbers stay numbers (a score of -10 is the number -10); every text cell that a spreadsheet
would read as a formula (it begins with = + - @, a tab or a carriage return) gets a leading
single quote, so that a player named "=HYPERLINK(...)" is shown, never run.
"""

import copy
import csv
import io
import json

from scorekeeper import rules
from scorekeeper.stats import system_label, unpack

FORMAT = "scorekeeper-games"
VERSION = 1
COLUMNS = ["game", "date", "system", "hand", "cards", "dealer", "trump",
           "seat", "player", "bid", "took", "made", "score", "total", "penalty"]
FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")


def neutralise(value):
    """Return a CSV cell: numbers as they are, text with a quote in front when it could be a formula."""
    if value is None:
        return ""
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, (int, float)):
        return value
    text = str(value)
    return "'" + text if text.startswith(FORMULA_STARTS) else text


def hand_rows(game_id, date, scored):
    """Yield the CSV rows of one scored game: one per hand and player."""
    label = system_label(scored)
    names = scored["players"]
    for hand in scored["hands"]:
        done = hand["scores"] is not None
        for seat, name in enumerate(names):
            penalty = sum(p["points"] for p in hand["penalties"] if p["seat"] == seat)
            yield [game_id, date, label, hand["number"], hand["cards"], names[hand["dealer"]],
                   hand["trump"], seat + 1, name, hand["bids"][seat],
                   hand["tricks"][seat] if done else None, hand["made"][seat] if done else None,
                   hand["scores"][seat] if done else None, hand["totals"][seat] if done else None,
                   penalty or None]


def games_csv(games):
    """Return CSV text of many games: (meta, scored) pairs or bare scored dicts, in the order given.

    The game column is meta["id"] (else the game's place in the list), date is meta["date"].
    """
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\r\n")
    writer.writerow(COLUMNS)
    for index, game in enumerate(games, start=1):
        meta, scored = unpack(game)
        game_id = meta.get("id") if meta.get("id") is not None else index
        for row in hand_rows(game_id, meta.get("date"), scored):
            writer.writerow([neutralise(cell) for cell in row])
    return out.getvalue()


def game_csv(scored, meta=None):
    """Return CSV text of one scored game, with the same columns as games_csv."""
    return games_csv([(meta or {}, scored)])


def games_json(records):
    """Return every game record (RULES.md) in one JSON document with its format and version."""
    document = {"format": FORMAT, "version": VERSION, "games": list(records)}
    return json.dumps(document, indent=2, ensure_ascii=False)


def _no_constants(name):
    raise rules.RecordError("", f"not valid JSON: {name} is not a number")


def _parse(text):
    """Return the JSON value of an uploaded file, or raise RecordError saying what is wrong."""
    if isinstance(text, bytes):
        try:
            text = text.decode("utf-8-sig")
        except UnicodeDecodeError:
            raise rules.RecordError("", "the file is not UTF-8 text; export it again from the scorekeeper") from None
    text = text.lstrip("\ufeff")
    if not text.strip():
        raise rules.RecordError("", "the file is empty")
    try:
        return json.loads(text, parse_constant=_no_constants)
    except json.JSONDecodeError as error:
        raise rules.RecordError("", f"not valid JSON: {error.msg} at line {error.lineno} column {error.colno}") \
            from None


def _games(document):
    """Return the list of game records in an export document, a list of records, or one record."""
    if isinstance(document, list):
        return document
    if not isinstance(document, dict):
        raise rules.RecordError("", "the file must hold a scorekeeper export: a JSON object with \"games\"")
    if "games" not in document:
        if "players" in document:
            return [document]  # a single game record, as `score GAME.json` reads
        raise rules.RecordError("games", "is missing: this is not a scorekeeper export")
    if document.get("format", FORMAT) != FORMAT:
        raise rules.RecordError("format", f"is {document['format']!r}, not a scorekeeper export")
    version = document.get("version", VERSION)
    if isinstance(version, bool) or not isinstance(version, int) or version < 1:
        raise rules.RecordError("version", "must be a whole number from 1")
    if version > VERSION:
        raise rules.RecordError("version", f"is {version}, newer than this scorekeeper reads ({VERSION}); "
                                           f"update the scorekeeper first")
    if not isinstance(document["games"], list):
        raise rules.RecordError("games", "must be a list of game records")
    return document["games"]


def parse_import(text):
    """Return the game records of an exported file, every one checked by rules.load.

    Raises RecordError naming the game and the field (`games[2].hands[3].bids[2]: ...`) at the
    first bad game: nothing from a bad file should be imported.
    """
    records = _games(_parse(text))
    for index, record in enumerate(records):
        try:
            rules.load(copy.deepcopy(record))
        except rules.RecordError as error:
            path = f"games[{index}]" + (f".{error.path}" if error.path else "")
            raise rules.RecordError(path, error.message) from None
    return records
