"""Times of day on the pages, in the instance's time zone (RULES.md: its setting; the server's by default). What is
kept is UTC; the zone is read in one place only (store/days.py `instance_zone`, which the days games count on are
worked out in too), so the pages agree with each other and with the instance's dates."""

from datetime import UTC, datetime
from scorekeeper.text import words
from scorekeeper.store.days import instance_zone  # the one place that reads the TIME_ZONE setting


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
