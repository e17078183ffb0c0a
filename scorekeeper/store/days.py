"""The day a game counts on (RULES.md, "Ratings, seasons and the money between regulars"), and the instance's time
zone it is read in: the one place that reads the TIME_ZONE setting (the pages' times, web/local_time.py, ask here).

The day itself is rules.club.counting.game_day's: the record's `played_on`, else its evening's date, else the day it
finished (its first finish is kept in rated_games; else the write that finished it), in the instance's zone."""

from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

from flask import current_app, has_app_context

from ..rules.club import counting

_SETTING = {"zone": None}  # a zone named outside a request (the CLI's --time-zone, a test): the name


def instance_zone():
    """The instance's time zone: its TIME_ZONE setting (an IANA name, "Europe/Amsterdam"), else None: the
    server's (datetime.astimezone(None) follows its summer time)."""
    name = current_app.config.get("TIME_ZONE") if has_app_context() else _SETTING["zone"]
    if isinstance(name, str) and name:
        try:
            return ZoneInfo(name)
        except (ZoneInfoNotFoundError, ValueError):
            pass
    return None


def set_zone(name):
    """Name the zone read outside a request (the CLI); None: the server's."""
    _SETTING["zone"] = name


def evening_date(db, game_id):
    """The date set on the game's evening (an ISO day), or None."""
    row = db.execute(
        "select e.date from evening_games c join evenings e on e.id = c.evening_id where c.game_id = ?", [game_id]
    ).fetchone()
    return row[0] if row else None


def day_of(db, game_id, played_on, at, finished=True):
    """The day the game counts on: `played_on` (the record's), else its evening's date, else the day of its first
    finish (kept with its rating), else of `at` (the write that finished it; for a game not `finished`, the time
    it was set up), in the zone."""
    if isinstance(played_on, str) and counting.ISO_DAY.fullmatch(played_on[:10]):
        return played_on[:10]  # the record's own day: nothing more to read
    finished = finished and db.execute("select finished from rated_games where game_id = ?", [game_id]).fetchone()
    return counting.game_day(
        played_on, evening_date(db, game_id), (finished[0][:32] if finished else at), instance_zone()
    )
