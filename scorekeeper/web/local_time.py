"""Times of day on the pages, in the instance's time zone (RULES.md: its setting; the server's by default). What is
kept is UTC; the zone to show is read here only (`instance_zone`), so the pages agree with each other and with the
instance's dates."""

from datetime import datetime, UTC
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

from flask import current_app, has_app_context

from scorekeeper.rules import words


def instance_zone():
    """The instance's time zone: its TIME_ZONE setting (an IANA name, "Europe/Amsterdam"), else None: the
    server's (datetime.astimezone(None) follows its summer time)."""
    name = current_app.config.get("TIME_ZONE") if has_app_context() else None
    if isinstance(name, str) and name:
        try:
            return ZoneInfo(name)
        except (ZoneInfoNotFoundError, ValueError):
            pass
    return None


def local_moment(iso):
    """A kept UTC time (ISO text) as an aware datetime in the instance's zone, or None for text that is no time."""
    try:
        moment = datetime.fromisoformat(str(iso))
    except ValueError:
        return None
    moment = moment if moment.tzinfo else moment.replace(tzinfo=UTC)
    return moment.astimezone(instance_zone())


def local_clock(iso):
    """A kept UTC time as the time of day in the instance's zone ("21:30"); "" for no time."""
    moment = local_moment(iso)
    return words.clock_time(moment) if moment else ""
