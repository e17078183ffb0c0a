"""Export games as CSV and JSON, and import the JSON back, refusing a bad file whole.

CSV has one row per hand and player (the "long" layout): a spreadsheet's filter and pivot
table work on it directly, and a file of many games with different tables keeps one header.
Numbers stay numbers (a score of -10 is the number -10); every text cell that a spreadsheet
would read as a formula (it begins with = + - @, a tab or a carriage return) gets a leading
single quote, so that a player named "=HYPERLINK(...)" is shown, never run.
"""

import csv
import io
import json
import textwrap

from scorekeeper.rules.game import changes
from scorekeeper import rules
from scorekeeper.rules.game import limits, numbers
from scorekeeper.rules.said import reason, said
from scorekeeper.rules.club.stats import system_label, unpack
from .club_checks import STAMP, TOKEN, checked
from .club_export import sections
from .export_keys import META_KEYS  # noqa: F401  (exports.META_KEYS: what is kept beside each record)

FORMAT = "scorekeeper-games"
VERSION = 2  # 2: the club's record beside the games (store/club_export.py); a version 1 file imports as before
COLUMNS = [
    "game",
    "date",
    "system",
    "hand",
    "cards",
    "dealer",
    "trump",
    "seat",
    "player",
    "bid",
    "took",
    "made",
    "score",
    "total",
    "penalty",
    "penalty_reason",
    "bonus",
    "bonus_reason",
    "note",
]
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


def hand_rows(game_id, date, scored, note=None):
    """Yield the CSV rows of one scored game: one per hand and player."""
    label = system_label(scored)
    names = scored["players"]
    for hand in scored["hands"]:
        done = hand["scores"] is not None
        for seat, name in enumerate(names):
            penalty, reasons = _adjustments(hand, seat, rules.PENALTY)
            bonus, bonus_reasons = _adjustments(hand, seat, rules.BONUS)
            yield [
                game_id,
                date,
                label,
                hand["number"],
                hand["cards"],
                names[hand["dealer"]],
                hand["trump"],
                seat + 1,
                name,
                hand["bids"][seat],
                hand["tricks"][seat] if done else None,
                hand["made"][seat] if done else None,
                hand["scores"][seat] if done else None,
                hand["totals"][seat] if done else None,
                penalty or None,
                reasons or None,
                bonus or None,
                bonus_reasons or None,
                note,
            ]


def _adjustments(hand, seat, kind):
    """Return a seat's points and reasons of one kind (penalty or bonus) in a scored hand."""
    these = [p for p in hand["penalties"] if p["seat"] == seat and p["kind"] == kind]
    return sum(p["points"] for p in these), ", ".join(p["reason"] for p in these)


def games_csv(games):
    """Return CSV text of many games: (meta, scored) pairs or bare scored dicts, in the order given.

    The game column is meta["id"] (else the game's place in the list), date is meta["date"], note meta["note"].
    """
    return "".join(csv_chunks(games))


def csv_chunks(games):
    """Yield games_csv's text a game at a time (the header first): a whole export never sits in memory."""
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\r\n")
    writer.writerow(COLUMNS)
    for index, game in enumerate(games, start=1):
        meta, scored = unpack(game)
        game_id = meta.get("id") if meta.get("id") is not None else index
        for row in hand_rows(game_id, meta.get("date"), scored, meta.get("note")):
            writer.writerow([neutralise(cell) for cell in row])
        yield out.getvalue()
        out.seek(0)
        out.truncate()
    yield out.getvalue()


def game_csv(scored, meta=None):
    """Return CSV text of one scored game, with the same columns as games_csv."""
    return games_csv([(meta or {}, scored)])


def games_json(records, damaged=()):
    """Return every game record (RULES.md) in one JSON document with its format and version.

    damaged: (game id, problem) of stored games left out because they cannot be read; named in the
    document's "damaged" list (an import reads only "games").
    """
    return "".join(json_chunks(records, damaged))


def json_chunks(records, damaged=(), club=()):
    """Yield games_json's text a game at a time: the same document, never whole in memory.

    `damaged` is read once the last record is out, so a list that reading the records fills is complete; `club`:
    (name, list) of the sections written after the games (store/club_export.sections), read then too.
    """
    head = json.dumps({"format": FORMAT, "version": VERSION, "games": []}, indent=2, ensure_ascii=False)
    opening = head.removesuffix("[]\n}")  # up to '"games": '
    empty = True
    for record in records:
        yield opening + "[\n" if empty else ",\n"
        # As textwrap.indent would (JSON's text has no empty line), without its fifth of the export's time.
        yield "    " + json.dumps(record, indent=2, ensure_ascii=False).replace("\n", "\n    ")
        empty = False
    yield opening + "[]" if empty else "\n  ]"
    for name, items in club:
        yield f',\n  "{name}": ' + textwrap.indent(json.dumps(items, indent=2, ensure_ascii=False), "  ").lstrip()
    if damaged:
        named = [{"id": game_id, "problem": str(problem)} for game_id, problem in damaged]  # English, as the API
        yield ',\n  "damaged": ' + textwrap.indent(json.dumps(named, indent=2, ensure_ascii=False), "  ").lstrip()
    yield "\n}"


def export_entry(game, evening, with_key=False, about=(None, None), finished=None, next_game=None):
    """Return one game of the JSON export: its record with date, evening, id, history, when it was last written
    (and edit key); about: the evening's date and note where they were set; finished: the rating order's mark of
    when it first finished, for a rated game; next_game: the game its table moved on to."""
    entry = dict(game["record"], date=game["created"], evening=evening, id=game["id"], history=game["history"])
    if game.get("updated"):
        entry["updated"] = game["updated"]
    if finished:
        entry["finished"] = finished
    if next_game:
        entry["next_game"] = next_game
    if about[0]:
        entry["evening_date"] = about[0]
    if about[1]:
        entry["evening_note"] = about[1]
    if with_key:
        entry["edit_key"] = game["edit_key"]
    if game.get("status") == "abandoned":
        entry["abandoned"] = True
    if game.get("recognised", 1) != 1:
        entry["recognised"] = False
    return entry


def export_entries(db, with_keys=False, damaged=None):
    """Yield every stored game as the JSON export holds it (edit keys only when asked): the finished games in
    the order they finished, the ratings' order, then the others in the order stored.

    The games are read a page at a time, so an export of thousands of games holds one page in memory.
    With a `damaged` list, a game whose stored record cannot be read is left out and named there.
    """
    from scorekeeper import store

    for game in store.games_in_finish_order(db, damaged):
        evening = store.evening_of(db, game["id"])
        finished, next_game = db.execute(
            "select r.finished, g.next_game from games g left join rated_games r on r.game_id = g.id where g.id = ?",
            [game["id"]],
        ).fetchone()
        yield export_entry(
            store.full_history(db, game["id"]),
            evening,
            with_keys,
            store.evening_about(db, evening),
            finished,
            next_game,
        )


def export_document(db, with_keys=False, damaged=None):
    """Yield the whole JSON export a piece at a time: every game (export_entries), then the club's record
    (store/club_export.py: its secrets, IBANs and keys, only `with_keys`, the owner's full backup)."""
    exported, damaged = set(), [] if damaged is None else damaged

    def games():
        for entry in export_entries(db, with_keys, damaged):
            exported.add(entry["id"])
            yield entry

    # sections() is a generator: it reads the club's record once every game is out, naming the games written.
    return json_chunks(games(), damaged, sections(db, with_keys, exported))


def _no_constants(name):
    raise rules.RecordError("", said("not valid JSON: %(name)s is not a number", name=name))


def _parse(text):
    """Return the JSON value of an uploaded file, or raise RecordError saying what is wrong."""
    if isinstance(text, bytes):
        try:
            text = text.decode("utf-8-sig")
        except UnicodeDecodeError:
            raise rules.RecordError("", said("the file is not UTF-8 text; export it again from the app")) from None
    text = text.lstrip("\ufeff")
    if not text.strip():
        raise rules.RecordError("", said("the file is empty"))
    try:
        return json.loads(text, parse_constant=_no_constants, parse_int=numbers.json_int)
    except numbers.NumberError as error:
        raise rules.RecordError("", said("the file %(problem)s", problem=error)) from None
    except json.JSONDecodeError as error:
        raise rules.RecordError(
            "",
            said(
                "not valid JSON: %(problem)s at line %(line)d column %(column)d",
                problem=error.msg,
                line=error.lineno,
                column=error.colno,
            ),
        ) from None
    except RecursionError:
        raise rules.RecordError("", said("not valid JSON: nested too deeply to be a game record")) from None


def _games(document):
    """Return the list of game records in an export document, a list of records, or one record."""
    if isinstance(document, list):
        return document
    if not isinstance(document, dict):
        raise rules.RecordError("", said('the file must hold an export of this app: a JSON object with "games"'))
    if "games" not in document:
        if "players" in document:
            return [document]  # a single game record, as `score GAME.json` reads
        raise rules.RecordError("games", said("is missing: this is not an export of this app"))
    if document.get("format", FORMAT) != FORMAT:
        raise rules.RecordError(
            "format", said("is %(format)s, not an export of this app", format=repr(document["format"]))
        )
    version = document.get("version", VERSION)
    if isinstance(version, bool) or not isinstance(version, int) or version < 1:
        raise rules.RecordError("version", said("must be a whole number from 1"))
    if version > VERSION:
        raise rules.RecordError(
            "version",
            said(
                "is %(version)d, newer than this app reads (%(known)d); update the app first",
                version=version,
                known=VERSION,
            ),
        )
    if not isinstance(document["games"], list):
        raise rules.RecordError("games", said("must be a list of game records"))
    return document["games"]


def parse_import(text):
    """Return the game records of an exported file, every one checked by rules.load.

    Raises RecordError naming the game and the field (`games[2].hands[3].bids[2]: ...`) at the
    first bad game: nothing from a bad file should be imported.
    """
    return parse_club_import(text)[0]


def parse_club_import(text):
    """Return (game records, the club's record: store/club_checks.Club) of an exported file, every game checked by
    rules.load and every section of the club's record checked against them; RecordError names the field."""
    document = _parse(text)
    records = [record for record, _loaded in _loaded(_games(document))]
    return records, checked(document, records)


def loaded_games(text):
    """Yield (record, loaded game) of each game of an exported file, in the file's order (the order the games
    finished, for `ratings`); a bad game raises RecordError naming the game and the field."""
    yield from _loaded(_games(_parse(text)))


def _loaded(records):
    for index, record in enumerate(records):
        path = f"games[{index}]"
        if not isinstance(record, dict):
            raise rules.RecordError(path, said("a game record must be a JSON object"))
        try:
            _check_meta(record)
            loaded = rules.load({key: value for key, value in record.items() if key not in META_KEYS})
        except rules.RecordError as error:
            raise rules.RecordError(f"{path}.{error.path}" if error.path else path, error.message) from None
        yield record, loaded


def _check_meta(record):
    """Refuse an export's extra keys that are not what the export writes."""
    for key in ("id", "edit_key", "evening", "next_game"):
        value = record.get(key)
        if value is not None and (not isinstance(value, str) or not TOKEN.fullmatch(value)):
            raise rules.RecordError(key, said("must be an id of letters, digits, - and _ (as the export writes)"))
    for flag in ("abandoned", "recognised"):
        if record.get(flag) is not None and not isinstance(record[flag], bool):
            raise rules.RecordError(flag, said("must be true or false"))
    try:
        if record.get("evening_date") is not None:
            limits.checked_date(record["evening_date"], "evening_date")
        if record.get("evening_note") is not None:
            limits.checked_note(record["evening_note"], "evening_note")
    except limits.LimitError as error:
        raise rules.RecordError(error.path, error.message) from None
    if record.get("date") is not None and not isinstance(record["date"], str):
        raise rules.RecordError("date", said("must be a date as text"))
    for key in ("updated", "finished"):
        if record.get(key) is not None and (not isinstance(record[key], str) or not STAMP.fullmatch(record[key])):
            raise rules.RecordError(key, said("must be a date as text"))
    history = record.get("history")
    if history is None:
        return
    if not isinstance(history, list) or not history:
        raise rules.RecordError("history", said("must list the game's events"))
    try:
        last = changes.replay(history)
    except ValueError as error:
        raise rules.RecordError("", reason(error)) from None
    game = {key: value for key, value in record.items() if key not in META_KEYS}
    if last != game:
        raise rules.RecordError("history", said("does not end with the game's record"))
