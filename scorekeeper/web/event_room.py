"""What the event's pages share: the event with its games loaded and scored, who directs it, and a director's
action stored with the games it seats (one transaction).

An action runs on the record with the tables' games inline (rules.events.inline_games), so the engine
checks and reseats them as in an event file; a table it reseated, and a table without a game, gets a new
ordinary game, and the event is stored with them.
"""

import json
import secrets
from datetime import datetime, timedelta, UTC

from flask import abort, current_app

from scorekeeper.cache import kept
from scorekeeper import rules, store
from scorekeeper.web.bearer import bearer_token
from scorekeeper.web.i18n import languages
from scorekeeper.web.keys import DIRECTOR
from scorekeeper.web.local_time import local_clock
from ..rules import RecordError, events
from ..text.words import _, locale, ngettext, word, worded

QUIET = timedelta(minutes=10)


def give_director_key(response, event_id, key):
    """Let this browser direct the event from now on: the director key in a cookie (keys.DIRECTOR)."""
    return DIRECTOR.give(response, key, event_id)


def given_key(event_id):
    """The director key a request carries: 'Authorization: Bearer <key>', else the cookie."""
    return bearer_token() or DIRECTOR.held(event_id)


def is_director(row):
    return store.may_direct(row, given_key(row["id"]))


def event_row(event_id):
    row = store.get_event(store.get_db(), event_id)
    if row is None:
        abort(404, _("There is no event %(id)s.", id=repr(event_id[:40])))
    return row


class Room:
    """An event as its pages show it: the stored row, its games (stored rows and loaded), the scored event.

    `problem` says why the event cannot be scored as it stands (e.g. a finished table reopened by a
    correction after the next round started); the pages then show the seats without the scores."""

    def __init__(self, row):
        db = store.get_db()
        # The tag is read before what it tags: a write in between leaves newer games under the older tag (never
        # kept past it), where reading it after kept the older games under the newer tag for good.
        self.tag = store.event_revision(db, row["id"])
        if self.tag and not self.tag.startswith(f"{row['revision']}-"):
            row = store.get_event(db, row["id"]) or row  # the director wrote since the caller read the row
        self.row, self.id = row, row["id"]
        self.record = row["record"]
        self.stored = store.event_games(db, self.id)
        self.loaded = {}
        for game_id in self.stored:
            found = store.load_game(db, game_id)
            if found is not None:
                self.loaded[game_id] = found[1]
        self.problem, self.scored = None, None
        try:
            self.event = events.load_event(self.record, self.loaded)
            self.scored = _scored(self.id, self.tag, self.event, self.loaded)
        except RecordError as error:
            self.event = None
            self.problem = word(error)

    def format_name(self):
        """The format's name in the reader's language (the scored event's is the registry's English)."""
        try:
            return events.FORMATS.find(str(self.record.get("format", ""))).name
        except ValueError:
            return str(self.record.get("format", ""))

    def table_rules(self):
        """The rules every table plays, read from the record alone (its games left out: an event that cannot be
        scored still has them)."""
        return events.load_event(self.record).table_rules

    def game_records(self):
        return {game_id: stored["record"] for game_id, stored in self.stored.items()}

    @property
    def rounds(self):
        return self.scored["rounds"] if self.scored else []

    def current(self):
        """The last round seated, as scored, or None."""
        return self.rounds[-1] if self.rounds else None

    def table_view(self, table, number):
        """A table as the director's page and the screen show it: hand n of m, who deals and what is asked,
        the totals by seat, quiet for more than 10 minutes, its links."""
        game_id = table["game"]
        stored, loaded = self.stored.get(game_id), self.loaded.get(game_id)
        view = {
            "number": number,
            "seats": table["seats"],
            "game": game_id,
            "started": table["started"],
            "finished": table["finished"],
            "hands_played": table.get("hands_played", 0),
            "planned_hands": table.get("planned_hands"),
            "totals": table["totals"],
            "places": table["places"],
            "first_dealer": None,
            "doing": "",
            "quiet": False,
            "edit_key": None,
            "reseated": False,
        }
        if stored is None or loaded is None:
            return view
        view["edit_key"] = stored["edit_key"]
        # Seated again since its round was drawn (a swap, a late player, a redraw): the printed card is void.
        view["reseated"] = not table["started"] and game_id in (self.record.get("void") or {}).values()
        view["first_dealer"] = table["seats"][loaded.rules.first_dealer]
        step = rules.step(loaded)
        hand = loaded.hands[-1] if loaded.hands and not loaded.hands[-1].complete else None
        dealer = table["seats"][hand.dealer] if hand else None
        view["doing"] = {
            "deal": lambda: _("dealing the next hand"),
            "bids": lambda: _("bidding (%(dealer)s deals)", dealer=dealer),
            "trump": lambda: _("naming trump"),
            "tricks": lambda: _("counting tricks (%(dealer)s dealt)", dealer=dealer),
            "over": lambda: _("finished"),
        }.get(step, lambda: step)()
        updated = datetime.fromisoformat(stored["updated"])
        view["quiet"] = not table["finished"] and table["started"] and datetime.now(UTC) - updated > QUIET
        view["since"] = local_clock(stored["updated"])
        return view

    def ranked_seats(self, view):
        """A table's seats as the big screen ranks them: [{name, place, total}], by place once hands are played."""
        rows = [
            {
                "name": name,
                "place": view["places"][seat] if view["places"] and view["started"] else None,
                "total": view["totals"][seat] if view["totals"] else None,
            }
            for seat, name in enumerate(view["seats"])
        ]
        return sorted(rows, key=lambda row: row["place"] or 0)

    def clock(self):
        """The round's clock: when the round being played was drawn (a cut left to stand after a correction draws
        nothing), as the time of day in the instance's zone, and the time since as m:ss; with the event's time
        limit, when the round's time is up (ISO) and the time left. Scripts tick both on (static/round_clock.js).
        None before a draw."""
        return round_clock(store.round_clock(store.get_db(), self.id), events.time_limit(self.record))

    def seating(self, number):
        """Round `number`'s players alphabetically, each with their table and seat: [(name, table, seat)]."""
        seated = [
            (name, table_number, seat)
            for table_number, table in enumerate(self.rounds[number - 1]["tables"], start=1)
            for seat, name in enumerate(table["seats"], start=1)
        ]
        return sorted(seated, key=lambda row: (row[0].casefold(), row[0]))

    def where_to_sit(self):
        """The players of the round seated last, alphabetically, each with their table: [(name, table number)]."""
        return [(name, table) for name, table, _seat in self.seating(len(self.rounds))] if self.rounds else []

    def corrections(self):
        """The tables the director opened for a correction, each with the table as it stood, as it stands, and
        whom its round's cut would now send on: [{round, table, before, after, advanced, corrected, redraw}]."""
        pending = []
        for entry in self.record.get("unlocked") or []:
            number, table = entry.get("round"), entry.get("table")
            if not self.scored or not isinstance(number, int) or not 1 <= number < len(self.rounds):
                continue
            rnd = self.rounds[number - 1]
            now = rnd["tables"][table - 1] if isinstance(table, int) and 1 <= table <= len(rnd["tables"]) else None
            later = self.rounds[number]
            corrected = (rnd.get("correction") or {}).get("advanced", rnd["advanced"])
            pending.append(
                {
                    "round": number,
                    "table": table,
                    "before": entry.get("before") or {},
                    "after": now,
                    "advanced": rnd["advanced"],
                    "corrected": corrected,
                    "change": events.cut_change(rnd["advanced"], corrected),
                    "redraw": number == len(self.rounds) - 1 and not any(t["started"] for t in later["tables"]),
                }
            )
        return pending

    def absent(self):
        """The players not checked in before the first draw, once check-in has begun: the draw warns about them."""
        return events.absent(self.event) if self.event is not None else []

    def confirmed_tables(self):
        """(round, table) of every table of a confirmed round not open for a correction: the director may open
        one."""
        opened = {(entry.get("round"), entry.get("table")) for entry in self.record.get("unlocked") or []}
        rounds = self.record.get("rounds") or []  # the record's: an event that cannot be scored has them too
        return [
            (number, table)
            for number, rnd in enumerate(rounds[:-1], start=1)
            for table in range(1, len(rnd.get("tables") or []) + 1)
            if (number, table) not in opened
        ]


def _m_ss(seconds):
    hours, rest = divmod(max(0, seconds), 3600)
    return f"{hours}:{rest // 60:02}:{rest % 60:02}" if hours else f"{rest // 60}:{rest % 60:02}"


def round_clock(drawn, minutes):
    """The clock of a round drawn at `drawn` (UTC, ISO) with a time limit of `minutes` (0: none): {at (the time of
    day, local), since (ISO), elapsed, and with a limit: minutes, ends (ISO), left (m:ss), over}; None without a
    draw."""
    try:
        since = datetime.fromisoformat(drawn) if drawn else None
    except ValueError:
        since = None
    if since is None:
        return None
    since = since if since.tzinfo else since.replace(tzinfo=UTC)
    now = datetime.now(UTC)
    clock = {
        "at": local_clock(drawn),
        "since": since.isoformat(),
        "elapsed": _m_ss(int((now - since).total_seconds())),
        "minutes": minutes,
    }
    if minutes:
        ends = since + timedelta(minutes=minutes)
        left = int((ends - now).total_seconds())
        clock.update(ends=ends.isoformat(), left=_m_ss(left), over=left < 0)
    return clock


def _scored(event_id, tag, event, loaded):
    """The scored event, kept as JSON per event revision and language (its tie-breaks are sentences; read-only:
    each caller gets its own copy)."""
    key = event_key(event_id, tag, "scored")
    text = kept.get(key)
    if text is None:
        scored = worded(events.score_event(event, loaded))  # its notes in the reader's language
        kept.put(key, json.dumps(scored))
        return scored
    return json.loads(text)


def event_key(event_id, tag, kind, viewer="", detail=()):
    """The kept.Key of what an event's pages keep, in the reader's language; the event's tag (its revision)
    digests the database's generation and every game's revision."""
    return kept.Key(current_app.config["DATABASE"], 0, f"event/{event_id}", tag, locale(), viewer, kind, detail)


def event_language(record):
    """The language the event's printouts speak: its "language" when the app speaks it, else None (the reader's)."""
    language = record.get("language")
    return language if isinstance(language, str) and language in languages() else None


def new_game_record(seats, table_rules, language=None):
    """A table's ordinary game: the event's table rules, the seats in order, the first dealer cut as in any game;
    the event's language, so the table's own sheets print in it too."""
    record = {
        "players": list(seats),
        "rules": {**table_rules, "first_dealer": secrets.randbelow(len(seats))},
        "hands": [],
    }
    if language:
        record["language"] = language
    return record


def _reseated_game(game_record, seats):
    """The new game of a table reseated before its first deal: its old game's rules (the dealing seat too), the
    new seats."""
    record = {key: value for key, value in game_record.items() if key not in ("hands", "table")}
    return {**record, "players": list(seats), "hands": []}


def act(room, action, *args):
    """Run a director's action on the event, then store it with its games in one transaction: the games the
    action reseated are written, every table without a game gets one. Returns the EventOutcome; raises
    RecordError (nothing stored), store.TablesMoved (a table wrote since the page read it) or
    store.StaleRevision (another director wrote first)."""
    records = room.game_records()
    outcome = action(events.inline_games(room.record, records), *args)
    record, inline = events.split_games(outcome.record)
    reseated = {}
    for round_index, table_index, game_record in inline:
        table = record["rounds"][round_index]["tables"][table_index]
        stored = room.stored.get(table.get("game"))
        if stored is not None and game_record["players"] != stored["record"]["players"]:
            # Reseated before its first deal: a new game for the new seats, so that no undo at the table can
            # bring the old seats back. It keeps the dealing seat; an untouched table keeps its game.
            table["game"] = None
            reseated[(round_index, table_index)] = game_record
    rounds = record.get("rounds") or []
    for table in rounds[-1]["tables"] if rounds else []:
        if table.get("game") is not None and table["game"] not in room.stored:
            table["game"] = None  # its game is gone (deleted before events kept their games): the table gets one
    # The games no table plays any more (reseated, or a round drawn again) are void: each sends its table on
    # to the game that takes its place at the same table, if any.
    named = {table.get("game") for rnd in rounds for table in rnd["tables"]}
    voided = {
        (round_index, table_index): table["game"]
        for round_index, rnd in enumerate(room.record.get("rounds") or [])
        for table_index, table in enumerate(rnd.get("tables") or [])
        if table.get("game") is not None and table["game"] not in named
    }
    table_rules = outcome.event.table_rules if outcome.event else room.table_rules()
    language = event_language(record)

    def new_game(seats, round_index, table_index):
        if (round_index, table_index) in reseated:
            return _reseated_game(reseated[(round_index, table_index)], seats)
        return new_game_record(seats, table_rules, language)

    games_at = {game_id: stored["revision"] for game_id, stored in room.stored.items()}
    store.store_event_change(
        store.get_db(), room.id, record, room.row["revision"], outcome.log, new_game, voided, games_at
    )
    last = len(record.get("rounds") or []) - 1
    reprint = sorted(
        table + 1
        for round_index, table in voided
        if round_index == last and table < len(record["rounds"][last]["tables"])
    )
    if reprint:  # the tables seated again have new games: their printed cards are void
        said = ngettext(
            "Print the card of table %(tables)s again: the old one is void.",
            "Print the cards of tables %(tables)s again: the old ones are void.",
            len(reprint),
            tables=", ".join(map(str, reprint)),
        )
        outcome = outcome._replace(message=f"{word(outcome.message)} {said}" if outcome.message else said)
    return outcome


def event_verdict(game_id):
    """What the event made of a table's game (its pages agree with the event): {final, complete, champion,
    advanced, ties} for that table, or None."""
    db = store.get_db()
    found = store.event_of_game(db, game_id)
    row = store.get_event(db, found["event_id"]) if found else None
    if row is None:
        return None
    room = Room(row)
    if len(room.rounds) < found["round"]:
        return None
    rnd = room.rounds[found["round"] - 1]
    seats = set(rnd["tables"][found["table"] - 1]["seats"]) if len(rnd["tables"]) >= found["table"] else set()
    return {
        "final": rnd["final"],
        "complete": rnd["complete"],
        "champion": room.scored["champion"] if rnd["final"] else None,
        "advanced": [name for name in rnd["advanced"] if name in seats],
        "ties": [tie for tie in rnd["ties"] if seats & set(tie["players"])],
    }


def table_clock(in_event):
    """The clock of the round a table plays (store.event_of_game's answer) while it is the event's round being
    played and the event has a time limit: round_clock's, or None."""
    if not in_event or not in_event.get("minutes") or in_event["round"] != in_event.get("rounds") or in_event["void"]:
        return None
    return round_clock(store.round_clock(store.get_db(), in_event["event_id"]), in_event["minutes"])
